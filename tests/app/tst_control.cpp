// The control API end to end: `terrarium --headless --serve 0` (host sandbox, scripted model)
// driven by real WebSocket clients, Qt's own and an independent one (python3-websockets):
// runs started, followed gap-free, approvals answered, input sent, a run cancelled, a client
// that reconnects mid-run and resubscribes; and every refusal the API promises, against
// another program on one of the loopback addresses too.
#include "core/control/ControlAuth.h"
#include "core/control/ControlServer.h"
#include "tests/TestPaths.h"
#include "tests/support/HeadlessRun.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkRequest>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>
#include <QWebSocketServer>

#include <csignal>

#include <sys/stat.h>

using namespace Terrarium;
using namespace Terrarium::Tests;
using namespace Qt::StringLiterals;

namespace {

constexpr Core::LlmProvider Provider = Core::LlmProvider::ChatCompletions;
const QString Token = u"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"_s;

// A Qt WebSocket client that keeps every message it is sent, in order.
class Client : public QObject
{
public:
    explicit Client(const QUrl &url, const QList<QPair<QByteArray, QByteArray>> &headers = {})
    {
        connect(&socket, &QWebSocket::textMessageReceived, this, [this](const QString &text) {
            messages.append(QJsonDocument::fromJson(text.toUtf8()).object());
        });
        connect(&socket, &QWebSocket::disconnected, this, [this] { closed = true; });
        QNetworkRequest request(url);
        for (const auto &[name, value] : headers)
            request.setRawHeader(name, value);
        socket.setMaxAllowedIncomingMessageSize(256 * 1024 * 1024);
        socket.open(request);
    }

    bool waitForHello()
    {
        return QTest::qWaitFor([this] { return !messages.isEmpty() || closed; }, 10000)
            && !messages.isEmpty() && messages.first().value(u"type"_s) == u"hello"_s;
    }
    // The handshake of docs/CONTROL_API.md: the server proves it knows token for the address
    // connected to, and only then does the client prove it. False when either fails.
    bool authenticate(const QString &token)
    {
        if (!waitForHello())
            return false;
        const QString challenge = messages.first().value(u"challenge"_s).toString();
        const QString nonce = Core::ControlAuth::nonce();
        const QJsonObject answer = request({{u"type"_s, u"auth.challenge"_s}, {u"nonce"_s, nonce}});
        const QString endpoint =
            Core::ControlAuth::endpoint(socket.peerAddress(), socket.peerPort());
        if (!Core::ControlAuth::verify(token.toUtf8(), Core::ControlAuth::Role::Server, challenge,
                                       nonce, endpoint, answer.value(u"proof"_s).toString()))
            return false;
        return request({{u"type"_s, u"auth"_s},
                        {u"proof"_s,
                         Core::ControlAuth::proof(token.toUtf8(), Core::ControlAuth::Role::Client,
                                                  challenge, nonce, endpoint)}})
                   .value(u"type"_s)
            == u"result"_s;
    }
    void send(QJsonObject message)
    {
        message.insert(u"v"_s, 1);
        socket.sendTextMessage(QString::fromUtf8(QJsonDocument(message).toJson()));
    }
    // Sends message with an id and returns the reply ("result" or "error") to it.
    QJsonObject request(QJsonObject message)
    {
        const QString id = u"r%1"_s.arg(++m_nextId);
        message.insert(u"id"_s, id);
        send(message);
        QJsonObject reply;
        (void)QTest::qWaitFor(
            [&] {
                for (const QJsonObject &received : std::as_const(messages)) {
                    if (received.value(u"id"_s).toString() == id) {
                        reply = received;
                        return true;
                    }
                }
                return closed;
            },
            30000);
        return reply;
    }
    QList<QJsonObject> events(const QString &runId) const
    {
        QList<QJsonObject> list;
        for (const QJsonObject &message : messages) {
            const QJsonObject event = message.value(u"event"_s).toObject();
            if (message.value(u"type"_s) == u"event"_s && event.value(u"run_id"_s) == runId)
                list.append(event);
        }
        return list;
    }
    std::optional<QJsonObject> event(const QString &runId, const QString &type) const
    {
        for (const QJsonObject &event : events(runId)) {
            if (event.value(u"type"_s) == type)
                return event;
        }
        return std::nullopt;
    }
    qsizetype errors(const QString &code) const
    {
        return std::ranges::count_if(messages, [&code](const QJsonObject &message) {
            return message.value(u"type"_s) == u"error"_s && message.value(u"code"_s) == code;
        });
    }

    QWebSocket socket;
    QList<QJsonObject> messages;
    bool closed = false;

private:
    int m_nextId = 0;
};

// The seqs of events, each once and in order from first, or a description of what is wrong.
QString gapFree(const QList<QJsonObject> &events, qint64 first)
{
    qint64 expected = first;
    for (const QJsonObject &event : events) {
        const qint64 seq = event.value(u"seq"_s).toInteger();
        if (seq != expected)
            return u"seq %1 where %2 was expected"_s.arg(seq).arg(expected);
        ++expected;
    }
    return {};
}

} // namespace

class tst_Control : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void refusesClientsWithoutTheToken();
    void refusesPagesAndTheNetwork();
    void malformedAndOversizedMessagesAreRefused();
    void drivesARunThroughApprovalAndInput();
    void aClientThatReconnectsMissesNothing();
    void cancelsARun();
    void anIndependentClientDrivesARun();
    void aSlowClientIsToldItLagsAndCatchesUp();
    void opensATerminalInTheRunsSandbox();
    void refusesToServeBesideASquatter();
    void aClientGivesASquatterNothing();
    void aClientsTaskNeedsConsentForTheHostAndTheNetwork();
    void servesOnAUnixSocket();
    void aSecondServerDoesNotTakeTheSocket();
    void keepsTheTokenInAFileWithoutAKeyring();
    void aStepThatPrintsTheTokenShowsItMasked();

private:
    QUrl url() const { return m_url; }
    // The serving process's environment: its own home and runtime folder, the test's token.
    QProcessEnvironment environment() const;
    QString runtimeFolder() const;
    // `terrarium --headless` with serveArguments, once it says where it serves or has exited;
    // its stderr so far in log. Null when it did not start at all.
    std::unique_ptr<QProcess> startServing(const QStringList &serveArguments,
                                           const QProcessEnvironment &env, QByteArray *log);
    // Serves anew with serveArguments (init's server, or the last one, goes): url() and
    // m_terrarium are the new one's. False when it did not serve.
    bool restartServing(const QStringList &serveArguments);
    // Runs tests/app/control_client.py; its stdout and exit code.
    QPair<QString, int> runPythonClient(const QStringList &arguments);
    // Starts a run of goal as client and subscribes to it from seq 1; its id.
    QString startAndSubscribe(Client &client, const QString &goal);

    std::unique_ptr<QTemporaryDir> m_home;
    std::unique_ptr<LlmTestServer> m_llm;
    std::unique_ptr<QProcess> m_terrarium;
    QByteArray m_log;
    QByteArray m_stdout; // what m_terrarium printed on stdout, once read
    QUrl m_url;
};

