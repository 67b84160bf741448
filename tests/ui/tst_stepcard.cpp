#include "core/agent/StepOutputLog.h"
#include "ui/Chip.h"
#include "ui/CommandBlock.h"
#include "ui/ConsoleView.h"
#include "ui/StepCard.h"
#include "ui/StepStateIndicator.h"
#include "ui/UiColors.h"

#include <QAccessible>
#include <QClipboard>
#include <QFile>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextEdit>
#include <QToolButton>

using namespace Qt::StringLiterals;
using Terrarium::Core::StepState;
using Terrarium::Widgets::Chip;
using Terrarium::Widgets::CommandBlock;
using Terrarium::Widgets::ConsoleView;
using Terrarium::Widgets::StepCard;
using Terrarium::Widgets::StepStateIndicator;
namespace UiColors = Terrarium::Widgets::UiColors;

Q_DECLARE_METATYPE(StepState)

namespace {

QPalette darkPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    palette.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
    palette.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    palette.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
    palette.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    palette.setColor(QPalette::ButtonText, QColor(0xe8, 0xe8, 0xe8));
    palette.setColor(QPalette::Link, QColor(0x00, 0x00, 0xff)); // unreadable as it is
    return palette;
}

QString readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return u"<missing>"_s;
    return QString::fromUtf8(file.readAll());
}

bool hasPixelNear(const QImage &image, const QColor &color, int tolerance)
{
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (qAbs(c.red() - color.red()) <= tolerance
                && qAbs(c.green() - color.green()) <= tolerance
                && qAbs(c.blue() - color.blue()) <= tolerance)
                return true;
        }
    }
    return false;
}

// A card on screen, as the timeline shows it.
struct ShownCard
{
    explicit ShownCard(const QString &title = u"List the files"_s)
        : card(7, title)
    {
        card.resize(640, 480);
        card.show();
        // Without a window manager (plain Xvfb) nothing else makes the window active.
        card.activateWindow();
    }
    template<typename T>
    T *child(const QString &name) const
    {
        return card.findChild<T *>(name);
    }
    StepCard card;
};

} // namespace

class tst_StepCard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void titleIsAHeadingNotALink();
    void titleStaysReadableOnDarkPalettes();
    void titleIsNeverMarkup();
    void commandIsShown();
    void states_data();
    void states();
    void outputGoesToItsConsole();
    void stderrConsoleAppearsWithStderr();
    void stdoutConsoleAppearsWhenDone();
    void chips_data();
    void chips();
    void durations_data();
    void durations();
    void collapseHidesTheBody();
    void headerTogglesFromKeyboardAndMouse();
    void copyPutsTheCommandOnTheClipboard();
    void saveWritesTheFullOutput();
    void saveOnlyStderr();
    void saveWritesTheKeptBytes();
    void saveReportsErrors();
    void saveButtonNeedsOutput();
    void saveAndCopySitInTheHeader();
    void saveButtonWritesWhereTheUserChose();
    void consolesAreLabelled();
    void interleavedViewShowsArrivalOrder();
    void interleavedViewSavesOneFile();
    void outputKeptByTheRunIsNotKeptTwice();
    void showAllExpandsAConsoleToFullHeight();
    void consolesFitAgainWhenTheWidthChanges();
    void inputEnterSendsTheLine();
    void inputSendButtonAndEmptyLine();
    void inputCtrlDClosesIt();
    void inputIsEchoedAsInput();
    void inputCtrlDFromTheButtons();
    void inputHiddenByHideInputPrompt();
    void inputPromptExpandsAndFinishingHidesIt();
};

void tst_StepCard::initTestCase()
{
    // Durations are formatted for the user's locale; the rows below are in C.
    QLocale::setDefault(QLocale::c());
}

void tst_StepCard::titleIsAHeadingNotALink()
{
    // Issue 28, item 13b: the blue title under a hand cursor looked like a link.
    ShownCard shown;
    auto *title = shown.child<QLabel>(u"stepTitle"_s);
    QVERIFY(title);
    QCOMPARE(shown.card.title(), u"List the files"_s);
    QCOMPARE(title->text(), u"List the files"_s);
    const QColor text = shown.card.palette().color(QPalette::WindowText);
    const QColor shownColor = title->palette().color(title->foregroundRole());
    QCOMPARE(shownColor, text);
    QVERIFY(shownColor != shown.card.palette().color(QPalette::Link));
    QVERIFY(!title->font().underline());
    QVERIFY(title->font().weight() >= QFont::Bold);
    QVERIFY(QFontInfo(title->font()).pixelSize() >= QFontInfo(shown.card.font()).pixelSize());
    QVERIFY(title->cursor().shape() != Qt::PointingHandCursor);
    auto *header = shown.child<QWidget>(u"header"_s);
    QVERIFY(header);
    QVERIFY(header->cursor().shape() != Qt::PointingHandCursor);
    // And that is what is painted.
    QVERIFY(hasPixelNear(title->grab().toImage(), text, 40));
}

void tst_StepCard::titleStaysReadableOnDarkPalettes()
{
    ShownCard shown;
    shown.card.setPalette(darkPalette());
    auto *title = shown.child<QLabel>(u"stepTitle"_s);
    const QColor color = title->palette().color(title->foregroundRole());
    QVERIFY2(UiColors::contrastRatio(color, darkPalette().color(QPalette::Base)) >= 4.5,
             qPrintable(color.name()));
    QCOMPARE(color, darkPalette().color(QPalette::WindowText));
    QVERIFY(hasPixelNear(title->grab().toImage(), color, 40));
}

