// Completing a configuration's models before a run, against real HTTP servers on loopback that
// answer like Ollama (this user's, and another user's run as the test user), and against
// nothing at all.
#include "core/config/ConfigLoader.h"
#include "core/config/ModelResolver.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/OtherUserServer.h"

#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QSettings>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium::Core;
using Terrarium::Tests::LlmTestServer;
using Terrarium::Tests::OtherUserServer;
using Terrarium::Tests::RecordedRequest;
using Terrarium::Tests::ScriptedResponse;

Q_DECLARE_METATYPE(Terrarium::Core::AppConfig)

class tst_ModelResolver : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void keysFromTheEnvironmentNeedNothingMore();
    void localServerFillsDefaultedRolesOnly();
    void nothingFoundSaysWhatToDo();
    void anotherUsersServerIsRefusedSayingHowToConfirm();
    void serverConfirmedInTheConfigFileIsUsed();
    void badConfirmationIsAConfigurationError();

private:
    AppConfig load(const QProcessEnvironment &environment, const ConfigOverrides &flags = {},
                   const QString &file = QStringLiteral("empty.conf"));
    QUrl deadRoot();

    QNetworkAccessManager m_network;
    QTemporaryDir m_dir;
};

void tst_ModelResolver::initTestCase()
{
    qRegisterMetaType<AppConfig>();
    qRegisterMetaType<Error>();
    m_network.setProxy(QNetworkProxy::NoProxy);
}

AppConfig tst_ModelResolver::load(const QProcessEnvironment &environment,
                                  const ConfigOverrides &flags, const QString &file)
{
    QSettings settings(m_dir.filePath(file), QSettings::IniFormat);
    const auto config = ConfigLoader::load(settings, environment, flags);
    return config ? *config : AppConfig();
}

QUrl tst_ModelResolver::deadRoot()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost);
    const quint16 port = probe.serverPort();
    probe.close();
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
}

void tst_ModelResolver::keysFromTheEnvironmentNeedNothingMore()
{
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("OPENAI_API_KEY"), QStringLiteral("sk-test"));
    const AppConfig config = load(environment);
    ModelResolver resolver(&m_network);
    // Nothing is probed: a server here would fail the test by being asked.
    resolver.setCandidates({{LocalServer::Kind::Ollama, deadRoot()}});
    QSignalSpy resolved(&resolver, &ModelResolver::resolved);
    QSignalSpy failed(&resolver, &ModelResolver::failed);
    resolver.resolve(config);
    QVERIFY(resolved.isEmpty()); // never inside the call
    QVERIFY(resolved.wait(5000));
    QVERIFY(failed.isEmpty());
    const AppConfig done = resolved.first().first().value<AppConfig>();
    QCOMPARE(done.planner.apiKey, QStringLiteral("sk-test"));
    QCOMPARE(done.planner.model, config.planner.model);
}

void tst_ModelResolver::localServerFillsDefaultedRolesOnly()
{
    LlmTestServer ollama;
    QVERIFY(ollama.listen());
    ollama.setResponder([](const RecordedRequest &request) {
        if (request.path == "/api/tags")
            return ScriptedResponse::json(200, R"({"models":[{"name":"llama3.2:latest"}]})");
        return ScriptedResponse::json(404, R"({"error":"not found"})");
    });
    ConfigOverrides flags;
    flags.executorModel = QStringLiteral("qwen2.5-coder:7b"); // named: kept
    const AppConfig config = load(QProcessEnvironment(), flags);
    QVERIFY(config.plannerNeedsLocalServer && config.executorNeedsLocalServer);
    QVERIFY(!config.plannerModelNamed);
    QVERIFY(config.executorModelNamed);

    ModelResolver resolver(&m_network);
    resolver.setCandidates({{LocalServer::Kind::Ollama,
                             QUrl(QStringLiteral("http://127.0.0.1:%1").arg(ollama.port()))}});
    QSignalSpy resolved(&resolver, &ModelResolver::resolved);
    QSignalSpy messages(&resolver, &ModelResolver::message);
    QSignalSpy failed(&resolver, &ModelResolver::failed);
    resolver.resolve(config);
    QTRY_VERIFY_WITH_TIMEOUT(!resolved.isEmpty() || !failed.isEmpty(), 10000);
    QVERIFY2(
        failed.isEmpty(),
        qPrintable(failed.isEmpty() ? QString() : failed.first().first().value<Error>().message));
    const AppConfig done = resolved.first().first().value<AppConfig>();
    for (const LlmEndpoint &endpoint : {done.planner, done.executor}) {
        QCOMPARE(endpoint.provider, LlmProvider::ChatCompletions);
        QCOMPARE(endpoint.baseUrl.port(), int(ollama.port()));
        QVERIFY(endpoint.apiKey.isEmpty());
    }
    // The defaulted cloud model does not exist locally; the named one is the user's choice.
    QCOMPARE(done.planner.model, QStringLiteral("llama3.2:latest"));
    QCOMPARE(done.executor.model, QStringLiteral("qwen2.5-coder:7b"));
    QVERIFY(messages.size() >= 2);
    // Which server it is, found by itself, and whose.
    QVERIFY(resolver.localServer().has_value());
    const QString said = messages.last().first().toString();
    QVERIFY2(
        said.contains(
            QStringLiteral("auto-detected at 127.0.0.1:%1 (your own server)").arg(ollama.port())),
        qPrintable(said));
}

