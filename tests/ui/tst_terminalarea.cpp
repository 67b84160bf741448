// TerminalArea and TerminalPane with real shells on local ptys: tabs, splits in both directions,
// closing panes and tabs (which ends their programs), focus moving between panes, the keyboard
// shortcuts reaching the area through a focused terminal, "[Process exited with code N]", and the
// disconnected banner with its Reconnect button.
#include "core/terminal/TerminalSession.h"
#include "tests/TestPaths.h"
#include "tests/support/LocalShell.h"
#include "ui/TerminalArea.h"
#include "ui/TerminalPane.h"
#include "ui/TerminalView.h"
#include "vm/LocalPtySession.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QSplitter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Terrarium;
using Widgets::TerminalArea;
using Widgets::TerminalPane;

class tst_TerminalArea : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void emptyAreaSaysHowToOpenOne();
    void openPaneMakesATab();
    void splitsInBothDirections();
    void closingPanesFoldsSplitters();
    void closingAPaneEndsItsProgram();
    void closingATabClosesItsPanes();
    void focusMovesBetweenPanes();
    void shortcutsFromAFocusedTerminal();
    void exitedProgramIsShown_data();
    void exitedProgramIsShown();
    void disconnectedBannerOffersReconnect();
    void programTitleReachesTheTab();
    void longTitlesAreElidedInTheTab();
    void pictures_data();
    void pictures();

private:
    Vm::LocalPtySession *shell(const QString &command = {});
    static bool waitForText(TerminalPane *pane, const QString &text, int timeoutMs = 10000);

    std::unique_ptr<TerminalArea> m_area;
    QTemporaryDir m_dir;
};

void tst_TerminalArea::init()
{
    m_area = std::make_unique<TerminalArea>();
    m_area->resize(1000, 700);
    m_area->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_area.get()));
    m_area->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_area.get()));
}

void tst_TerminalArea::cleanup()
{
    m_area.reset();
}

Vm::LocalPtySession *tst_TerminalArea::shell(const QString &command)
{
    // The area holds it until a pane takes it; the pane deletes it.
    return Tests::startLocalShell(m_area.get(), m_dir.path(), command);
}

bool tst_TerminalArea::waitForText(TerminalPane *pane, const QString &text, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!pane->view()->screenText().contains(text)) {
        if (clock.elapsed() > timeoutMs) {
            qWarning().noquote() << "no" << text << "in a" << pane->view()->columns() << "x"
                                 << pane->view()->lines() << "pane showing:\n"
                                 << pane->view()->screenText();
            return false;
        }
        QTest::qWait(10);
    }
    return true;
}

void tst_TerminalArea::emptyAreaSaysHowToOpenOne()
{
    QCOMPARE(m_area->paneCount(), 0);
    QVERIFY(!m_area->tabWidget()->isVisible());
    QCOMPARE(m_area->currentPane(), nullptr);
}

void tst_TerminalArea::openPaneMakesATab()
{
    QSignalSpy count(m_area.get(), &TerminalArea::paneCountChanged);
    TerminalPane *first = m_area->openPane(shell(), QStringLiteral("host: one"));
    QVERIFY(m_area->tabWidget()->isVisible());
    TerminalPane *second =
        m_area->openPane(shell(), QStringLiteral("host: two"), QStringLiteral("sandbox-b"));
    QCOMPARE(m_area->tabCount(), 2);
    QCOMPARE(m_area->paneCount(), 2);
    QCOMPARE(count.count(), 2);
    QCOMPARE(m_area->currentPane(), second);
    QCOMPARE(m_area->tabWidget()->tabText(0), QStringLiteral("host: one"));
    QCOMPARE(m_area->tabWidget()->tabText(1), QStringLiteral("host: two"));
    QCOMPARE(m_area->panesOf(QStringLiteral("sandbox-b")), QList<TerminalPane *>{second});
    // A single pane shows no header of its own: the tab says it all.
    QVERIFY(!first->isHeaderVisible());
    QVERIFY(waitForText(first, QStringLiteral("$")));
    QTRY_VERIFY(second->view()->hasFocus());
    QTest::keyClicks(second->view(), QStringLiteral("echo in-two"));
    QTest::keyClick(second->view(), Qt::Key_Return);
    QVERIFY(waitForText(second, QStringLiteral("\nin-two")));
    QVERIFY(!first->view()->screenText().contains(QLatin1String("in-two")));
}

