#include "ui/MainWindow.h"

#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using Terrarium::Widgets::MainWindow;

class tst_MainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ctrlEnterRunsTheGoal();
    void runButtonRunsTheGoal();
    void emptyGoalDoesNothing();
};

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

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