void tst_ModelResolver::nothingFoundSaysWhatToDo()
{
    const AppConfig config = load(QProcessEnvironment());
    ModelResolver resolver(&m_network);
    resolver.setCandidates({{LocalServer::Kind::Ollama, deadRoot()}});
    QSignalSpy failed(&resolver, &ModelResolver::failed);
    resolver.resolve(config);
    QVERIFY(failed.wait(15000));
    const QString message = failed.first().first().value<Error>().message;
    for (const char *hint : {"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "Looked for local servers"})
        QVERIFY2(message.contains(QLatin1String(hint)), qPrintable(message));
}

void tst_ModelResolver::anotherUsersServerIsRefusedSayingHowToConfirm()
{
    if (const QString reason = OtherUserServer::unavailableReason(); !reason.isEmpty())
        QSKIP(qPrintable(reason));
    OtherUserServer other;
    QVERIFY(other.start(
        {QStringLiteral("--ollama"), QStringLiteral("llama3.2"), QStringLiteral("plan:Anything")}));
    const AppConfig config = load(QProcessEnvironment());
    ModelResolver resolver(&m_network);
    resolver.setCandidates({{LocalServer::Kind::Ollama, other.root()}});
    QSignalSpy failed(&resolver, &ModelResolver::failed);
    QSignalSpy resolved(&resolver, &ModelResolver::resolved);
    resolver.resolve(config);
    QVERIFY(failed.wait(15000));
    QVERIFY(resolved.isEmpty());
    const Error error = failed.first().first().value<Error>();
    QCOMPARE(error.code, ErrorCode::PermissionDenied);
    // The refusal comes first, with the way to confirm it.
    QVERIFY2(error.message.startsWith(QLatin1String("The model server listening at 127.0.0.1:")),
             qPrintable(error.message));
    QVERIFY2(error.message.contains(QStringLiteral("--trust-local-server 127.0.0.1:%1@%2")
                                        .arg(other.port())
                                        .arg(OtherUserServer::uid())),
             qPrintable(error.message));
    QCOMPARE(resolver.refusedServers().size(), 1);
    QCOMPARE(other.requestCount(), 0);
}

void tst_ModelResolver::serverConfirmedInTheConfigFileIsUsed()
{
    if (const QString reason = OtherUserServer::unavailableReason(); !reason.isEmpty())
        QSKIP(qPrintable(reason));
    OtherUserServer other;
    QVERIFY(other.start(
        {QStringLiteral("--ollama"), QStringLiteral("llama3.2"), QStringLiteral("plan:Anything")}));
    const QString file = QStringLiteral("confirmed.conf");
    {
        QSettings settings(m_dir.filePath(file), QSettings::IniFormat);
        ConfigLoader::saveTrustedLocalServer(
            settings,
            *LocalServerConfirmation::parse(
                QStringLiteral("127.0.0.1:%1@%2").arg(other.port()).arg(OtherUserServer::uid())));
    }
    const AppConfig config = load(QProcessEnvironment(), {}, file);
    QCOMPARE(config.trustedLocalServers.size(), 1);
    ModelResolver resolver(&m_network);
    resolver.setCandidates({{LocalServer::Kind::Ollama, other.root()}});
    QSignalSpy resolved(&resolver, &ModelResolver::resolved);
    QSignalSpy failed(&resolver, &ModelResolver::failed);
    QSignalSpy messages(&resolver, &ModelResolver::message);
    resolver.resolve(config);
    QTRY_VERIFY_WITH_TIMEOUT(!resolved.isEmpty() || !failed.isEmpty(), 15000);
    QVERIFY2(
        failed.isEmpty(),
        qPrintable(failed.isEmpty() ? QString() : failed.first().first().value<Error>().message));
    const AppConfig done = resolved.first().first().value<AppConfig>();
    QCOMPARE(done.planner.baseUrl.port(), int(other.port()));
    QCOMPARE(done.planner.model, QStringLiteral("llama3.2"));
    const QString said = messages.last().first().toString();
    QVERIFY2(said.contains(QLatin1String("confirmed by you")), qPrintable(said));
}

void tst_ModelResolver::badConfirmationIsAConfigurationError()
{
    ConfigOverrides flags;
    flags.trustedLocalServers = {QStringLiteral("localhost:11434")};
    QSettings settings(m_dir.filePath(QStringLiteral("empty.conf")), QSettings::IniFormat);
    const auto config = ConfigLoader::load(settings, QProcessEnvironment(), flags);
    QVERIFY(!config);
    QCOMPARE(config.error().code, ErrorCode::Configuration);
    QVERIFY2(config.error().message.contains(QLatin1String("--trust-local-server"))
                 && config.error().message.contains(QLatin1String("address:port@uid")),
             qPrintable(config.error().message));
}

QTEST_GUILESS_MAIN(tst_ModelResolver)
#include "tst_modelresolver.moc"
