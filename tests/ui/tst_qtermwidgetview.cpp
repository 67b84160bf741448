// The QTermWidget engine (built where the Qt 6 QTermWidget is packaged, Debian 13): panes of a
// TerminalArea set to it, fed from real programs on local ptys through QTermWidget's teletype
// mode. What the program prints is shown as it printed it (bytes pass the engine's own pty
// untouched), keys typed in the pane reach the program, the pane's size in cells reaches the
// program, a flood far larger than a pty's buffer arrives whole, the program's title and exit
// reach the pane, and the window's keyboard shortcuts still work from a focused QTermWidget.
#include "core/terminal/TerminalSession.h"
#include "tests/TestPaths.h"
#include "tests/support/DarkPalette.h"
#include "tests/support/LocalShell.h"
#include "ui/QTermWidgetView.h"
#include "ui/TerminalArea.h"
#include "ui/TerminalPane.h"
#include "vm/LocalPtySession.h"

#include "ui/QTermWidgetHeader.h"

#include <QClipboard>
#include <QDir>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QImage>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace Terrarium;
using Widgets::TerminalArea;
using Widgets::TerminalEngine;
using Widgets::TerminalPane;

class tst_QTermWidgetView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void panesUseTheChosenEngine();
    void outputIsShownAsPrinted();
    void typingReachesTheProgram();
    void pastedTextCannotEndThePaste();
    void sizeReachesTheProgram();
    void floodArrivesWhole();
    void endlessFloodIsSkippedNotHoarded();
    void titleAndExitReachThePane();
    void followsThePalette_data();
    void followsThePalette();

private:
    Vm::LocalPtySession *program(const QString &command = {});
    TerminalPane *openPane(const QString &command = {});
    static QWidget *keyTarget(TerminalPane *pane);
    static bool waitForText(TerminalPane *pane, const QString &text, int timeoutMs = 20000);

    std::unique_ptr<TerminalArea> m_area;
    QTemporaryDir m_dir;
};

void tst_QTermWidgetView::init()
{
    m_area = std::make_unique<TerminalArea>();
    m_area->setEngine(TerminalEngine::QTermWidget);
    m_area->resize(900, 600);
    m_area->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_area.get()));
    m_area->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_area.get()));
}

void tst_QTermWidgetView::cleanup()
{
    m_area.reset();
}

Vm::LocalPtySession *tst_QTermWidgetView::program(const QString &command)
{
    return Tests::startLocalShell(m_area.get(), m_dir.path(), command);
}

TerminalPane *tst_QTermWidgetView::openPane(const QString &command)
{
    return m_area->openPane(program(command), QStringLiteral("host"));
}

QWidget *tst_QTermWidgetView::keyTarget(TerminalPane *pane)
{
    // QTermWidget hands its focus to the display inside it, which takes the keys.
    QTermWidget *term = pane->qtermWidgetView()->termWidget();
    return term->focusProxy() ? term->focusProxy() : term;
}

bool tst_QTermWidgetView::waitForText(TerminalPane *pane, const QString &text, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!pane->qtermWidgetView()->text().contains(text)) {
        if (clock.elapsed() > timeoutMs) {
            qWarning().noquote() << "not found:" << text
                                 << "in:" << pane->qtermWidgetView()->text();
            return false;
        }
        QTest::qWait(20);
    }
    return true;
}

void tst_QTermWidgetView::panesUseTheChosenEngine()
{
    TerminalPane *pane = openPane();
    QCOMPARE(pane->engine(), TerminalEngine::QTermWidget);
    QVERIFY(pane->qtermWidgetView());
    QCOMPARE(pane->view(), nullptr);
    QVERIFY(pane->qtermWidgetView()->isVisible());
    QVERIFY(waitForText(pane, QStringLiteral("$ ")));
    // Panes open before a change keep their engine; new ones get the new one.
    m_area->setEngine(TerminalEngine::Terrarium);
    TerminalPane *own = m_area->splitCurrent(Qt::Horizontal, program());
    QCOMPARE(own->engine(), TerminalEngine::Terrarium);
    QVERIFY(own->view());
    QCOMPARE(own->qtermWidgetView(), nullptr);
    QCOMPARE(pane->engine(), TerminalEngine::QTermWidget);
}

