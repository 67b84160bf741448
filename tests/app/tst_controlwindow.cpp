// Remote control of the window: turned on in the settings, the control API serves the window's
// runs; a client starts a run, sees it in the window as the user does, and answers its approval,
// which takes the window's approval panel away as a click would. A client's run on the host and
// a client's terminal need the user's word, and a terminal shows in the window while it is open.
#include "app/RunSession.h"
#include "app/WindowController.h"
#include "core/agent/RunState.h"
#include "core/config/UserSettings.h"
#include "core/control/ControlAuth.h"
#include "core/control/ControlServer.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"
#include "ui/ApprovalPanel.h"
#include "ui/ConsoleView.h"
#include "ui/MainWindow.h"
#include "ui/RunTimeline.h"
#include "ui/StatusBadge.h"
#include "ui/StepCard.h"
#include "ui/TimelineNote.h"

#include <QApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QNetworkRequest>
#include <QScopeGuard>
#include <QSettings>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>

using namespace Terrarium;
using namespace Qt::StringLiterals;

namespace {

const QByteArray Token = "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210";

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

// A control client of the window's server, authenticated as docs/CONTROL_API.md says.
class ControlClient
{
public:
    explicit ControlClient(const QUrl &url)
    {
        QObject::connect(&m_socket, &QWebSocket::textMessageReceived, &m_socket,
                         [this](const QString &text) {
                             received.append(QJsonDocument::fromJson(text.toUtf8()).object());
                         });
        m_socket.open(url);
    }

    // The server proves it knows the token first, then the client.
    bool authenticate()
    {
        if (!QTest::qWaitFor([this] { return !received.isEmpty(); }, 10000))
            return false;
        const QString challenge = received.first().value(u"challenge"_s).toString();
        const QString nonce = Core::ControlAuth::nonce();
        const QString endpoint =
            Core::ControlAuth::endpoint(m_socket.peerAddress(), m_socket.peerPort());
        const auto answer = request({{u"type"_s, u"auth.challenge"_s}, {u"nonce"_s, nonce}});
        if (!answer
            || !Core::ControlAuth::verify(Token, Core::ControlAuth::Role::Server, challenge, nonce,
                                          endpoint, answer->value(u"proof"_s).toString()))
            return false;
        const auto done = request({{u"type"_s, u"auth"_s},
                                   {u"proof"_s,
                                    Core::ControlAuth::proof(Token, Core::ControlAuth::Role::Client,
                                                             challenge, nonce, endpoint)}});
        return done && done->value(u"type"_s) == u"result"_s;
    }
    void send(QJsonObject message)
    {
        message.insert(u"v"_s, 1);
        m_socket.sendTextMessage(QString::fromUtf8(QJsonDocument(message).toJson()));
    }
    std::optional<QJsonObject> reply(const QString &id) const
    {
        for (const QJsonObject &message : received) {
            if (message.value(u"id"_s) == id)
                return message;
        }
        return std::nullopt;
    }
    // Sends message with a new id; the reply, once it came.
    std::optional<QJsonObject> request(QJsonObject message)
    {
        const QString id = u"q%1"_s.arg(++m_requests);
        message.insert(u"id"_s, id);
        send(message);
        (void)QTest::qWaitFor([&] { return reply(id).has_value(); }, 30000);
        return reply(id);
    }
    bool sawEvent(const QString &type) const { return eventTypes().contains(type); }
    // The types of the run events received, in order.
    QStringList eventTypes() const
    {
        QStringList types;
        for (const QJsonObject &message : received) {
            if (message.value(u"type"_s) == u"event"_s)
                types << message.value(u"event"_s)[u"type"_s].toString();
        }
        return types;
    }

    QList<QJsonObject> received;

private:
    QWebSocket m_socket;
    int m_requests = 0;
};

} // namespace

class tst_ControlWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void aClientDrivesTheWindowsRun();
    void aClientsRunOnTheHostNeedsTheUsersWord();
    void aClientsTerminalShowsInTheWindowWhileOpen();
    void offUnlessTurnedOn();
    void aStepThatPrintsTheTokenShowsItMasked();

private:
    // Settings for a window whose runs a client drives: the scripted model, sandbox, remote
    // control on a free port.
    void configure(QSettings &settings, const Tests::LlmTestServer &llm, const QString &sandbox);

    QTemporaryDir m_home;
};

