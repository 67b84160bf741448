// vttest (the VT100/VT220 conformance program xterm is tested with) in a real terminal pane on a
// local pty, 80x24, under a real X server (Xvfb): the "cursor movements" and "screen features"
// menus are driven page by page; each page, once the screen is stable, is compared with its
// golden dump in tests/data/vttest/ and photographed to <build>/screenshots/vttest-*.png.
//
// REGENERATE_GOLDEN=1 writes the dumps instead of comparing. Each dump was checked against its
// picture and vttest's own description of what the page must show (e.g. the first cursor page: a
// border of '*' and '+' around the screen and a frame of 'E's around the text), and against xterm
// running the same pages. Three of them were written from that description and xterm's screen,
// not from a run, because libvterm 0.1 alone gets them wrong; regenerate them only from a run
// that matches them:
//   vttest-cursor-03/04: DECCOLM (CSI ?3h/l) clears the screen and homes the cursor (the page
//     header is on the first two rows), even where the width cannot change;
//   vttest-screen-15: DECSC/DECRC save and restore the character set, so each group is ten
//     line-drawing or diamond characters, not five and then five 'q's or '`'s.
#include "core/terminal/TerminalEmulator.h"
#include "tests/TestPaths.h"
#include "ui/TerminalPane.h"
#include "ui/TerminalView.h"
#include "vm/LocalPtySession.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QGuiApplication>
#include <QScreen>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>
#include <QWindow>

#include <memory>

using namespace Terrarium;
using Widgets::TerminalPane;

namespace {

constexpr int Columns = 80;
constexpr int Rows = 24;
// A page is done when the screen has not changed for this long (some pages scroll slowly).
constexpr int StableMs = 800;
const QString MenuPrompt = QStringLiteral("Enter choice number");

QString goldenDir()
{
    return QStringLiteral(TERRARIUM_TEST_DATA_DIR "/vttest");
}

QString outputDir()
{
    const QString dir = QStringLiteral(TERRARIUM_BINARY_DIR "/screenshots");
    QDir().mkpath(dir);
    return dir;
}

} // namespace

class tst_TerminalVttest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void menu_data();
    void menu();

private:
    // Waits until the screen stopped changing; the text then, or empty on timeout.
    QString stableScreen(int timeoutMs = 30000);
    void press(const QString &text);

    std::unique_ptr<QWidget> m_window;
    TerminalPane *m_pane = nullptr;
    QTemporaryDir m_home;
};

void tst_TerminalVttest::initTestCase()
{
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("vttest")).isEmpty(),
             "vttest is not installed (scripts/install-deps.sh test)");
    QCOMPARE(QGuiApplication::platformName(), QStringLiteral("xcb"));
}

void tst_TerminalVttest::init()
{
    m_window = std::make_unique<QWidget>();
    m_window->setWindowTitle(QStringLiteral("vttest"));
    auto *layout = new QVBoxLayout(m_window.get());
    layout->setContentsMargins(0, 0, 0, 0);
    m_pane = new TerminalPane(QStringLiteral("vttest"), m_window.get());
    layout->addWidget(m_pane);
    Widgets::TerminalView *view = m_pane->view();
    view->setScrollBarPosition(Widgets::TerminalView::ScrollBarPosition::NoScrollBar);
    view->setColorScheme(Widgets::TerminalColorScheme::dark());
    view->setBlinkingCursor(false);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    // Exactly 80x24 cells: the window is the viewport plus whatever surrounds it.
    const QSize cell = view->cellSize();
    const QSize extra = m_window->size() - view->viewport()->size();
    m_window->resize(extra + QSize(Columns * cell.width(), Rows * cell.height()));
    QTRY_COMPARE(view->columns(), Columns);
    QTRY_COMPARE(view->lines(), Rows);
}

void tst_TerminalVttest::cleanup()
{
    m_window.reset();
    m_pane = nullptr;
}

QString tst_TerminalVttest::stableScreen(int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    QElapsedTimer stable;
    stable.start();
    QString last = m_pane->view()->screenText();
    Core::TerminalCursor cursor = m_pane->view()->emulator()->cursor();
    while (clock.elapsed() < timeoutMs) {
        QTest::qWait(50);
        const QString now = m_pane->view()->screenText();
        const Core::TerminalCursor nowCursor = m_pane->view()->emulator()->cursor();
        if (now != last || !(nowCursor == cursor)) {
            last = now;
            cursor = nowCursor;
            stable.restart();
        } else if (stable.elapsed() >= StableMs) {
            return now;
        }
    }
    return {};
}