void tst_QTermWidgetView::outputIsShownAsPrinted()
{
    // Output post-processing off in the program's pty: a bare line feed moves down without
    // returning, so "b" lands under the end of "a". The engine's own pty must not add the
    // carriage return either (it would put "b" at the start of the line).
    TerminalPane *pane =
        openPane(QStringLiteral("stty -opost; printf 'first-a\\nb\\r\\nend-of-test\\r\\n'; "
                                "sleep 30"));
    QVERIFY(waitForText(pane, QStringLiteral("end-of-test")));
    QVERIFY2(pane->qtermWidgetView()->text().contains(QStringLiteral("first-a\n       b")),
             qPrintable(pane->qtermWidgetView()->text()));
    // Colours and UTF-8 split across reads come through the same way: the text is whole.
    TerminalPane *colours = openPane(QStringLiteral(
        "printf '\\033[31mred\\033[0m gr\\303\\274n \\342\\234\\223\\r\\n'; sleep 30"));
    QVERIFY(waitForText(colours, QStringLiteral("red grün ✓")));
}

void tst_QTermWidgetView::typingReachesTheProgram()
{
    TerminalPane *pane = openPane();
    QVERIFY(waitForText(pane, QStringLiteral("$ ")));
    QTRY_VERIFY(keyTarget(pane)->hasFocus());
    QTest::keyClicks(keyTarget(pane), QStringLiteral("echo typed-$((6*7))"));
    QTest::keyClick(keyTarget(pane), Qt::Key_Return);
    QVERIFY(waitForText(pane, QStringLiteral("\ntyped-42")));
    // Ctrl+C reaches the program as the interrupt character, not as a copy.
    QTest::keyClicks(keyTarget(pane), QStringLiteral("sleep 100"));
    QTest::keyClick(keyTarget(pane), Qt::Key_Return);
    QTest::qWait(300);
    QTest::keyClick(keyTarget(pane), Qt::Key_C, Qt::ControlModifier);
    QTest::keyClicks(keyTarget(pane), QStringLiteral("echo after-$((2+3))"));
    QTest::keyClick(keyTarget(pane), Qt::Key_Return);
    QVERIFY(waitForText(pane, QStringLiteral("\nafter-5")));
}

void tst_QTermWidgetView::pastedTextCannotEndThePaste()
{
    // Issue 27: QTermWidget brackets the clipboard as it finds it, ESCs and all; the view leaves
    // the controls out. An end marker nested so that removing it once leaves one
    // (ESC[20ESC[201~1~) arrives as text inside the one paste, and bash shows all of it on its
    // command line. (One line: a multi-line paste may ask QTermWidget's confirmation.)
    TerminalPane *pane = openPane();
    QVERIFY(waitForText(pane, QStringLiteral("$ ")));
    QGuiApplication::clipboard()->setText(
        QStringLiteral("echo one\x1b[20\x1b[201~1~; echo pasted-$((6*7))"));
    QTRY_VERIFY(keyTarget(pane)->hasFocus());
    pane->qtermWidgetView()->termWidget()->pasteClipboard();
    QVERIFY(waitForText(pane, QStringLiteral("$ echo one[20[201~1~; echo pasted-$((6*7))")));
    // Run as the user's one command line.
    QTest::keyClick(keyTarget(pane), Qt::Key_Return);
    QVERIFY(waitForText(pane, QStringLiteral("\none[20[201~1~\npasted-42")));
}

void tst_QTermWidgetView::sizeReachesTheProgram()
{
    TerminalPane *pane = openPane();
    QVERIFY(waitForText(pane, QStringLiteral("$ ")));
    Widgets::QTermWidgetView *view = pane->qtermWidgetView();
    QTRY_VERIFY(view->columns() > 20 && view->rows() > 5);
    auto askSize = [&](int round) {
        QTest::keyClicks(keyTarget(pane), QStringLiteral("echo size-%1-$(stty size)").arg(round));
        QTest::keyClick(keyTarget(pane), Qt::Key_Return);
        const QString expected =
            QStringLiteral("\nsize-%1-%2 %3").arg(round).arg(view->rows()).arg(view->columns());
        return waitForText(pane, expected);
    };
    QVERIFY(askSize(1));
    // Smaller: the program hears of it (SIGWINCH and the pty's size).
    const int columnsBefore = view->columns();
    m_area->resize(500, 300);
    QTRY_VERIFY(view->columns() < columnsBefore);
    QTest::qWait(100);
    QVERIFY(askSize(2));
}