void tst_StepCard::titleIsNeverMarkup()
{
    ShownCard shown(u"<b>bold</b> <img src=x>"_s);
    auto *title = shown.child<QLabel>(u"stepTitle"_s);
    QCOMPARE(title->textFormat(), Qt::PlainText);
    QCOMPARE(title->text(), u"<b>bold</b> <img src=x>"_s);
}

void tst_StepCard::commandIsShown()
{
    ShownCard shown;
    auto *block = shown.child<CommandBlock>(u"commandBlock"_s);
    QVERIFY(block);
    QVERIFY(!block->isVisible()); // no command yet
    shown.card.setCommand(u"ls -la /tmp"_s);
    QCOMPARE(shown.card.command(), u"ls -la /tmp"_s);
    QVERIFY(block->isVisible());
    QCOMPARE(block->findChild<QTextEdit *>()->toPlainText(), u"ls -la /tmp"_s);
}

void tst_StepCard::states_data()
{
    QTest::addColumn<StepState>("state");
    QTest::addColumn<QString>("text");
    QTest::newRow("running") << StepState::Running << u"Running"_s;
    QTest::newRow("done") << StepState::Done << u"Done"_s;
    QTest::newRow("failed") << StepState::Failed << u"Failed"_s;
    QTest::newRow("skipped") << StepState::Skipped << u"Skipped"_s;
    QTest::newRow("pending") << StepState::Pending << u"Pending"_s;
}

void tst_StepCard::states()
{
    QFETCH(StepState, state);
    QFETCH(QString, text);
    ShownCard shown;
    // From another state, so that every row is a change.
    shown.card.setState(state == StepState::Running ? StepState::Pending : StepState::Running);
    shown.card.setState(state);
    QCOMPARE(shown.card.state(), state);
    auto *indicator = shown.child<StepStateIndicator>(u"stateIndicator"_s);
    QVERIFY(indicator);
    QAccessibleInterface *accessible = QAccessible::queryAccessibleInterface(indicator);
    QCOMPARE(accessible->text(QAccessible::Name), text);
    QVERIFY(shown.card.accessibleDescription().startsWith(text));
    QCOMPARE(indicator->isAnimating(), state == StepState::Running);
}

void tst_StepCard::outputGoesToItsConsole()
{
    ShownCard shown;
    shown.card.setState(StepState::Running);
    shown.card.appendOutput(false, u"to stdout\n"_s);
    shown.card.appendOutput(true, u"to stderr\n"_s);
    shown.card.stdoutConsole()->flush();
    shown.card.stderrConsole()->flush();
    QVERIFY(shown.card.stdoutConsole()->toPlainText().contains(u"to stdout"_s));
    QVERIFY(!shown.card.stdoutConsole()->toPlainText().contains(u"to stderr"_s));
    QVERIFY(shown.card.stderrConsole()->toPlainText().contains(u"to stderr"_s));
    QVERIFY(!shown.card.stderrConsole()->toPlainText().contains(u"to stdout"_s));
    QCOMPARE(shown.card.stdoutConsole()->stream(), ConsoleView::Stream::Stdout);
    QCOMPARE(shown.card.stderrConsole()->stream(), ConsoleView::Stream::Stderr);
}

void tst_StepCard::stderrConsoleAppearsWithStderr()
{
    ShownCard shown;
    shown.card.setCommand(u"make"_s);
    shown.card.setState(StepState::Running);
    QVERIFY(!shown.card.stdoutConsole()->isVisible());
    QVERIFY(!shown.card.stderrConsole()->isVisible());
    shown.card.appendOutput(false, u"building\n"_s);
    QVERIFY(shown.card.stdoutConsole()->isVisible());
    QVERIFY(!shown.card.stderrConsole()->isVisible());
    shown.card.appendOutput(true, u"warning: x\n"_s);
    QVERIFY(shown.card.stderrConsole()->isVisible());
}

void tst_StepCard::stdoutConsoleAppearsWhenDone()
{
    // A step that printed nothing shows "No output." rather than an empty console.
    ShownCard shown;
    shown.card.setState(StepState::Running);
    QVERIFY(!shown.card.stdoutConsole()->isVisible());
    auto noOutput = [&shown] {
        for (QLabel *label : shown.card.findChildren<QLabel *>()) {
            if (label->text() == u"No output."_s)
                return label;
        }
        return static_cast<QLabel *>(nullptr);
    };
    QVERIFY(noOutput());
    QVERIFY(!noOutput()->isVisible());
    shown.card.setResult(0, 12);
    shown.card.setState(StepState::Done);
    QVERIFY(!shown.card.stdoutConsole()->isVisible());
    QVERIFY(!shown.card.stderrConsole()->isVisible());
    QVERIFY(noOutput()->isVisible());

    ShownCard talkative;
    talkative.card.appendOutput(false, u"hello\n"_s);
    talkative.card.setResult(0, 12);
    talkative.card.setState(StepState::Done);
    QVERIFY(talkative.card.stdoutConsole()->isVisible());
}

void tst_StepCard::chips_data()
{
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<qint64>("durationMs");
    QTest::addColumn<QString>("exitText");
    QTest::addColumn<QString>("durationText");
    QTest::addColumn<bool>("success");
    QTest::newRow("success") << 0 << qint64(320) << u"exit 0"_s << u"320 ms"_s << true;
    QTest::newRow("failure") << 1 << qint64(4200) << u"exit 1"_s << u"4.2 s"_s << false;
    QTest::newRow("not found") << 127 << qint64(63000) << u"exit 127"_s << u"1 min 3 s"_s << false;
    QTest::newRow("killed") << -9 << qint64(5) << u"exit -9"_s << u"5 ms"_s << false;
}

