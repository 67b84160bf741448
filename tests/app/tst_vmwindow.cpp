// The window with a real libvirt VM, used as a new user would: a run in a VM, its changes
// reviewed in the window and applied only as ticked, the VM's serial console in a terminal
// pane, and a risky step undone from its card after the run. Screenshots go to
// <build>/screenshots (08-vm-run.png, 09-vm-console.png, 10-vm-undo-step.png).
#include "app/RunSession.h"
#include "app/WindowController.h"
#include "core/agent/Orchestrator.h"
#include "core/agent/PlanModel.h"
#include "tests/TestPaths.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"
#include "ui/ChangeReviewPanel.h"
#include "ui/MainWindow.h"
#include "ui/RunTimeline.h"
#include "ui/StepCard.h"
#include "ui/TerminalArea.h"
#include "ui/TerminalPane.h"
#include "ui/TerminalView.h"
#include "ui/WorkspaceChangeModel.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium;
using Core::LlmProvider;
using Core::RunState;
using Tests::LlmTestServer;
using Tests::ScriptedTurns;

class tst_VmWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void runInAVmReviewAndConsole();
    void undoAStepAfterTheRun();

private:
    QByteArray read(const QString &name) const;
    void screenshot(const QString &name);

    QTemporaryDir m_dir;
    QString m_workspace;
    LlmTestServer m_server;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<Widgets::MainWindow> m_window;
    std::unique_ptr<App::WindowController> m_controller;
    QList<RunState> m_ended;
};

void tst_VmWindow::initTestCase()
{
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("workspace")));
    m_workspace = m_dir.filePath(QStringLiteral("workspace"));
    QFile hello(QDir(m_workspace).filePath(QStringLiteral("hello.txt")));
    QVERIFY(hello.open(QIODevice::WriteOnly));
    hello.write("hello from the host\n");
    hello.close();
    QVERIFY(m_server.listen());
    m_settings = std::make_unique<QSettings>(m_dir.filePath(QStringLiteral("terrarium.conf")),
                                             QSettings::IniFormat);
    m_settings->setValue(QStringLiteral("llm/provider"), QStringLiteral("chat"));
    m_settings->setValue(QStringLiteral("llm/base_url"), m_server.baseUrl().toString());
    m_settings->setValue(QStringLiteral("llm/model"), QStringLiteral("test-model"));
    m_settings->setValue(QStringLiteral("sandbox/kind"), QStringLiteral("libvirt"));
    m_settings->setValue(QStringLiteral("sandbox/workspace"), m_workspace);
    m_settings->setValue(QStringLiteral("sandbox/memory_mib"), 512);
    m_settings->sync();

    m_window = std::make_unique<Widgets::MainWindow>();
    m_controller = std::make_unique<App::WindowController>(m_window.get(), m_settings.get(),
                                                           Core::ConfigOverrides());
    connect(m_controller.get(), &App::WindowController::runEnded, this,
            [this](RunState state) { m_ended << state; });
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void tst_VmWindow::cleanupTestCase()
{
    // Closing the window lets the held VM go, as the app does before it quits.
    QSignalSpy shutDown(m_controller.get(), &App::WindowController::shutDown);
    m_window->close();
    QVERIFY(shutDown.wait(60000));
    m_controller.reset();
    m_window.reset();
}