void tst_Control::init()
{
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
    QVERIFY(QDir(m_home->path()).mkpath(u"workspace"_s));
    QFile config(m_home->filePath(u"terrarium.conf"_s));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.close();
    m_llm = std::make_unique<LlmTestServer>();
    QVERIFY(m_llm->listen());
    m_terrarium = startServing({u"--serve"_s, u"0"_s}, environment(), &m_log);
    QVERIFY(m_terrarium);
    static const QRegularExpression address(u"control API on (ws://\\S+)"_s);
    const auto match = address.match(QString::fromUtf8(m_log));
    QVERIFY2(match.hasMatch(), m_log.constData());
    m_url = QUrl(match.captured(1));
    QCOMPARE(m_url.host(), u"127.0.0.1"_s);
}

QProcessEnvironment tst_Control::environment() const
{
    QProcessEnvironment env;
    env.insert(u"PATH"_s, qEnvironmentVariable("PATH"));
    env.insert(u"HOME"_s, m_home->path());
    env.insert(u"XDG_RUNTIME_DIR"_s, runtimeFolder());
    env.insert(u"LANG"_s, u"C.UTF-8"_s);
    env.insert(u"TERRARIUM_CONTROL_TOKEN"_s, Token);
    // The model's turns are scripted in request order; translate-ahead, which asks for a step
    // early, has tests of its own.
    env.insert(u"TERRARIUM_TRANSLATE_AHEAD"_s, u"0"_s);
    return env;
}

QString tst_Control::runtimeFolder() const
{
    return m_home->filePath(u"runtime"_s);
}

std::unique_ptr<QProcess> tst_Control::startServing(const QStringList &serveArguments,
                                                    const QProcessEnvironment &env, QByteArray *log)
{
    auto terrarium = std::make_unique<QProcess>();
    terrarium->setProcessEnvironment(env);
    terrarium->start(HeadlessRun::binary(),
                     QStringList{u"--headless"_s} + serveArguments
                         + QStringList{u"--sandbox"_s, u"host"_s, u"--workspace"_s,
                                       m_home->filePath(u"workspace"_s), u"--config"_s,
                                       m_home->filePath(u"terrarium.conf"_s), u"--provider"_s,
                                       u"chat"_s, u"--base-url"_s, m_llm->baseUrl().toString(),
                                       u"--planner-model"_s, u"p"_s, u"--executor-model"_s,
                                       u"e"_s});
    if (!terrarium->waitForStarted())
        return nullptr;
    log->clear();
    // Serving (its address on stderr), or gone.
    // Whichever came first is looked at below.
    (void)QTest::qWaitFor(
        [&] {
            *log += terrarium->readAllStandardError();
            return log->contains("control API on") || terrarium->state() == QProcess::NotRunning;
        },
        20000);
    *log += terrarium->readAllStandardError();
    return terrarium;
}

bool tst_Control::restartServing(const QStringList &serveArguments)
{
    if (m_terrarium && m_terrarium->state() != QProcess::NotRunning) {
        ::kill(pid_t(m_terrarium->processId()), SIGTERM);
        if (!HeadlessRun::waitForExit(*m_terrarium, 30000))
            m_terrarium->kill();
    }
    m_stdout.clear();
    m_terrarium = startServing(serveArguments, environment(), &m_log);
    static const QRegularExpression address(u"control API on (ws://\\S+)"_s);
    const auto match = address.match(QString::fromUtf8(m_log));
    if (!m_terrarium || !match.hasMatch()) {
        qWarning("%s", m_log.constData());
        return false;
    }
    m_url = QUrl(match.captured(1));
    return true;
}

void tst_Control::cleanup()
{
    if (m_terrarium && m_terrarium->state() != QProcess::NotRunning) {
        ::kill(pid_t(m_terrarium->processId()), SIGTERM);
        if (!HeadlessRun::waitForExit(*m_terrarium, 30000))
            m_terrarium->kill();
    }
    m_terrarium.reset();
    m_stdout.clear();
    m_llm.reset();
    m_home.reset();
}

QString tst_Control::startAndSubscribe(Client &client, const QString &goal)
{
    const QJsonObject started = client.request({{u"type"_s, u"run.start"_s}, {u"goal"_s, goal}});
    const QString runId = started.value(u"run_id"_s).toString();
    if (started.value(u"type"_s) != u"result"_s || runId.isEmpty())
        return {};
    const QJsonObject subscribed =
        client.request({{u"type"_s, u"run.subscribe"_s}, {u"run_id"_s, runId}, {u"from_seq"_s, 1}});
    return subscribed.value(u"type"_s) == u"result"_s ? runId : QString();
}

void tst_Control::refusesClientsWithoutTheToken()
{
    // One that says nothing at all does not keep its place (checked at the end).
    Client silent(url());
    QVERIFY(silent.waitForHello());

    // No proof: the first messages must make one; anything else closes the connection.
    Client anonymous(url());
    QVERIFY(anonymous.waitForHello());
    QCOMPARE(anonymous.messages.first().value(u"authenticated"_s).toBool(), false);
    anonymous.send({{u"type"_s, u"runs.list"_s}});
    QTRY_VERIFY(anonymous.closed);
    QCOMPARE(anonymous.errors(u"authentication"_s), 1);
    QCOMPARE(anonymous.socket.closeCode(), QWebSocketProtocol::CloseCodePolicyViolated);

    // A proof made with another token, or one without the client's own challenge first.
    Client wrongProof(url());
    QVERIFY(wrongProof.waitForHello());
    const QString nonce(64, u'7');
    QVERIFY(wrongProof.request({{u"type"_s, u"auth.challenge"_s}, {u"nonce"_s, nonce}})
                .value(u"proof"_s)
                .isString());
    wrongProof.send(
        {{u"type"_s, u"auth"_s},
         {u"proof"_s,
          Core::ControlAuth::proof(
              QByteArray(64, '0'), Core::ControlAuth::Role::Client,
              wrongProof.messages.first().value(u"challenge"_s).toString(), nonce,
              Core::ControlAuth::endpoint(QHostAddress(QHostAddress::LocalHost), url().port()))}});
    QTRY_VERIFY(wrongProof.closed);
    QCOMPARE(wrongProof.errors(u"authentication"_s), 1);
    Client impatient(url());
    QVERIFY(impatient.waitForHello());
    impatient.send({{u"type"_s, u"auth"_s}, {u"proof"_s, QString(64, u'a')}});
    QTRY_VERIFY(impatient.closed);
    QCOMPARE(impatient.errors(u"authentication"_s), 1);
    // A second challenge on one connection is not answered: a server's proofs are not handed
    // out by the dozen.
    Client greedy(url());
    QVERIFY(greedy.waitForHello());
    QVERIFY(greedy.request({{u"type"_s, u"auth.challenge"_s}, {u"nonce"_s, QString(64, u'1')}})
                .value(u"proof"_s)
                .isString());
    greedy.send({{u"type"_s, u"auth.challenge"_s}, {u"nonce"_s, QString(64, u'2')}});
    QTRY_VERIFY(greedy.closed);

    // Issue 27: over TCP the token itself is not taken, right or wrong, in the header or as a
    // message. A client that sends it cannot know who listens at the address; the refusal
    // says what to do instead.
    for (const QString &token : {Token, QString(64, u'0')}) {
        Client byHeader(url(), {{"Authorization", "Bearer " + token.toLatin1()}});
        QTRY_VERIFY(byHeader.closed);
        QCOMPARE(byHeader.errors(u"authentication"_s), 1);
        QVERIFY2(byHeader.messages.first().value(u"message"_s).toString().contains(u"challenge"_s),
                 qPrintable(byHeader.messages.first().value(u"message"_s).toString()));
        Client byMessage(url());
        QVERIFY(byMessage.waitForHello());
        byMessage.send({{u"type"_s, u"auth"_s}, {u"token"_s, token}});
        QTRY_VERIFY(byMessage.closed);
        QCOMPARE(byMessage.errors(u"authentication"_s), 1);
    }

    // The challenge and response: the server proves it knows the token, then the client.
    Client client(url());
    QVERIFY(client.authenticate(Token));
    QVERIFY(client.request({{u"type"_s, u"runs.list"_s}}).value(u"runs"_s).isArray());

    QTRY_VERIFY_WITH_TIMEOUT(silent.closed, 20000);
    QCOMPARE(silent.errors(u"authentication"_s), 1);
    // The one that proved it stays.
    QVERIFY(!client.closed);
}