void tst_StepCard::chips()
{
    QFETCH(int, exitCode);
    QFETCH(qint64, durationMs);
    QFETCH(QString, exitText);
    QFETCH(QString, durationText);
    QFETCH(bool, success);

    ShownCard shown;
    auto *exitChip = shown.child<Chip>(u"exitChip"_s);
    auto *durationChip = shown.child<Chip>(u"durationChip"_s);
    QVERIFY(exitChip && durationChip);
    QVERIFY(!exitChip->isVisible());
    QVERIFY(!durationChip->isVisible());

    shown.card.setResult(exitCode, durationMs);
    QVERIFY(exitChip->isVisible());
    QVERIFY(durationChip->isVisible());
    QCOMPARE(exitChip->text(), exitText);
    QCOMPARE(durationChip->text(), durationText);
    QCOMPARE(exitChip->tone(), success ? Chip::Tone::Success : Chip::Tone::Failure);
    QCOMPARE(durationChip->tone(), Chip::Tone::Neutral);
    int hue = exitChip->textColor().hslHue();
    if (success)
        QVERIFY2(hue > 90 && hue < 160, qPrintable(exitChip->textColor().name()));
    else
        QVERIFY2(hue < 15 || hue > 345, qPrintable(exitChip->textColor().name()));
    QCOMPARE(exitChip->accessibleName(), u"Exit code %1"_s.arg(exitCode));
    QVERIFY(durationChip->accessibleName().contains(durationText));
    QVERIFY(shown.card.accessibleDescription().contains(exitText));
}

void tst_StepCard::durations_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << u"0 ms"_s;
    QTest::newRow("negative clock skew") << qint64(-5) << u"0 ms"_s;
    QTest::newRow("ms") << qint64(320) << u"320 ms"_s;
    QTest::newRow("just under a second") << qint64(999) << u"999 ms"_s;
    QTest::newRow("one second") << qint64(1000) << u"1.0 s"_s;
    QTest::newRow("seconds") << qint64(4200) << u"4.2 s"_s;
    QTest::newRow("rounds to tenths") << qint64(4249) << u"4.2 s"_s;
    QTest::newRow("just under a minute") << qint64(59949) << u"59.9 s"_s;
    QTest::newRow("rounds up to a minute") << qint64(59950) << u"1 min"_s;
    QTest::newRow("minute and seconds") << qint64(63000) << u"1 min 3 s"_s;
    QTest::newRow("whole minutes") << qint64(120000) << u"2 min"_s;
    QTest::newRow("just under an hour") << qint64(3599400) << u"59 min 59 s"_s;
    QTest::newRow("hour") << qint64(3600000) << u"1 h"_s;
    QTest::newRow("hours and minutes") << qint64(3723000) << u"1 h 2 min"_s;
    QTest::newRow("a day") << qint64(90000000) << u"25 h"_s;
}

void tst_StepCard::durations()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(StepCard::formatDuration(ms), text);
}

void tst_StepCard::collapseHidesTheBody()
{
    ShownCard shown;
    shown.card.setCommand(u"ls"_s);
    shown.card.appendOutput(false, u"a\n"_s);
    shown.card.appendOutput(true, u"b\n"_s);
    shown.card.setResult(0, 10);
    shown.card.showInputPrompt(u"more?"_s);
    auto *block = shown.child<CommandBlock>(u"commandBlock"_s);
    auto *title = shown.child<QLabel>(u"stepTitle"_s);
    auto *exitChip = shown.child<Chip>(u"exitChip"_s);
    auto *input = shown.child<QLineEdit>(u"inputEdit"_s);
    QVERIFY(block->isVisible());
    QVERIFY(input->isVisible());
    const int expandedHeight = shown.card.sizeHint().height();

    shown.card.setCollapsed(true);
    QVERIFY(shown.card.isCollapsed());
    QVERIFY(!block->isVisible());
    QVERIFY(!shown.card.stdoutConsole()->isVisible());
    QVERIFY(!shown.card.stderrConsole()->isVisible());
    QVERIFY(!input->isVisible());
    // The header's actions stay: saving does not need the body.
    QVERIFY(shown.child<QToolButton>(u"saveButton"_s)->isVisible());
    QVERIFY(!shown.child<QToolButton>(u"interleaveButton"_s)->isVisible());
    QVERIFY(title->isVisible());
    QVERIFY(exitChip->isVisible());
    QVERIFY(shown.child<Chip>(u"durationChip"_s)->isVisible());
    QVERIFY(shown.card.sizeHint().height() < expandedHeight / 2);

    shown.card.setCollapsed(false);
    QVERIFY(block->isVisible());
    QVERIFY(shown.card.stderrConsole()->isVisible());
    QVERIFY(input->isVisible());
}