void tst_TerminalArea::splitsInBothDirections()
{
    TerminalPane *first = m_area->openPane(shell(), QStringLiteral("host"), QStringLiteral("h"));
    TerminalPane *right = m_area->splitCurrent(Qt::Horizontal, shell());
    QCOMPARE(m_area->tabCount(), 1);
    QCOMPARE(m_area->paneCount(), 2);
    QCOMPARE(right->title(), QStringLiteral("host"));
    QCOMPARE(right->origin(), QStringLiteral("h"));
    QCOMPARE(m_area->currentPane(), right);
    auto *root = qobject_cast<QSplitter *>(m_area->tabWidget()->widget(0));
    QVERIFY(root);
    QCOMPARE(root->orientation(), Qt::Horizontal);
    QCOMPARE(root->count(), 2);
    QVERIFY(first->isHeaderVisible() && right->isHeaderVisible());
    QTRY_VERIFY(right->view()->x() > first->view()->x() + first->view()->width() / 2
                || right->mapTo(m_area.get(), QPoint()).x()
                    > first->mapTo(m_area.get(), QPoint()).x());

    // Splitting the right pane downwards nests a vertical splitter where it was.
    TerminalPane *below = m_area->splitCurrent(Qt::Vertical, shell());
    QCOMPARE(m_area->paneCount(), 3);
    QCOMPARE(m_area->panesInTab(0), (QList<TerminalPane *>{first, right, below}));
    QCOMPARE(root->count(), 2);
    auto *nested = qobject_cast<QSplitter *>(root->widget(1));
    QVERIFY(nested);
    QCOMPARE(nested->orientation(), Qt::Vertical);
    QCOMPARE(nested->widget(0), right);
    QCOMPARE(nested->widget(1), below);
    QTest::qWait(50);
    const QPoint rightAt = right->mapTo(m_area.get(), QPoint());
    const QPoint belowAt = below->mapTo(m_area.get(), QPoint());
    QCOMPARE(belowAt.x(), rightAt.x());
    QVERIFY(belowAt.y() > rightAt.y());
    // Each terminal got a size of its own, and its program was told.
    QTRY_VERIFY(below->view()->lines() < first->view()->lines());
    QTRY_VERIFY(right->view()->columns() < 80 || first->view()->columns() < 100);
    QVERIFY(waitForText(below, QStringLiteral("$")));
    QTest::keyClicks(below->view(), QStringLiteral("stty size"));
    QTest::keyClick(below->view(), Qt::Key_Return);
    QVERIFY(waitForText(
        below,
        QStringLiteral("\n%1 %2").arg(below->view()->lines()).arg(below->view()->columns())));
}

