// TerminalView against real programs on a local pseudo terminal (Vm::LocalPtySession): a bash
// that is typed into, interrupted, completed, resized; raw-mode programs that report exactly
// which bytes keys, pastes and mouse clicks became; the clipboard; scrollback, zoom and search;
// and what the view paints (colours, attributes, wide characters, cursor), checked by pixel and
// saved as pictures in <build>/screenshots/terminalview-*.png to look at.
#include "core/terminal/TerminalEmulator.h"
#include "tests/TestPaths.h"
#include "ui/TerminalKeyInput.h"
#include "ui/TerminalView.h"
#include "vm/LocalPtySession.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QInputMethodEvent>
#include <QLineEdit>
#include <QPaintEvent>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextCharFormat>
#include <QVBoxLayout>

#include <memory>

using namespace Terrarium;
using Core::TerminalKey;
using Core::TerminalModifier;
using Widgets::TerminalKeyInput;
using Widgets::TerminalView;

namespace {

// Prints every chunk of input it gets in raw mode as hex, one line each; "q" ends it.
const QString KeyLogger = QStringLiteral("import os, tty\n"
                                         "tty.setraw(0)\n"
                                         "os.write(1, b'READY\\r\\n')\n"
                                         "while True:\n"
                                         "    data = os.read(0, 256)\n"
                                         "    os.write(1, data.hex().encode() + b'\\r\\n')\n"
                                         "    if data == b'q':\n"
                                         "        break\n");

// Records the rectangles the viewport is asked to paint.
class PaintRecorder : public QObject
{
public:
    using QObject::QObject;
    QRegion region;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            region += static_cast<QPaintEvent *>(event)->region();
        return QObject::eventFilter(watched, event);
    }
};

QString screenshotDir()
{
    const QString dir = QStringLiteral(TERRARIUM_BINARY_DIR "/screenshots");
    QDir().mkpath(dir);
    return dir;
}

} // namespace

class tst_TerminalView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void keyInputMapping_data();
    void keyInputMapping();

    void typingReachesTheShell();
    void ctrlCInterrupts();
    void ctrlDEndsTheShell();
    void tabCompletes();
    void tabStaysInTheTerminal();
    void upRecallsHistory();
    void resizeReachesTheProgram();
    void keysReachTheProgram_data();
    void keysReachTheProgram();
    void keysLeftToTheWindow_data();
    void keysLeftToTheWindow();
    void keypadInApplicationMode_data();
    void keypadInApplicationMode();
    void wordAndLineSelection();
    void softWrappedLines();
    void dragSelectsAndCopies();
    void pasteFromTheClipboard();
    void bracketedPaste_data();
    void bracketedPaste();
    void pastedTextCannotEndThePaste();
    void mouseReportsReachTheProgram();
    void wheelInTheAlternateScreenSendsArrows();
    void scrollbackWithShiftPageUp();
    void wheelScrollsTheScrollback();
    void fullScrollbackStaysPut();
    void zoomChangesFontAndSize();
    void searchFindsText();
    void searchBarFromTheKeyboard();
    void paintsOnlyDamagedRows();
    void inputMethodComposes();
    void rendering_data();
    void rendering();

private:
    // Starts argv on a pty in the view (in m_dir); null if it did not start.
    Vm::LocalPtySession *start(const QStringList &argv);
    Vm::LocalPtySession *startShell();
    bool waitFor(const QString &text, int timeoutMs = 10000);
    // The hex line the key logger printed last (after READY).
    QString lastLoggedLine() const;
    void type(const QString &text);

    std::unique_ptr<QWidget> m_window;
    TerminalView *m_view = nullptr;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void tst_TerminalView::init()
{
    m_window = std::make_unique<QWidget>();
    auto *layout = new QVBoxLayout(m_window.get());
    layout->setContentsMargins(0, 0, 0, 0);
    m_view = new TerminalView(m_window.get());
    layout->addWidget(m_view);
    m_window->resize(m_view->sizeHint());
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_view->setFocus();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void tst_TerminalView::cleanup()
{
    m_window.reset();
    m_view = nullptr;
    m_dir.reset();
}

Vm::LocalPtySession *tst_TerminalView::start(const QStringList &argv)
{
    auto *session = new Vm::LocalPtySession(m_window.get());
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TERM"), QStringLiteral("xterm-256color"));
    environment.insert(QStringLiteral("PS1"), QStringLiteral("$ "));
    environment.insert(QStringLiteral("HOME"), m_dir->path());
    environment.insert(QStringLiteral("HISTFILE"), QStringLiteral("/dev/null"));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    environment.remove(QStringLiteral("PROMPT_COMMAND"));
    const auto started =
        session->start(argv, m_dir->path(), environment, m_view->columns(), m_view->lines());
    if (!started) {
        qWarning().noquote() << started.error().message;
        return nullptr;
    }
    m_view->setSession(session);
    return session;
}

Vm::LocalPtySession *tst_TerminalView::startShell()
{
    Vm::LocalPtySession *session = start({QStringLiteral("bash"), QStringLiteral("--norc"),
                                          QStringLiteral("--noprofile"), QStringLiteral("-i")});
    // The prompt is "$ "; the screen text has trailing blanks trimmed.
    if (session && !waitFor(QStringLiteral("$")))
        return nullptr;
    return session;
}

bool tst_TerminalView::waitFor(const QString &text, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!m_view->screenText().contains(text)) {
        if (clock.elapsed() > timeoutMs) {
            qWarning().noquote() << "screen without" << text << ":\n" << m_view->screenText();
            return false;
        }
        QTest::qWait(10);
    }
    return true;
}

QString tst_TerminalView::lastLoggedLine() const
{
    const QStringList lines = m_view->screenText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return lines.isEmpty() ? QString() : lines.last().trimmed();
}

void tst_TerminalView::type(const QString &text)
{
    QTest::keyClicks(m_view, text);
}

// --- keys: mapping ------------------------------------------------------------------------------