void tst_StepCard::headerTogglesFromKeyboardAndMouse()
{
    ShownCard shown;
    QVERIFY(QTest::qWaitForWindowActive(&shown.card));
    auto *toggle = shown.child<QToolButton>(u"collapseToggle"_s);
    QVERIFY(toggle);
    QVERIFY(!toggle->isVisible()); // nothing to expand yet
    shown.card.setCommand(u"ls"_s);
    QVERIFY(toggle->isVisible());
    QCOMPARE(toggle->accessibleName(), u"Collapse step"_s);
    toggle->setFocus();
    QVERIFY(toggle->hasFocus());
    QTest::keyClick(toggle, Qt::Key_Space);
    QVERIFY(shown.card.isCollapsed());
    QCOMPARE(toggle->accessibleName(), u"Expand step"_s);
    QTest::keyClick(toggle, Qt::Key_Return);
    QVERIFY(!shown.card.isCollapsed());
    QTest::keyClick(toggle, Qt::Key_Enter);
    QVERIFY(shown.card.isCollapsed());
    // A click anywhere on the header (here: the title) toggles too.
    QTest::mouseClick(shown.child<QLabel>(u"stepTitle"_s), Qt::LeftButton);
    QVERIFY(!shown.card.isCollapsed());
    // The toggle is reachable with Tab like every other control.
    QVERIFY(toggle->focusPolicy() & Qt::TabFocus);
}

void tst_StepCard::copyPutsTheCommandOnTheClipboard()
{
    ShownCard shown;
    QVERIFY(QTest::qWaitForWindowActive(&shown.card));
    shown.card.setCommand(u"grep -rn \"TODO\" src/"_s);
    QGuiApplication::clipboard()->setText(u"before"_s);
    auto *copy = shown.child<QToolButton>(u"copyCommandButton"_s);
    QVERIFY(copy->isVisible());
    QTest::mouseClick(copy, Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text(), u"grep -rn \"TODO\" src/"_s);
    QCOMPARE(copy->text(), u"Copied"_s);
    QTRY_COMPARE_WITH_TIMEOUT(copy->text(), u"Copy"_s, 3000);

    QGuiApplication::clipboard()->setText(u"before"_s);
    auto *text = shown.child<CommandBlock>(u"commandBlock"_s)->findChild<QTextEdit *>();
    text->setFocus();
    QTest::keyClick(text, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), u"grep -rn \"TODO\" src/"_s);
}

void tst_StepCard::saveWritesTheFullOutput()
{
    ShownCard shown;
    QString out;
    for (int i = 0; i < 200; ++i)
        out += u"line %1 \x1b[32mgreen\x1b[0m\n"_s.arg(i);
    shown.card.appendOutput(false, out.left(1000));
    shown.card.appendOutput(false, out.mid(1000));
    shown.card.appendOutput(true, u"oops\n"_s);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"run.log"_s);
    const std::expected<QStringList, QString> saved = shown.card.saveOutputTo(path);
    QVERIFY2(saved.has_value(), qPrintable(saved.error()));
    QCOMPARE(*saved, QStringList({path, dir.filePath(u"run.stderr.log"_s)}));
    QCOMPARE(readFile(path), out); // as received, escapes included
    QCOMPARE(readFile(dir.filePath(u"run.stderr.log"_s)), u"oops\n"_s);
    QCOMPARE(StepCard::stderrPathFor(u"/x/out"_s), u"/x/out.stderr"_s);
    QCOMPARE(StepCard::stderrPathFor(u"/x/a.tar.gz"_s), u"/x/a.tar.stderr.gz"_s);
}

void tst_StepCard::saveWritesTheKeptBytes()
{
    // Not UTF-8: the console shows replacement characters; the saved file has the bytes.
    const QByteArray bytes("caf\xc3\xa9 \xff\xfe\n");
    Terrarium::Core::StepOutputLog log(1, {});
    log.append(Terrarium::Core::OutputStream::Stdout, bytes);
    log.append(Terrarium::Core::OutputStream::Stderr, "warn\n");
    log.finish();
    ShownCard shown;
    shown.card.appendOutput(false, QString::fromUtf8(bytes));
    shown.card.appendOutput(true, u"warn\n"_s);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"raw.log"_s);
    const auto fileBytes = [](const QString &name) {
        QFile file(name);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    };

    // Without the kept output: what the console received, re-encoded.
    QVERIFY(shown.card.saveOutputTo(path).has_value());
    QVERIFY(fileBytes(path) != bytes);

    shown.card.setRawOutputWriter(
        [&log](Terrarium::Core::OutputStream stream,
               const QString &to) -> std::optional<Terrarium::Core::Result<void>> {
            return log.spool(stream).copyTo(to);
        });
    const std::expected<QStringList, QString> saved = shown.card.saveOutputTo(path);
    QVERIFY2(saved.has_value(), qPrintable(saved.error()));
    QCOMPARE(fileBytes(path), bytes);
    QCOMPARE(fileBytes(dir.filePath(u"raw.stderr.log"_s)), QByteArray("warn\n"));

    // A source that has nothing (the run is gone): the consoles' text again.
    shown.card.setRawOutputWriter([](Terrarium::Core::OutputStream, const QString &) {
        return std::optional<Terrarium::Core::Result<void>>();
    });
    QVERIFY(shown.card.saveOutputTo(path).has_value());
    QCOMPARE(fileBytes(path), QString::fromUtf8(bytes).toUtf8());
}

void tst_StepCard::saveOnlyStderr()
{
    ShownCard shown;
    shown.card.appendOutput(true, u"fatal: not a git repository\n"_s);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"err.txt"_s);
    const std::expected<QStringList, QString> saved = shown.card.saveOutputTo(path);
    QVERIFY(saved.has_value());
    QCOMPARE(*saved, QStringList{path});
    QCOMPARE(readFile(path), u"fatal: not a git repository\n"_s);
}