void tst_Control::refusesPagesAndTheNetwork()
{
    // A page in a browser sends its Origin: refused at the handshake, even with the token.
    Client page(url(), {{"Origin", "https://example.com"}});
    QTRY_VERIFY(page.closed);
    QVERIFY(page.messages.isEmpty());
    // The server still serves programs.
    Client program(url());
    QVERIFY(program.authenticate(Token));

    // Never on the network, whatever a caller asks for.
    Core::ControlServer server(Token, nullptr, nullptr);
    for (const QHostAddress &address :
         {QHostAddress(QHostAddress::AnyIPv4), QHostAddress(u"192.168.1.10"_s),
          QHostAddress(QHostAddress::Any)}) {
        const auto listened = server.listen(address, 0);
        QVERIFY(!listened);
        QVERIFY2(listened.error().message.contains(u"loopback"_s),
                 qPrintable(listened.error().message));
    }
    QVERIFY(!server.isListening());
    // Nor with a token that could be guessed.
    Core::ControlServer weak(u"short"_s, nullptr, nullptr);
    QVERIFY(!weak.listen(QHostAddress(QHostAddress::LocalHost), 0));
}

void tst_Control::malformedAndOversizedMessagesAreRefused()
{
    Client client(url());
    QVERIFY(client.authenticate(Token));
    const QStringList malformed{
        u"not json"_s,
        u"[1, 2, 3]"_s,
        u"{\"v\": 2, \"type\": \"runs.list\"}"_s,
        u"{\"type\": \"runs.list\"}"_s,
        u"{\"v\": 1, \"type\": \"rm -rf /\"}"_s,
        u"{\"v\": 1}"_s,
        u"{\"v\": 1, \"type\": \"run.subscribe\", \"run_id\": \"../../etc\"}"_s,
        u"{\"v\": 1, \"type\": \"run.subscribe\", \"run_id\": 7}"_s,
        u"{\"v\": 1, \"type\": \"approval.answer\", \"run_id\": \"r\", \"step_id\": -1, "
        "\"decision\": \"once\"}"_s,
        u"{\"v\": 1, \"type\": \"approval.answer\", \"run_id\": \"r\", \"step_id\": 1, "
        "\"decision\": \"yes please\"}"_s,
        u"{\"v\": 1, \"type\": \"run.start\"}"_s,
        u"{\"v\": 1, \"type\": \"run.start\", \"goal\": \"a\", \"task\": \"b\"}"_s,
        u"{\"v\": 1, \"type\": \"input.send\", \"run_id\": \"r\", \"step_id\": 1e300, "
        "\"text\": \"x\"}"_s,
        u"{\"v\": 1, \"id\": {\"nested\": true}, \"type\": \"runs.list\"}"_s,
    };
    constexpr int Count = 1000;
    for (int i = 0; i < Count; ++i)
        client.socket.sendTextMessage(malformed.at(i % malformed.size()));
    QTRY_COMPARE_WITH_TIMEOUT(client.errors(u"invalid_input"_s), Count, 30000);
    QVERIFY(!client.closed);
    // Each said what was wrong.
    for (const QJsonObject &message : std::as_const(client.messages)) {
        if (message.value(u"type"_s) == u"error"_s)
            QVERIFY(!message.value(u"message"_s).toString().isEmpty());
    }
    // And the connection goes on.
    QCOMPARE(client.request({{u"type"_s, u"runs.list"_s}}).value(u"type"_s).toString(),
             u"result"_s);

    // 100 MB in one frame: closed as too big, without the server reading it all first.
    Client flooder(url());
    QVERIFY(flooder.authenticate(Token));
    flooder.socket.sendBinaryMessage(QByteArray(100 * 1024 * 1024, 'x'));
    QTRY_VERIFY_WITH_TIMEOUT(flooder.closed, 60000);
    QCOMPARE(flooder.socket.closeCode(), QWebSocketProtocol::CloseCodeTooMuchData);
    // Others are served as before.
    QCOMPARE(client.request({{u"type"_s, u"runs.list"_s}}).value(u"type"_s).toString(),
             u"result"_s);
    QCOMPARE(m_terrarium->state(), QProcess::Running);
}