void tst_ControlWindow::initTestCase()
{
    QVERIFY(m_home.isValid());
    qputenv("HOME", m_home.path().toLocal8Bit());
    qputenv("XDG_DATA_HOME", m_home.filePath(u".local/share"_s).toLocal8Bit());
    qputenv("XDG_RUNTIME_DIR", m_home.filePath(u"runtime"_s).toLocal8Bit());
    qputenv("TERRARIUM_CONTROL_TOKEN", Token);
    QVERIFY(QDir(m_home.path()).mkpath(u"workspace"_s));
}

void tst_ControlWindow::aClientDrivesTheWindowsRun()
{
    Tests::LlmTestServer llm;
    QVERIFY(llm.listen());
    llm.enqueue(Tests::ScriptedTurns::plan(Core::LlmProvider::ChatCompletions,
                                           {u"Remove the old build"_s, u"Say done"_s}));
    llm.enqueue(
        Tests::ScriptedTurns::command(Core::LlmProvider::ChatCompletions, u"rm -rf build"_s));
    llm.enqueue(Tests::ScriptedTurns::command(Core::LlmProvider::ChatCompletions, u"echo done"_s));
    QSettings settings(m_home.filePath(u"terrarium.conf"_s), QSettings::IniFormat);
    settings.setValue(u"llm/provider"_s, u"chat"_s);
    settings.setValue(u"llm/base_url"_s, llm.baseUrl().toString());
    settings.setValue(u"llm/model"_s, u"m"_s);
    settings.setValue(u"sandbox/kind"_s, u"host"_s);
    settings.setValue(u"sandbox/workspace"_s, m_home.filePath(u"workspace"_s));
    // Turned on as Settings > Remote control saves it.
    Core::UserSettings values = Core::UserSettings::load(settings);
    values.remoteControl = true;
    values.remoteControlPort = freePort();
    values.save(settings);
    settings.sync();

    Widgets::MainWindow window;
    App::WindowController controller(&window, &settings, Core::ConfigOverrides());
    std::optional<Core::RunState> ended;
    connect(&controller, &App::WindowController::runEnded, this,
            [&ended](Core::RunState state) { ended = state; });
    window.show();
    QTRY_VERIFY(controller.controlServer());
    QCOMPARE(controller.controlServer()->port(), quint16(values.remoteControlPort));

    ControlClient client(controller.controlServer()->url());
    QVERIFY(client.authenticate());
    QList<QJsonObject> &received = client.received;
    const auto send = [&client](const QJsonObject &message) {
        client.send(message);
    };
    const auto reply = [&client](const QString &id) {
        return client.reply(id);
    };
    send({{u"v"_s, 1},
          {u"id"_s, u"start"_s},
          {u"type"_s, u"run.start"_s},
          {u"goal"_s, u"tidy up"_s}});
    QTRY_VERIFY(reply(u"start"_s));
    const QString runId = reply(u"start"_s)->value(u"run_id"_s).toString();
    QVERIFY2(!runId.isEmpty(), qPrintable(QJsonDocument(*reply(u"start"_s)).toJson()));
    // The window shows the run as its own.
    QCOMPARE(window.goal(), u"tidy up"_s);
    send({{u"v"_s, 1}, {u"id"_s, u"sub"_s}, {u"type"_s, u"run.subscribe"_s}, {u"run_id"_s, runId}});
    // The approval is asked in the window, and answered from the client.
    QTRY_VERIFY_WITH_TIMEOUT(window.approvalPanel()->isVisible(), 30000);
    const int stepId = window.approvalPanel()->stepId();
    // A second run waits for this one.
    send({{u"v"_s, 1},
          {u"id"_s, u"again"_s},
          {u"type"_s, u"run.start"_s},
          {u"goal"_s, u"another"_s}});
    QTRY_VERIFY(reply(u"again"_s));
    QCOMPARE(reply(u"again"_s)->value(u"code"_s).toString(), u"limit_reached"_s);
    send({{u"v"_s, 1},
          {u"id"_s, u"yes"_s},
          {u"type"_s, u"approval.answer"_s},
          {u"run_id"_s, runId},
          {u"step_id"_s, stepId},
          {u"decision"_s, u"once"_s}});
    QTRY_VERIFY(reply(u"yes"_s));
    QCOMPARE(reply(u"yes"_s)->value(u"type"_s).toString(), u"result"_s);
    QVERIFY(!window.approvalPanel()->isVisible());
    // Answered once: a second answer is refused.
    send({{u"v"_s, 1},
          {u"id"_s, u"twice"_s},
          {u"type"_s, u"approval.answer"_s},
          {u"run_id"_s, runId},
          {u"step_id"_s, stepId},
          {u"decision"_s, u"deny"_s}});
    QTRY_VERIFY(reply(u"twice"_s));
    QCOMPARE(reply(u"twice"_s)->value(u"code"_s).toString(), u"invalid_input"_s);

    QTRY_VERIFY_WITH_TIMEOUT(ended.has_value(), 60000);
    QCOMPARE(*ended, Core::RunState::Success);
    QCOMPARE(window.statusBadge()->state(), Core::RunState::Success);
    QCOMPARE(window.timeline()->cards().size(), 2);
    // The client saw the same run, to its end.
    QTRY_VERIFY([&] {
        for (const QJsonObject &message : std::as_const(received)) {
            if (message.value(u"event"_s)[u"type"_s] == u"workflow_complete"_s)
                return true;
        }
        return false;
    }());
}

