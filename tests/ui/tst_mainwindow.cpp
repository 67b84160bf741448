// The main window on its own (no app behind it): running a goal from the keyboard, the
// terminal area's place under the timeline and its splitter remembered, and the window's
// shortcuts reaching it from a focused terminal (a real shell on a local pty) while the
// program keeps its own keys.
#include "tests/support/LocalShell.h"
#include "ui/ChangeReviewPanel.h"
#include "ui/DiffView.h"
#include "ui/MainWindow.h"
#include "ui/PlanView.h"
#include "ui/RunTimeline.h"
#include "ui/ShortcutListDialog.h"
#include "ui/TerminalArea.h"
#include "ui/TerminalPane.h"
#include "ui/TerminalView.h"
#include "vm/LocalPtySession.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QKeyEvent>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSignalSpy>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <memory>

using namespace Terrarium;
using Widgets::MainWindow;
using Widgets::TerminalPane;

Q_DECLARE_METATYPE(Qt::KeyboardModifiers)

class tst_MainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void opensWithinTheScreen();
    void ctrlEnterRunsTheGoal();
    void runButtonRunsTheGoal();
    void emptyGoalDoesNothing();
    void terminalsOpenAtTwoFifthsOfTheColumn();
    void splitterPositionsAreKept();
    void windowShortcutsWorkInATerminal();
    void menusShowOnlyShortcutsATerminalLeaves();
    void programKeysStayInTheTerminal_data();
    void programKeysStayInTheTerminal();
    void ctrlCReachesTheProgram();
    void aNewTerminalsProgramHearsOfItsSizeOnce();
    void changeReviewTakesTheTimelinesPlace_data();
    void changeReviewTakesTheTimelinesPlace();
    void changeReviewOpensInAWindowOfItsOwn();
    void helpListsTheShortcutsAndTheGuide();

private:
    Vm::LocalPtySession *shell(QObject *parent);
    static bool waitForText(TerminalPane *pane, const QString &text, int timeoutMs = 10000);
    static double terminalShareOnScreen(const MainWindow &window);
    static QList<QAction *> menuActions(const MainWindow &window);
    // How many lines of the diff the change review has room for.
    static double diffLinesShown(const Widgets::ChangeReviewPanel *panel);

    QTemporaryDir m_dir;
};