QByteArray tst_VmWindow::read(const QString &name) const
{
    QFile file(QDir(m_workspace).filePath(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(missing)");
}

void tst_VmWindow::screenshot(const QString &name)
{
    const QString directory = QStringLiteral(TERRARIUM_BINARY_DIR "/screenshots");
    QDir().mkpath(directory);
    QVERIFY(m_window->grab().save(directory + u'/' + name));
}

void tst_VmWindow::runInAVmReviewAndConsole()
{
    const auto provider = LlmProvider::ChatCompletions;
    m_server.enqueue(ScriptedTurns::plan(
        provider, {QStringLiteral("Update the greeting"), QStringLiteral("Write the notes")}));
    m_server.enqueue(ScriptedTurns::command(
        provider, QStringLiteral("cat hello.txt && echo 'hello from the VM' > hello.txt")));
    m_server.enqueue(ScriptedTurns::command(
        provider, QStringLiteral("printf 'kernel: %s\\n' \"$(uname -r)\" | tee notes.txt")));
    m_window->setGoal(QStringLiteral("update the greeting and write notes"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QElapsedTimer clock;
    clock.start();
    while (m_ended.isEmpty() && clock.elapsed() < 300000)
        QTest::qWait(20);
    QVERIFY(!m_ended.isEmpty());
    QCOMPARE(m_ended.first(), RunState::Success);

    // The changes wait for the user; the host folder is as it was.
    Widgets::ChangeReviewPanel *panel = m_window->changeReviewPanel();
    QTRY_VERIFY_WITH_TIMEOUT(panel->isVisible(), 60000);
    QCOMPARE(panel->model()->rowCount(), 2);
    QCOMPARE(read(QStringLiteral("hello.txt")), QByteArray("hello from the host\n"));
    QVERIFY(!QFile::exists(QDir(m_workspace).filePath(QStringLiteral("notes.txt"))));
    screenshot(QStringLiteral("08-vm-run.png"));

    // Only the greeting is accepted.
    for (int row = 0; row < panel->model()->rowCount(); ++row)
        panel->model()->setChecked(row,
                                   panel->model()->change(row).path == QLatin1String("hello.txt"));
    QPushButton *apply = nullptr;
    for (QPushButton *button : panel->findChildren<QPushButton *>())
        if (button->text().contains(QLatin1String("Apply")))
            apply = button;
    QVERIFY(apply);
    QTest::mouseClick(apply, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(panel->isShowingReport(), 30000);
    QCOMPARE(read(QStringLiteral("hello.txt")), QByteArray("hello from the VM\n"));
    QVERIFY(!QFile::exists(QDir(m_workspace).filePath(QStringLiteral("notes.txt"))));

    // The VM's serial console, typed into.
    Q_EMIT m_window->consoleRequested();
    QCOMPARE(m_window->terminalArea()->paneCount(), 1);
    Widgets::TerminalPane *pane = m_window->terminalArea()->currentPane();
    QVERIFY(pane);
    pane->view()->sendText(QStringLiteral("\r"));
    QTest::qWait(500);
    pane->view()->sendText(QStringLiteral("echo console-$((6*7)); tty\r"));
    QTRY_VERIFY2_WITH_TIMEOUT(pane->view()->screenText().contains(QLatin1String("console-42")),
                              qPrintable(pane->view()->screenText()), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(pane->view()->screenText().contains(QLatin1String("/dev/ttyS0")),
                             20000);
    screenshot(QStringLiteral("09-vm-console.png"));
}

void tst_VmWindow::undoAStepAfterTheRun()
{
    // A risky step runs with a snapshot before it; once the run is over its card offers Undo
    // Step, and pressing it puts the VM back as it was before that step (not before the safe
    // step that ran first).
    m_settings->setValue(QStringLiteral("safety/approval"), QStringLiteral("all"));
    m_settings->sync();
    m_ended.clear();
    // The previous test's console pane would leave the timeline little room in the screenshot.
    for (int i = 0; i < 8 && m_window->terminalArea()->paneCount() > 0; ++i)
        m_window->terminalArea()->closeCurrentPane();
    m_window->changeReviewPanel()->hide();
    const auto provider = LlmProvider::ChatCompletions;
    m_server.enqueue(ScriptedTurns::plan(
        provider, {QStringLiteral("Write a note"), QStringLiteral("Wipe the documentation")}));
    m_server.enqueue(ScriptedTurns::command(provider, QStringLiteral("echo one > one.txt")));
    m_server.enqueue(
        ScriptedTurns::command(provider, QStringLiteral("rm -rf /usr/share/doc && echo wiped")));
    m_window->setGoal(QStringLiteral("write a note and wipe the docs"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QElapsedTimer clock;
    clock.start();
    while (m_ended.isEmpty() && clock.elapsed() < 300000)
        QTest::qWait(20);
    QVERIFY(!m_ended.isEmpty());
    QCOMPARE(m_ended.first(), RunState::Success);

    // The changes are collected first (undo waits for that), then reviewed.
    QTRY_VERIFY_WITH_TIMEOUT(m_window->changeReviewPanel()->isVisible(), 60000);
    const QList<Widgets::StepCard *> cards = m_window->timeline()->cards();
    QCOMPARE(cards.size(), 2);
    auto undoButton = [](const Widgets::StepCard *card) {
        return card->findChild<QPushButton *>(QStringLiteral("undoButton"));
    };
    QVERIFY(!undoButton(cards.at(0))->isVisibleTo(cards.at(0)));
    QVERIFY(undoButton(cards.at(1))->isVisibleTo(cards.at(1)));

    m_window->timeline()->ensureWidgetVisible(cards.at(1));
    QTest::mouseClick(undoButton(cards.at(1)), Qt::LeftButton);
    QVERIFY(cards.at(1)
                ->findChild<QProgressBar *>(QStringLiteral("undoProgress"))
                ->isVisibleTo(cards.at(1)));
    clock.restart();
    QTRY_VERIFY2_WITH_TIMEOUT(cards.at(1)->isUndone(), qPrintable(cards.at(1)->undoStatus()),
                              180000);
    qInfo() << "undo in the window took" << clock.elapsed() << "ms";
    QVERIFY(!cards.at(0)->isUndone());
    QVERIFY(!undoButton(cards.at(1))->isVisibleTo(cards.at(1)));
    // The checklist says so too: the first step is done, the second undone.
    const Core::PlanModel *plan = m_controller->session()->orchestrator()->planModel();
    QCOMPARE(Core::StepState(plan->index(0).data(Core::PlanModel::StateRole).toInt()),
             Core::StepState::Done);
    QCOMPARE(Core::StepState(plan->index(1).data(Core::PlanModel::StateRole).toInt()),
             Core::StepState::Undone);
    // The review is made again from the rolled back copy: the note is still a change.
    QTRY_VERIFY_WITH_TIMEOUT(m_window->changeReviewPanel()->isVisible(), 60000);
    QCOMPARE(m_window->changeReviewPanel()->model()->rowCount(), 1);
    screenshot(QStringLiteral("10-vm-undo-step.png"));

    // In the VM: the documentation is back, the note from before the snapshot is still there.
    Q_EMIT m_window->terminalRequested();
    Widgets::TerminalPane *pane = m_window->terminalArea()->currentPane();
    QVERIFY(pane);
    QTRY_VERIFY_WITH_TIMEOUT(pane->view()->screenText().contains(QLatin1String("workspace")),
                             20000);
    pane->view()->sendText(QStringLiteral(
        "cat one.txt; test -f /usr/share/doc/bash/copyright && echo docs-$((1+1))\n"));
    QTRY_VERIFY2_WITH_TIMEOUT(pane->view()->screenText().contains(QLatin1String("docs-2")),
                              qPrintable(pane->view()->screenText()), 20000);
    QVERIFY(pane->view()->screenText().contains(QLatin1String("one")));
}

QTEST_MAIN(tst_VmWindow)
#include "tst_vmwindow.moc"