void tst_StepCard::saveReportsErrors()
{
    ShownCard shown;
    QTemporaryDir dir;
    const std::expected<QStringList, QString> nothing =
        shown.card.saveOutputTo(dir.filePath(u"a.log"_s));
    QVERIFY(!nothing.has_value());
    QVERIFY(!nothing.error().isEmpty());
    QVERIFY(!QFile::exists(dir.filePath(u"a.log"_s)));

    shown.card.appendOutput(false, u"x\n"_s);
    const QString unwritable = dir.filePath(u"no/such/dir/a.log"_s);
    const std::expected<QStringList, QString> failed = shown.card.saveOutputTo(unwritable);
    QVERIFY(!failed.has_value());
    QVERIFY2(failed.error().contains(u"a.log"_s), qPrintable(failed.error()));
}

void tst_StepCard::saveButtonNeedsOutput()
{
    ShownCard shown;
    auto *save = shown.child<QToolButton>(u"saveButton"_s);
    QVERIFY(save);
    QVERIFY(!save->isVisible());
    QVERIFY(!save->isEnabled());
    shown.card.appendOutput(false, u"x"_s);
    QVERIFY(save->isVisible());
    QVERIFY(save->isEnabled());
    QVERIFY(save->text().endsWith(u"…"_s)); // it asks for a file name
}

void tst_StepCard::saveAndCopySitInTheHeader()
{
    ShownCard shown;
    shown.card.setCommand(u"make"_s);
    shown.card.appendOutput(false, u"ok\n"_s);
    auto *header = shown.child<QWidget>(u"header"_s);
    auto *copy = shown.child<QToolButton>(u"copyCommandButton"_s);
    auto *save = shown.child<QToolButton>(u"saveButton"_s);
    QVERIFY(copy && save);
    QCOMPARE(copy->parentWidget(), header);
    QCOMPARE(save->parentWidget(), header);
    QVERIFY(copy->isVisible() && save->isVisible());
    // Side by side on the header's line, Save right after Copy.
    QCOMPARE(copy->geometry().center().y(), save->geometry().center().y());
    QVERIFY(save->x() > copy->x() + copy->width() - 1);
    QVERIFY(save->x() - (copy->x() + copy->width()) < copy->width());
    // The command block's own Copy gives way to the header's.
    auto *blockCopy =
        shown.child<CommandBlock>(u"commandBlock"_s)->findChild<QToolButton *>(u"copyButton"_s);
    QVERIFY(!blockCopy->isVisible());
    // No row of its own under the output any more.
    QVERIFY(!shown.card.findChild<QWidget *>(u"actionsRow"_s));
}

void tst_StepCard::saveButtonWritesWhereTheUserChose()
{
    ShownCard shown;
    QTemporaryDir dir;
    const QString path = dir.filePath(u"chosen.log"_s);
    QString suggested;
    shown.card.setSaveFileChooser([&](const QString &suggestion) {
        suggested = suggestion;
        return path;
    });
    shown.card.appendOutput(false, u"out1\n"_s);
    shown.card.appendOutput(true, u"err1\n"_s);
    auto *save = shown.child<QToolButton>(u"saveButton"_s);
    QTest::mouseClick(save, Qt::LeftButton);
    QVERIFY2(suggested.endsWith(u"step-7-output.log"_s), qPrintable(suggested));
    QCOMPARE(readFile(path), u"out1\n"_s);
    QCOMPARE(readFile(dir.filePath(u"chosen.stderr.log"_s)), u"err1\n"_s);
    QCOMPARE(save->text(), u"Saved"_s);
    QVERIFY2(save->toolTip().contains(u"chosen.log"_s), qPrintable(save->toolTip()));

    // Cancelling the dialog writes nothing.
    QFile::remove(path);
    shown.card.setSaveFileChooser([](const QString &) { return QString(); });
    QTest::mouseClick(save, Qt::LeftButton);
    QVERIFY(!QFile::exists(path));
}

void tst_StepCard::consolesAreLabelled()
{
    ShownCard shown;
    shown.card.appendOutput(false, u"out\n"_s);
    shown.card.appendOutput(true, u"err\n"_s);
    QCOMPARE(shown.card.stdoutConsole()->labels(), QStringList{u"stdout"_s});
    QCOMPARE(shown.card.stderrConsole()->labels(), QStringList{u"stderr"_s});
    QCOMPARE(shown.card.interleavedConsole()->labels(), QStringList({u"stdout"_s, u"stderr"_s}));
    // The tab row is part of the console's height: the text is not squeezed by it.
    for (ConsoleView *console : {shown.card.stdoutConsole(), shown.card.stderrConsole()}) {
        QVERIFY(console->viewport()->y() > console->frameWidth() + 4);
        QCOMPARE(console->verticalScrollBar()->maximum(), 0);
    }
}

