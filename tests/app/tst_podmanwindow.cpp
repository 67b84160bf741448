// The window with real rootless Podman containers in the default mount mode, driven as a user
// would: what Undo puts back and what it cannot (the workspace is the user's own folder,
// mounted), said before the click and after, with copy mode offered where the workspace changed;
// Stop ending the run but not the container, whose terminal goes on.
#include "app/RunSession.h"
#include "app/WindowController.h"
#include "core/agent/RunState.h"
#include "core/config/ConfigOverrides.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"
#include "ui/ApprovalPanel.h"
#include "ui/MainWindow.h"
#include "ui/RunTimeline.h"
#include "ui/StepCard.h"
#include "ui/TerminalArea.h"
#include "ui/TerminalPane.h"
#include "ui/TerminalView.h"
#include "vm/Sandbox.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Terrarium;
using Core::LlmProvider;

namespace {

// A container's start, a snapshot per risky step and the host's check of the folder.
constexpr int RunMs = 240000;
constexpr int AsyncMs = 60000;

} // namespace

class tst_PodmanWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void undoInMountModeSaysWhatItLeaves();
    void stopKeepsTheSandboxAndItsTerminals();

private:
    bool approveOnce();
    bool waitForRunEnd(int timeoutMs = RunMs);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Tests::LlmTestServer> m_server;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<Widgets::MainWindow> m_window;
    std::unique_ptr<App::WindowController> m_controller;
    QList<Core::RunState> m_ended;
    QString m_workspace;
};

void tst_PodmanWindow::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_workspace = m_dir->filePath(QStringLiteral("workspace"));
    QVERIFY(QDir().mkpath(m_workspace));
    m_server = std::make_unique<Tests::LlmTestServer>();
    QVERIFY(m_server->listen());
    m_settings = std::make_unique<QSettings>(m_dir->filePath(QStringLiteral("terrarium.conf")),
                                             QSettings::IniFormat);
    m_settings->setValue(QStringLiteral("llm/provider"), QStringLiteral("chat"));
    m_settings->setValue(QStringLiteral("llm/base_url"), m_server->baseUrl().toString());
    m_settings->setValue(QStringLiteral("llm/model"), QStringLiteral("scripted"));
    m_settings->setValue(QStringLiteral("sandbox/kind"), QStringLiteral("podman"));
    m_settings->setValue(QStringLiteral("sandbox/workspace"), m_workspace);
    m_settings->sync();
    m_window = std::make_unique<Widgets::MainWindow>();
    m_controller = std::make_unique<App::WindowController>(m_window.get(), m_settings.get(),
                                                           Core::ConfigOverrides());
    m_ended.clear();
    connect(m_controller.get(), &App::WindowController::runEnded, this,
            [this](Core::RunState state) { m_ended << state; });
    m_window->resize(1180, 780);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void tst_PodmanWindow::cleanup()
{
    // The held container goes with the controller.
    if (m_controller) {
        QSignalSpy down(m_controller.get(), &App::WindowController::shutDown);
        m_controller->shutdown();
        down.wait(AsyncMs);
    }
    m_controller.reset();
    m_window.reset();
    m_settings.reset();
    m_server.reset();
    m_dir.reset();
}

bool tst_PodmanWindow::approveOnce()
{
    if (!QTest::qWaitFor([this] { return m_window->approvalPanel()->isVisible(); }, RunMs))
        return false;
    QTest::mouseClick(m_window->approvalPanel()->button(Core::ApprovalDecision::Once),
                      Qt::LeftButton);
    return true;
}

bool tst_PodmanWindow::waitForRunEnd(int timeoutMs)
{
    return QTest::qWaitFor([this] { return !m_ended.isEmpty(); }, timeoutMs);
}