Vm::LocalPtySession *tst_MainWindow::shell(QObject *parent)
{
    // The pane takes it and deletes it.
    return Tests::startLocalShell(parent, m_dir.path());
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

QList<QAction *> tst_MainWindow::menuActions(const MainWindow &window)
{
    QList<QAction *> actions;
    for (QAction *menuAction : window.menuBar()->actions()) {
        if (QMenu *menu = menuAction->menu()) {
            for (QAction *action : menu->actions()) {
                if (!action->isSeparator())
                    actions << action;
            }
        }
    }
    return actions;
}

double tst_MainWindow::diffLinesShown(const Widgets::ChangeReviewPanel *panel)
{
    // The diff's page of the review (the diff view, or a message in its place).
    const QWidget *diffArea = panel->diffView()->parentWidget();
    return double(diffArea->height()) / QFontMetrics(panel->diffView()->font()).lineSpacing();
}

void tst_MainWindow::opensWithinTheScreen()
{
    // A fresh start (no saved layout) on a small screen (the offscreen platform's is 800×800):
    // the window fits it, and at 1024×640 Run and the sandbox picker are on it.
    MainWindow window;
    const QRect available = window.screen()->availableGeometry();
    QVERIFY2(window.width() <= available.width() && window.height() <= available.height(),
             qPrintable(QStringLiteral("%1×%2 on a %3×%4 screen")
                            .arg(window.width())
                            .arg(window.height())
                            .arg(available.width())
                            .arg(available.height())));
    const QSize small(1024, 640);
    const QSize least = window.minimumSizeHint();
    QVERIFY2(
        least.width() <= small.width() && least.height() <= small.height(),
        qPrintable(QStringLiteral("needs at least %1×%2").arg(least.width()).arg(least.height())));
    window.resize(small);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.size(), small);
    QWidget *sandboxPicker = nullptr;
    for (QComboBox *box : window.findChildren<QComboBox *>()) {
        if (box->accessibleName() == QLatin1String("Sandbox"))
            sandboxPicker = box;
    }
    QVERIFY(sandboxPicker);
    for (QWidget *control :
         {window.findChild<QWidget *>(QStringLiteral("runButton")), sandboxPicker}) {
        QVERIFY(control && control->isVisible());
        const QRect shown(control->mapTo(&window, QPoint(0, 0)), control->size());
        QVERIFY2(window.rect().contains(shown),
                 qPrintable(QStringLiteral("%1 at %2,%3 %4×%5")
                                .arg(control->metaObject()->className())
                                .arg(shown.x())
                                .arg(shown.y())
                                .arg(shown.width())
                                .arg(shown.height())));
    }
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

void tst_MainWindow::windowShortcutsWorkInATerminal()
{
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    Widgets::TerminalArea *area = window.terminalArea();
    TerminalPane *first = area->openPane(shell(&window), QStringLiteral("Terminal 1 — host"));
    TerminalPane *second =
        area->splitCurrent(Qt::Horizontal, shell(&window), QStringLiteral("Terminal 2 — host"));
    QTRY_VERIFY(second->view()->hasFocus());
    QVERIFY(waitForText(second, QStringLiteral("$")));

    QSignalSpy terminals(&window, &MainWindow::terminalRequested);
    QSignalSpy splits(&window, &MainWindow::terminalSplitRequested);
    QSignalSpy consoles(&window, &MainWindow::consoleRequested);
    QSignalSpy settings(&window, &MainWindow::settingsRequested);
    QSignalSpy stops(&window, &MainWindow::stopRequested);
    QSignalSpy reviews(&window, &MainWindow::changesReviewRequested);
    const Qt::KeyboardModifiers ctrlShift = Qt::ControlModifier | Qt::ShiftModifier;

    QTest::keyClick(second->view(), Qt::Key_T, ctrlShift);
    QCOMPARE(terminals.count(), 1);
    QTest::keyClick(second->view(), Qt::Key_E, ctrlShift);
    QTest::keyClick(second->view(), Qt::Key_O, ctrlShift);
    QCOMPARE(splits.count(), 2);
    QCOMPARE(splits.at(0).first().value<Qt::Orientation>(), Qt::Horizontal);
    QCOMPARE(splits.at(1).first().value<Qt::Orientation>(), Qt::Vertical);
    QTest::keyClick(second->view(), Qt::Key_M, ctrlShift);
    QCOMPARE(consoles.count(), 1);
    QTest::keyClick(second->view(), Qt::Key_Comma, Qt::ControlModifier);
    QCOMPARE(settings.count(), 1);
    QTest::keyClick(second->view(), Qt::Key_R, ctrlShift);
    QCOMPARE(reviews.count(), 1);
    window.setBusy(true);
    QTest::keyClick(second->view(), Qt::Key_Period, Qt::ControlModifier);
    QCOMPARE(stops.count(), 1);
    window.setBusy(false);

    // Between panes, and closing one.
    QTest::keyClick(second->view(), Qt::Key_N, ctrlShift);
    QCOMPARE(area->currentPane(), first);
    QTRY_VERIFY(first->view()->hasFocus());
    QTest::keyClick(first->view(), Qt::Key_P, ctrlShift);
    QCOMPARE(area->currentPane(), second);
    QTRY_VERIFY(second->view()->hasFocus());
    QTest::keyClick(second->view(), Qt::Key_W, ctrlShift);
    QTRY_COMPARE(area->paneCount(), 1);
    QTRY_VERIFY(first->view()->hasFocus());

    // Out of the terminal to the plan and the goal.
    QTest::keyClick(first->view(), Qt::Key_1, Qt::ControlModifier);
    QTRY_VERIFY(window.planView()->isAncestorOf(QApplication::focusWidget())
                || window.planView() == QApplication::focusWidget());
    area->setCurrentPane(first);
    QTRY_VERIFY(first->view()->hasFocus());
    QTest::keyClick(first->view(), Qt::Key_G, ctrlShift);
    QTRY_VERIFY(window.goalEdit()->hasFocus());
}

void tst_MainWindow::menusShowOnlyShortcutsATerminalLeaves()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    TerminalPane *pane =
        window.terminalArea()->openPane(shell(&window), QStringLiteral("Terminal 1 — host"));
    QTRY_VERIFY(pane->view()->hasFocus());
    QHash<QKeySequence, QString> seen;
    for (QAction *action : menuActions(window)) {
        for (const QKeySequence &keys : action->shortcuts()) {
            // Two actions on the same keys would be ambiguous: Qt fires neither.
            QVERIFY2(!seen.contains(keys),
                     qPrintable(QStringLiteral("%1: %2 and %3")
                                    .arg(keys.toString(), seen.value(keys), action->text())));
            seen.insert(keys, action->text());
        }
        const QKeySequence shown = action->shortcut();
        if (shown.isEmpty())
            continue;
        // The shortcut the menu shows must not be one the terminal takes for its program.
        const QKeyCombination combination = shown[0];
        QKeyEvent override(QEvent::ShortcutOverride, combination.key(),
                           combination.keyboardModifiers());
        QApplication::sendEvent(pane->view(), &override);
        QVERIFY2(!override.isAccepted(),
                 qPrintable(QStringLiteral("%1 shows %2, which the terminal keeps")
                                .arg(action->text(), shown.toString())));
    }
    QVERIFY(seen.size() > 15);
}

