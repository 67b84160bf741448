// Local model discovery against real HTTP servers on loopback that answer like Ollama and
// llama.cpp's llama-server: this user's, and another user's (run as the test user).
#include "core/config/LocalServerDetector.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/OtherUserServer.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

#include <unistd.h>

using namespace Terrarium::Core;
using Terrarium::Tests::LlmTestServer;
using Terrarium::Tests::OtherUserServer;
using Terrarium::Tests::RecordedRequest;
using Terrarium::Tests::ScriptedResponse;

namespace {

QUrl rootOf(const LlmTestServer &server)
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.port()));
}

// A port nothing listens on: bind one, note it, close it.
QUrl deadRoot()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost);
    const quint16 port = probe.serverPort();
    probe.close();
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
}

LlmTestServer::Responder ollama(const QByteArray &tags)
{
    return [tags](const RecordedRequest &request) {
        if (request.path == "/api/tags")
            return ScriptedResponse::json(200, tags);
        return ScriptedResponse::json(404, R"({"error":"not found"})");
    };
}

LlmTestServer::Responder llamaCpp()
{
    return [](const RecordedRequest &request) {
        if (request.path == "/health")
            return ScriptedResponse::json(200, R"({"status":"ok"})");
        if (request.path == "/v1/models")
            return ScriptedResponse::json(
                200,
                R"({"object":"list","data":[{"id":"qwen2.5-coder-7b-instruct-q4_k_m.gguf","object":"model"}]})");
        return ScriptedResponse::json(404, R"({"error":{"code":404,"message":"File Not Found"}})");
    };
}

} // namespace

class tst_LocalServerDetector : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findsOllamaAndItsFirstModel();
    void findsLlamaCpp();
    void prefersEarlierCandidates();
    void ollamaWithoutModelsIsExplained();
    void nothingListening();
    void silentServerTimesOut();
    void defaultsAreTheWellKnownPorts();
    void ollamaHostIsFollowedOnThisMachine_data();
    void ollamaHostIsFollowedOnThisMachine();
    void ownServerIsYours();
    void anotherUsersServerIsNotAsked();
    void confirmedServerOfAnotherUserIsUsed();

private:
    QNetworkAccessManager m_network;
};

void tst_LocalServerDetector::findsOllamaAndItsFirstModel()
{
    LlmTestServer server;
    QVERIFY(server.listen());
    server.setResponder(ollama(
        R"({"models":[{"name":"llama3.2:latest","size":2019393189},{"name":"qwen2.5:7b"}]})"));
    LocalServerDetector detector(&m_network, {{LocalServer::Kind::Ollama, rootOf(server)}});
    QSignalSpy finished(&detector, &LocalServerDetector::finished);
    detector.detect();
    QVERIFY(finished.wait(5000));
    QVERIFY(detector.result().has_value());
    QCOMPARE(detector.result()->model, QStringLiteral("llama3.2:latest"));
    QCOMPARE(detector.result()->baseUrl, QUrl(rootOf(server).toString() + QStringLiteral("/v1")));
    QCOMPARE(detector.result()->kind, LocalServer::Kind::Ollama);
    QVERIFY(detector.result()->displayName().contains(QLatin1String("Ollama")));
}

void tst_LocalServerDetector::findsLlamaCpp()
{
    LlmTestServer server;
    QVERIFY(server.listen());
    server.setResponder(llamaCpp());
    LocalServerDetector detector(&m_network, {{LocalServer::Kind::LlamaCpp, rootOf(server)}});
    QSignalSpy finished(&detector, &LocalServerDetector::finished);
    detector.detect();
    QVERIFY(finished.wait(5000));
    QVERIFY(detector.result().has_value());
    QCOMPARE(detector.result()->model, QStringLiteral("qwen2.5-coder-7b-instruct-q4_k_m.gguf"));
    QCOMPARE(detector.result()->kind, LocalServer::Kind::LlamaCpp);
    QCOMPARE(server.requests().at(0).path, QByteArray("/health"));
}

void tst_LocalServerDetector::prefersEarlierCandidates()
{
    LlmTestServer first;
    QVERIFY(first.listen());
    first.setResponder(ollama(R"({"models":[{"name":"mistral"}]})"));
    LlmTestServer second;
    QVERIFY(second.listen());
    second.setResponder(llamaCpp());
    LocalServerDetector detector(&m_network,
                                 {{LocalServer::Kind::Ollama, deadRoot()},
                                  {LocalServer::Kind::Ollama, rootOf(first)},
                                  {LocalServer::Kind::LlamaCpp, rootOf(second)}});
    QSignalSpy finished(&detector, &LocalServerDetector::finished);
    detector.detect();
    QVERIFY(finished.wait(5000));
    QVERIFY(detector.result().has_value());
    QCOMPARE(detector.result()->model, QStringLiteral("mistral"));
    QCOMPARE(finished.count(), 1);
}