void tst_TerminalView::keyInputMapping_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("modifiers");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("terminalKey");
    QTest::addColumn<QString>("expectedText");
    QTest::addColumn<int>("expectedModifiers");

    const int key = int(TerminalKeyInput::Kind::Key);
    const int text = int(TerminalKeyInput::Kind::Text);
    const int none = int(TerminalKeyInput::Kind::None);
    const int shift = int(TerminalModifier::Shift);
    const int alt = int(TerminalModifier::Alt);
    const int control = int(TerminalModifier::Control);
    QTest::newRow("letter") << int(Qt::Key_A) << 0 << "a" << text << 0 << "a" << 0;
    QTest::newRow("shifted letter keeps no Shift")
        << int(Qt::Key_A) << int(Qt::ShiftModifier) << "A" << text << 0 << "A" << 0;
    QTest::newRow("Shift+Space is a space")
        << int(Qt::Key_Space) << int(Qt::ShiftModifier) << " " << text << 0 << " " << 0;
    QTest::newRow("Ctrl+C") << int(Qt::Key_C) << int(Qt::ControlModifier) << "\x03" << text << 0
                            << "\x03" << 0;
    QTest::newRow("Ctrl+C without text")
        << int(Qt::Key_C) << int(Qt::ControlModifier) << "" << text << 0 << "\x03" << 0;
    QTest::newRow("Ctrl+[ is Escape")
        << int(Qt::Key_BracketLeft) << int(Qt::ControlModifier) << "" << text << 0 << "\x1b" << 0;
    QTest::newRow("Ctrl+Space is NUL") << int(Qt::Key_Space) << int(Qt::ControlModifier) << " "
                                       << text << 0 << QString(QChar(0)) << 0;
    QTest::newRow("Ctrl+/ is US") << int(Qt::Key_Slash) << int(Qt::ControlModifier) << "/" << text
                                  << 0 << "\x1f" << 0;
    QTest::newRow("Ctrl+Alt+X") << int(Qt::Key_X) << int(Qt::ControlModifier | Qt::AltModifier)
                                << "" << text << 0 << "\x18" << alt;
    QTest::newRow("Alt+b") << int(Qt::Key_B) << int(Qt::AltModifier) << "b" << text << 0 << "b"
                           << alt;
    QTest::newRow("Up") << int(Qt::Key_Up) << 0 << "" << key << int(TerminalKey::Up) << "" << 0;
    QTest::newRow("Ctrl+Shift+Left")
        << int(Qt::Key_Left) << int(Qt::ControlModifier | Qt::ShiftModifier) << "" << key
        << int(TerminalKey::Left) << "" << (control | shift);
    QTest::newRow("Backtab is Shift+Tab")
        << int(Qt::Key_Backtab) << 0 << "" << key << int(TerminalKey::Tab) << "" << shift;
    QTest::newRow("keypad Enter") << int(Qt::Key_Enter) << int(Qt::KeypadModifier) << "\r" << key
                                  << int(TerminalKey::KeypadEnter) << "" << 0;
    QTest::newRow("keypad 5") << int(Qt::Key_5) << int(Qt::KeypadModifier) << "5" << key
                              << int(TerminalKey::Keypad5) << "" << 0;
    QTest::newRow("keypad 0") << int(Qt::Key_0) << int(Qt::KeypadModifier) << "0" << key
                              << int(TerminalKey::Keypad0) << "" << 0;
    QTest::newRow("keypad .") << int(Qt::Key_Period) << int(Qt::KeypadModifier) << "." << key
                              << int(TerminalKey::KeypadPeriod) << "" << 0;
    QTest::newRow("keypad +") << int(Qt::Key_Plus) << int(Qt::KeypadModifier) << "+" << key
                              << int(TerminalKey::KeypadPlus) << "" << 0;
    QTest::newRow("keypad -") << int(Qt::Key_Minus) << int(Qt::KeypadModifier) << "-" << key
                              << int(TerminalKey::KeypadMinus) << "" << 0;
    QTest::newRow("keypad *") << int(Qt::Key_Asterisk) << int(Qt::KeypadModifier) << "*" << key
                              << int(TerminalKey::KeypadMultiply) << "" << 0;
    QTest::newRow("keypad /") << int(Qt::Key_Slash) << int(Qt::KeypadModifier) << "/" << key
                              << int(TerminalKey::KeypadDivide) << "" << 0;
    QTest::newRow("keypad =") << int(Qt::Key_Equal) << int(Qt::KeypadModifier) << "=" << key
                              << int(TerminalKey::KeypadEqual) << "" << 0;
    QTest::newRow("Ctrl+keypad 5")
        << int(Qt::Key_5) << int(Qt::KeypadModifier | Qt::ControlModifier) << "5" << key
        << int(TerminalKey::Keypad5) << "" << control;
    QTest::newRow("main 5 is text") << int(Qt::Key_5) << 0 << "5" << text << 0 << "5" << 0;
    QTest::newRow("keypad Home, Num Lock off") << int(Qt::Key_Home) << int(Qt::KeypadModifier) << ""
                                               << key << int(TerminalKey::Home) << "" << 0;
    QTest::newRow("F12") << int(Qt::Key_F12) << 0 << "" << key << int(TerminalKey::F12) << "" << 0;
    QTest::newRow("Alt+F4") << int(Qt::Key_F4) << int(Qt::AltModifier) << "" << key
                            << int(TerminalKey::F4) << "" << alt;
    QTest::newRow("lone Shift") << int(Qt::Key_Shift) << int(Qt::ShiftModifier) << "" << none << 0
                                << "" << 0;
}

void tst_TerminalView::keyInputMapping()
{
    QFETCH(int, key);
    QFETCH(int, modifiers);
    QFETCH(QString, text);
    QFETCH(int, kind);
    QFETCH(int, terminalKey);
    QFETCH(QString, expectedText);
    QFETCH(int, expectedModifiers);
    const TerminalKeyInput input =
        TerminalKeyInput::fromKey(key, Qt::KeyboardModifiers(modifiers), text);
    QCOMPARE(int(input.kind), kind);
    if (input.kind == TerminalKeyInput::Kind::Key)
        QCOMPARE(int(input.key), terminalKey);
    if (input.kind == TerminalKeyInput::Kind::Text)
        QCOMPARE(input.text, expectedText);
    QCOMPARE(int(input.modifiers.toInt()), expectedModifiers);
}

// --- a shell ------------------------------------------------------------------------------------

void tst_TerminalView::typingReachesTheShell()
{
    QVERIFY(startShell());
    type(QStringLiteral("echo hello-$((6*7))"));
    QTest::keyClick(m_view, Qt::Key_Return);
    QVERIFY(waitFor(QStringLiteral("\nhello-42")));
}

void tst_TerminalView::ctrlCInterrupts()
{
    QVERIFY(startShell());
    type(QStringLiteral("sleep 100"));
    QTest::keyClick(m_view, Qt::Key_Return);
    QTest::qWait(300);
    QTest::keyClick(m_view, Qt::Key_C, Qt::ControlModifier);
    QVERIFY(waitFor(QStringLiteral("^C")));
    type(QStringLiteral("echo status-$?"));
    QTest::keyClick(m_view, Qt::Key_Return);
    QVERIFY(waitFor(QStringLiteral("status-130")));
}

void tst_TerminalView::ctrlDEndsTheShell()
{
    QVERIFY(startShell());
    QSignalSpy finished(m_view, &TerminalView::finished);
    QTest::keyClick(m_view, Qt::Key_D, Qt::ControlModifier);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
    QCOMPARE(finished.first().first().toInt(), 0);
}