void tst_StepCard::interleavedViewShowsArrivalOrder()
{
    ShownCard shown;
    auto *toggle = shown.child<QToolButton>(u"interleaveButton"_s);
    QVERIFY(toggle);
    shown.card.appendOutput(false, u"out1\n"_s);
    QVERIFY(!toggle->isVisible()); // one stream: nothing to interleave
    shown.card.appendOutput(true, u"err1\n"_s);
    shown.card.appendOutput(false, u"out2\n"_s);
    shown.card.appendOutput(true, u"err2\n"_s);
    QVERIFY(toggle->isVisible());
    ConsoleView *interleaved = shown.card.interleavedConsole();
    QVERIFY(!interleaved->isVisible());
    QCOMPARE(shown.card.outputView(), StepCard::OutputView::Separate);

    // Switched after the output came: everything so far, in arrival order.
    QTest::mouseClick(toggle, Qt::LeftButton);
    QCOMPARE(shown.card.outputView(), StepCard::OutputView::Interleaved);
    QVERIFY(toggle->isChecked());
    QVERIFY(interleaved->isVisible());
    QVERIFY(!shown.card.stdoutConsole()->isVisible());
    QVERIFY(!shown.card.stderrConsole()->isVisible());
    interleaved->flush();
    QCOMPARE(interleaved->toPlainText(), u"out1\nerr1\nout2\nerr2\n"_s);
    QVERIFY(!interleaved->isStderrLine(0));
    QVERIFY(interleaved->isStderrLine(1));
    QVERIFY(!interleaved->isStderrLine(2));
    QVERIFY(interleaved->isStderrLine(3));

    // Output keeps coming into the view shown, and into the hidden one for later.
    shown.card.appendOutput(true, u"err3\n"_s);
    shown.card.appendOutput(false, u"out3\n"_s);
    shown.card.setResult(1, 20);
    QCOMPARE(interleaved->toPlainText(), u"out1\nerr1\nout2\nerr2\nerr3\nout3\n"_s);

    QTest::mouseClick(toggle, Qt::LeftButton);
    QCOMPARE(shown.card.outputView(), StepCard::OutputView::Separate);
    QVERIFY(!interleaved->isVisible());
    QVERIFY(shown.card.stdoutConsole()->isVisible());
    shown.card.stdoutConsole()->flush();
    shown.card.stderrConsole()->flush();
    QCOMPARE(shown.card.stdoutConsole()->toPlainText(), u"out1\nout2\nout3\n"_s);
    QCOMPARE(shown.card.stderrConsole()->toPlainText(), u"err1\nerr2\nerr3\n"_s);
}

void tst_StepCard::interleavedViewSavesOneFile()
{
    ShownCard shown;
    shown.card.appendOutput(false, u"out1\n"_s);
    shown.card.appendOutput(true, u"err1\n"_s);
    shown.card.appendOutput(false, u"out2\n"_s);
    shown.card.appendOutput(true, u"\x1b[31merr2\x1b[0m\n"_s);
    shown.card.setOutputView(StepCard::OutputView::Interleaved);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"both.log"_s);
    const std::expected<QStringList, QString> saved = shown.card.saveOutputTo(path);
    QVERIFY2(saved.has_value(), qPrintable(saved.error()));
    QCOMPARE(*saved, QStringList{path});
    // As received, in arrival order, escapes included.
    QCOMPARE(readFile(path), u"out1\nerr1\nout2\n\x1b[31merr2\x1b[0m\n"_s);
    QVERIFY(!QFile::exists(dir.filePath(u"both.stderr.log"_s)));
}

// In a live run the step's output log keeps each stream's bytes: the consoles keep no second
// copy, and every way to save (the button, a console's menu, the interleaved view) writes the
// log's bytes.
void tst_StepCard::outputKeptByTheRunIsNotKeptTwice()
{
    const QByteArray out("out1\nout2 \xff\n");
    Terrarium::Core::StepOutputLog log(1, {});
    log.append(Terrarium::Core::OutputStream::Stdout, out);
    log.append(Terrarium::Core::OutputStream::Stderr, "err1\n");
    log.finish();
    ShownCard shown;
    shown.card.setRawOutputWriter(
        [&log](Terrarium::Core::OutputStream stream,
               const QString &to) -> std::optional<Terrarium::Core::Result<void>> {
            return log.spool(stream).copyTo(to);
        });
    shown.card.setConsolesKeepOutput(false);
    shown.card.appendOutput(false, QString::fromUtf8(out));
    shown.card.appendOutput(true, u"err1\n"_s);
    for (ConsoleView *console : {shown.card.stdoutConsole(), shown.card.stderrConsole()}) {
        QVERIFY(!console->keepsFullOutput());
        QString error;
        QVERIFY(!console->saveFullOutput(QDir::temp().filePath(u"never.log"_s), &error));
        QVERIFY(!error.isEmpty());
    }
    const auto fileBytes = [](const QString &name) {
        QFile file(name);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    };

    // The interleaved view saves the two streams as the run kept them.
    shown.card.setOutputView(StepCard::OutputView::Interleaved);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"both.log"_s);
    const std::expected<QStringList, QString> saved = shown.card.saveOutputTo(path);
    QVERIFY2(saved.has_value(), qPrintable(saved.error()));
    QCOMPARE(*saved, QStringList({path, dir.filePath(u"both.stderr.log"_s)}));
    QCOMPARE(fileBytes(path), out);
    QCOMPARE(fileBytes(dir.filePath(u"both.stderr.log"_s)), QByteArray("err1\n"));

    // A console's own "Save Full Output…" goes through the card.
    const QString chosen = dir.filePath(u"menu.log"_s);
    shown.card.setSaveFileChooser([&chosen](const QString &) { return chosen; });
    Q_EMIT shown.card.stderrConsole()->saveFullOutputRequested();
    QCOMPARE(fileBytes(chosen), out);
    QCOMPARE(fileBytes(dir.filePath(u"menu.stderr.log"_s)), QByteArray("err1\n"));

    // Kept again (the run is gone): the consoles spool what comes from now on.
    shown.card.setConsolesKeepOutput(true);
    QVERIFY(shown.card.stdoutConsole()->keepsFullOutput());
}

