// The main window on its own (no app behind it): running a goal from the keyboard, and the
// terminal area's place under the timeline (real shells on local ptys) with its splitter
// remembered.
#include "ui/MainWindow.h"
#include "ui/RunTimeline.h"
#include "ui/TerminalArea.h"
#include "ui/TerminalPane.h"
#include "ui/TerminalView.h"
#include "vm/LocalPtySession.h"

#include <QElapsedTimer>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Terrarium;
using Widgets::MainWindow;
using Widgets::TerminalPane;

class tst_MainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ctrlEnterRunsTheGoal();
    void runButtonRunsTheGoal();
    void emptyGoalDoesNothing();
    void terminalsOpenAtTwoFifthsOfTheColumn();
    void splitterPositionsAreKept();

private:
    Vm::LocalPtySession *shell(QObject *parent);
    static bool waitForText(TerminalPane *pane, const QString &text, int timeoutMs = 10000);
    static double terminalShareOnScreen(const MainWindow &window);

    QTemporaryDir m_dir;
};

Vm::LocalPtySession *tst_MainWindow::shell(QObject *parent)
{
    // The pane takes it and deletes it.
    auto *session = new Vm::LocalPtySession(parent);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TERM"), QStringLiteral("xterm-256color"));
    environment.insert(QStringLiteral("PS1"), QStringLiteral("$ "));
    environment.insert(QStringLiteral("HISTFILE"), QStringLiteral("/dev/null"));
    const auto started = session->start({QStringLiteral("bash"), QStringLiteral("--norc"),
                                         QStringLiteral("--noprofile"), QStringLiteral("-i")},
                                        m_dir.path(), environment, 80, 24);
    if (!started) {
        qWarning().noquote() << started.error().message;
        return nullptr;
    }
    return session;
}

bool tst_MainWindow::waitForText(TerminalPane *pane, const QString &text, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!pane->view()->screenText().contains(text)) {
        if (clock.elapsed() > timeoutMs)
            return false;
        QTest::qWait(10);
    }
    return true;
}

double tst_MainWindow::terminalShareOnScreen(const MainWindow &window)
{
    const int terminals = window.terminalArea()->height();
    const int timeline = window.timeline()->height();
    return double(terminals) / (terminals + timeline);
}

void tst_MainWindow::ctrlEnterRunsTheGoal()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy runs(&window, &MainWindow::runRequested);
    auto *goal = window.findChild<QPlainTextEdit *>();
    QVERIFY(goal);
    goal->setFocus();
    QTest::keyClicks(goal, QStringLiteral("  print config.txt  "));
    QTest::keyClick(goal, Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(runs.count(), 1);
    QCOMPARE(runs.first().first().toString(), QStringLiteral("print config.txt"));
}

void tst_MainWindow::runButtonRunsTheGoal()
{
    MainWindow window;
    window.show();
    QSignalSpy runs(&window, &MainWindow::runRequested);
    window.findChild<QPlainTextEdit *>()->setPlainText(QStringLiteral("list files"));
    auto *run = window.findChild<QPushButton *>();
    QVERIFY(run);
    QTest::mouseClick(run, Qt::LeftButton);
    QCOMPARE(runs.count(), 1);
    QCOMPARE(window.windowTitle(), QStringLiteral("Terrarium"));
}

void tst_MainWindow::emptyGoalDoesNothing()
{
    MainWindow window;
    window.show();
    QSignalSpy runs(&window, &MainWindow::runRequested);
    QTest::mouseClick(window.findChild<QPushButton *>(), Qt::LeftButton);
    QCOMPARE(runs.count(), 0);
}