void tst_TerminalView::tabCompletes()
{
    QFile file(m_dir->filePath(QStringLiteral("unique-file-name.txt")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("completed contents\n");
    file.close();
    QVERIFY(startShell());
    type(QStringLiteral("cat uniq"));
    QTest::keyClick(m_view, Qt::Key_Tab);
    QVERIFY(waitFor(QStringLiteral("$ cat unique-file-name.txt")));
    QTest::keyClick(m_view, Qt::Key_Return);
    QVERIFY(waitFor(QStringLiteral("\ncompleted contents")));
}

void tst_TerminalView::tabStaysInTheTerminal()
{
    // Another focusable widget in the window: Tab must not move there.
    auto *other = new QLineEdit(m_window.get());
    m_window->layout()->addWidget(other);
    QVERIFY(start({QStringLiteral("python3"), QStringLiteral("-c"), KeyLogger}));
    QVERIFY(waitFor(QStringLiteral("READY")));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_view->setFocus();
    QVERIFY(m_view->hasFocus());
    QTest::keyClick(m_view, Qt::Key_Tab);
    QTRY_COMPARE_WITH_TIMEOUT(lastLoggedLine(), QStringLiteral("09"), 5000);
    QVERIFY(m_view->hasFocus());
    QTest::keyClick(m_view, Qt::Key_Backtab, Qt::ShiftModifier);
    QTRY_COMPARE_WITH_TIMEOUT(lastLoggedLine(), QStringLiteral("1b5b5a"), 5000);
    QVERIFY(m_view->hasFocus());
    QVERIFY(!other->hasFocus());
}

void tst_TerminalView::upRecallsHistory()
{
    QVERIFY(startShell());
    type(QStringLiteral("echo first-$((1+1))"));
    QTest::keyClick(m_view, Qt::Key_Return);
    // Up goes to readline, not to the terminal's line discipline, once the prompt is back.
    QVERIFY(waitFor(QStringLiteral("\nfirst-2\n$")));
    QTest::keyClick(m_view, Qt::Key_Up);
    // The command line shows the recalled command (the echo's own line has it too: count).
    QTRY_COMPARE_WITH_TIMEOUT(m_view->screenText().count(QStringLiteral("echo first-$((1+1))")), 2,
                              5000);
    QTest::keyClick(m_view, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(m_view->screenText().count(QStringLiteral("\nfirst-2")), 2, 5000);
}

void tst_TerminalView::resizeReachesTheProgram()
{
    QVERIFY(startShell());
    type(QStringLiteral("stty size"));
    QTest::keyClick(m_view, Qt::Key_Return);
    QVERIFY(waitFor(QStringLiteral("\n%1 %2").arg(m_view->lines()).arg(m_view->columns())));

    QSignalSpy resized(m_view, &TerminalView::termSizeChanged);
    const QSize cell = m_view->cellSize();
    m_window->resize(m_window->width() + 20 * cell.width(), m_window->height() + 6 * cell.height());
    QTRY_VERIFY_WITH_TIMEOUT(!resized.isEmpty(), 5000);
    QCOMPARE(resized.last().at(0).toInt(), m_view->lines());
    QCOMPARE(resized.last().at(1).toInt(), m_view->columns());
    QCOMPARE(m_view->emulator()->columns(), m_view->columns());
    QVERIFY(m_view->columns() >= 100);
    QTest::keyClick(m_view, Qt::Key_L, Qt::ControlModifier);
    type(QStringLiteral("stty size"));
    QTest::keyClick(m_view, Qt::Key_Return);
    QVERIFY(waitFor(QStringLiteral("\n%1 %2").arg(m_view->lines()).arg(m_view->columns())));
}

// --- keys: the bytes a program gets
// ---------------------------------------------------------------

void tst_TerminalView::keysReachTheProgram_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("modifiers");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("bytes");

    const int ctrl = int(Qt::ControlModifier);
    const int alt = int(Qt::AltModifier);
    const int shift = int(Qt::ShiftModifier);
    QTest::newRow("Enter") << int(Qt::Key_Return) << 0 << "\r"
                           << "0d";
    QTest::newRow("keypad Enter") << int(Qt::Key_Enter) << int(Qt::KeypadModifier) << "\r"
                                  << "0d";
    QTest::newRow("Tab") << int(Qt::Key_Tab) << 0 << "\t"
                         << "09";
    QTest::newRow("Shift+Tab") << int(Qt::Key_Backtab) << shift << ""
                               << "1b5b5a";
    QTest::newRow("Backspace") << int(Qt::Key_Backspace) << 0 << "\x08"
                               << "7f";
    QTest::newRow("Ctrl+Backspace") << int(Qt::Key_Backspace) << ctrl << ""
                                    << "08";
    QTest::newRow("Escape") << int(Qt::Key_Escape) << 0 << "\x1b"
                            << "1b";
    QTest::newRow("Ctrl+C") << int(Qt::Key_C) << ctrl << "\x03"
                            << "03";
    QTest::newRow("Ctrl+A") << int(Qt::Key_A) << ctrl << ""
                            << "01";
    QTest::newRow("Ctrl+Z") << int(Qt::Key_Z) << ctrl << ""
                            << "1a";
    QTest::newRow("Ctrl+[") << int(Qt::Key_BracketLeft) << ctrl << ""
                            << "1b";
    QTest::newRow("Ctrl+Space") << int(Qt::Key_Space) << ctrl << " "
                                << "00";
    QTest::newRow("Ctrl+/") << int(Qt::Key_Slash) << ctrl << "/"
                            << "1f";
    QTest::newRow("Alt+b") << int(Qt::Key_B) << alt << "b"
                           << "1b62";
    QTest::newRow("Alt+Shift+B") << int(Qt::Key_B) << (alt | shift) << "B"
                                 << "1b42";
    QTest::newRow("Shift+Space") << int(Qt::Key_Space) << shift << " "
                                 << "20";
    QTest::newRow("e acute") << 0 << 0 << QStringLiteral("é") << "c3a9";
    QTest::newRow("CJK") << 0 << 0 << QStringLiteral("中") << "e4b8ad";
    QTest::newRow("Up") << int(Qt::Key_Up) << 0 << ""
                        << "1b5b41";
    QTest::newRow("Down") << int(Qt::Key_Down) << 0 << ""
                          << "1b5b42";
    QTest::newRow("Right") << int(Qt::Key_Right) << 0 << ""
                           << "1b5b43";
    QTest::newRow("Left") << int(Qt::Key_Left) << 0 << ""
                          << "1b5b44";
    QTest::newRow("Ctrl+Up") << int(Qt::Key_Up) << ctrl << ""
                             << "1b5b313b3541";
    QTest::newRow("Shift+Right") << int(Qt::Key_Right) << shift << ""
                                 << "1b5b313b3243";
    QTest::newRow("Alt+Left") << int(Qt::Key_Left) << alt << ""
                              << "1b5b313b3344";
    QTest::newRow("Home") << int(Qt::Key_Home) << 0 << ""
                          << "1b5b48";
    QTest::newRow("End") << int(Qt::Key_End) << 0 << ""
                         << "1b5b46";
    QTest::newRow("Insert") << int(Qt::Key_Insert) << 0 << ""
                            << "1b5b327e";
    QTest::newRow("Delete") << int(Qt::Key_Delete) << 0 << ""
                            << "1b5b337e";
    QTest::newRow("PageUp") << int(Qt::Key_PageUp) << 0 << ""
                            << "1b5b357e";
    QTest::newRow("PageDown") << int(Qt::Key_PageDown) << 0 << ""
                              << "1b5b367e";
    QTest::newRow("Ctrl+PageDown") << int(Qt::Key_PageDown) << ctrl << ""
                                   << "1b5b363b357e";
    QTest::newRow("F1") << int(Qt::Key_F1) << 0 << ""
                        << "1b4f50";
    QTest::newRow("F4") << int(Qt::Key_F4) << 0 << ""
                        << "1b4f53";
    QTest::newRow("F5") << int(Qt::Key_F5) << 0 << ""
                        << "1b5b31357e";
    QTest::newRow("F10") << int(Qt::Key_F10) << 0 << ""
                         << "1b5b32317e";
    QTest::newRow("F12") << int(Qt::Key_F12) << 0 << ""
                         << "1b5b32347e";
    QTest::newRow("Shift+F5") << int(Qt::Key_F5) << shift << ""
                              << "1b5b31353b327e";
}

void tst_TerminalView::keysReachTheProgram()
{
    QFETCH(int, key);
    QFETCH(int, modifiers);
    QFETCH(QString, text);
    QFETCH(QString, bytes);
    QVERIFY(start({QStringLiteral("python3"), QStringLiteral("-c"), KeyLogger}));
    QVERIFY(waitFor(QStringLiteral("READY")));
    // Through the widget's event handling, shortcut override included, as from the keyboard.
    QKeyEvent override(QEvent::ShortcutOverride, key, Qt::KeyboardModifiers(modifiers), text);
    QApplication::sendEvent(m_view, &override);
    QVERIFY(override.isAccepted());
    QKeyEvent press(QEvent::KeyPress, key, Qt::KeyboardModifiers(modifiers), text);
    QApplication::sendEvent(m_view, &press);
    QTRY_COMPARE_WITH_TIMEOUT(lastLoggedLine(), bytes, 5000);
}

void tst_TerminalView::keysLeftToTheWindow_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("modifiers");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("bytes"); // what the program gets when no shortcut takes the key

    const int ctrl = int(Qt::ControlModifier);
    const int ctrlShift = int(Qt::ControlModifier | Qt::ShiftModifier);
    QTest::newRow("Ctrl+Shift+T") << int(Qt::Key_T) << ctrlShift << "T"
                                  << "14";
    QTest::newRow("Ctrl+Shift+W") << int(Qt::Key_W) << ctrlShift << "W"
                                  << "17";
    QTest::newRow("Ctrl+,") << int(Qt::Key_Comma) << ctrl << ","
                            << "2c";
    QTest::newRow("Ctrl+.") << int(Qt::Key_Period) << ctrl << "."
                            << "2e";
    QTest::newRow("Ctrl+1") << int(Qt::Key_1) << ctrl << "1"
                            << "31";
}

void tst_TerminalView::keysLeftToTheWindow()
{
    // The window's shortcuts may have these: they are not the terminal's (the override is not
    // taken). Ctrl adds nothing a program could see to Ctrl+, Ctrl+. Ctrl+1, so when no
    // shortcut takes them the program gets what it would have got anyway.
    QFETCH(int, key);
    QFETCH(int, modifiers);
    QFETCH(QString, text);
    QFETCH(QString, bytes);
    QVERIFY(start({QStringLiteral("python3"), QStringLiteral("-c"), KeyLogger}));
    QVERIFY(waitFor(QStringLiteral("READY")));
    QKeyEvent override(QEvent::ShortcutOverride, key, Qt::KeyboardModifiers(modifiers), text);
    QApplication::sendEvent(m_view, &override);
    QVERIFY(!override.isAccepted());
    QKeyEvent press(QEvent::KeyPress, key, Qt::KeyboardModifiers(modifiers), text);
    QApplication::sendEvent(m_view, &press);
    QTRY_COMPARE_WITH_TIMEOUT(lastLoggedLine(), bytes, 5000);
}

void tst_TerminalView::keypadInApplicationMode_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("bytes"); // as the logger prints them, in hex
    QTest::newRow("5") << int(Qt::Key_5) << "5"
                       << "1b4f75";
    QTest::newRow("0") << int(Qt::Key_0) << "0"
                       << "1b4f70";
    QTest::newRow("+") << int(Qt::Key_Plus) << "+"
                       << "1b4f6b";
    QTest::newRow("Enter") << int(Qt::Key_Enter) << "\r"
                           << "1b4f4d";
}