void tst_TerminalArea::closingPanesFoldsSplitters()
{
    TerminalPane *first = m_area->openPane(shell(), QStringLiteral("host"));
    TerminalPane *right = m_area->splitCurrent(Qt::Horizontal, shell());
    TerminalPane *below = m_area->splitCurrent(Qt::Vertical, shell());
    auto *root = qobject_cast<QSplitter *>(m_area->tabWidget()->widget(0));
    m_area->closePane(right);
    // The nested splitter had only `below` left: it folded into the root.
    QCOMPARE(m_area->paneCount(), 2);
    QCOMPARE(root->count(), 2);
    QCOMPARE(root->widget(0), first);
    QCOMPARE(root->widget(1), below);
    QCOMPARE(m_area->currentPane(), below);
    QTest::keyClick(below->view(), Qt::Key_W, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(m_area->paneCount(), 1);
    QCOMPARE(m_area->currentPane(), first);
    QVERIFY(!first->isHeaderVisible());
    m_area->closeCurrentPane();
    QCOMPARE(m_area->paneCount(), 0);
    QCOMPARE(m_area->tabCount(), 0);
    QVERIFY(!m_area->tabWidget()->isVisible());
}

void tst_TerminalArea::closingAPaneEndsItsProgram()
{
    Vm::LocalPtySession *session = shell();
    QVERIFY(session);
    const qint64 pid = session->processId();
    QPointer<Vm::LocalPtySession> alive(session);
    TerminalPane *pane = m_area->openPane(session, QStringLiteral("host"));
    QVERIFY(waitForText(pane, QStringLiteral("$")));
    m_area->closePane(pane);
    QTRY_VERIFY_WITH_TIMEOUT(alive.isNull(), 5000);
    // The shell is gone (reaped by the session's destructor).
    QTRY_VERIFY_WITH_TIMEOUT(!QFile::exists(QStringLiteral("/proc/%1").arg(pid)), 5000);
}

void tst_TerminalArea::closingATabClosesItsPanes()
{
    m_area->openPane(shell(), QStringLiteral("one"));
    m_area->openPane(shell(), QStringLiteral("two"));
    m_area->splitCurrent(Qt::Horizontal, shell());
    QCOMPARE(m_area->paneCount(), 3);
    Q_EMIT m_area->tabWidget()->tabCloseRequested(1);
    QCOMPARE(m_area->tabCount(), 1);
    QCOMPARE(m_area->paneCount(), 1);
    QCOMPARE(m_area->tabWidget()->tabText(0), QStringLiteral("one"));
}

void tst_TerminalArea::focusMovesBetweenPanes()
{
    TerminalPane *first = m_area->openPane(shell(), QStringLiteral("host"));
    TerminalPane *second = m_area->splitCurrent(Qt::Horizontal, shell());
    TerminalPane *third = m_area->splitCurrent(Qt::Vertical, shell());
    QSignalSpy current(m_area.get(), &TerminalArea::currentPaneChanged);
    QCOMPARE(m_area->currentPane(), third);
    QVERIFY(third->isActive());
    m_area->focusNextPane();
    QCOMPARE(m_area->currentPane(), first);
    QTRY_VERIFY(first->view()->hasFocus());
    QVERIFY(first->isActive() && !third->isActive());
    QTest::keyClick(first->view(), Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(m_area->currentPane(), second);
    QTest::keyClick(second->view(), Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(m_area->currentPane(), first);
    QCOMPARE(current.count(), 3);
    // Clicking into a terminal makes its pane the current one.
    QTest::mouseClick(third->view()->viewport(), Qt::LeftButton);
    third->view()->setFocus(Qt::MouseFocusReason);
    QCOMPARE(m_area->currentPane(), third);
}

void tst_TerminalArea::shortcutsFromAFocusedTerminal()
{
    TerminalPane *pane = m_area->openPane(shell(), QStringLiteral("host"));
    QTRY_VERIFY(pane->view()->hasFocus());
    QSignalSpy newPane(m_area.get(), &TerminalArea::newPaneRequested);
    QSignalSpy split(m_area.get(), &TerminalArea::splitRequested);
    QTest::keyClick(pane->view(), Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(newPane.count(), 1);
    QTest::keyClick(pane->view(), Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier);
    QTest::keyClick(pane->view(), Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(split.count(), 2);
    QCOMPARE(split.at(0).first().value<Qt::Orientation>(), Qt::Horizontal);
    QCOMPARE(split.at(1).first().value<Qt::Orientation>(), Qt::Vertical);
    // The terminal's own Ctrl+letters stay the terminal's: Ctrl+W reaches the shell (erases a
    // word) instead of closing anything.
    QVERIFY(waitForText(pane, QStringLiteral("$")));
    QTest::keyClicks(pane->view(), QStringLiteral("echo keep erased"));
    QTest::keyClick(pane->view(), Qt::Key_W, Qt::ControlModifier);
    QTest::keyClick(pane->view(), Qt::Key_Return);
    QVERIFY(waitForText(pane, QStringLiteral("\nkeep")));
    QVERIFY(!pane->view()->screenText().contains(QLatin1String("\nkeep erased")));
    QCOMPARE(m_area->paneCount(), 1);
}

void tst_TerminalArea::exitedProgramIsShown_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("success") << "exit 0" << 0;
    QTest::newRow("failure") << "exit 3" << 3;
    QTest::newRow("killed") << "kill -KILL $$" << 128 + 9;
}

void tst_TerminalArea::exitedProgramIsShown()
{
    QFETCH(QString, command);
    QFETCH(int, exitCode);
    TerminalPane *pane = m_area->openPane(shell(), QStringLiteral("host"));
    QSignalSpy finished(pane, &TerminalPane::finished);
    QSignalSpy reconnect(m_area.get(), &TerminalArea::reconnectRequested);
    QVERIFY(waitForText(pane, QStringLiteral("$")));
    QTest::keyClicks(pane->view(), command);
    QTest::keyClick(pane->view(), Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
    QCOMPARE(pane->exitCode(), std::optional<int>(exitCode));
    QCOMPARE(pane->bannerText(), QStringLiteral("[Process exited with code %1]").arg(exitCode));
    QVERIFY(pane->reconnectButton()->isVisible());
    QCOMPARE(pane->reconnectButton()->text(), QStringLiteral("Restart"));
    // Restart asks the window for a session, which comes back into the same pane.
    pane->reconnectButton()->click();
    QCOMPARE(reconnect.count(), 1);
    QCOMPARE(reconnect.first().first().value<TerminalPane *>(), pane);
    const qsizetype prompts = pane->view()->screenText().count(u'$');
    pane->setSession(shell());
    QCOMPARE(pane->bannerText(), QString());
    QVERIFY(!pane->isFinished());
    // Typed once the new shell shows its prompt, as a user would: keys typed before the shell
    // has set up its terminal may be dropped by it.
    QTRY_VERIFY_WITH_TIMEOUT(pane->view()->screenText().count(u'$') > prompts, 10000);
    QTest::keyClicks(pane->view(), QStringLiteral("echo again"));
    QTest::keyClick(pane->view(), Qt::Key_Return);
    QVERIFY(waitForText(pane, QStringLiteral("\nagain")));
    // Close on the banner closes the pane.
    QTest::keyClick(pane->view(), Qt::Key_D, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(pane->isFinished(), 10000);
    pane->closeButton()->click();
    QCOMPARE(m_area->paneCount(), 0);
}

void tst_TerminalArea::disconnectedBannerOffersReconnect()
{
    TerminalPane *pane =
        m_area->openPane(shell(), QStringLiteral("podman: box"), QStringLiteral("box"));
    QVERIFY(waitForText(pane, QStringLiteral("$")));
    QSignalSpy reconnect(m_area.get(), &TerminalArea::reconnectRequested);
    // The sandbox went away: its session ends first (the channel closed), then the window
    // says why.
    pane->session()->close();
    QTRY_VERIFY_WITH_TIMEOUT(pane->isFinished(), 10000);
    for (TerminalPane *gone : m_area->panesOf(QStringLiteral("box")))
        gone->setDisconnected(QStringLiteral("The sandbox “box” stopped."));
    QVERIFY(pane->isDisconnected());
    QCOMPARE(pane->bannerText(), QStringLiteral("The sandbox “box” stopped."));
    QCOMPARE(pane->reconnectButton()->text(), QStringLiteral("Reconnect"));
    QVERIFY(pane->reconnectButton()->isVisible());
    QVERIFY(!m_area->tabWidget()->tabIcon(0).isNull());
    QTest::mouseClick(pane->reconnectButton(), Qt::LeftButton);
    QCOMPARE(reconnect.count(), 1);
    QCOMPARE(reconnect.first().first().value<TerminalPane *>(), pane);
    pane->setSession(shell());
    QVERIFY(!pane->isDisconnected());
    QCOMPARE(pane->bannerText(), QString());
    QTest::keyClicks(pane->view(), QStringLiteral("echo back"));
    QTest::keyClick(pane->view(), Qt::Key_Return);
    QVERIFY(waitForText(pane, QStringLiteral("\nback")));
}

void tst_TerminalArea::programTitleReachesTheTab()
{
    TerminalPane *pane = m_area->openPane(shell(), QStringLiteral("host"));
    QVERIFY(waitForText(pane, QStringLiteral("$")));
    QTest::keyClicks(pane->view(), QStringLiteral("printf '\\033]0;my title\\007'"));
    QTest::keyClick(pane->view(), Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(pane->displayTitle(), QStringLiteral("my title"), 5000);
    // The pane's own title first (which sandbox), then the program's (where in it).
    QCOMPARE(m_area->tabWidget()->tabText(0), QStringLiteral("host — my title"));
    QCOMPARE(m_area->tabWidget()->tabToolTip(0), QStringLiteral("host — my title"));
    QCOMPARE(pane->title(), QStringLiteral("host"));
}

void tst_TerminalArea::longTitlesAreElidedInTheTab()
{
    const QString title = QStringLiteral("Terminal 12 — podman (terrarium-0123456789ab)");
    TerminalPane *pane = m_area->openPane(shell(), title);
    QCOMPARE(m_area->tabWidget()->tabText(0), title);
    QVERIFY(waitForText(pane, QStringLiteral("$")));
    // A program's long title: the tab keeps the start, the tooltip has it all.
    const QString program(80, QLatin1Char('x'));
    QTest::keyClicks(pane->view(), QStringLiteral("printf '\\033]0;%1\\007'").arg(program));
    QTest::keyClick(pane->view(), Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(pane->displayTitle(), program, 5000);
    const QString full = title + QStringLiteral(" — ") + program;
    QCOMPARE(m_area->tabWidget()->tabToolTip(0), full);
    const QString shown = m_area->tabWidget()->tabText(0);
    QVERIFY2(shown.startsWith(title) && shown.endsWith(QChar(0x2026)) && shown.size() < full.size(),
             qPrintable(shown));
}

void tst_TerminalArea::pictures_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

// Three panes (one exited, one disconnected) in a split tab, saved to
// <build>/screenshots/terminalarea-{light,dark}.png to look at.
void tst_TerminalArea::pictures()
{
    QFETCH(bool, dark);
    QPalette palette;
    if (dark) {
        palette.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        palette.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
        palette.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        palette.setColor(QPalette::Text, QColor(0xdd, 0xdd, 0xdd));
        palette.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
        palette.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
        palette.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
        palette.setColor(QPalette::HighlightedText, Qt::white);
    }
    m_area->setPalette(palette);
    TerminalPane *left = m_area->openPane(shell(), QStringLiteral("podman: box"));
    TerminalPane *right = m_area->splitCurrent(Qt::Horizontal, shell());
    TerminalPane *below = m_area->splitCurrent(Qt::Vertical, shell(QStringLiteral("exit 2")));
    QVERIFY(waitForText(left, QStringLiteral("$")));
    // Typed through the view (QTest cannot type CJK).
    left->view()->sendText(
        QStringLiteral("printf '\\033[1;32mgreen\\033[0m \\033[7mreverse\\033[0m 中文\\n'\r"));
    QVERIFY(waitForText(left, QStringLiteral("\ngreen reverse 中文")));
    QTRY_VERIFY_WITH_TIMEOUT(below->isFinished(), 10000);
    QVERIFY(waitForText(right, QStringLiteral("$")));
    right->session()->close();
    QTRY_VERIFY_WITH_TIMEOUT(right->isFinished(), 10000);
    right->setDisconnected(QStringLiteral("The sandbox “box” stopped."));
    m_area->setCurrentPane(left);
    QTest::qWait(100);
    // The terminals follow the palette.
    QCOMPARE(left->view()->colorScheme().isDark(), dark);
    QVERIFY(left->isActive() && !right->isActive());
    QVERIFY(right->reconnectButton()->isVisible() && below->reconnectButton()->isVisible());
    const QString dir = QStringLiteral(TERRARIUM_BINARY_DIR "/screenshots");
    QDir().mkpath(dir);
    const QString name = QStringLiteral("%1/terminalarea-%2.png")
                             .arg(dir, dark ? QStringLiteral("dark") : QStringLiteral("light"));
    QVERIFY(m_area->grab().save(name));
    qInfo().noquote() << "saved" << name;
}

QTEST_MAIN(tst_TerminalArea)
#include "tst_terminalarea.moc"