void tst_StepCard::showAllExpandsAConsoleToFullHeight()
{
    ShownCard shown;
    ConsoleView *console = shown.card.stdoutConsole();
    auto *showAll = console->findChild<QToolButton *>(u"expandButton"_s);
    shown.card.appendOutput(false, u"short\n"_s);
    console->flush();
    QVERIFY(!showAll->isVisible()); // everything is shown already
    QString lines;
    for (int i = 0; i < 40; ++i)
        lines += u"line %1\n"_s.arg(i);
    shown.card.appendOutput(false, lines);
    console->flush();
    const int cappedHeight = console->height();
    QTRY_VERIFY(console->verticalScrollBar()->maximum() > 0);
    QVERIFY(showAll->isVisible());

    QTest::mouseClick(showAll, Qt::LeftButton);
    QVERIFY(console->isExpanded());
    QVERIFY(console->height() > 2 * cappedHeight);
    QTRY_COMPARE(console->verticalScrollBar()->maximum(), 0);
    QCOMPARE(console->toPlainText().count(u'\n'), 41);

    // More output while expanded: still everything.
    shown.card.appendOutput(false, u"more\n"_s);
    console->flush();
    QTRY_COMPARE(console->verticalScrollBar()->maximum(), 0);

    QTest::mouseClick(showAll, Qt::LeftButton);
    QVERIFY(!console->isExpanded());
    QCOMPARE(console->height(), cappedHeight);
    QTRY_VERIFY(console->verticalScrollBar()->maximum() > 0);
}

void tst_StepCard::consolesFitAgainWhenTheWidthChanges()
{
    // Filled before it is shown, then narrowed and widened: lines wrap and unwrap, and the
    // console follows, never scrolling what fits and never keeping empty room.
    StepCard card(1, u"Build"_s);
    card.appendOutput(true, u"main.c:3:1: warning: unused variable 'y'\n"_s);
    card.appendOutput(true,
                      u"util.c:12:5: error: 'x' undeclared (first use in this function)\n"
                      u"make: *** [Makefile:8: util.o] Error 1\n"_s);
    card.setResult(2, 10);
    card.resize(900, 400);
    card.show();
    QVERIFY(QTest::qWaitForWindowExposed(&card));
    ConsoleView *console = card.stderrConsole();
    const auto fits = [console] {
        return console->verticalScrollBar()->maximum() == 0
            && console->height() == console->heightForLines(console->visualLines());
    };
    QTRY_VERIFY(fits());
    QCOMPARE(console->visualLines(), 4);
    card.resize(360, 400);
    QTRY_VERIFY(fits());
    QVERIFY(console->visualLines() > 4);
    card.resize(900, 400);
    QTRY_VERIFY(fits());
    QCOMPARE(console->visualLines(), 4);
}

void tst_StepCard::inputEnterSendsTheLine()
{
    ShownCard shown;
    QVERIFY(QTest::qWaitForWindowActive(&shown.card));
    shown.card.setState(StepState::Running);
    QSignalSpy submitted(&shown.card, &StepCard::inputSubmitted);
    auto *input = shown.child<QLineEdit>(u"inputEdit"_s);
    QVERIFY(!input->isVisible());
    QVERIFY(!shown.card.isAwaitingInput());

    shown.card.showInputPrompt(u"  Proceed? [y/N]  "_s);
    QVERIFY(shown.card.isAwaitingInput());
    QVERIFY(input->isVisible());
    QCOMPARE(input->placeholderText(), u"Proceed? [y/N]"_s);
    QVERIFY(input->accessibleDescription().contains(u"Proceed? [y/N]"_s));
    QVERIFY(!input->hasFocus()); // the card never steals the keyboard
    shown.card.focusInput();
    QVERIFY(input->hasFocus());
    QTest::keyClicks(input, u"yes please"_s);
    QTest::keyClick(input, Qt::Key_Return);
    QCOMPARE(submitted.count(), 1);
    QCOMPARE(submitted.at(0).at(0).toInt(), 7);
    QCOMPARE(submitted.at(0).at(1).toString(), u"yes please"_s);
    QVERIFY(input->text().isEmpty());
    QVERIFY(input->isVisible()); // more lines may follow
}

void tst_StepCard::inputSendButtonAndEmptyLine()
{
    ShownCard shown;
    shown.card.setState(StepState::Running);
    shown.card.showInputPrompt(QString());
    QSignalSpy submitted(&shown.card, &StepCard::inputSubmitted);
    auto *input = shown.child<QLineEdit>(u"inputEdit"_s);
    QVERIFY(!input->placeholderText().isEmpty());
    input->setText(u"abc"_s);
    QTest::mouseClick(shown.child<QPushButton>(u"sendButton"_s), Qt::LeftButton);
    QCOMPARE(submitted.count(), 1);
    QCOMPARE(submitted.at(0).at(1).toString(), u"abc"_s);
    // "Press Enter to continue" prompts want an empty line.
    QTest::keyClick(input, Qt::Key_Enter);
    QCOMPARE(submitted.count(), 2);
    QCOMPARE(submitted.at(1).at(1).toString(), QString());
}