void tst_TerminalView::keypadInApplicationMode()
{
    QFETCH(int, key);
    QFETCH(QString, text);
    QFETCH(QString, bytes);
    // A program that asks for application keypad mode (DECKPAM), as vim and less do, then logs
    // its input; later DECKPNM (after "n") turns it off again.
    const QString logger = QStringLiteral("import os, tty\n"
                                          "tty.setraw(0)\n"
                                          "os.write(1, b'\\x1b=READY\\r\\n')\n"
                                          "while True:\n"
                                          "    data = os.read(0, 256)\n"
                                          "    if data == b'n':\n"
                                          "        os.write(1, b'\\x1b>')\n"
                                          "    os.write(1, data.hex().encode() + b'\\r\\n')\n");
    QVERIFY(start({QStringLiteral("python3"), QStringLiteral("-c"), logger}));
    QVERIFY(waitFor(QStringLiteral("READY")));
    QKeyEvent press(QEvent::KeyPress, key, Qt::KeypadModifier, text);
    QApplication::sendEvent(m_view, &press);
    QTRY_COMPARE_WITH_TIMEOUT(lastLoggedLine(), bytes, 5000);
    // Numeric keypad mode again: the key's character (Enter: CR).
    type(QStringLiteral("n"));
    QTRY_COMPARE_WITH_TIMEOUT(lastLoggedLine(), QStringLiteral("6e"), 5000);
    QApplication::sendEvent(m_view, &press);
    QTRY_COMPARE_WITH_TIMEOUT(lastLoggedLine(), QString::fromLatin1(text.toLatin1().toHex()), 5000);
}

// --- selection, clipboard, paste
// ------------------------------------------------------------------

void tst_TerminalView::wordAndLineSelection()
{
    QVERIFY(startShell());
    type(QStringLiteral("echo alpha beta-gamma/delta.txt omega"));
    QTest::keyClick(m_view, Qt::Key_Return);
    QVERIFY(waitFor(QStringLiteral("\nalpha beta-gamma/delta.txt omega")));
    const QStringList lines = m_view->screenText().split(QLatin1Char('\n'));
    const int row = int(lines.indexOf(QStringLiteral("alpha beta-gamma/delta.txt omega")));
    QVERIFY(row > 0);
    const QSize cell = m_view->cellSize();
    // The middle of the 9th cell: inside "beta-gamma/delta.txt".
    const QPoint inWord(8 * cell.width() + cell.width() / 2,
                        row * cell.height() + cell.height() / 2);
    QSignalSpy copyAvailable(m_view, &TerminalView::copyAvailable);
    QTest::mouseDClick(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, inWord);
    QCOMPARE(m_view->selectedText(), QStringLiteral("beta-gamma/delta.txt"));
    QCOMPARE(copyAvailable.count(), 1);
    // A third click right after the double click: the line.
    QTest::mousePress(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, inWord);
    QTest::mouseRelease(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, inWord);
    QCOMPARE(m_view->selectedText(), QStringLiteral("alpha beta-gamma/delta.txt omega"));

    QGuiApplication::clipboard()->clear();
    QTest::keyClick(m_view, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(),
             QStringLiteral("alpha beta-gamma/delta.txt omega"));
    // Ctrl+Shift+C copied and sent nothing: the command line is still empty.
    QTest::qWait(200);
    QVERIFY(m_view->screenText().trimmed().endsWith(QLatin1String("$")));
}

void tst_TerminalView::softWrappedLines()
{
    Core::TerminalEmulator *emulator = m_view->emulator();
    const int columns = m_view->columns();
    QVERIFY(columns > 20);
    // Row 0-1: a line wider than the view, with "crossing/the/wrap" across the margin; rows 2-3:
    // one with a space in the last column; then a line of its own. None of the commas and
    // spaces is part of a word.
    const QString first =
        QString(columns - 7, QLatin1Char(',')) + QStringLiteral(" crossing/the/wrap end");
    const QString second = QString(columns - 3, QLatin1Char(',')) + QStringLiteral("ab cd");
    emulator->write(
        QStringLiteral("\x1b[2J\x1b[H%1\r\n%2\r\nown line\r\n").arg(first, second).toUtf8());
    QTRY_COMPARE(emulator->lineText(4), QStringLiteral("own line"));
    QVERIFY(emulator->isWrapped(0));
    QVERIFY(emulator->isWrapped(2));
    QVERIFY(!emulator->isWrapped(1));
    const QSize cell = m_view->cellSize();
    auto at = [&](int column, int row) {
        return QPoint(column * cell.width() + cell.width() / 2,
                      row * cell.height() + cell.height() / 2);
    };

    // A word across the wrap, from either side of it.
    QTest::mouseDClick(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, at(columns - 2, 0));
    QCOMPARE(m_view->selectedText(), QStringLiteral("crossing/the/wrap"));
    QTest::qWait(QApplication::doubleClickInterval() + 50); // no triple click
    QTest::mouseDClick(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, at(3, 1));
    QCOMPARE(m_view->selectedText(), QStringLiteral("crossing/the/wrap"));
    // A triple click takes the whole line, both rows, without a line break; the space in the
    // last column stays.
    QTest::qWait(QApplication::doubleClickInterval() + 50);
    QTest::mouseDClick(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, at(2, 3));
    QTest::mousePress(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, at(2, 3));
    QTest::mouseRelease(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, at(2, 3));
    QCOMPARE(m_view->selectedText(), second);
    // All of it: line breaks only where the program wrote them.
    m_view->selectAll();
    QCOMPARE(m_view->selectedText().trimmed(),
             first + u'\n' + second + QStringLiteral("\nown line"));
    m_view->clearSelection();

    // Search finds the text across the wrap and highlights it on both rows.
    QVERIFY(m_view->findNext(QStringLiteral("crossing/the/wrap")));
    QCOMPARE(m_view->currentMatch(), QRect(columns - 6, 0, 17, 1));
    QVERIFY(m_view->findNext(QStringLiteral("ab cd")));
    QCOMPARE(m_view->currentMatch(), QRect(columns - 3, 2, 5, 1));
    QVERIFY(m_view->findNext(QStringLiteral("crossing/the/wrap")));
    m_view->setColorScheme(Widgets::TerminalColorScheme::dark());
    QTest::qWait(50);
    const QImage image = m_view->viewport()->grab().toImage();
    const QColor current = Widgets::TerminalColorScheme::dark().currentMatchBackground();
    QCOMPARE(image.pixelColor(at(columns - 1, 0).x(), 0 * cell.height() + 1), current);
    QCOMPARE(image.pixelColor(at(5, 1).x(), 1 * cell.height() + 1), current);
    QVERIFY(image.pixelColor(at(12, 1).x(), 1 * cell.height() + 1) != current);
}