void tst_PodmanWindow::undoInMountModeSaysWhatItLeaves()
{
    // The user's build folder, in the workspace the container mounts.
    QVERIFY(QDir(m_workspace).mkpath(QStringLiteral("build/out")));
    m_server->enqueue(Tests::ScriptedTurns::plan(
        LlmProvider::ChatCompletions,
        {QStringLiteral("Remove the build folder"), QStringLiteral("Remove the documentation")}));
    m_server->enqueue(Tests::ScriptedTurns::command(LlmProvider::ChatCompletions,
                                                    QStringLiteral("rm -rf build")));
    m_server->enqueue(Tests::ScriptedTurns::command(LlmProvider::ChatCompletions,
                                                    QStringLiteral("rm -rf /usr/share/doc")));

    m_window->setGoal(QStringLiteral("clean up"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(approveOnce());
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->approvalPanel()->isVisible(), AsyncMs);
    QVERIFY(approveOnce());
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), Core::RunState::Success);
    QVERIFY(!QDir(m_workspace).exists(QStringLiteral("build")));

    Widgets::StepCard *removedBuild = m_window->timeline()->card(1);
    Widgets::StepCard *removedDocs = m_window->timeline()->card(2);
    QVERIFY(removedBuild && removedDocs);
    QTRY_VERIFY_WITH_TIMEOUT(removedBuild->isUndoOffered(), AsyncMs);
    QVERIFY(removedDocs->isUndoOffered());
    // Before the click: the button and the card say what it puts back, and what it does not.
    QCOMPARE(removedBuild->undoButtonText(), QStringLiteral("Undo Container Files"));
    QVERIFY2(removedBuild->undoStatus().contains(QLatin1String("not the workspace"))
                 && removedBuild->undoStatus().contains(QLatin1String("changed files in it")),
             qPrintable(removedBuild->undoStatus()));
    QVERIFY(removedBuild->isCopyModeOffered());
    // The second step changed nothing there (the host looked): nothing to warn of, or to offer.
    QVERIFY2(removedDocs->undoStatus().contains(QLatin1String("nothing in it changed")),
             qPrintable(removedDocs->undoStatus()));
    QVERIFY(!removedDocs->isCopyModeOffered());

    // Copy mode, offered where the workspace changed, is the next run's setting.
    auto *copyMode = removedBuild->findChild<QPushButton *>(QStringLiteral("copyModeButton"));
    QVERIFY(copyMode);
    QTest::mouseClick(copyMode, Qt::LeftButton);
    m_settings->sync();
    QCOMPARE(m_settings->value(QStringLiteral("sandbox/workspace_mode")).toString(),
             QStringLiteral("copy"));
    QVERIFY(!removedBuild->isCopyModeOffered());
    QVERIFY2(removedBuild->undoStatus().contains(QLatin1String("next run works on a copy")),
             qPrintable(removedBuild->undoStatus()));

    auto *undo = removedBuild->findChild<QPushButton *>(QStringLiteral("undoButton"));
    QVERIFY(undo);
    QTest::mouseClick(undo, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(removedBuild->isUndone(), RunMs);
    QVERIFY(removedDocs->isUndone());
    // After: what was rolled back, and that the folder was not; which is so.
    QVERIFY2(removedBuild->undoStatus().contains(QLatin1String("was not rolled back"))
                 && removedBuild->undoStatus().contains(QLatin1String("still changed")),
             qPrintable(removedBuild->undoStatus()));
    QVERIFY(!removedBuild->undoStatus().contains(QLatin1String("the sandbox is as it was")));
    QVERIFY(!QDir(m_workspace).exists(QStringLiteral("build")));
    QVERIFY(m_controller->session() && m_controller->session()->undoLeavesWorkspace());
}

void tst_PodmanWindow::stopKeepsTheSandboxAndItsTerminals()
{
    m_server->enqueue(
        Tests::ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Wait a while")}));
    m_server->enqueue(
        Tests::ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("sleep 300")));
    m_window->setGoal(QStringLiteral("wait"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->timeline()->card(1)
                                 && m_window->timeline()->card(1)->state()
                                     == Core::StepState::Running,
                             RunMs);

    // A terminal opened during the long step, in use.
    Q_EMIT m_window->terminalRequested();
    QCOMPARE(m_window->terminalArea()->paneCount(), 1);
    Widgets::TerminalPane *pane = m_window->terminalArea()->currentPane();
    QTRY_VERIFY_WITH_TIMEOUT(pane->view()->screenText().contains(QLatin1String("workspace")),
                             AsyncMs);
    const QString name = m_controller->session()->sandbox()->spec().name;

    QTest::mouseClick(m_window->stopButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.takeFirst(), Core::RunState::Cancelled);
    QCOMPARE(m_window->timeline()->card(1)->state(), Core::StepState::Cancelled);
    // Stop ended the run, not the container: the terminal goes on in it.
    QCOMPARE(m_controller->session()->phase(), App::RunSession::Phase::Holding);
    QVERIFY(m_controller->session()->sandbox()->isRunning());
    QTest::qWait(500);
    QVERIFY2(!pane->isDisconnected(), qPrintable(pane->bannerText()));
    pane->view()->sendText(QStringLiteral("echo still-$((40+2))\n"));
    QTRY_VERIFY2_WITH_TIMEOUT(pane->view()->screenText().contains(QLatin1String("still-42")),
                              qPrintable(pane->view()->screenText()), AsyncMs);
    // And a second one opens there too.
    Q_EMIT m_window->terminalRequested();
    QCOMPARE(m_window->terminalArea()->paneCount(), 2);
    QCOMPARE(m_window->terminalArea()->currentPane()->origin(), name);

    // The next run is what lets it go; the panes say so.
    m_server->enqueue(
        Tests::ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Say hello")}));
    m_server->enqueue(
        Tests::ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("echo hello")));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(pane->isDisconnected(), AsyncMs);
    QVERIFY2(pane->bannerText().contains(QLatin1String("when the next run started")),
             qPrintable(pane->bannerText()));
    QVERIFY(waitForRunEnd());
}

QTEST_MAIN(tst_PodmanWindow)
#include "tst_podmanwindow.moc"
