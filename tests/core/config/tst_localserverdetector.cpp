// Local model discovery against real HTTP servers on loopback that answer like Ollama and
// llama.cpp's llama-server.
#include "core/config/LocalServerDetector.h"
#include "tests/support/LlmTestServer.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

using namespace Terrarium::Core;
using Terrarium::Tests::LlmTestServer;
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
    const auto candidates = LocalServerDetector::defaultCandidates();
    QCOMPARE(candidates.size(), 2);
    QCOMPARE(candidates.at(0).kind, LocalServer::Kind::Ollama);
    QCOMPARE(candidates.at(0).root.port(), 11434);
    QCOMPARE(candidates.at(1).kind, LocalServer::Kind::LlamaCpp);
    QCOMPARE(candidates.at(1).root.port(), 8080);
}

QTEST_GUILESS_MAIN(tst_LocalServerDetector)
#include "tst_localserverdetector.moc"