void tst_Control::drivesARunThroughApprovalAndInput()
{
    m_llm->enqueue(ScriptedTurns::plan(
        Provider, {u"Remove the old build"_s, u"Ask for a name"_s, u"Say it"_s}));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"rm -rf build"_s));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"read n; echo \"name=[$n]\" > name"_s));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"cat name"_s));
    Client client(url());
    QVERIFY(client.authenticate(Token));
    const QString runId = startAndSubscribe(client, u"name things"_s);
    QVERIFY2(!runId.isEmpty(), m_log.constData());

    // The risky command waits for an answer, which comes from here.
    QTRY_VERIFY_WITH_TIMEOUT(client.event(runId, u"approval_required"_s), 30000);
    const QJsonObject approval = *client.event(runId, u"approval_required"_s);
    QCOMPARE(approval.value(u"payload"_s)[u"command"_s].toString(), u"rm -rf build"_s);
    // An answer for a step that waits for none is refused.
    QCOMPARE(client
                 .request({{u"type"_s, u"approval.answer"_s},
                           {u"run_id"_s, runId},
                           {u"step_id"_s, 3},
                           {u"decision"_s, u"once"_s}})
                 .value(u"code"_s)
                 .toString(),
             u"invalid_input"_s);
    QCOMPARE(client
                 .request({{u"type"_s, u"approval.answer"_s},
                           {u"run_id"_s, runId},
                           {u"step_id"_s, approval.value(u"payload"_s)[u"step_id"_s].toInt()},
                           {u"decision"_s, u"once"_s}})
                 .value(u"type"_s)
                 .toString(),
             u"result"_s);

    // The command that reads a line gets it from here; a step that asked for nothing does not.
    QTRY_VERIFY_WITH_TIMEOUT(client.event(runId, u"input_required"_s), 30000);
    for (const QString &type : {u"input.send"_s, u"input.close"_s}) {
        QCOMPARE(client
                     .request({{u"type"_s, type},
                               {u"run_id"_s, runId},
                               {u"step_id"_s, 99},
                               {u"text"_s, u"not asked\n"_s}})
                     .value(u"code"_s)
                     .toString(),
                 u"invalid_input"_s);
    }
    const int inputStep =
        client.event(runId, u"input_required"_s)->value(u"payload"_s)[u"step_id"_s].toInt();
    QCOMPARE(client
                 .request({{u"type"_s, u"input.send"_s},
                           {u"run_id"_s, runId},
                           {u"step_id"_s, inputStep},
                           {u"text"_s, u"ann\n"_s}})
                 .value(u"type"_s)
                 .toString(),
             u"result"_s);

    QTRY_VERIFY_WITH_TIMEOUT(client.event(runId, u"workflow_complete"_s), 60000);
    QCOMPARE(client.event(runId, u"workflow_complete"_s)->value(u"payload"_s)[u"status"_s],
             u"success"_s);
    const QList<QJsonObject> events = client.events(runId);
    QVERIFY2(gapFree(events, 1).isEmpty(), qPrintable(gapFree(events, 1)));
    QStringList types;
    for (const QJsonObject &event : events)
        types << event.value(u"type"_s).toString();
    QVERIFY(types.indexOf(u"plan_generated"_s) < types.indexOf(u"step_executing"_s));
    QVERIFY(types.contains(u"step_result"_s));
    bool saidTheName = false;
    for (const QJsonObject &event : events) {
        if (event.value(u"type"_s) == u"step_output"_s)
            saidTheName = saidTheName
                || event.value(u"payload"_s)[u"data"_s].toString().contains(u"name=[ann]"_s);
    }
    QVERIFY(saidTheName);
    // The events are what --headless prints, the same objects.
    const QList<QJsonObject> printed =
        HeadlessRun::parseEvents(m_terrarium->readAllStandardOutput());
    QCOMPARE(printed.size(), events.size());
    QCOMPARE(printed.last(), events.last());
    // The run is listed as kept.
    const QJsonArray runs =
        client.request({{u"type"_s, u"runs.list"_s}}).value(u"runs"_s).toArray();
    QCOMPARE(runs.size(), 1);
    QCOMPARE(runs.first()[u"run_id"_s].toString(), runId);
    QCOMPARE(runs.first()[u"status"_s].toString(), u"success"_s);
}

void tst_Control::aClientThatReconnectsMissesNothing()
{
    m_llm->enqueue(ScriptedTurns::plan(Provider, {u"Count slowly"_s, u"Count again"_s}));
    m_llm->enqueue(ScriptedTurns::command(
        Provider, u"for i in $(seq 1 30); do echo tick-$i; sleep 0.05; done"_s));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"seq 1 3"_s));
    auto first = std::make_unique<Client>(url());
    QVERIFY(first->authenticate(Token));
    const QString runId = startAndSubscribe(*first, u"count"_s);
    QVERIFY(!runId.isEmpty());
    // Gone in the middle of the run...
    QTRY_VERIFY_WITH_TIMEOUT(first->events(runId).size() >= 5, 30000);
    const QList<QJsonObject> before = first->events(runId);
    const qint64 last = before.last().value(u"seq"_s).toInteger();
    first->socket.abort();
    first.reset();
    QTest::qWait(300); // the run goes on meanwhile
    // ...and back, from the next seq.
    Client again(url());
    QVERIFY(again.authenticate(Token));
    QCOMPARE(
        again
            .request(
                {{u"type"_s, u"run.subscribe"_s}, {u"run_id"_s, runId}, {u"from_seq"_s, last + 1}})
            .value(u"type"_s)
            .toString(),
        u"result"_s);
    QTRY_VERIFY_WITH_TIMEOUT(again.event(runId, u"workflow_complete"_s), 60000);
    const QList<QJsonObject> whole = before + again.events(runId);
    QVERIFY2(gapFree(whole, 1).isEmpty(), qPrintable(gapFree(whole, 1)));
    QCOMPARE(whole.last().value(u"payload"_s)[u"status"_s].toString(), u"success"_s);
}

void tst_Control::cancelsARun()
{
    m_llm->enqueue(ScriptedTurns::plan(Provider, {u"Wait"_s}));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"sleep 100"_s));
    Client client(url());
    QVERIFY(client.authenticate(Token));
    const QString runId = startAndSubscribe(client, u"wait"_s);
    QVERIFY(!runId.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(client.event(runId, u"step_executing"_s), 30000);
    // One run at a time.
    QCOMPARE(client.request({{u"type"_s, u"run.start"_s}, {u"goal"_s, u"another"_s}})
                 .value(u"code"_s)
                 .toString(),
             u"limit_reached"_s);
    QCOMPARE(client.request({{u"type"_s, u"run.cancel"_s}, {u"run_id"_s, runId}})
                 .value(u"type"_s)
                 .toString(),
             u"result"_s);
    QTRY_VERIFY_WITH_TIMEOUT(client.event(runId, u"workflow_complete"_s), 30000);
    QCOMPARE(client.event(runId, u"workflow_complete"_s)->value(u"payload"_s)[u"status"_s],
             u"cancelled"_s);
    // A run that is not going on here cannot be cancelled.
    QCOMPARE(client.request({{u"type"_s, u"run.cancel"_s}, {u"run_id"_s, u"no-such-run"_s}})
                 .value(u"code"_s)
                 .toString(),
             u"not_found"_s);
}

void tst_Control::anIndependentClientDrivesARun()
{
    m_llm->enqueue(ScriptedTurns::plan(Provider, {u"Clean up"_s, u"Greet"_s}));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"rm -rf old"_s));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"echo hello"_s));
    QProcess python;
    // Debian's interpreter, with Debian's python3-websockets (not one on PATH from elsewhere).
    python.start(u"/usr/bin/python3"_s,
                 {QStringLiteral(TERRARIUM_SOURCE_DIR "/tests/app/control_client.py"),
                  url().toString(), Token, u"clean and greet"_s});
    QVERIFY(HeadlessRun::waitForExit(python, 120000));
    const QString out = QString::fromUtf8(python.readAllStandardOutput());
    QVERIFY2(python.exitCode() == 0,
             qPrintable(out + QString::fromUtf8(python.readAllStandardError())));
    QVERIFY2(out.contains(u"EVENT approval_required"_s), qPrintable(out));
    static const QRegularExpression end(u"END success 1-(\\d+) (\\d+)"_s);
    const auto match = end.match(out);
    QVERIFY2(match.hasMatch(), qPrintable(out));
    // Gap-free: as many events as seqs.
    QCOMPARE(match.captured(1), match.captured(2));
}