void tst_TerminalView::dragSelectsAndCopies()
{
    QVERIFY(startShell());
    type(QStringLiteral("printf 'first line\\nsecond line\\n'"));
    QTest::keyClick(m_view, Qt::Key_Return);
    QVERIFY(waitFor(QStringLiteral("\nsecond line")));
    const QStringList lines = m_view->screenText().split(QLatin1Char('\n'));
    const int row = int(lines.indexOf(QStringLiteral("first line")));
    QVERIFY(row > 0);
    const QSize cell = m_view->cellSize();
    // From the boundary before "line" on the first row to the one after "second".
    const QPoint from(6 * cell.width(), row * cell.height() + cell.height() / 2);
    const QPoint to(6 * cell.width(), (row + 1) * cell.height() + cell.height() / 2);
    QTest::mousePress(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, from);
    QMouseEvent move(QEvent::MouseMove, to, m_view->viewport()->mapToGlobal(to), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_view->viewport(), &move);
    QTest::mouseRelease(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, to);
    QCOMPARE(m_view->selectedText(), QStringLiteral("line\nsecond"));
    m_view->copyClipboard();
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("line\nsecond"));
    // A plain click clears the selection.
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, from);
    QVERIFY(!m_view->hasSelection());
    QCOMPARE(m_view->selectedText(), QString());
}

void tst_TerminalView::pasteFromTheClipboard()
{
    QVERIFY(startShell());
    QGuiApplication::clipboard()->setText(QStringLiteral("echo pasted-$((2+3))"));
    QTest::keyClick(m_view, Qt::Key_V, Qt::ControlModifier | Qt::ShiftModifier);
    QTest::keyClick(m_view, Qt::Key_Return);
    // readline turns bracketed paste off while a command runs and on again before its prompt.
    QVERIFY(waitFor(QStringLiteral("\npasted-5\n$")));
    QTRY_VERIFY(m_view->emulator()->isBracketedPasteEnabled());
    // bash has bracketed paste on: a pasted line break is text on the command line, not Enter.
    QGuiApplication::clipboard()->setText(QStringLiteral("echo insert-$((3+4))\n"));
    QTest::keyClick(m_view, Qt::Key_Insert, Qt::ShiftModifier);
    QTest::qWait(300);
    QVERIFY(!m_view->screenText().contains(QLatin1String("\ninsert-7")));
    QTest::keyClick(m_view, Qt::Key_Return);
    QVERIFY(waitFor(QStringLiteral("\ninsert-7")));
}

void tst_TerminalView::bracketedPaste_data()
{
    QTest::addColumn<bool>("enabled");
    QTest::addColumn<QString>("pasted");
    QTest::addColumn<QString>("bytes");
    // "a\nb" pasted: LF becomes CR; with bracketed paste it is wrapped in ESC[200~ .. ESC[201~.
    QTest::newRow("enabled") << true << QStringLiteral("a\nb")
                             << "1b 5b 32 30 30 7e 61 0d 62 1b 5b 32 30 31 7e";
    QTest::newRow("disabled") << false << QStringLiteral("a\nb") << "61 0d 62";
    // Issue 27: a nested end marker and an 8-bit CSI arrive as text inside the one paste.
    QTest::newRow("nested end marker")
        << true << QStringLiteral("a\x1b[20\x1b[201~1~\u009b")
        << "1b 5b 32 30 30 7e 61 5b 32 30 5b 32 30 31 7e 31 7e 1b 5b 32 30 31 7e";
    QTest::newRow("nested end marker, disabled")
        << false << QStringLiteral("a\x1b[20\x1b[201~1~b") << "61 5b 32 30 5b 32 30 31 7e 31 7e 62";
}

void tst_TerminalView::bracketedPaste()
{
    QFETCH(bool, enabled);
    QFETCH(QString, pasted);
    QFETCH(QString, bytes);
    const int count = int(bytes.split(QLatin1Char(' ')).size());
    // Enables (or disables) bracketed paste, reads exactly that many raw bytes, shows them.
    const QString script =
        QStringLiteral(
            "printf '\\033[?2004%1'; stty raw -echo; printf 'RAW\\r\\n'; "
            "head -c %2 > got; stty sane; "
            "printf '\\033[?2004l'; echo; od -An -tx1 -w64 got | tr -s ' ' | sed 's/^ //'; "
            "echo done")
            .arg(enabled ? QLatin1Char('h') : QLatin1Char('l'))
            .arg(count);
    QVERIFY(start({QStringLiteral("bash"), QStringLiteral("-c"), script}));
    QVERIFY(waitFor(QStringLiteral("RAW")));
    QCOMPARE(m_view->emulator()->isBracketedPasteEnabled(), enabled);
    QGuiApplication::clipboard()->setText(pasted);
    m_view->pasteClipboard();
    QVERIFY(waitFor(QStringLiteral("done")));
    QVERIFY2(m_view->screenText().contains(bytes), qPrintable(m_view->screenText()));
}

void tst_TerminalView::pastedTextCannotEndThePaste()
{
    // Issue 27: the clipboard holds a command, an end marker nested so that removing it once
    // leaves one (ESC[20ESC[201~1~), and a second command. bash, with bracketed paste on, gets
    // all of it as text on its command line: nothing runs until Enter.
    QVERIFY(startShell());
    QTRY_VERIFY(m_view->emulator()->isBracketedPasteEnabled());
    const QString owned = m_dir->filePath(QStringLiteral("owned"));
    QGuiApplication::clipboard()->setText(
        QStringLiteral("echo one\x1b[20\x1b[201~1~; touch owned\n"));
    m_view->pasteClipboard();
    QVERIFY(waitFor(QStringLiteral("touch owned")));
    QTest::qWait(500);
    QVERIFY2(!QFile::exists(owned), qPrintable(m_view->screenText()));
    QVERIFY(m_view->screenText().contains(QLatin1String("$ echo one[20[201~1~; touch owned")));
}

// --- mouse
// ----------------------------------------------------------------------------------------