void tst_LocalServerDetector::ollamaWithoutModelsIsExplained()
{
    LlmTestServer server;
    QVERIFY(server.listen());
    server.setResponder(ollama(R"({"models":[]})"));
    LocalServerDetector detector(&m_network, {{LocalServer::Kind::Ollama, rootOf(server)}});
    QSignalSpy finished(&detector, &LocalServerDetector::finished);
    detector.detect();
    QVERIFY(finished.wait(5000));
    QVERIFY(!detector.result().has_value());
    QVERIFY2(detector.result().error().message.contains(QLatin1String("ollama pull")),
             qPrintable(detector.result().error().message));
}

void tst_LocalServerDetector::nothingListening()
{
    LocalServerDetector detector(
        &m_network,
        {{LocalServer::Kind::Ollama, deadRoot()}, {LocalServer::Kind::LlamaCpp, deadRoot()}});
    QSignalSpy finished(&detector, &LocalServerDetector::finished);
    detector.detect();
    QVERIFY(finished.wait(5000));
    QVERIFY(!detector.result().has_value());
    QCOMPARE(detector.result().error().code, ErrorCode::NotFound);
    QVERIFY(detector.result().error().message.contains(QLatin1String("nothing answered")));
}

void tst_LocalServerDetector::silentServerTimesOut()
{
    // Accepts connections and never answers, like a hung server.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    LocalServerDetector detector(
        &m_network,
        {{LocalServer::Kind::Ollama,
          QUrl(QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort()))}});
    detector.setTimeout(std::chrono::milliseconds(300));
    QSignalSpy finished(&detector, &LocalServerDetector::finished);
    QElapsedTimer clock;
    clock.start();
    detector.detect();
    QVERIFY(finished.wait(5000));
    QVERIFY(clock.elapsed() < 3000);
    QVERIFY(!detector.result().has_value());
}

void tst_LocalServerDetector::defaultsAreTheWellKnownPorts()
{
    // Addresses, not "localhost": the address whose listener is checked is the one used.
    const auto candidates = LocalServerDetector::defaultCandidates(QProcessEnvironment());
    QCOMPARE(candidates.size(), 4);
    const QStringList expected{"http://127.0.0.1:11434", "http://[::1]:11434",
                               "http://127.0.0.1:8080", "http://[::1]:8080"};
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        QCOMPARE(candidates.at(i).kind,
                 i < 2 ? LocalServer::Kind::Ollama : LocalServer::Kind::LlamaCpp);
        QCOMPARE(candidates.at(i).root.toString(), expected.at(i));
    }
}

void tst_LocalServerDetector::ollamaHostIsFollowedOnThisMachine_data()
{
    QTest::addColumn<QString>("setting");
    QTest::addColumn<QStringList>("roots");
    const QStringList usual{"http://127.0.0.1:11434", "http://[::1]:11434"};
    QTest::newRow("address and port") << "127.0.0.1:11500" << QStringList{"http://127.0.0.1:11500"};
    QTest::newRow("with a scheme")
        << "http://127.0.0.1:11501" << QStringList{"http://127.0.0.1:11501"};
    QTest::newRow("localhost: both")
        << "localhost:11502" << QStringList{"http://127.0.0.1:11502", "http://[::1]:11502"};
    QTest::newRow("any address: loopback")
        << "0.0.0.0:11503" << QStringList{"http://127.0.0.1:11503"};
    QTest::newRow("IPv6") << "[::1]:11504" << QStringList{"http://[::1]:11504"};
    QTest::newRow("no port") << "127.0.0.1" << QStringList{"http://127.0.0.1:11434"};
    // Not a server on this machine: looked for where it usually is, never there.
    QTest::newRow("another host") << "ollama.example.org:11434" << usual;
    QTest::newRow("another address") << "192.0.2.7:11434" << usual;
}

void tst_LocalServerDetector::ollamaHostIsFollowedOnThisMachine()
{
    QFETCH(QString, setting);
    QFETCH(QStringList, roots);
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("OLLAMA_HOST"), setting);
    QStringList ollama;
    for (const auto &candidate : LocalServerDetector::defaultCandidates(environment)) {
        if (candidate.kind == LocalServer::Kind::Ollama)
            ollama << candidate.root.toString();
    }
    QCOMPARE(ollama, roots);
}