// A client that reads nothing while a step floods: the server does not wait for it (nor hold
// ever more for it), tells it that it lags, and it subscribes again from where it was.
void tst_Control::aSlowClientIsToldItLagsAndCatchesUp()
{
    m_llm->enqueue(ScriptedTurns::plan(Provider, {u"Flood"_s, u"Say done"_s}));
    // About 110 MB of output: far past what the server queues for one client (16 MiB).
    m_llm->enqueue(ScriptedTurns::command(Provider, u"head -c 80000000 /dev/zero | base64"_s));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"echo done"_s));
    Client fast(url());
    QVERIFY(fast.authenticate(Token));
    // A client that keeps up is not told it lags; on a loaded machine even this one may fall
    // behind, and then does what a client should: subscribes again from where it was.
    connect(&fast.socket, &QWebSocket::textMessageReceived, this, [&fast](const QString &text) {
        const QJsonObject message = QJsonDocument::fromJson(text.toUtf8()).object();
        if (message.value(u"type"_s) == u"lagging"_s)
            fast.send({{u"type"_s, u"run.subscribe"_s},
                       {u"run_id"_s, message.value(u"run_id"_s)},
                       {u"from_seq"_s, message.value(u"last_seq"_s).toInteger() + 1}});
    });
    QProcess slow;
    slow.start(u"/usr/bin/python3"_s,
               {QStringLiteral(TERRARIUM_SOURCE_DIR "/tests/app/control_client.py"),
                url().toString(), Token, u"flood"_s, u"--stall"_s, u"6"_s});
    // The run is the slow client's; the other follows it too, and keeps up.
    QString runId;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            const QJsonArray runs =
                fast.request({{u"type"_s, u"runs.list"_s}}).value(u"runs"_s).toArray();
            runId = runs.isEmpty() ? QString() : runs.first()[u"run_id"_s].toString();
            return !runId.isEmpty();
        }(),
        30000);
    QCOMPARE(fast.request({{u"type"_s, u"run.subscribe"_s}, {u"run_id"_s, runId}})
                 .value(u"type"_s)
                 .toString(),
             u"result"_s);
    const bool exited = HeadlessRun::waitForExit(slow, 240000);
    m_log += m_terrarium->readAllStandardError();
    QVERIFY2(exited, m_log.right(3000).constData());
    const QString out = QString::fromUtf8(slow.readAllStandardOutput());
    QVERIFY2(slow.exitCode() == 0,
             qPrintable(out.right(2000) + QString::fromUtf8(slow.readAllStandardError())));
    QVERIFY2(out.contains(u"LAGGING "_s), qPrintable(out.right(2000)));
    QVERIFY2(out.contains(u"END success"_s), qPrintable(out.right(2000)));
    // The one that read on saw the whole run, once and in order.
    QTRY_VERIFY2_WITH_TIMEOUT(
        fast.event(runId, u"workflow_complete"_s),
        (m_log += m_terrarium->readAllStandardError()).right(3000).constData(), 60000);
    const QList<QJsonObject> events = fast.events(runId);
    QVERIFY2(gapFree(events, 1).isEmpty(), qPrintable(gapFree(events, 1)));
}

void tst_Control::opensATerminalInTheRunsSandbox()
{
    // Issue 27: the host sandbox's terminal is a shell on this computer that no safety check
    // sees; a client gets none unless the user turned that on.
    {
        m_llm->enqueue(ScriptedTurns::plan(Provider, {u"Wait"_s}));
        m_llm->enqueue(ScriptedTurns::command(Provider, u"sleep 60"_s));
        Client client(url());
        QVERIFY(client.authenticate(Token));
        const QString runId = startAndSubscribe(client, u"wait"_s);
        QVERIFY(!runId.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(client.event(runId, u"step_executing"_s), 30000);
        const QJsonObject refused =
            client.request({{u"type"_s, u"terminal.open"_s}, {u"run_id"_s, runId}});
        QCOMPARE(refused.value(u"code"_s).toString(), u"permission_denied"_s);
        QVERIFY2(refused.value(u"message"_s).toString().contains(u"host_terminals=true"_s),
                 qPrintable(refused.value(u"message"_s).toString()));
        client.request({{u"type"_s, u"run.cancel"_s}, {u"run_id"_s, runId}});
        QTRY_VERIFY_WITH_TIMEOUT(client.event(runId, u"workflow_complete"_s), 30000);
        QVERIFY(!client.event(runId, u"terminal_opened"_s));
    }
    QFile config(m_home->filePath(u"terrarium.conf"_s));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write("[control]\nhost_terminals=true\n");
    config.close();
    QVERIFY(restartServing({u"--serve"_s, u"0"_s}));

    m_llm->enqueue(ScriptedTurns::plan(Provider, {u"Wait"_s}));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"sleep 60"_s));
    Client client(url());
    QVERIFY(client.authenticate(Token));
    const QString runId = startAndSubscribe(client, u"wait"_s);
    QVERIFY(!runId.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(client.event(runId, u"step_executing"_s), 30000);
    // Only into a run that is going on here.
    QCOMPARE(client.request({{u"type"_s, u"terminal.open"_s}, {u"run_id"_s, u"other-run"_s}})
                 .value(u"code"_s)
                 .toString(),
             u"not_found"_s);
    const QJsonObject opened = client.request(
        {{u"type"_s, u"terminal.open"_s}, {u"run_id"_s, runId}, {u"cols"_s, 90}, {u"rows"_s, 20}});
    const QString terminal = opened.value(u"terminal_id"_s).toString();
    QVERIFY2(!terminal.isEmpty(), QJsonDocument(opened).toJson().constData());
    const auto output = [&client, &terminal] {
        QByteArray bytes;
        for (const QJsonObject &message : std::as_const(client.messages)) {
            if (message.value(u"type"_s) == u"terminal.output"_s
                && message.value(u"terminal_id"_s) == terminal)
                bytes += QByteArray::fromBase64(message.value(u"data"_s).toString().toLatin1());
        }
        return bytes;
    };
    QCOMPARE(client
                 .request({{u"type"_s, u"terminal.write"_s},
                           {u"terminal_id"_s, terminal},
                           {u"data"_s, u"echo term-$((6*7)); stty size\n"_s}})
                 .value(u"type"_s)
                 .toString(),
             u"result"_s);
    QTRY_VERIFY_WITH_TIMEOUT(output().contains("term-42"), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(output().contains("20 90"), 20000);
    QCOMPARE(client
                 .request({{u"type"_s, u"terminal.resize"_s},
                           {u"terminal_id"_s, terminal},
                           {u"cols"_s, 120},
                           {u"rows"_s, 40}})
                 .value(u"type"_s)
                 .toString(),
             u"result"_s);
    client.request({{u"type"_s, u"terminal.write"_s},
                    {u"terminal_id"_s, terminal},
                    {u"data"_s, u"stty size\n"_s}});
    QTRY_VERIFY_WITH_TIMEOUT(output().contains("40 120"), 20000);
    QCOMPARE(client.request({{u"type"_s, u"terminal.close"_s}, {u"terminal_id"_s, terminal}})
                 .value(u"type"_s)
                 .toString(),
             u"result"_s);
    QTRY_VERIFY(std::ranges::any_of(client.messages, [&terminal](const QJsonObject &message) {
        return message.value(u"type"_s) == u"terminal.closed"_s
            && message.value(u"terminal_id"_s) == terminal;
    }));
    QCOMPARE(client
                 .request({{u"type"_s, u"terminal.write"_s},
                           {u"terminal_id"_s, terminal},
                           {u"data"_s, u"echo again\n"_s}})
                 .value(u"code"_s)
                 .toString(),
             u"not_found"_s);

    // The run says that a client had a terminal in it, and for how long: live, on stdout, and
    // kept (a subscriber from seq 1 gets it from the store).
    QTRY_VERIFY_WITH_TIMEOUT(client.event(runId, u"terminal_closed"_s), 20000);
    const QJsonObject openedEvent = *client.event(runId, u"terminal_opened"_s);
    QCOMPARE(openedEvent.value(u"payload"_s).toObject(),
             (QJsonObject{{u"terminal"_s, 1},
                          {u"via"_s, u"control"_s},
                          {u"sandbox"_s, u"host"_s},
                          {u"cols"_s, 90},
                          {u"rows"_s, 20}}));
    const QJsonObject closedEvent = *client.event(runId, u"terminal_closed"_s);
    QCOMPARE(closedEvent.value(u"payload"_s)[u"terminal"_s].toInt(), 1);
    QVERIFY(closedEvent.value(u"payload"_s)[u"duration_ms"_s].toInteger() > 0);
    QVERIFY(closedEvent.value(u"seq"_s).toInteger() > openedEvent.value(u"seq"_s).toInteger());
    client.request({{u"type"_s, u"run.cancel"_s}, {u"run_id"_s, runId}});
    QTRY_VERIFY_WITH_TIMEOUT(client.event(runId, u"workflow_complete"_s), 30000);
    QList<QJsonObject> printed;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            m_stdout += m_terrarium->readAllStandardOutput();
            printed = HeadlessRun::parseEvents(m_stdout);
            return std::ranges::count_if(printed,
                                         [](const QJsonObject &event) {
                                             return event.value(u"type"_s)
                                                 == u"workflow_complete"_s;
                                         })
                == 1;
        }(),
        20000);
    QVERIFY(printed.contains(openedEvent));
    QVERIFY(printed.contains(closedEvent));
    Client later(url());
    QVERIFY(later.authenticate(Token));
    QCOMPARE(later.request({{u"type"_s, u"run.subscribe"_s}, {u"run_id"_s, runId}})
                 .value(u"type"_s)
                 .toString(),
             u"result"_s);
    QTRY_VERIFY_WITH_TIMEOUT(later.event(runId, u"workflow_complete"_s), 20000);
    QCOMPARE(*later.event(runId, u"terminal_opened"_s), openedEvent);
    QCOMPARE(*later.event(runId, u"terminal_closed"_s), closedEvent);
}

