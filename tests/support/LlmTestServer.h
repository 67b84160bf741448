#pragma once

#include "tests/support/RecordedRequest.h"
#include "tests/support/ScriptedResponse.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QQueue>
#include <QUrl>

#include <functional>

class QTcpServer;
class QTcpSocket;

namespace Terrarium::Tests {

// A real HTTP/1.1 server on 127.0.0.1 (ephemeral port) that plays scripted answers, so LLM
// clients are tested through the real QNetworkAccessManager and TCP stack. One request per
// connection (every answer says Connection: close). A request for a path with a fixed answer
// gets that; the others are answered from the queue in order; when it is empty, from the
// responder; without either, a 500 that says so.
class LlmTestServer : public QObject
{
    Q_OBJECT

public:
    using Responder = std::function<ScriptedResponse(const RecordedRequest &)>;

    explicit LlmTestServer(QObject *parent = nullptr);
    ~LlmTestServer() override;

    bool listen();
    quint16 port() const;
    // http://127.0.0.1:PORT/v1
    QUrl baseUrl() const;

    void enqueue(ScriptedResponse response);
    void setResponder(Responder responder);
    // Every request for path gets response, whatever the queue holds (a local server's model
    // list, asked before the scripted turns).
    void setFixedAnswer(const QByteArray &path, ScriptedResponse response);
    qsizetype pendingResponses() const { return m_queue.size(); }

    QList<RecordedRequest> requests() const { return m_requests; }
    qsizetype requestCount() const { return m_requests.size(); }
    // Connections the client closed before the server ended its answer (abort, stall timeout).
    int clientDisconnects() const { return m_clientDisconnects; }

    // The bytes of a recorded stream in tests/data/llm ("anthropic-tool-use.sse"); empty and a
    // warning if it cannot be read.
    static QByteArray fixture(const QString &fileName);

Q_SIGNALS:
    void requestReceived();
    void clientDisconnected();

private:
    void onNewConnection();
    void onReadyRead(QTcpSocket *socket);
    void respond(QTcpSocket *socket, const RecordedRequest &request);
    void answer(QTcpSocket *socket, const ScriptedResponse &response);
    void writeBody(QTcpSocket *socket, const QByteArray &body, qsizetype offset,
                   const ScriptedResponse &response);
    void endResponse(QTcpSocket *socket, const ScriptedResponse &response);

    QTcpServer *m_server = nullptr;
    QQueue<ScriptedResponse> m_queue;
    Responder m_responder;
    QHash<QByteArray, ScriptedResponse> m_fixed;
    QList<RecordedRequest> m_requests;
    QElapsedTimer m_clock;
    int m_clientDisconnects = 0;
};

} // namespace Terrarium::Tests