void tst_StepCard::inputCtrlDClosesIt()
{
    ShownCard shown;
    QVERIFY(QTest::qWaitForWindowActive(&shown.card));
    shown.card.setState(StepState::Running);
    shown.card.showInputPrompt(u"cat>"_s);
    QSignalSpy closed(&shown.card, &StepCard::inputClosed);
    QSignalSpy submitted(&shown.card, &StepCard::inputSubmitted);
    auto *input = shown.child<QLineEdit>(u"inputEdit"_s);
    shown.card.focusInput();
    QTest::keyClicks(input, u"abc"_s);
    QTest::keyClick(input, Qt::Key_D, Qt::ControlModifier);
    QCOMPARE(closed.count(), 1);
    QCOMPARE(closed.at(0).at(0).toInt(), 7);
    QCOMPARE(submitted.count(), 0);
    QVERIFY(!input->isVisible());
    QVERIFY(!shown.card.isAwaitingInput());
}

void tst_StepCard::inputIsEchoedAsInput()
{
    ShownCard shown;
    QVERIFY(QTest::qWaitForWindowActive(&shown.card));
    shown.card.setState(StepState::Running);
    shown.card.appendOutput(false, u"Name? "_s);
    shown.card.showInputPrompt(u"Name? "_s);
    shown.card.focusInput();
    auto *input = shown.child<QLineEdit>(u"inputEdit"_s);
    QTest::keyClicks(input, u"ann"_s);
    QTest::keyClick(input, Qt::Key_Return);
    ConsoleView *console = shown.card.stdoutConsole();
    console->flush();
    // Where the command reads it, marked (a "›", italic) so it is not taken for output.
    QVERIFY2(console->toPlainText().contains(u"Name? \u203a ann"_s),
             qPrintable(console->toPlainText()));
    QTextCursor cursor = console->document()->find(u"ann"_s);
    QVERIFY(!cursor.isNull());
    QVERIFY(cursor.charFormat().fontItalic());
    shown.card.interleavedConsole()->flush();
    QVERIFY(shown.card.interleavedConsole()->toPlainText().contains(u"\u203a ann"_s));
    // A password is not shown, even in the echo.
    shown.card.showInputPrompt(u"Password:"_s, true);
    QTest::keyClicks(input, u"hunter22"_s);
    QTest::keyClick(input, Qt::Key_Return);
    console->flush();
    QVERIFY(!console->toPlainText().contains(u"hunter22"_s));
    QVERIFY(console->toPlainText().contains(u"(hidden input)"_s));
    // Ctrl+D says so too.
    shown.card.showInputPrompt(QString());
    QTest::keyClick(input, Qt::Key_D, Qt::ControlModifier);
    console->flush();
    QVERIFY(console->toPlainText().contains(u"^D"_s));
    // What is saved is what the command printed, without what was typed.
    QTemporaryDir dir;
    const QString path = dir.filePath(u"out.log"_s);
    QVERIFY(console->saveFullOutput(path));
    QFile saved(path);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QCOMPARE(saved.readAll(), QByteArray("Name? "));
}

void tst_StepCard::inputCtrlDFromTheButtons()
{
    ShownCard shown;
    QVERIFY(QTest::qWaitForWindowActive(&shown.card));
    shown.card.setState(StepState::Running);
    shown.card.showInputPrompt(u"cat>"_s);
    QSignalSpy closed(&shown.card, &StepCard::inputClosed);
    auto *send = shown.child<QPushButton>(u"sendButton"_s);
    send->setFocus();
    QVERIFY(send->hasFocus());
    QTest::keyClick(send, Qt::Key_D, Qt::ControlModifier);
    QCOMPARE(closed.count(), 1);

    shown.card.showInputPrompt(u"cat>"_s);
    auto *close = shown.child<QPushButton>(u"closeInputButton"_s);
    QVERIFY(close->toolTip().contains(u"Ctrl+D"_s));
    QTest::mouseClick(close, Qt::LeftButton);
    QCOMPARE(closed.count(), 2);
}

void tst_StepCard::inputHiddenByHideInputPrompt()
{
    ShownCard shown;
    shown.card.setState(StepState::Running);
    shown.card.showInputPrompt(u"Password:"_s, true);
    auto *input = shown.child<QLineEdit>(u"inputEdit"_s);
    // What is typed for a password is not shown.
    QCOMPARE(input->echoMode(), QLineEdit::Password);
    input->setText(u"half typed"_s);
    QSignalSpy closed(&shown.card, &StepCard::inputClosed);
    shown.card.hideInputPrompt();
    QVERIFY(!input->isVisible());
    QVERIFY(!shown.child<QWidget>(u"inputRow"_s)->isVisible());
    QVERIFY(input->text().isEmpty());
    QCOMPARE(closed.count(), 0); // the command moved on; the user closed nothing
    shown.card.showInputPrompt(u"Name:"_s);
    QCOMPARE(input->echoMode(), QLineEdit::Normal);
}

void tst_StepCard::inputPromptExpandsAndFinishingHidesIt()
{
    ShownCard shown;
    shown.card.setState(StepState::Running);
    shown.card.setCollapsed(true);
    shown.card.showInputPrompt(u"Continue?"_s);
    QVERIFY(!shown.card.isCollapsed());
    QVERIFY(shown.child<QLineEdit>(u"inputEdit"_s)->isVisible());
    shown.card.setState(StepState::Done);
    QVERIFY(!shown.card.isAwaitingInput());
    QVERIFY(!shown.child<QLineEdit>(u"inputEdit"_s)->isVisible());
}

QTEST_MAIN(tst_StepCard)
#include "tst_stepcard.moc"