// Issue 27: another program (another user's) took [::1]:PORT before Terrarium started. A
// client that reaches localhost there would talk to it; Terrarium does not serve beside it, and
// says so naming both addresses.
void tst_Control::refusesToServeBesideASquatter()
{
    QTcpServer squatter;
    QVERIFY(squatter.listen(QHostAddress(QHostAddress::LocalHostIPv6), 0));
    const quint16 port = squatter.serverPort();
    m_terrarium.reset();
    QByteArray log;
    auto terrarium = startServing({u"--serve"_s, QString::number(port)}, environment(), &log);
    QVERIFY(terrarium);
    QVERIFY2(HeadlessRun::waitForExit(*terrarium, 20000), log.constData());
    log += terrarium->readAllStandardError();
    QCOMPARE(terrarium->exitCode(), 2);
    QVERIFY2(!log.contains("control API on"), log.constData());
    QVERIFY2(log.contains(QByteArray(QByteArray("[::1]:") + QByteArray::number(port)))
                 && log.contains(QByteArray(QByteArray("127.0.0.1:") + QByteArray::number(port))),
             log.constData());
    // Nothing was left listening on 127.0.0.1 either.
    QTcpServer free;
    QVERIFY(free.listen(QHostAddress(QHostAddress::LocalHost), port));
    free.close();

    // Port 0 means any port: one where both addresses are free is found.
    QByteArray picked;
    terrarium = startServing({u"--serve"_s, u"0"_s}, environment(), &picked);
    QVERIFY(terrarium);
    QVERIFY2(picked.contains("control API on ws://127.0.0.1:"), picked.constData());
    QVERIFY2(picked.contains("ws://[::1]:"), picked.constData());
    ::kill(pid_t(terrarium->processId()), SIGTERM);
    QVERIFY(HeadlessRun::waitForExit(*terrarium, 30000));
}

// Issue 27: a program on another address (another user's on [::1], say, while Terrarium
// serves on 127.0.0.1 elsewhere) that relays what clients say to the real server, hoping to
// collect the token or a proof it can use. The client hears a server proof made for another
// address, says nothing more; the squatter saw no token and no proof, and what it did see
// opens nothing.
void tst_Control::aClientGivesASquatterNothing()
{
    QWebSocketServer squatter(u"squatter"_s, QWebSocketServer::NonSecureMode);
    QVERIFY(squatter.listen(QHostAddress(QHostAddress::LocalHostIPv6), 0));
    QByteArrayList heard; // everything the victim sent: headers, messages
    std::vector<std::unique_ptr<QWebSocket>> upstreams;
    connect(&squatter, &QWebSocketServer::newConnection, this, [&] {
        QWebSocket *victim = squatter.nextPendingConnection();
        const QNetworkRequest request = victim->request();
        for (const QByteArray &name : request.rawHeaderList())
            heard.append(name + ": " + request.rawHeader(name));
        auto upstream = std::make_unique<QWebSocket>();
        QWebSocket *real = upstream.get();
        auto pending = std::make_shared<QStringList>();
        connect(victim, &QWebSocket::textMessageReceived, real,
                [&heard, real, pending](const QString &text) {
                    heard.append(text.toUtf8());
                    if (real->state() == QAbstractSocket::ConnectedState)
                        real->sendTextMessage(text);
                    else
                        pending->append(text);
                });
        connect(real, &QWebSocket::connected, real, [real, pending] {
            for (const QString &text : std::as_const(*pending))
                real->sendTextMessage(text);
            pending->clear();
        });
        connect(real, &QWebSocket::textMessageReceived, victim,
                [victim](const QString &text) { victim->sendTextMessage(text); });
        connect(real, &QWebSocket::disconnected, victim, [victim] { victim->close(); });
        real->open(url());
        upstreams.push_back(std::move(upstream));
    });
    QUrl trap;
    trap.setScheme(u"ws"_s);
    trap.setHost(u"::1"_s);
    trap.setPort(squatter.serverPort());

    const auto [out, exitCode] = runPythonClient({trap.toString(), Token, u"steal my key"_s});
    QVERIFY(!heard.isEmpty()); // it did talk to the squatter
    const QByteArray all = heard.join('\n');
    QVERIFY2(!all.contains(Token.toLatin1()), all.constData());
    QVERIFY2(!all.contains("\"proof\"") && !all.contains("\"token\"")
                 && !all.contains("Authorization"),
             all.constData());
    // The client said why it stopped.
    QCOMPARE(exitCode, 1);
    QVERIFY2(out.contains(u"ERROR authentication the server at [::1]:%1 did not prove"_s.arg(
                 squatter.serverPort())),
             qPrintable(out));
    // And what it heard, played to the real server on a connection of its own, proves nothing.
    Client replay(url());
    QVERIFY(replay.waitForHello());
    for (const QByteArray &line : std::as_const(heard)) {
        if (line.startsWith('{'))
            replay.socket.sendTextMessage(QString::fromUtf8(line));
    }
    replay.send({{u"type"_s, u"runs.list"_s}});
    QTRY_VERIFY(replay.closed);
    QVERIFY(replay.errors(u"authentication"_s) == 1);
    QVERIFY(!std::ranges::any_of(replay.messages, [](const QJsonObject &message) {
        return message.value(u"runs"_s).isArray();
    }));
}