void tst_TerminalView::mouseReportsReachTheProgram()
{
    const QString logger = QStringLiteral("import os, tty\n"
                                          "tty.setraw(0)\n"
                                          "os.write(1, b'\\x1b[?1000h\\x1b[?1006hREADY\\r\\n')\n"
                                          "while True:\n"
                                          "    data = os.read(0, 256)\n"
                                          "    os.write(1, data.hex().encode() + b'\\r\\n')\n"
                                          "    if data == b'q':\n"
                                          "        break\n");
    QVERIFY(start({QStringLiteral("python3"), QStringLiteral("-c"), logger}));
    QVERIFY(waitFor(QStringLiteral("READY")));
    QTRY_VERIFY(m_view->emulator()->mouseMode() != Core::TerminalMouseMode::None);
    const QSize cell = m_view->cellSize();
    // Column 5, row 3 (1-based in the report: 6;4).
    const QPoint at(5 * cell.width() + 2, 3 * cell.height() + 2);
    QTest::mousePress(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, at);
    // ESC [ < 0 ; 6 ; 4 M
    QTRY_COMPARE_WITH_TIMEOUT(lastLoggedLine(), QStringLiteral("1b5b3c303b363b344d"), 5000);
    QTest::mouseRelease(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, at);
    QTRY_COMPARE_WITH_TIMEOUT(lastLoggedLine(), QStringLiteral("1b5b3c303b363b346d"), 5000);
    QVERIFY(!m_view->hasSelection());
    QWheelEvent wheel(at, m_view->viewport()->mapToGlobal(at), QPoint(), QPoint(0, 120),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(m_view->viewport(), &wheel);
    // Wheel up is button 64.
    QTRY_COMPARE_WITH_TIMEOUT(lastLoggedLine(), QStringLiteral("1b5b3c36343b363b344d"), 5000);
    // Shift selects instead of reporting.
    const QPoint later(9 * cell.width(), 3 * cell.height() + 2);
    QTest::mouseDClick(m_view->viewport(), Qt::LeftButton, Qt::ShiftModifier, later);
    QTest::qWait(100);
    QCOMPARE(lastLoggedLine(), QStringLiteral("1b5b3c36343b363b344d"));
}

void tst_TerminalView::wheelInTheAlternateScreenSendsArrows()
{
    const QString logger = QStringLiteral("import os, tty\n"
                                          "tty.setraw(0)\n"
                                          "os.write(1, b'\\x1b[?1049hREADY\\r\\n')\n"
                                          "while True:\n"
                                          "    data = os.read(0, 256)\n"
                                          "    os.write(1, data.hex().encode() + b'\\r\\n')\n");
    QVERIFY(start({QStringLiteral("python3"), QStringLiteral("-c"), logger}));
    QVERIFY(waitFor(QStringLiteral("READY")));
    QTRY_VERIFY(m_view->emulator()->isAlternateScreen());
    const QPoint at(20, 20);
    QWheelEvent wheel(at, m_view->viewport()->mapToGlobal(at), QPoint(), QPoint(0, -120),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(m_view->viewport(), &wheel);
    // One notch: QApplication::wheelScrollLines() Down arrows (3 by default), in any chunking.
    const int lines = QApplication::wheelScrollLines();
    QTRY_COMPARE_WITH_TIMEOUT(
        m_view->screenText().remove(QLatin1Char('\n')).count(QStringLiteral("1b5b42")), lines,
        5000);
    QCOMPARE(m_view->scrollOffset(), 0);
}

// --- scrollback, zoom, search -------------------------------------------------------------------

void tst_TerminalView::scrollbackWithShiftPageUp()
{
    QVERIFY(startShell());
    type(QStringLiteral("seq -f 'line-%g' 1 200"));
    QTest::keyClick(m_view, Qt::Key_Return);
    QVERIFY(waitFor(QStringLiteral("line-200\n$")));
    QVERIFY(m_view->visibleText().contains(QLatin1String("line-200")));
    QTRY_VERIFY(m_view->emulator()->scrollbackLines() > 150);
    // The text is read from the emulator at once; the view learns of the scrollback from the
    // update the emulator posted (a key from the user comes after it, a key here may not).
    QCoreApplication::sendPostedEvents(m_view->emulator(), QEvent::MetaCall);
    QTest::keyClick(m_view, Qt::Key_PageUp, Qt::ShiftModifier);
    QCOMPARE(m_view->scrollOffset(), m_view->lines() - 1);
    QVERIFY(!m_view->visibleText().contains(QLatin1String("line-200")));
    const QString page = m_view->visibleText();
    QVERIFY2(page.contains(QStringLiteral("line-%1").arg(200 - m_view->lines())), qPrintable(page));
    QTest::keyClick(m_view, Qt::Key_PageUp, Qt::ShiftModifier);
    QVERIFY(m_view->scrollOffset() == 2 * (m_view->lines() - 1));
    QTest::keyClick(m_view, Qt::Key_PageDown, Qt::ShiftModifier);
    QTest::keyClick(m_view, Qt::Key_PageDown, Qt::ShiftModifier);
    QCOMPARE(m_view->scrollOffset(), 0);
    QVERIFY(m_view->visibleText().contains(QLatin1String("line-200")));

    // Scrolled back, new output keeps the view where it is; typing returns to the bottom.
    QTest::keyClick(m_view, Qt::Key_PageUp, Qt::ShiftModifier);
    const QString before = m_view->visibleText();
    m_view->emulator()->write("\r\nmore-1\r\nmore-2\r\nmore-3\r\n");
    QTRY_VERIFY(m_view->scrollOffset() >= m_view->lines() - 1 + 3);
    QCOMPARE(m_view->visibleText(), before);
    type(QStringLiteral("x"));
    QCOMPARE(m_view->scrollOffset(), 0);
}

void tst_TerminalView::wheelScrollsTheScrollback()
{
    QVERIFY(startShell());
    type(QStringLiteral("seq 1 100"));
    QTest::keyClick(m_view, Qt::Key_Return);
    QVERIFY(waitFor(QStringLiteral("\n100\n$")));
    QTRY_VERIFY(m_view->emulator()->scrollbackLines() > 50);
    // The text is read from the emulator at once; the view learns of the scrollback from the
    // update the emulator posted (a key from the user comes after it, a key here may not).
    QCoreApplication::sendPostedEvents(m_view->emulator(), QEvent::MetaCall);
    const QPoint at(20, 20);
    QWheelEvent up(at, m_view->viewport()->mapToGlobal(at), QPoint(), QPoint(0, 240), Qt::NoButton,
                   Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(m_view->viewport(), &up);
    QCOMPARE(m_view->scrollOffset(), 2 * QApplication::wheelScrollLines());
    QWheelEvent down(at, m_view->viewport()->mapToGlobal(at), QPoint(), QPoint(0, -120),
                     Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(m_view->viewport(), &down);
    QCOMPARE(m_view->scrollOffset(), QApplication::wheelScrollLines());
}

void tst_TerminalView::fullScrollbackStaysPut()
{
    // Once the scrollback is full, its size no longer changes while output arrives; the view
    // scrolled back, the selection and the search match still stay on their lines.
    Core::TerminalEmulator *emulator = m_view->emulator();
    m_view->setHistorySize(100);
    QByteArray output;
    for (int line = 1; line <= 300; ++line)
        output += QStringLiteral("line %1\r\n").arg(line).toUtf8();
    emulator->write(output);
    QSignalSpy scrolled(emulator, &Core::TerminalEmulator::scrollbackChanged);
    QVERIFY(scrolled.wait());
    QCOMPARE(emulator->scrollbackLines(), 100);

    m_view->scrollLines(30);
    QCOMPARE(m_view->scrollOffset(), 30);
    const QString visible = m_view->visibleText();
    const QSize cell = m_view->cellSize();
    // A line near the top of the view, selected with a triple click.
    const QPoint row2(cell.width() / 2, 2 * cell.height() + cell.height() / 2);
    QTest::mouseDClick(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, row2);
    QTest::mousePress(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, row2);
    QTest::mouseRelease(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, row2);
    const QString selected = m_view->selectedText();
    QVERIFY2(selected.startsWith(QLatin1String("line ")), qPrintable(selected));
    // And a match lower down in the view, in the scrollback too.
    const QString matchText = visible.split(u'\n').at(10);
    QVERIFY(m_view->findNext(matchText));
    const int matchRow = m_view->currentMatch().y();
    QVERIFY(matchRow < 0);
    QCOMPARE(emulator->lineText(matchRow), matchText);
    QCOMPARE(m_view->scrollOffset(), 30);

    scrolled.clear();
    output.clear();
    for (int line = 301; line <= 350; ++line)
        output += QStringLiteral("line %1\r\n").arg(line).toUtf8();
    emulator->write(output);
    QVERIFY(scrolled.wait());
    QCOMPARE(scrolled.last().first().toInt(), 100);
    QCOMPARE(m_view->scrollOffset(), 80);
    QCOMPARE(m_view->visibleText(), visible);
    QCOMPARE(m_view->selectedText(), selected);
    QCOMPARE(emulator->lineText(m_view->currentMatch().y()), matchText);
    QCOMPARE(m_view->currentMatch().y(), matchRow - 50);

    // Output that pushes the selected and found lines out of the scrollback takes them along.
    output.clear();
    for (int line = 351; line <= 500; ++line)
        output += QStringLiteral("line %1\r\n").arg(line).toUtf8();
    emulator->write(output);
    QVERIFY(scrolled.wait());
    QVERIFY(!m_view->hasSelection());
    QVERIFY(!m_view->hasMatch());
    QCOMPARE(m_view->scrollOffset(), 100);
}

void tst_TerminalView::zoomChangesFontAndSize()
{
    QVERIFY(startShell());
    const qreal size = m_view->effectiveFont().pointSizeF();
    const int columns = m_view->columns();
    const int lines = m_view->lines();
    QSignalSpy resized(m_view, &TerminalView::termSizeChanged);
    for (int i = 0; i < 4; ++i)
        QTest::keyClick(m_view, Qt::Key_Equal, Qt::ControlModifier);
    QCOMPARE(m_view->effectiveFont().pointSizeF(), size + 4);
    QCOMPARE(m_view->zoomSteps(), 4);
    QVERIFY(m_view->columns() < columns);
    QVERIFY(m_view->lines() < lines);
    QVERIFY(!resized.isEmpty());
    type(QStringLiteral("stty size"));
    QTest::keyClick(m_view, Qt::Key_Return);
    QVERIFY(waitFor(QStringLiteral("\n%1 %2").arg(m_view->lines()).arg(m_view->columns())));
    QTest::keyClick(m_view, Qt::Key_Minus, Qt::ControlModifier);
    QCOMPARE(m_view->effectiveFont().pointSizeF(), size + 3);
    QTest::keyClick(m_view, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(m_view->effectiveFont().pointSizeF(), size);
    QCOMPARE(m_view->columns(), columns);
    QCOMPARE(m_view->lines(), lines);
}

void tst_TerminalView::searchFindsText()
{
    Core::TerminalEmulator *emulator = m_view->emulator();
    emulator->write("needle in the first line\r\n");
    for (int i = 0; i < 100; ++i)
        emulator->write(QStringLiteral("filler %1\r\n").arg(i).toUtf8());
    emulator->write("a NEEDLE near the end, 中文 needle\r\n");
    QVERIFY(emulator->scrollbackLines() > 70);
    // The view learns about the scrollback in the emulator's next update.
    QTest::qWait(50);

    QVERIFY(m_view->findNext(QStringLiteral("needle")));
    // Upwards from the bottom: the last one on the last line first, after the wide characters.
    QRect match = m_view->currentMatch();
    QCOMPARE(emulator->lineText(match.y()), QStringLiteral("a NEEDLE near the end, 中文 needle"));
    QCOMPARE(match.x(), 28); // 23 cells of text, two wide characters, a space
    QCOMPARE(match.width(), 6);
    QVERIFY(m_view->findNext(QStringLiteral("needle")));
    QCOMPARE(m_view->currentMatch().x(), 2);
    // Then far up in the scrollback, scrolled into view.
    QVERIFY(m_view->findNext(QStringLiteral("needle")));
    match = m_view->currentMatch();
    QVERIFY(match.y() < 0);
    QCOMPARE(emulator->lineText(match.y()), QStringLiteral("needle in the first line"));
    QVERIFY(m_view->scrollOffset() > 0);
    QVERIFY(m_view->visibleText().contains(QLatin1String("needle in the first line")));
    // Back down, and case-sensitive search skips NEEDLE.
    QVERIFY(m_view->findPrevious(QStringLiteral("needle")));
    QCOMPARE(m_view->currentMatch().x(), 2);
    QVERIFY(m_view->findPrevious(QStringLiteral("needle"), Qt::CaseSensitive));
    QCOMPARE(m_view->currentMatch().x(), 28);
    QVERIFY(!m_view->findNext(QStringLiteral("no such thing")));
    QVERIFY(!m_view->hasMatch());
}

void tst_TerminalView::searchBarFromTheKeyboard()
{
    m_view->emulator()->write("one two three\r\n");
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_view->setFocus();
    QTest::keyClick(m_view, Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(m_view->isSearchBarVisible());
    QWidget *field = QApplication::focusWidget();
    QVERIFY(qobject_cast<QLineEdit *>(field));
    const int columns = m_view->columns();
    QTest::keyClicks(field, QStringLiteral("two"));
    QTRY_VERIFY(m_view->hasMatch());
    QCOMPARE(m_view->currentMatch(), QRect(4, 0, 3, 1));
    QTest::keyClicks(field, QStringLiteral("x"));
    QVERIFY(!m_view->hasMatch());
    QTest::keyClick(field, Qt::Key_Escape);
    QVERIFY(!m_view->isSearchBarVisible());
    QVERIFY(m_view->hasFocus());
    QCOMPARE(m_view->columns(), columns);
}

// --- painting
// -------------------------------------------------------------------------------------

void tst_TerminalView::paintsOnlyDamagedRows()
{
    m_view->emulator()->write("\x1b[2J\x1b[Hstatic line\r\n");
    QTest::qWait(100);
    PaintRecorder recorder;
    m_view->viewport()->installEventFilter(&recorder);
    // One character on row 5, the cursor moving from row 1 to row 5.
    m_view->emulator()->write("\x1b[6;10HX");
    QTRY_VERIFY(!recorder.region.isEmpty());
    QTest::qWait(100);
    const int rowHeight = m_view->cellSize().height();
    const QRegion painted = recorder.region;
    QVERIFY(painted.contains(QRect(9 * m_view->cellSize().width(), 5 * rowHeight, 1, rowHeight)));
    // Rows 1 (old cursor) and 5 (new text and cursor), nothing else.
    QVERIFY2(painted.boundingRect().height() <= 5 * rowHeight,
             qPrintable(QString::number(painted.boundingRect().height())));
    QCOMPARE(painted.intersected(QRect(0, 10 * rowHeight, m_view->viewport()->width(), rowHeight)),
             QRegion());
    int paintedRows = 0;
    for (int row = 0; row < m_view->lines(); ++row) {
        if (painted.intersects(QRect(0, row * rowHeight, m_view->viewport()->width(), rowHeight)))
            ++paintedRows;
    }
    QCOMPARE(paintedRows, 2);
}

void tst_TerminalView::inputMethodComposes()
{
    const Widgets::TerminalColorScheme scheme = Widgets::TerminalColorScheme::dark();
    m_view->setColorScheme(scheme);
    m_view->setBlinkingCursor(false);
    Core::TerminalEmulator *emulator = m_view->emulator();
    emulator->write("\x1b[2J\x1b[H$ ");
    QByteArray sent;
    connect(emulator, &Core::TerminalEmulator::outputReady, this,
            [&sent](const QByteArray &bytes) { sent += bytes; });
    QTest::qWait(50);
    const QSize cell = m_view->cellSize();
    const QImage before = m_view->viewport()->grab().toImage();
    // Ink: pixels that are not the background, in the upper half of cell `column` of row 0
    // (where glyphs are, and no underline).
    auto ink = [&](const QImage &image, int column) {
        int pixels = 0;
        for (int y = 0; y < cell.height() / 2; ++y) {
            for (int x = column * cell.width(); x < (column + 1) * cell.width(); ++x)
                pixels += image.pixelColor(x, y) != scheme.background() ? 1 : 0;
        }
        return pixels;
    };
    const QRect cursorCell(2 * cell.width(), 0, cell.width(), cell.height());
    const auto query = [this](Qt::InputMethodQuery what) {
        return static_cast<QWidget *>(m_view)->inputMethodQuery(what);
    };
    QCOMPARE(query(Qt::ImCursorRectangle).toRect(),
             cursorCell.translated(m_view->viewport()->pos()));
    QCOMPARE(query(Qt::ImCursorPosition).toInt(), 2);
    QCOMPARE(query(Qt::ImSurroundingText).toString(), QStringLiteral("$ "));
    QVERIFY(query(Qt::ImEnabled).toBool());

    // Composing "wa" (as in Japanese input before conversion): drawn at the cursor, underlined,
    // with the caret after it; the program gets nothing yet.
    QTextCharFormat underlined;
    underlined.setFontUnderline(true);
    QInputMethodEvent composing(QStringLiteral("wa"),
                                {{QInputMethodEvent::TextFormat, 0, 2, underlined},
                                 {QInputMethodEvent::Cursor, 2, 1, QVariant()}});
    QApplication::sendEvent(m_view, &composing);
    QTest::qWait(50);
    QVERIFY(sent.isEmpty());
    const QImage preedit = m_view->viewport()->grab().toImage();
    // "a" where nothing was; "w" instead of the block cursor.
    QCOMPARE(ink(before, 3), 0);
    QVERIFY(ink(preedit, 3) > 0);
    QCOMPARE(ink(before, 2), cell.width() * (cell.height() / 2));
    QVERIFY(ink(preedit, 2) > 0);
    QVERIFY(ink(preedit, 2) < ink(before, 2));
    // The underline: a row of ink under both characters.
    int underline = 0;
    for (int y = cell.height() * 3 / 4; y < cell.height(); ++y) {
        int run = 0;
        for (int x = 2 * cell.width(); x < 4 * cell.width(); ++x)
            run += preedit.pixelColor(x, y) != scheme.background() ? 1 : 0;
        underline = std::max(underline, run);
    }
    QVERIFY2(underline >= 2 * cell.width() - 2, qPrintable(QString::number(underline)));
    // The input method's candidate window goes where the caret is, after the composed text.
    const QRect caret = query(Qt::ImCursorRectangle).toRect();
    QVERIFY(caret.left() > cursorCell.translated(m_view->viewport()->pos()).left() + cell.width());
    QCOMPARE(caret.top(), cursorCell.translated(m_view->viewport()->pos()).top());
    QCOMPARE(caret.height(), cell.height());
    // Still nothing in the screen's cells: the composition is the view's, not the program's.
    QCOMPARE(emulator->lineText(0), QStringLiteral("$"));

    // Committed: the program gets the text, the composition goes away.
    QInputMethodEvent commit;
    commit.setCommitString(QStringLiteral("わ"));
    QApplication::sendEvent(m_view, &commit);
    QCOMPARE(sent, QStringLiteral("わ").toUtf8());
    QTest::qWait(50);
    const QImage after = m_view->viewport()->grab().toImage();
    QCOMPARE(after, before);
    QCOMPARE(query(Qt::ImCursorRectangle).toRect(),
             cursorCell.translated(m_view->viewport()->pos()));

    // A composition cancelled (empty preedit, no commit) sends nothing.
    QApplication::sendEvent(m_view, &composing);
    QInputMethodEvent cancel;
    QApplication::sendEvent(m_view, &cancel);
    QTest::qWait(50);
    QCOMPARE(sent, QStringLiteral("わ").toUtf8());
    QCOMPARE(m_view->viewport()->grab().toImage(), before);
}

void tst_TerminalView::rendering_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("dark") << true;
    QTest::newRow("light") << false;
}

void tst_TerminalView::rendering()
{
    QFETCH(bool, dark);
    const Widgets::TerminalColorScheme scheme =
        dark ? Widgets::TerminalColorScheme::dark() : Widgets::TerminalColorScheme::light();
    m_view->setColorScheme(scheme);
    // A steady cursor, so the picture does not depend on the blink phase.
    m_view->setBlinkingCursor(false);
    m_window->resize(m_view->cellSize().width() * 90, m_view->cellSize().height() * 26);
    QTRY_VERIFY(m_view->columns() >= 88);
    Core::TerminalEmulator *emulator = m_view->emulator();
    QByteArray page = "\x1b[2J\x1b[H";
    // Row 0: the 16 base colours as backgrounds, two cells each.
    for (int i = 0; i < 16; ++i)
        page += QStringLiteral("\x1b[%1m%2\x1b[0m")
                    .arg(i < 8 ? 40 + i : 100 + i - 8)
                    .arg(i, 2, 16, QLatin1Char('0'))
                    .toLatin1();
    page += "\r\n";
    // Row 1: 256 colours, a slice of the cube and the grey ramp.
    for (int i = 16; i < 256; i += 6)
        page += QStringLiteral("\x1b[48;5;%1m \x1b[0m").arg(i).toLatin1();
    page += "\r\n";
    // Row 2: a true-colour gradient.
    for (int i = 0; i < 64; ++i)
        page += QStringLiteral("\x1b[48;2;%1;%2;%3m \x1b[0m")
                    .arg(i * 4)
                    .arg(255 - i * 4)
                    .arg(128)
                    .toLatin1();
    page += "\r\n";
    // Row 3: attributes.
    page += "plain \x1b[1mbold\x1b[0m \x1b[3mitalic\x1b[0m \x1b[4munderline\x1b[0m "
            "\x1b[4:2mdouble\x1b[0m \x1b[4:3mcurly\x1b[0m \x1b[7mreverse\x1b[0m "
            "\x1b[9mstrike\x1b[0m \x1b[1;3;4mall\x1b[0m \x1b[8mhidden\x1b[0m end\r\n";
    // Row 4: foreground colours.
    for (int i = 0; i < 8; ++i)
        page += QStringLiteral("\x1b[%1mcol%2 \x1b[0m").arg(30 + i).arg(i).toLatin1();
    page += "\x1b[38;2;255;128;0mtruecolour\x1b[0m\r\n";
    // Row 5: wide characters between ASCII, with box drawing.
    page += QStringLiteral("a中文b│日本語│c ┌─┐ é ü").toUtf8() + "\r\n";
    // Row 6: a selection target; the cursor at its end.
    page += "select this text\x1b[7;14H";
    emulator->write(page);
    QTest::qWait(100);

    // Selection of "this".
    const QSize cell = m_view->cellSize();
    const QPoint from(7 * cell.width(), 6 * cell.height() + cell.height() / 2);
    QTest::mouseDClick(m_view->viewport(), Qt::LeftButton, Qt::NoModifier,
                       from + QPoint(cell.width() / 2, 0));
    QCOMPARE(m_view->selectedText(), QStringLiteral("this"));
    m_view->setFocus();
    QTest::qWait(50);

    const QImage image = m_view->viewport()->grab().toImage();
    const QString name =
        QStringLiteral("%1/terminalview-%2.png")
            .arg(screenshotDir(), dark ? QStringLiteral("dark") : QStringLiteral("light"));
    QVERIFY(image.save(name));
    qInfo().noquote() << "saved" << name;

    auto centre = [&](int column, int row) {
        return image.pixelColor(column * cell.width() + cell.width() / 2, row * cell.height() + 1);
    };
    // Background colours: base 1 (red) at cells 2-3, base 12 (bright blue) at 24-25.
    QCOMPARE(centre(2, 0), scheme.indexed(1));
    QCOMPARE(centre(25, 0), scheme.indexed(12));
    // 256 colours: cell 0 of row 1 is index 16 (black of the cube), cell 39 index 250.
    QCOMPARE(centre(0, 1), scheme.indexed(16));
    QCOMPARE(centre(39, 1), scheme.indexed(250));
    // True colour, exactly.
    QCOMPARE(centre(10, 2), QColor(40, 215, 128));
    // Reverse: "reverse" at column 47 has the default foreground as background.
    const int reverseColumn =
        int(QStringLiteral("plain bold italic underline double curly ").size());
    QCOMPARE(centre(reverseColumn, 3), scheme.foreground());
    // Underline: a line of foreground-ish pixels under "underline", none under "plain".
    auto inkInRow = [&](int firstColumn, int columns, int y) {
        int ink = 0;
        for (int x = firstColumn * cell.width(); x < (firstColumn + columns) * cell.width(); ++x)
            ink += image.pixelColor(x, y) != scheme.background() ? 1 : 0;
        return ink;
    };
    int underlineInk = 0;
    for (int y = 3 * cell.height() + cell.height() * 3 / 4; y < 4 * cell.height(); ++y)
        underlineInk = std::max(underlineInk, inkInRow(18, 9, y));
    QVERIFY2(underlineInk >= 9 * cell.width() - 2, qPrintable(QString::number(underlineInk)));
    // A wide character covers two cells: ink in both halves of 中 (columns 1-2), centred.
    int leftInk = 0;
    int rightInk = 0;
    for (int y = 5 * cell.height(); y < 6 * cell.height(); ++y) {
        leftInk += inkInRow(1, 1, y);
        rightInk += inkInRow(2, 1, y);
    }
    QVERIFY(leftInk > 0 && rightInk > 0);
    // The text after the wide characters is on its cells: "b" at column 5 has ink, and the
    // gap cell at column 0 of row 7 none.
    int bInk = 0;
    for (int y = 5 * cell.height(); y < 6 * cell.height(); ++y)
        bInk += inkInRow(5, 1, y);
    QVERIFY(bInk > 0);
    // The selection background on "this" (row 6, columns 7-10).
    QCOMPARE(centre(8, 6), scheme.selectionBackground());
    // The focused block cursor at column 13 of row 6.
    QCOMPARE(m_view->emulator()->cursor().column, 13);
    QVERIFY(m_view->hasFocus());
    QCOMPARE(centre(13, 6), scheme.cursor());
}

QTEST_MAIN(tst_TerminalView)
#include "tst_terminalview.moc"