void tst_MainWindow::terminalsOpenAtTwoFifthsOfTheColumn()
{
    // At both acceptance sizes the timeline keeps most of the column.
    for (const QSize size : {QSize(1400, 900), QSize(1024, 640)}) {
        MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const int timelineBefore = window.timeline()->height();
        window.terminalArea()->openPane(shell(&window), QStringLiteral("Terminal 1 — host"));
        QTRY_VERIFY(window.terminalArea()->isVisible());
        QTRY_VERIFY(window.terminalArea()->height() > 0); // laid out
        QVERIFY2(qAbs(terminalShareOnScreen(window) - 0.4) < 0.02,
                 qPrintable(QStringLiteral("%1x%2: terminals %3 px, timeline %4 px (was %5 px)")
                                .arg(size.width())
                                .arg(size.height())
                                .arg(window.terminalArea()->height())
                                .arg(window.timeline()->height())
                                .arg(timelineBefore)));

        // Closing the last pane gives the timeline its room back.
        window.terminalArea()->closeCurrentPane();
        QTRY_VERIFY(!window.terminalArea()->isVisible());
        QTRY_COMPARE(window.timeline()->height(), timelineBefore);
    }
}

void tst_MainWindow::splitterPositionsAreKept()
{
    QByteArray state;
    int planWidth = 0;
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.terminalArea()->openPane(shell(&window), QStringLiteral("Terminal 1 — host"));
        QTRY_VERIFY(window.terminalArea()->isVisible());

        // The user drags the handle between the timeline and the terminals up, to 60 %.
        QSplitter *column = window.timelineSplitter();
        QSplitterHandle *handle = column->handle(column->indexOf(window.terminalArea()));
        QTRY_COMPARE(handle->y(), window.timeline()->height()); // laid out
        const int total = window.timeline()->height() + window.terminalArea()->height();
        const int moveBy = window.terminalArea()->height() - int(total * 0.6);
        const QPoint grip = handle->rect().center();
        // The handle follows the mouse: positions after the move are relative to where it went.
        QTest::mousePress(handle, Qt::LeftButton, {}, grip);
        QTest::mouseMove(handle, grip + QPoint(0, moveBy));
        QTest::mouseRelease(handle, Qt::LeftButton, {}, grip);
        QTRY_VERIFY(qAbs(terminalShareOnScreen(window) - 0.6) < 0.02);
        QVERIFY(qAbs(window.terminalShare() - 0.6) < 0.02);

        // And the plan column wider.
        auto *columns = qobject_cast<QSplitter *>(column->parentWidget());
        QVERIFY(columns);
        QList<int> sizes = columns->sizes();
        sizes[0] += 120;
        sizes[1] -= 120;
        columns->setSizes(sizes);
        planWidth = columns->sizes().at(0);

        // Closing the terminals and opening one again keeps the user's height.
        window.terminalArea()->closeCurrentPane();
        QTRY_VERIFY(!window.terminalArea()->isVisible());
        window.terminalArea()->openPane(shell(&window), QStringLiteral("Terminal 2 — host"));
        QTRY_VERIFY(window.terminalArea()->isVisible());
        QVERIFY(qAbs(terminalShareOnScreen(window) - 0.6) < 0.02);
        state = window.layoutState();
    }

    // The next window, given what this one kept, looks the same.
    MainWindow window;
    window.resize(1400, 900);
    QVERIFY(window.restoreLayoutState(state));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *columns = qobject_cast<QSplitter *>(window.timelineSplitter()->parentWidget());
    QTRY_VERIFY(qAbs(columns->sizes().at(0) - planWidth) <= 2);
    window.terminalArea()->openPane(shell(&window), QStringLiteral("Terminal 1 — host"));
    QTRY_VERIFY(window.terminalArea()->isVisible());
    QVERIFY(qAbs(terminalShareOnScreen(window) - 0.6) < 0.02);

    // Anything else is refused and changes nothing.
    QVERIFY(!window.restoreLayoutState(QByteArray("not a layout")));
    QVERIFY(!window.restoreLayoutState({}));
    QVERIFY(qAbs(window.terminalShare() - 0.6) < 0.02);
}

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