// Issue 27, item 17: run.start with a task failed for every task (its text had no file name),
// so what the task asks that needs the user's consent was never checked. Now a client's task
// runs, and sandbox: host or network: outbound in it needs the consent the server was started
// with (--yes), not the client's say.
void tst_Control::aClientsTaskNeedsConsentForTheHostAndTheNetwork()
{
    Client client(url());
    QVERIFY(client.authenticate(Token));
    for (const QString &task :
         {u"goal: look around\nsandbox: host\n"_s, u"goal: fetch it\nnetwork: outbound\n"_s,
          u"---\nsandbox: host\n---\nLook around.\n"_s}) {
        const QJsonObject refused =
            client.request({{u"type"_s, u"run.start"_s}, {u"task"_s, task}});
        QCOMPARE(refused.value(u"code"_s).toString(), u"permission_denied"_s);
        QVERIFY2(refused.value(u"message"_s).toString().contains(u"--yes"_s),
                 qPrintable(refused.value(u"message"_s).toString()));
    }
    QVERIFY(client.request({{u"type"_s, u"runs.list"_s}}).value(u"runs"_s).toArray().isEmpty());
    // A task that is not a task file says where it is wrong.
    const QJsonObject broken =
        client.request({{u"type"_s, u"run.start"_s}, {u"task"_s, u"goal: x\nsandbox: vm\n"_s}});
    QCOMPARE(broken.value(u"code"_s).toString(), u"invalid_input"_s);
    QVERIFY2(broken.value(u"message"_s).toString().contains(u"task.yaml, line 2"_s),
             qPrintable(broken.value(u"message"_s).toString()));

    // One that asks for nothing of the sort runs, with its own goal and settings.
    m_llm->enqueue(ScriptedTurns::plan(Provider, {u"Greet"_s}));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"echo hi"_s));
    const QJsonObject started = client.request(
        {{u"type"_s, u"run.start"_s}, {u"task"_s, u"goal: say hi\nlimits: {max_steps: 4}\n"_s}});
    const QString runId = started.value(u"run_id"_s).toString();
    QVERIFY2(!runId.isEmpty(), QJsonDocument(started).toJson().constData());
    QCOMPARE(client.request({{u"type"_s, u"run.subscribe"_s}, {u"run_id"_s, runId}})
                 .value(u"type"_s)
                 .toString(),
             u"result"_s);
    QTRY_VERIFY_WITH_TIMEOUT(client.event(runId, u"workflow_complete"_s), 60000);
    QCOMPARE(client.event(runId, u"workflow_complete"_s)->value(u"payload"_s)[u"status"_s],
             u"success"_s);
    const QJsonArray runs =
        client.request({{u"type"_s, u"runs.list"_s}}).value(u"runs"_s).toArray();
    QCOMPARE(runs.first()[u"goal"_s].toString(), u"say hi"_s);

    // Served with --yes, the user has said yes for every run its clients start.
    QVERIFY(restartServing({u"--serve"_s, u"0"_s, u"--yes"_s}));
    m_llm->enqueue(ScriptedTurns::plan(Provider, {u"Look"_s}));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"echo looked"_s));
    Client allowed(url());
    QVERIFY(allowed.authenticate(Token));
    const QJsonObject consented =
        allowed.request({{u"type"_s, u"run.start"_s},
                         {u"task"_s, u"goal: look around\nsandbox: host\nnetwork: outbound\n"_s}});
    const QString allowedRun = consented.value(u"run_id"_s).toString();
    QVERIFY2(!allowedRun.isEmpty(), QJsonDocument(consented).toJson().constData());
    QCOMPARE(allowed.request({{u"type"_s, u"run.subscribe"_s}, {u"run_id"_s, allowedRun}})
                 .value(u"type"_s)
                 .toString(),
             u"result"_s);
    QTRY_VERIFY_WITH_TIMEOUT(allowed.event(allowedRun, u"workflow_complete"_s), 60000);
    QCOMPARE(allowed.event(allowedRun, u"workflow_complete"_s)->value(u"payload"_s)[u"status"_s],
             u"success"_s);
}

QPair<QString, int> tst_Control::runPythonClient(const QStringList &arguments)
{
    QProcess python;
    // Debian's interpreter, with Debian's python3-websockets (not one on PATH from elsewhere).
    python.start(u"/usr/bin/python3"_s,
                 QStringList{QStringLiteral(TERRARIUM_SOURCE_DIR "/tests/app/control_client.py")}
                     + arguments);
    if (!HeadlessRun::waitForExit(python, 120000))
        return {u"control_client.py did not finish"_s, -1};
    return {QString::fromUtf8(python.readAllStandardOutput() + python.readAllStandardError()),
            python.exitCode()};
}

// --serve-socket alone: no port at all, a socket only its user can open, the same API (and the
// same token) through it.
void tst_Control::servesOnAUnixSocket()
{
    m_terrarium.reset(); // init's server goes; this one serves on the socket only
    QByteArray log;
    auto terrarium = startServing({u"--serve-socket"_s}, environment(), &log);
    QVERIFY(terrarium);
    const QString socketPath = runtimeFolder() + u"/terrarium/control.sock"_s;
    QVERIFY2(log.contains(QByteArray("control API on unix:" + socketPath.toUtf8())),
             log.constData());
    QVERIFY2(!log.contains("ws://"), log.constData());

    struct stat status
    {
    };
    QCOMPARE(::stat(QFile::encodeName(socketPath).constData(), &status), 0);
    QVERIFY(S_ISSOCK(status.st_mode));
    QCOMPARE(status.st_mode & 0077, 0u);
    QCOMPARE(::stat(QFile::encodeName(runtimeFolder() + u"/terrarium"_s).constData(), &status), 0);
    QCOMPARE(status.st_mode & 0777, 0700u);

    // The token is asked for here too: a client with another one finds the server cannot
    // prove it knows it, and stops.
    const auto refused = runPythonClient({u"unix:"_s + socketPath, QString(64, u'0'), u"x"_s});
    QCOMPARE(refused.second, 1);
    QVERIFY2(refused.first.contains(u"ERROR authentication"_s), qPrintable(refused.first));
    // Nobody else can listen on it, so the token itself is still taken here, as clients
    // written before the challenge send it (and an empty goal is refused as any would be).
    const auto legacy = runPythonClient({u"unix:"_s + socketPath, Token, u""_s, u"--send-token"_s});
    QCOMPARE(legacy.second, 1);
    QVERIFY2(legacy.first.contains(u"ERROR invalid_input"_s), qPrintable(legacy.first));
    const auto legacyWrong =
        runPythonClient({u"unix:"_s + socketPath, QString(64, u'0'), u""_s, u"--send-token"_s});
    QVERIFY2(legacyWrong.first.contains(u"ERROR authentication The token is wrong."_s),
             qPrintable(legacyWrong.first));

    m_llm->enqueue(ScriptedTurns::plan(Provider, {u"Clean up"_s, u"Greet"_s}));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"rm -rf old"_s));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"echo hello"_s));
    const auto [out, exitCode] =
        runPythonClient({u"unix:"_s + socketPath, Token, u"clean and greet"_s});
    QVERIFY2(exitCode == 0, qPrintable(out));
    QVERIFY2(out.contains(u"EVENT approval_required"_s), qPrintable(out));
    static const QRegularExpression end(u"END success 1-(\\d+) (\\d+)"_s);
    const auto match = end.match(out);
    QVERIFY2(match.hasMatch(), qPrintable(out));
    QCOMPARE(match.captured(1), match.captured(2));

    ::kill(pid_t(terrarium->processId()), SIGTERM);
    QVERIFY(HeadlessRun::waitForExit(*terrarium, 30000));
    // Gone with it.
    QVERIFY(!QFileInfo::exists(socketPath));
}