void tst_QTermWidgetView::floodArrivesWhole()
{
    // Far more than a pty buffer holds: most of it waits in the view until QTermWidget has read
    // what came before, and none of it is lost or reordered.
    TerminalPane *pane =
        openPane(QStringLiteral("seq 1 200000; echo flood-done-$((100+23)); sleep 30"));
    QVERIFY(waitForText(pane, QStringLiteral("flood-done-123"), 120000));
    const QString text = pane->qtermWidgetView()->text();
    QVERIFY2(text.contains(QStringLiteral("\n199999\n200000\nflood-done-123")),
             qPrintable(text.right(200)));
}

void tst_QTermWidgetView::endlessFloodIsSkippedNotHoarded()
{
    // A program printing faster than QTermWidget parses, for longer than memory should hold:
    // what waits stays bounded, the terminal says that it skipped, and what comes after the
    // flood is shown.
    TerminalPane *pane = openPane(QStringLiteral(
        "head -c 60000000 /dev/zero | tr '\\0' x; echo; echo after-flood-$((40+2)); sleep 30"));
    Widgets::QTermWidgetView *view = pane->qtermWidgetView();
    QSignalSpy skipped(view, &Widgets::QTermWidgetView::outputSkipped);
    const QRegularExpression note(
        QStringLiteral("\\[[0-9.]+ MiB of output skipped: the terminal could not keep up\\]"));
    qsizetype mostPending = 0;
    bool noteShown = false;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 120000) {
        mostPending = std::max(mostPending, view->pendingBytes());
        const QString text = view->text();
        // Later output pushes it out of the scrollback again: seen at some time is enough.
        noteShown = noteShown || text.contains(note);
        if (text.contains(QLatin1String("after-flood-42")))
            break;
        QTest::qWait(20);
    }
    QVERIFY2(view->text().contains(QLatin1String("after-flood-42")), "the flood's end never came");
    QVERIFY2(mostPending <= Widgets::QTermWidgetView::PendingLimit,
             qPrintable(QString::number(mostPending)));
    QVERIFY(skipped.count() >= 1);
    QVERIFY(noteShown);
}

void tst_QTermWidgetView::titleAndExitReachThePane()
{
    TerminalPane *pane = openPane(
        QStringLiteral("printf '\\033]0;a-program-title\\007'; echo titled; sleep 0.5; exit 3"));
    QSignalSpy finished(pane, &TerminalPane::finished);
    QVERIFY(waitForText(pane, QStringLiteral("titled")));
    QTRY_COMPARE_WITH_TIMEOUT(pane->displayTitle(), QStringLiteral("a-program-title"), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
    QCOMPARE(pane->bannerText(), QStringLiteral("[Process exited with code 3]"));
}

void tst_QTermWidgetView::followsThePalette_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

// A light and a dark window: the terminal's background goes with it. Saved to
// <build>/screenshots/qtermwidget-{light,dark}.png to look at.
void tst_QTermWidgetView::followsThePalette()
{
    QFETCH(bool, dark);
    m_area->setPalette(dark ? Tests::darkPalette() : QPalette());
    TerminalPane *pane = openPane(QStringLiteral(
        "printf '\\033[1;32mgreen\\033[0m \\033[7mreverse\\033[0m \\033[34mblue\\033[0m\\r\\n'; "
        "sleep 30"));
    QVERIFY(waitForText(pane, QStringLiteral("green reverse blue")));
    QTest::qWait(200);
    const QImage shot = pane->grab().toImage();
    // Bottom right of the terminal: empty cells, the scheme's background.
    const QColor background = shot.pixelColor(shot.width() - 40, shot.height() - 20);
    QVERIFY2(dark ? background.lightness() < 80 : background.lightness() > 180,
             qPrintable(background.name()));
    const QString dir = QStringLiteral(TERRARIUM_BINARY_DIR "/screenshots");
    QDir().mkpath(dir);
    const QString name = QStringLiteral("%1/qtermwidget-%2.png")
                             .arg(dir, dark ? QStringLiteral("dark") : QStringLiteral("light"));
    QVERIFY(m_area->grab().save(name));
    qInfo().noquote() << "saved" << name;
}

QTEST_MAIN(tst_QTermWidgetView)
#include "tst_qtermwidgetview.moc"