void tst_MainWindow::programKeysStayInTheTerminal_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<Qt::KeyboardModifiers>("modifiers");
    QTest::newRow("Ctrl+C") << int(Qt::Key_C) << Qt::KeyboardModifiers(Qt::ControlModifier);
    QTest::newRow("Ctrl+D") << int(Qt::Key_D) << Qt::KeyboardModifiers(Qt::ControlModifier);
    QTest::newRow("Ctrl+P") << int(Qt::Key_P) << Qt::KeyboardModifiers(Qt::ControlModifier);
    QTest::newRow("Ctrl+L") << int(Qt::Key_L) << Qt::KeyboardModifiers(Qt::ControlModifier);
    QTest::newRow("Ctrl+O") << int(Qt::Key_O) << Qt::KeyboardModifiers(Qt::ControlModifier);
    QTest::newRow("Ctrl+Q") << int(Qt::Key_Q) << Qt::KeyboardModifiers(Qt::ControlModifier);
    QTest::newRow("Ctrl+W") << int(Qt::Key_W) << Qt::KeyboardModifiers(Qt::ControlModifier);
    QTest::newRow("Ctrl+Return") << int(Qt::Key_Return)
                                 << Qt::KeyboardModifiers(Qt::ControlModifier);
    QTest::newRow("Ctrl+Alt+T") << int(Qt::Key_T)
                                << Qt::KeyboardModifiers(Qt::ControlModifier | Qt::AltModifier);
    QTest::newRow("Alt+F") << int(Qt::Key_F) << Qt::KeyboardModifiers(Qt::AltModifier);
    QTest::newRow("F5") << int(Qt::Key_F5) << Qt::KeyboardModifiers();
}

