#include "LlmTestServer.h"

#include "tests/support/TestSupport.h"

#include <QFile>
#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace Terrarium::Tests {

namespace {

// Per-connection bookkeeping lives on the socket so it dies with it.
constexpr char BufferProperty[] = "terrarium_request_buffer";
constexpr char AnsweredProperty[] = "terrarium_answered";
constexpr char ServerClosingProperty[] = "terrarium_server_closing";

// Requests are a few KiB of JSON; a runaway client must not eat the test's memory.
constexpr qsizetype MaxRequestSize = 32 * 1024 * 1024;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 408:
        return "Request Timeout";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    case 529:
        return "Site Overloaded";
    default:
        return "Status";
    }
}

} // namespace

LlmTestServer::LlmTestServer(QObject *parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
{
    m_clock.start();
    connect(m_server, &QTcpServer::newConnection, this, &LlmTestServer::onNewConnection);
}

LlmTestServer::~LlmTestServer()
{
    m_server->close();
    const QList<QTcpSocket *> sockets = m_server->findChildren<QTcpSocket *>();
    for (QTcpSocket *socket : sockets) {
        disconnect(socket, nullptr, this, nullptr);
        socket->abort();
    }
}

bool LlmTestServer::listen()
{
    return m_server->listen(QHostAddress::LocalHost, 0);
}

quint16 LlmTestServer::port() const
{
    return m_server->serverPort();
}

QUrl LlmTestServer::baseUrl() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(QStringLiteral("127.0.0.1"));
    url.setPort(port());
    url.setPath(QStringLiteral("/v1"));
    return url;
}

void LlmTestServer::enqueue(ScriptedResponse response)
{
    m_queue.enqueue(std::move(response));
}

void LlmTestServer::setResponder(Responder responder)
{
    m_responder = std::move(responder);
}

void LlmTestServer::setFixedAnswer(const QByteArray &path, ScriptedResponse response)
{
    m_fixed.insert(path, std::move(response));
}

QByteArray LlmTestServer::fixture(const QString &fileName)
{
    QFile file(testDataDir() + QStringLiteral("/llm/") + fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        qWarning("LlmTestServer: cannot read fixture %s: %s", qPrintable(file.fileName()),
                 qPrintable(file.errorString()));
        return {};
    }
    return file.readAll();
}

void LlmTestServer::onNewConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        // Small chunks must leave as written, not coalesced by Nagle.
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            if (!socket->property(ServerClosingProperty).toBool()) {
                ++m_clientDisconnects;
                Q_EMIT clientDisconnected();
            }
            socket->deleteLater();
        });
    }
}

void LlmTestServer::onReadyRead(QTcpSocket *socket)
{
    QByteArray buffer = socket->property(BufferProperty).toByteArray() + socket->readAll();
    if (socket->property(AnsweredProperty).toBool())
        return; // one request per connection; anything after it is ignored
    if (buffer.size() > MaxRequestSize) {
        socket->abort();
        return;
    }
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) {
        socket->setProperty(BufferProperty, buffer);
        return;
    }

    RecordedRequest request;
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    request.method = requestLine.value(0);
    request.path = requestLine.value(1);
    qsizetype contentLength = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = line.left(colon).trimmed();
        const QByteArray value = line.mid(colon + 1).trimmed();
        request.headers.append({name, value});
        if (name.compare("content-length", Qt::CaseInsensitive) == 0)
            contentLength = value.toLongLong();
    }
    const qsizetype bodyStart = headerEnd + 4;
    if (buffer.size() - bodyStart < contentLength) {
        socket->setProperty(BufferProperty, buffer);
        return;
    }
    request.body = buffer.mid(bodyStart, contentLength);
    request.receivedAtMs = m_clock.elapsed();
    socket->setProperty(BufferProperty, QByteArray());
    socket->setProperty(AnsweredProperty, true);
    m_requests.append(request);
    Q_EMIT requestReceived();
    respond(socket, request);
}

void LlmTestServer::respond(QTcpSocket *socket, const RecordedRequest &request)
{
    ScriptedResponse response;
    if (const auto fixed = m_fixed.constFind(request.path); fixed != m_fixed.constEnd()) {
        response = *fixed;
    } else if (!m_queue.isEmpty()) {
        response = m_queue.dequeue();
    } else if (m_responder) {
        response = m_responder(request);
    } else {
        response = ScriptedResponse::json(
            500,
            R"({"error":{"message":"LlmTestServer: no scripted response left","type":"server_error","param":null,"code":null}})");
    }
    if (response.firstByteDelayMs > 0) {
        QTimer::singleShot(response.firstByteDelayMs, socket, [this, socket, response] {
            ScriptedResponse now = response;
            now.firstByteDelayMs = 0;
            answer(socket, now);
        });
        return;
    }
    answer(socket, response);
}

void LlmTestServer::answer(QTcpSocket *socket, const ScriptedResponse &response)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(response.status) + ' '
        + reasonPhrase(response.status) + "\r\n";
    bool hasContentType = false;
    for (const auto &header : response.headers) {
        if (header.first.compare("content-type", Qt::CaseInsensitive) == 0)
            hasContentType = true;
    }
    if (!hasContentType) {
        head += response.status == 200 ? "Content-Type: text/event-stream; charset=utf-8\r\n"
                                       : "Content-Type: application/json\r\n";
    }
    for (const auto &[name, value] : response.headers)
        head += name + ": " + value + "\r\n";
    // A complete answer is framed by its length; a cut one only by the connection, as a
    // streaming server that dies mid-way would leave it.
    if (response.ending == ScriptedResponse::Complete)
        head += "Content-Length: " + QByteArray::number(response.body.size()) + "\r\n";
    head += "Connection: close\r\n\r\n";
    socket->write(head);

    QByteArray body = response.body;
    if (response.ending != ScriptedResponse::Complete && response.cutAfterBytes >= 0)
        body.truncate(response.cutAfterBytes);
    writeBody(socket, body, 0, response);
}

void LlmTestServer::writeBody(QTcpSocket *socket, const QByteArray &body, qsizetype offset,
                              const ScriptedResponse &response)
{
    if (socket->state() != QAbstractSocket::ConnectedState)
        return;
    const qsizetype chunk = response.chunkSize > 0 ? response.chunkSize : body.size() - offset;
    if (chunk > 0)
        socket->write(body.constData() + offset, std::min(chunk, body.size() - offset));
    const qsizetype next = offset + chunk;
    if (next >= body.size()) {
        endResponse(socket, response);
        return;
    }
    QTimer::singleShot(response.chunkDelayMs, socket, [this, socket, body, next, response] {
        writeBody(socket, body, next, response);
    });
}

void LlmTestServer::endResponse(QTcpSocket *socket, const ScriptedResponse &response)
{
    if (response.ending == ScriptedResponse::Stall)
        return; // keep the socket open and say nothing more
    socket->setProperty(ServerClosingProperty, true);
    socket->disconnectFromHost(); // flushes what was written first
}

} // namespace Terrarium::Tests
