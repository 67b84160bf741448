// Remote control of the window: turned on in the settings, the control API serves the window's
// runs; a client starts a run, sees it in the window as the user does, and answers its approval,
// which takes the window's approval panel away as a click would.
#include "app/WindowController.h"
#include "core/agent/RunState.h"
#include "core/config/UserSettings.h"
#include "core/control/ControlServer.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"
#include "ui/ApprovalPanel.h"
#include "ui/ConsoleView.h"
#include "ui/MainWindow.h"
#include "ui/RunTimeline.h"
#include "ui/StatusBadge.h"
#include "ui/StepCard.h"

#include <QApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
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

} // namespace

class tst_ControlWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void aClientDrivesTheWindowsRun();
    void offUnlessTurnedOn();
    void aStepThatPrintsTheTokenShowsItMasked();

private:
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

    QWebSocket client;
    QList<QJsonObject> received;
    connect(&client, &QWebSocket::textMessageReceived, this, [&received](const QString &text) {
        received.append(QJsonDocument::fromJson(text.toUtf8()).object());
    });
    QNetworkRequest request(controller.controlServer()->url());
    request.setRawHeader("Authorization", "Bearer " + Token);
    client.open(request);
    QTRY_VERIFY(!received.isEmpty());
    QCOMPARE(received.first().value(u"authenticated"_s).toBool(), true);
    const auto send = [&client](const QJsonObject &message) {
        client.sendTextMessage(QString::fromUtf8(QJsonDocument(message).toJson()));
    };
    const auto reply = [&received](const QString &id) -> std::optional<QJsonObject> {
        for (const QJsonObject &message : received) {
            if (message.value(u"id"_s) == id)
                return message;
        }
        return std::nullopt;
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