// The socket is one Terrarium's: a second is refused while the first serves, and takes the
// place of one that was killed (its socket file left behind).
void tst_Control::aSecondServerDoesNotTakeTheSocket()
{
    m_terrarium.reset();
    QByteArray firstLog;
    auto first = startServing({u"--serve-socket"_s}, environment(), &firstLog);
    QVERIFY(first);
    QVERIFY2(firstLog.contains("control API on unix:"), firstLog.constData());

    QByteArray secondLog;
    auto second = startServing({u"--serve-socket"_s}, environment(), &secondLog);
    QVERIFY(second);
    QVERIFY(HeadlessRun::waitForExit(*second, 20000));
    secondLog += second->readAllStandardError();
    QCOMPARE(second->exitCode(), 2);
    QVERIFY2(secondLog.contains("Another Terrarium serves the control API on"),
             secondLog.constData());
    QCOMPARE(first->state(), QProcess::Running);

    first->kill(); // no chance to remove its socket
    QVERIFY(HeadlessRun::waitForExit(*first, 20000));
    const QString socketPath = runtimeFolder() + u"/terrarium/control.sock"_s;
    QVERIFY(QFileInfo::exists(socketPath));
    QByteArray thirdLog;
    auto third = startServing({u"--serve-socket"_s}, environment(), &thirdLog);
    QVERIFY(third);
    QVERIFY2(thirdLog.contains("control API on unix:"), thirdLog.constData());
    // It answers there: authenticated, and the empty goal refused as any would be.
    const auto [out, exitCode] = runPythonClient({u"unix:"_s + socketPath, Token, u""_s});
    QCOMPARE(exitCode, 1);
    QVERIFY2(out.contains(u"ERROR invalid_input"_s), qPrintable(out));
    ::kill(pid_t(third->processId()), SIGTERM);
    QVERIFY(HeadlessRun::waitForExit(*third, 30000));
}

// Without TERRARIUM_CONTROL_TOKEN and without a desktop keyring (no session bus), the token is
// made in a file only its user can read, and that is what clients must send.
void tst_Control::keepsTheTokenInAFileWithoutAKeyring()
{
    m_terrarium.reset();
    QProcessEnvironment env = environment();
    env.remove(u"TERRARIUM_CONTROL_TOKEN"_s);
    env.insert(u"DBUS_SESSION_BUS_ADDRESS"_s, u"unix:path=/nonexistent/bus"_s);
    QByteArray log;
    auto terrarium = startServing({u"--serve"_s, u"0"_s}, env, &log);
    QVERIFY(terrarium);
    const QString tokenFile = runtimeFolder() + u"/terrarium/control-token"_s;
    QVERIFY2(log.contains(QByteArray("(token: " + tokenFile.toUtf8() + ")")), log.constData());
    struct stat status
    {
    };
    QCOMPARE(::stat(QFile::encodeName(tokenFile).constData(), &status), 0);
    QCOMPARE(status.st_mode & 0777, 0600u);
    QFile file(tokenFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString token = QString::fromLatin1(file.readAll()).trimmed();
    QCOMPARE(token.size(), 64);
    QVERIFY(token != Token);

    static const QRegularExpression address(u"control API on (ws://\\S+)"_s);
    const QUrl url(address.match(QString::fromUtf8(log)).captured(1));
    Client wrong(url);
    QVERIFY(!wrong.authenticate(Token)); // the server cannot prove it knows that one
    Client right(url);
    QVERIFY(right.authenticate(token));

    // The next start finds the same one.
    ::kill(pid_t(terrarium->processId()), SIGTERM);
    QVERIFY(HeadlessRun::waitForExit(*terrarium, 30000));
    QByteArray again;
    terrarium = startServing({u"--serve"_s, u"0"_s}, env, &again);
    QVERIFY(terrarium);
    QVERIFY2(again.contains(QByteArray("(token: " + tokenFile.toUtf8() + ")")), again.constData());
    QFile reread(tokenFile);
    QVERIFY(reread.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromLatin1(reread.readAll()).trimmed(), token);
    ::kill(pid_t(terrarium->processId()), SIGTERM);
    QVERIFY(HeadlessRun::waitForExit(*terrarium, 30000));
}

void tst_Control::aStepThatPrintsTheTokenShowsItMasked()
{
    // Issue 27: a command on the host sandbox may read the token's file (it runs as the user);
    // what it prints of the token is masked in the run's events and on stdout and stderr.
    m_terrarium.reset();
    QProcessEnvironment env = environment();
    env.remove(u"TERRARIUM_CONTROL_TOKEN"_s);
    env.insert(u"DBUS_SESSION_BUS_ADDRESS"_s, u"unix:path=/nonexistent/bus"_s);
    QByteArray log;
    m_terrarium = startServing({u"--serve"_s, u"0"_s}, env, &log);
    QVERIFY(m_terrarium);
    const QString tokenFile = runtimeFolder() + u"/terrarium/control-token"_s;
    QFile file(tokenFile);
    QVERIFY2(file.open(QIODevice::ReadOnly), log.constData());
    const QByteArray token = file.readAll().trimmed();
    QCOMPARE(token.size(), 64);
    static const QRegularExpression address(u"control API on (ws://\\S+)"_s);
    const QUrl url(address.match(QString::fromUtf8(log)).captured(1));

    m_llm->enqueue(ScriptedTurns::plan(Provider, {u"Show the token"_s}));
    m_llm->enqueue(ScriptedTurns::command(Provider, u"cat '%1'; echo"_s.arg(tokenFile)));
    Client client(url);
    QVERIFY(client.authenticate(QString::fromLatin1(token)));
    const QString runId = startAndSubscribe(client, u"show the token"_s);
    QVERIFY2(!runId.isEmpty(), log.constData());
    QTRY_VERIFY_WITH_TIMEOUT(client.event(runId, u"workflow_complete"_s), 60000);
    const std::optional<QJsonObject> result = client.event(runId, u"step_result"_s);
    QVERIFY(result);
    QCOMPARE(result->value(u"payload"_s)[u"stdout"_s].toString(), u"***\n"_s);
    for (const QJsonObject &event : client.events(runId))
        QVERIFY(!QJsonDocument(event).toJson().contains(token));
    const QByteArray printed = m_terrarium->readAllStandardOutput();
    QVERIFY2(printed.contains(R"("stdout":"***\n")"), printed.constData());
    QVERIFY(!printed.contains(token));
    log += m_terrarium->readAllStandardError();
    QVERIFY(!log.contains(token));
}

QTEST_GUILESS_MAIN(tst_Control)
#include "tst_control.moc"