void tst_LocalServerDetector::ownServerIsYours()
{
    LlmTestServer server;
    QVERIFY(server.listen());
    server.setResponder(ollama(R"({"models":[{"name":"mistral"}]})"));
    LocalServerDetector detector(&m_network, {{LocalServer::Kind::Ollama, rootOf(server)}});
    QSignalSpy finished(&detector, &LocalServerDetector::finished);
    detector.detect();
    QVERIFY(finished.wait(5000));
    QVERIFY(detector.result().has_value());
    QCOMPARE(detector.result()->owner, LocalServer::Owner::You);
    QCOMPARE(detector.result()->ownerUid, uint(::geteuid()));
    const QString description = detector.result()->detectedDescription();
    QVERIFY2(
        description.contains(
            QStringLiteral("auto-detected at 127.0.0.1:%1 (your own server)").arg(server.port())),
        qPrintable(description));
    QVERIFY(detector.refused().isEmpty());
}

void tst_LocalServerDetector::anotherUsersServerIsNotAsked()
{
    if (const QString reason = OtherUserServer::unavailableReason(); !reason.isEmpty())
        QSKIP(qPrintable(reason));
    OtherUserServer other;
    QVERIFY(other.start(
        {QStringLiteral("--ollama"), QStringLiteral("mistral"), QStringLiteral("plan:Anything")}));
    // Where the user's own server would be, another user's answers as Ollama would.
    LocalServerDetector detector(&m_network, {{LocalServer::Kind::Ollama, other.root()}});
    QSignalSpy finished(&detector, &LocalServerDetector::finished);
    detector.detect();
    QVERIFY(finished.wait(5000));
    QVERIFY(!detector.result().has_value());
    QCOMPARE(detector.result().error().code, ErrorCode::NotFound);
    QCOMPARE(detector.refused().size(), 1);
    QCOMPARE(detector.refused().first().ownerUid, OtherUserServer::uid());
    const QString why = LocalServerDetector::refusalMessage(detector.refused().first());
    const QString confirmation =
        QStringLiteral("127.0.0.1:%1@%2").arg(other.port()).arg(OtherUserServer::uid());
    for (const QString &part : QStringList{OtherUserServer::user(), QStringLiteral("not by you"),
                                           QStringLiteral("--trust-local-server ") + confirmation,
                                           QStringLiteral("llm/trusted_local_servers")})
        QVERIFY2(why.contains(part), qPrintable(why));
    // Not even asked for its models.
    QTest::qWait(200);
    QCOMPARE(other.requestCount(), 0);
}

void tst_LocalServerDetector::confirmedServerOfAnotherUserIsUsed()
{
    if (const QString reason = OtherUserServer::unavailableReason(); !reason.isEmpty())
        QSKIP(qPrintable(reason));
    OtherUserServer other;
    QVERIFY(other.start(
        {QStringLiteral("--ollama"), QStringLiteral("mistral"), QStringLiteral("plan:Anything")}));
    LocalServerDetector detector(&m_network, {{LocalServer::Kind::Ollama, other.root()}});
    const auto confirmation = LocalServerConfirmation::parse(
        QStringLiteral("127.0.0.1:%1@%2").arg(other.port()).arg(OtherUserServer::uid()));
    QVERIFY(confirmation);
    // A confirmation for another uid at that address covers nothing.
    auto wrongUser = *confirmation;
    wrongUser.uid = OtherUserServer::uid() + 1;
    detector.setConfirmations({wrongUser});
    QSignalSpy finished(&detector, &LocalServerDetector::finished);
    detector.detect();
    QVERIFY(finished.wait(5000));
    QVERIFY(!detector.result().has_value());

    detector.setConfirmations({*confirmation});
    detector.detect();
    QVERIFY(finished.wait(5000));
    QVERIFY2(detector.result().has_value(),
             detector.result() ? "" : qPrintable(detector.result().error().message));
    QCOMPARE(detector.result()->model, QStringLiteral("mistral"));
    QCOMPARE(detector.result()->owner, LocalServer::Owner::ConfirmedOther);
    QCOMPARE(detector.result()->ownerUid, OtherUserServer::uid());
    QVERIFY2(detector.result()->detectedDescription().contains(QLatin1String("confirmed by you")),
             qPrintable(detector.result()->detectedDescription()));
    QCOMPARE(other.requestCount(), 1);
}

QTEST_GUILESS_MAIN(tst_LocalServerDetector)
#include "tst_localserverdetector.moc"