void tst_MainWindow::programKeysStayInTheTerminal()
{
    // Keys a shell, vim or nano use are the program's even where the window has them too
    // (Ctrl+O opens a task file, Ctrl+Q quits, Ctrl+L focuses the goal outside a terminal).
    QFETCH(int, key);
    QFETCH(Qt::KeyboardModifiers, modifiers);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    TerminalPane *pane =
        window.terminalArea()->openPane(shell(&window), QStringLiteral("Terminal 1 — host"));
    QTRY_VERIFY(pane->view()->hasFocus());
    QKeyEvent override(QEvent::ShortcutOverride, key, modifiers);
    QApplication::sendEvent(pane->view(), &override);
    QVERIFY(override.isAccepted());
}

void tst_MainWindow::ctrlCReachesTheProgram()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    TerminalPane *pane =
        window.terminalArea()->openPane(shell(&window), QStringLiteral("Terminal 1 — host"));
    QTRY_VERIFY(pane->view()->hasFocus());
    QVERIFY(waitForText(pane, QStringLiteral("$")));
    // Once a command has run, the shell reads keys as a user types them (earlier, while it sets
    // up its terminal, it may drop some).
    QTest::keyClicks(pane->view(), QStringLiteral("echo ready-$((40+2))"));
    QTest::keyClick(pane->view(), Qt::Key_Return);
    QVERIFY(waitForText(pane, QStringLiteral("\nready-42")));
    // Ctrl+C at the prompt: the shell drops the line it was given (SIGINT, status 130).
    // Each step waits for the shell, as a user would: the terminal drops what is typed ahead
    // of an interrupt.
    QTest::keyClicks(pane->view(), QStringLiteral("echo never-run"));
    QVERIFY(waitForText(pane, QStringLiteral("echo never-run")));
    QTest::keyClick(pane->view(), Qt::Key_C, Qt::ControlModifier);
    QVERIFY(waitForText(pane, QStringLiteral("^C")));
    // A new prompt on the line after the dropped one.
    const QRegularExpression prompt(QStringLiteral("echo never-run\\^C\\n\\$"));
    QTRY_VERIFY2(pane->view()->screenText().contains(prompt),
                 qPrintable(pane->view()->screenText()));
    QTest::keyClicks(pane->view(), QStringLiteral("echo status-$?"));
    QTest::keyClick(pane->view(), Qt::Key_Return);
    QVERIFY2(waitForText(pane, QStringLiteral("\nstatus-130")),
             qPrintable(pane->view()->screenText()));
    QVERIFY(!pane->view()->screenText().contains(QLatin1String("\nnever-run")));
}

void tst_MainWindow::aNewTerminalsProgramHearsOfItsSizeOnce()
{
    // A pane passes through sizes nobody sees while the window lays it out (its default
    // geometry, its size hint, a splitter's first pass); the program in it hears only of the
    // size the pane keeps, as a full-screen program would draw it.
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    Vm::LocalPtySession *session = Tests::startLocalShell(
        &window, m_dir.path(),
        QStringLiteral("trap 'echo \"size $(stty size)\"' WINCH; echo started; "
                       "while :; do read -r -t 1 line; done"));
    QVERIFY(session);
    QByteArray output;
    connect(session, &Core::TerminalSession::received, &window,
            [&output](const QByteArray &data) { output += data; });
    QTRY_VERIFY(output.contains("started"));
    TerminalPane *pane = window.terminalArea()->openPane(session, QStringLiteral("Terminal 1"));
    const QByteArray kept = QByteArrayLiteral("size ") + QByteArray::number(pane->view()->lines())
        + ' ' + QByteArray::number(pane->view()->columns());
    QTRY_VERIFY2(output.contains("size "), output.constData());
    QTest::qWait(300);
    QCOMPARE(output.count("size "), 1);
    QVERIFY2(output.contains(kept), output.constData());
}

void tst_MainWindow::changeReviewTakesTheTimelinesPlace_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("terminal");
    QTest::newRow("1400x900") << QSize(1400, 900) << false;
    QTest::newRow("1400x900, a terminal open") << QSize(1400, 900) << true;
    QTest::newRow("1024x640") << QSize(1024, 640) << false;
}