void tst_ControlWindow::configure(QSettings &settings, const Tests::LlmTestServer &llm,
                                  const QString &sandbox)
{
    settings.setValue(u"llm/provider"_s, u"chat"_s);
    settings.setValue(u"llm/base_url"_s, llm.baseUrl().toString());
    settings.setValue(u"llm/model"_s, u"m"_s);
    settings.setValue(u"sandbox/kind"_s, sandbox);
    settings.setValue(u"sandbox/workspace"_s, m_home.filePath(u"workspace"_s));
    Core::UserSettings values = Core::UserSettings::load(settings);
    values.remoteControl = true;
    values.remoteControlPort = freePort();
    values.save(settings);
    settings.sync();
}

// Issue 27: a run a program starts goes on the host only where the user picked the host. A
// task file on show that asks for the host sets the window's sandbox to it, and that is for
// the user to allow for the file's run, not for a client's; nor does a client's own task get
// it.
void tst_ControlWindow::aClientsRunOnTheHostNeedsTheUsersWord()
{
    Tests::LlmTestServer llm;
    QVERIFY(llm.listen());
    QSettings settings(m_home.filePath(u"host.conf"_s), QSettings::IniFormat);
    configure(settings, llm, u"podman"_s);
    Widgets::MainWindow window;
    App::WindowController controller(&window, &settings, Core::ConfigOverrides());
    window.show();
    QTRY_VERIFY(controller.controlServer());
    ControlClient client(controller.controlServer()->url());
    QVERIFY(client.authenticate());

    const auto refused = client.request(
        {{u"type"_s, u"run.start"_s}, {u"task"_s, u"goal: look around\nsandbox: host\n"_s}});
    QVERIFY(refused);
    QCOMPARE(refused->value(u"code"_s).toString(), u"permission_denied"_s);
    QVERIFY2(refused->value(u"message"_s).toString().contains(u"open the task file"_s),
             qPrintable(refused->value(u"message"_s).toString()));

    const QString path = m_home.filePath(u"workspace/unconfined.terrarium.yaml"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("goal: tidy the home folder\nsandbox: host\n");
    file.close();
    controller.openTaskFile(path);
    QCOMPARE(window.sandboxKind(), u"host"_s);
    QCOMPARE(llm.requestCount(), 0);
    // The host the selector shows is the task file's, for its own run after the tick: a client's
    // goal meanwhile runs in the sandbox the user picked.
    const auto goal =
        client.request({{u"type"_s, u"run.start"_s}, {u"goal"_s, u"delete the old logs"_s}});
    QVERIFY(goal);
    QVERIFY2(!goal->value(u"run_id"_s).toString().isEmpty(),
             qPrintable(QJsonDocument(*goal).toJson()));
    QVERIFY(controller.session());
    QCOMPARE(controller.session()->config().sandbox, u"podman"_s);
    controller.session()->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(controller.session()->isFinished(), 30000);
}

// Issue 27: a client's terminal in a run on the host is a shell on this computer: refused
// unless the user turned it on, and while one is open the window says so above the timeline
// (which keeps a note of it too, as the run store keeps its events).
void tst_ControlWindow::aClientsTerminalShowsInTheWindowWhileOpen()
{
    Tests::LlmTestServer llm;
    QVERIFY(llm.listen());
    llm.enqueue(Tests::ScriptedTurns::plan(Core::LlmProvider::ChatCompletions, {u"Wait"_s}));
    // The step waits for the test's word, so that the run goes on while the first terminal is
    // open and then succeeds (its sandbox held for the window).
    llm.enqueue(Tests::ScriptedTurns::command(Core::LlmProvider::ChatCompletions,
                                              u"while [ ! -e go ]; do sleep 0.1; done; rm go"_s));
    QSettings settings(m_home.filePath(u"terminal.conf"_s), QSettings::IniFormat);
    configure(settings, llm, u"host"_s);
    Widgets::MainWindow window;
    App::WindowController controller(&window, &settings, Core::ConfigOverrides());
    std::optional<Core::RunState> ended;
    connect(&controller, &App::WindowController::runEnded, this,
            [&ended](Core::RunState state) { ended = state; });
    window.show();
    QTRY_VERIFY(controller.controlServer());
    ControlClient client(controller.controlServer()->url());
    QVERIFY(client.authenticate());
    const auto started = client.request({{u"type"_s, u"run.start"_s}, {u"goal"_s, u"wait"_s}});
    QVERIFY(started);
    const QString runId = started->value(u"run_id"_s).toString();
    QVERIFY2(!runId.isEmpty(), QJsonDocument(*started).toJson().constData());
    QVERIFY(client.request({{u"type"_s, u"run.subscribe"_s}, {u"run_id"_s, runId}}));
    QTRY_VERIFY_WITH_TIMEOUT(client.sawEvent(u"step_executing"_s), 30000);

    const auto refused = client.request({{u"type"_s, u"terminal.open"_s}, {u"run_id"_s, runId}});
    QVERIFY(refused);
    QCOMPARE(refused->value(u"code"_s).toString(), u"permission_denied"_s);
    QVERIFY(!window.remoteTerminalBanner()->isVisible());

    // Settings > Remote control: "Let clients open terminals in runs on the host".
    settings.setValue(u"control/host_terminals"_s, true);
    const auto opened = client.request({{u"type"_s, u"terminal.open"_s}, {u"run_id"_s, runId}});
    QVERIFY(opened);
    const QString terminal = opened->value(u"terminal_id"_s).toString();
    QVERIFY2(!terminal.isEmpty(), QJsonDocument(*opened).toJson().constData());
    QTRY_VERIFY(window.remoteTerminalBanner()->isVisible());
    QVERIFY2(window.remoteTerminalBanner()->text().contains(u"on this computer itself"_s),
             qPrintable(window.remoteTerminalBanner()->text()));
    const auto noteSays = [&window](const QString &text) {
        return std::ranges::any_of(window.timeline()->notes(), [&text](const auto *note) {
            return note->title().contains(text);
        });
    };
    QVERIFY(noteSays(u"opened terminal 1 in the sandbox (host)"_s));
    QTRY_VERIFY(client.sawEvent(u"terminal_opened"_s));

    QVERIFY(client.request({{u"type"_s, u"terminal.close"_s}, {u"terminal_id"_s, terminal}}));
    QTRY_VERIFY(!window.remoteTerminalBanner()->isVisible());
    QVERIFY(noteSays(u"Terminal 1 of a remote control client closed"_s));
    QTRY_VERIFY(client.sawEvent(u"terminal_closed"_s));

    QFile go(m_home.filePath(u"workspace/go"_s));
    QVERIFY(go.open(QIODevice::WriteOnly));
    go.close();
    QTRY_VERIFY_WITH_TIMEOUT(ended.has_value(), 30000);
    QCOMPARE(*ended, Core::RunState::Success);

    // The window holds the run's sandbox after the run; a client's terminal into it then is
    // still the run's, shown and kept (after its workflow_complete).
    const auto after = client.request({{u"type"_s, u"terminal.open"_s}, {u"run_id"_s, runId}});
    QVERIFY(after);
    const QString again = after->value(u"terminal_id"_s).toString();
    QVERIFY2(!again.isEmpty(), QJsonDocument(*after).toJson().constData());
    QTRY_VERIFY(window.remoteTerminalBanner()->isVisible());
    QVERIFY(client.request({{u"type"_s, u"terminal.close"_s}, {u"terminal_id"_s, again}}));
    QTRY_VERIFY(!window.remoteTerminalBanner()->isVisible());
    QVERIFY(noteSays(u"Terminal 2 of a remote control client closed"_s));
    ControlClient later(controller.controlServer()->url());
    QVERIFY(later.authenticate());
    QVERIFY(later.request({{u"type"_s, u"run.subscribe"_s}, {u"run_id"_s, runId}}));
    QTRY_VERIFY(later.eventTypes().count(u"terminal_closed"_s) == 2);
    const QStringList types = later.eventTypes();
    QCOMPARE(types.count(u"workflow_complete"_s), 1);
    QCOMPARE(types.mid(types.indexOf(u"workflow_complete"_s) + 1),
             (QStringList{u"terminal_opened"_s, u"terminal_closed"_s}));
}

void tst_ControlWindow::offUnlessTurnedOn()
{
    QSettings settings(m_home.filePath(u"off.conf"_s), QSettings::IniFormat);
    settings.setValue(u"sandbox/kind"_s, u"host"_s);
    settings.sync();
    QCOMPARE(Core::UserSettings::load(settings).remoteControl, false);
    Widgets::MainWindow window;
    App::WindowController controller(&window, &settings, Core::ConfigOverrides());
    QVERIFY(!controller.controlServer());
    // --serve turns it on for this window alone.
    controller.serveControl(0);
    QTRY_VERIFY(controller.controlServer());
    QVERIFY(controller.controlServer()->isListening());
    QCOMPARE(Core::UserSettings::load(settings).remoteControl, false);
}

void tst_ControlWindow::aStepThatPrintsTheTokenShowsItMasked()
{
    // Issue 27: remote control on, its token in a file (no keyring, no variable). A command on
    // the host sandbox runs as the user and can read that file: what it prints of the token
    // shows as *** on the step's card.
    const QByteArray variable = qgetenv("TERRARIUM_CONTROL_TOKEN");
    const QByteArray bus = qgetenv("DBUS_SESSION_BUS_ADDRESS");
    qunsetenv("TERRARIUM_CONTROL_TOKEN");
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/bus");
    const auto restore = qScopeGuard([&] {
        qputenv("TERRARIUM_CONTROL_TOKEN", variable);
        if (bus.isEmpty())
            qunsetenv("DBUS_SESSION_BUS_ADDRESS");
        else
            qputenv("DBUS_SESSION_BUS_ADDRESS", bus);
    });
    const QString tokenFile = m_home.filePath(u"runtime/terrarium/control-token"_s);
    Tests::LlmTestServer llm;
    QVERIFY(llm.listen());
    llm.enqueue(
        Tests::ScriptedTurns::plan(Core::LlmProvider::ChatCompletions, {u"Show the token"_s}));
    llm.enqueue(Tests::ScriptedTurns::command(Core::LlmProvider::ChatCompletions,
                                              u"cat '%1'; echo"_s.arg(tokenFile)));
    QSettings settings(m_home.filePath(u"token.conf"_s), QSettings::IniFormat);
    settings.setValue(u"llm/provider"_s, u"chat"_s);
    settings.setValue(u"llm/base_url"_s, llm.baseUrl().toString());
    settings.setValue(u"llm/model"_s, u"m"_s);
    settings.setValue(u"sandbox/kind"_s, u"host"_s);
    settings.setValue(u"sandbox/workspace"_s, m_home.filePath(u"workspace"_s));
    Core::UserSettings values = Core::UserSettings::load(settings);
    values.remoteControl = true;
    values.remoteControlPort = freePort();
    values.save(settings);
    settings.sync();

    Widgets::MainWindow window;
    App::WindowController controller(&window, &settings, Core::ConfigOverrides());
    std::optional<Core::RunState> ended;
    connect(&controller, &App::WindowController::runEnded, this,
            [&ended](Core::RunState state) { ended = state; });
    window.show();
    QTRY_VERIFY(controller.controlServer());
    QFile file(tokenFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray token = file.readAll().trimmed();
    QCOMPARE(token.size(), 64);
    controller.run(u"show the token"_s);
    QTRY_VERIFY_WITH_TIMEOUT(ended.has_value(), 60000);
    QCOMPARE(*ended, Core::RunState::Success);
    QCOMPARE(window.timeline()->cards().size(), 1);
    Widgets::StepCard *card = window.timeline()->cards().first();
    card->stdoutConsole()->flush();
    const QString shown = card->stdoutConsole()->toPlainText();
    QCOMPARE(shown.trimmed(), u"***"_s);
    QVERIFY(!shown.contains(QString::fromLatin1(token)));
}

QTEST_MAIN(tst_ControlWindow)
#include "tst_controlwindow.moc"