void tst_TerminalVttest::press(const QString &text)
{
    QTest::keyClicks(m_pane->view(), text);
    QTest::keyClick(m_pane->view(), Qt::Key_Return);
}

void tst_TerminalVttest::menu_data()
{
    QTest::addColumn<QString>("choice");
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("pages");
    QTest::newRow("cursor movements") << "1"
                                      << "cursor" << 6;
    QTest::newRow("screen features") << "2"
                                     << "screen" << 15;
}

void tst_TerminalVttest::menu()
{
    QFETCH(QString, choice);
    QFETCH(QString, name);
    QFETCH(int, pages);
    const bool regenerate = qEnvironmentVariableIntValue("REGENERATE_GOLDEN") == 1;

    auto *session = new Vm::LocalPtySession(m_pane);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TERM"), QStringLiteral("xterm"));
    environment.insert(QStringLiteral("HOME"), m_home.path());
    // 80 columns at most: a pane's width is the layout's, never the program's (like xterm with
    // allowC132 off), so vttest draws its "132 column" passes 80 wide as well.
    const auto started = session->start({QStringLiteral("vttest"), QStringLiteral("24x80.80")},
                                        m_home.path(), environment, Columns, Rows);
    QVERIFY2(started.has_value(), qPrintable(started ? QString() : started.error().message));
    m_pane->setSession(session);
    m_pane->view()->setFocus();

    QVERIFY(stableScreen().contains(MenuPrompt));
    press(choice);
    int page = 0;
    QStringList mismatches;
    while (true) {
        const QString screen = stableScreen();
        QVERIFY2(!screen.isEmpty(), "the screen did not settle");
        if (screen.contains(MenuPrompt))
            break;
        ++page;
        QVERIFY2(page <= pages, qPrintable(QStringLiteral("more pages than %1").arg(pages)));
        const QString stem =
            QStringLiteral("vttest-%1-%2").arg(name).arg(page, 2, 10, QLatin1Char('0'));
        const QPixmap picture = m_window->screen()->grabWindow(m_window->winId());
        QVERIFY(picture.save(QStringLiteral("%1/%2.png").arg(outputDir(), stem)));

        const QString goldenPath = QStringLiteral("%1/%2.txt").arg(goldenDir(), stem);
        const QByteArray actual = screen.toUtf8() + '\n';
        if (regenerate) {
            QDir().mkpath(goldenDir());
            QFile golden(goldenPath);
            QVERIFY(golden.open(QIODevice::WriteOnly | QIODevice::Truncate));
            golden.write(actual);
        } else {
            QFile golden(goldenPath);
            QVERIFY2(golden.open(QIODevice::ReadOnly), qPrintable(goldenPath));
            if (golden.readAll() != actual) {
                QFile out(QStringLiteral("%1/%2.actual.txt").arg(outputDir(), stem));
                QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
                out.write(actual);
                mismatches << stem;
            }
        }
        // Reverse screen (DECSCNM): the "light background" pages are light, the others dark, up
        // to the last cell.
        const QImage cells = m_pane->view()->viewport()->grab().toImage();
        const QColor corner = cells.pixelColor(cells.width() - 2, cells.height() - 2);
        const bool light = screen.contains(QLatin1String("light background"), Qt::CaseInsensitive);
        QVERIFY2((corner.lightnessF() > 0.5) == light,
                 qPrintable(QStringLiteral("%1: background %2").arg(stem, corner.name())));
        // Every page ends with "Push <RETURN>".
        QVERIFY2(screen.contains(QLatin1String("Push <RETURN>")), qPrintable(screen));
        QTest::keyClick(m_pane->view(), Qt::Key_Return);
    }
    QCOMPARE(page, pages);
    QVERIFY2(mismatches.isEmpty(),
             qPrintable(QStringLiteral("differs from the golden dump (actual in %1): %2")
                            .arg(outputDir(), mismatches.join(QLatin1String(", ")))));
    press(QStringLiteral("0"));
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->isFinished(), 10000);
    QCOMPARE(*m_pane->exitCode(), 0);
}

QTEST_MAIN(tst_TerminalVttest)
#include "tst_terminalvttest.moc"