void tst_MainWindow::changeReviewTakesTheTimelinesPlace()
{
    // Issue 28, item 12: shown between the timeline and the terminals, the review had room for
    // 4 to 16 diff lines. Shown in the window, it takes the timeline's place (the terminals keep
    // theirs); the timeline comes back when the review is done.
    QFETCH(QSize, size);
    QFETCH(bool, terminal);
    MainWindow window;
    window.resize(size);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    if (terminal) {
        window.terminalArea()->openPane(shell(&window), QStringLiteral("Terminal 1 — host"));
        QTRY_VERIFY(window.terminalArea()->height() > 0);
    }
    const int timelineBefore = window.timeline()->height();
    const int terminalsBefore = window.terminalArea()->height();
    Widgets::ChangeReviewPanel *review = window.changeReviewPanel();
    review->show(); // as app/WindowController does after a run on a copy
    QTRY_VERIFY(review->isVisible());
    QTRY_VERIFY2(diffLinesShown(review) >= 20,
                 qPrintable(QStringLiteral("%1 lines").arg(diffLinesShown(review))));
    QVERIFY(!window.timeline()->isVisible());
    QCOMPARE(window.terminalArea()->height(), terminalsBefore);

    review->hide();
    QTRY_VERIFY(window.timeline()->isVisible());
    QTRY_COMPARE(window.timeline()->height(), timelineBefore);
    QCOMPARE(window.terminalArea()->height(), terminalsBefore);
}

void tst_MainWindow::changeReviewOpensInAWindowOfItsOwn()
{
    // Where the column has no room (1024×640 with a terminal open: 11 lines), Open in Window
    // gives the review a window as large as the main one, and the timeline its place back.
    for (const QSize size : {QSize(1400, 900), QSize(1024, 640)}) {
        MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.terminalArea()->openPane(shell(&window), QStringLiteral("Terminal 1 — host"));
        QTRY_VERIFY(window.terminalArea()->height() > 0);
        const int timelineBefore = window.timeline()->height();
        Widgets::ChangeReviewPanel *review = window.changeReviewPanel();
        review->show();
        // The review page's button (the report page has one too).
        QPushButton *place = nullptr;
        for (QPushButton *button :
             review->findChildren<QPushButton *>(QStringLiteral("placeButton")))
            place = button->isVisible() ? button : place;
        QVERIFY(place);
        QCOMPARE(place->text(), QStringLiteral("Open in Window"));
        QTest::mouseClick(place, Qt::LeftButton);
        QDialog *own = window.changeReviewWindow();
        QVERIFY(own);
        QTRY_VERIFY(own->isVisible());
        QVERIFY(own->isAncestorOf(review));
        QTRY_VERIFY(review->isVisible());
        QTRY_VERIFY2(diffLinesShown(review) >= 20,
                     qPrintable(QStringLiteral("%1 lines").arg(diffLinesShown(review))));
        QTRY_VERIFY(window.timeline()->isVisible());
        QTRY_VERIFY2(qAbs(window.timeline()->height() - timelineBefore) <= 6, // a handle's width
                     qPrintable(QStringLiteral("%1 px, was %2 px")
                                    .arg(window.timeline()->height())
                                    .arg(timelineBefore)));

        // Back, and out again: the review done (hidden by the app) closes its window and is in
        // the main window's column the next time.
        QCOMPARE(place->text(), QStringLiteral("Back to the Main Window"));
        QTest::mouseClick(place, Qt::LeftButton);
        QTRY_VERIFY(!own->isVisible());
        QVERIFY(window.timelineSplitter()->isAncestorOf(review));
        QTRY_VERIFY(review->isVisible());
        QTRY_VERIFY(!window.timeline()->isVisible());
        QTest::mouseClick(place, Qt::LeftButton);
        QTRY_VERIFY(own->isVisible());
        review->hide();
        QTRY_VERIFY(!own->isVisible());
        QVERIFY(window.timelineSplitter()->isAncestorOf(review));
        QTRY_VERIFY2(qAbs(window.timeline()->height() - timelineBefore) <= 6, // a handle's width
                     qPrintable(QStringLiteral("%1 px, was %2 px")
                                    .arg(window.timeline()->height())
                                    .arg(timelineBefore)));
        review->show();
        QTRY_VERIFY(review->isVisible());
        QVERIFY(!own->isVisible());
        QVERIFY(!window.timeline()->isVisible());
        if (qEnvironmentVariableIsSet("TERRARIUM_SCREENSHOTS")) {
            window.grab().save(QStringLiteral("/tmp/review-window-%1.png").arg(size.width()));
            review->hide();
            QTest::mouseClick(place, Qt::LeftButton);
            review->show();
            QTRY_VERIFY(own->isVisible());
            own->grab().save(QStringLiteral("/tmp/review-own-%1.png").arg(size.width()));
        }
    }
}

void tst_MainWindow::helpListsTheShortcutsAndTheGuide()
{
    // Issue 28, item 13c: Help had only About.
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QMenu *help = nullptr;
    for (QAction *action : window.menuBar()->actions()) {
        if (action->text() == QLatin1String("&Help"))
            help = action->menu();
    }
    QVERIFY(help);
    QAction *shortcuts = nullptr;
    QAction *guide = nullptr;
    for (QAction *action : help->actions()) {
        if (action->objectName() == QLatin1String("keyboardShortcutsAction"))
            shortcuts = action;
        if (action->objectName() == QLatin1String("userGuideAction"))
            guide = action;
    }
    QVERIFY(shortcuts && guide);
    QCOMPARE(shortcuts->text(), QStringLiteral("&Keyboard Shortcuts"));
    QCOMPARE(guide->text(), QStringLiteral("&User Guide"));

    // The guide: a README that exists (the installed one, or this checkout's), at the window's
    // section. (Not opened here: that would start a viewer.)
    const QUrl url = MainWindow::userGuideUrl();
    QVERIFY(url.isLocalFile());
    QVERIFY2(QFileInfo::exists(url.toLocalFile()), qPrintable(url.toString()));
    QCOMPARE(url.fragment(), QStringLiteral("the-window"));
    QFile readme(url.toLocalFile());
    QVERIFY(readme.open(QIODevice::ReadOnly));
    QVERIFY(readme.readAll().contains("\n## The window\n"));

    // The list: every shortcut of every menu action, Run's Ctrl+Enter among them, read from
    // the actions (a shortcut added to one shows up).
    QAction *extra = new QAction(QStringLiteral("Something &New"), &window);
    extra->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_N));
    window.addAction(extra);
    shortcuts->trigger();
    auto *dialog = window.findChild<Widgets::ShortcutListDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QStringList rows;
    for (int i = 0; i < dialog->list()->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = dialog->list()->topLevelItem(i);
        rows << item->text(0) + QStringLiteral(": ") + item->text(1);
    }
    const QString all = rows.join(u'\n');
    const auto listed = [&all](const QString &what, const QKeySequence &keys) {
        return all.contains(what) && all.contains(keys.toString(QKeySequence::NativeText));
    };
    QVERIFY2(listed(QStringLiteral("Run › Run Goal"), QKeySequence(Qt::CTRL | Qt::Key_Return)),
             qPrintable(all));
    QVERIFY2(listed(QStringLiteral("Something New"), extra->shortcut()), qPrintable(all));
    for (QAction *action : menuActions(window)) {
        for (const QKeySequence &keys : action->shortcuts()) {
            QVERIFY2(
                all.contains(keys.toString(QKeySequence::NativeText)),
                qPrintable(
                    QStringLiteral("%1 (%2) not listed").arg(action->text(), keys.toString())));
        }
    }
    if (qEnvironmentVariableIsSet("TERRARIUM_SCREENSHOTS"))
        dialog->grab().save(QStringLiteral("/tmp/shortcuts.png"));
}

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
