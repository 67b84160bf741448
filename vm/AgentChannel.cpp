#include "AgentChannel.h"

#include "core/CoreTr.h"
#include "vm/AgentCall.h"
#include "vm/AgentExecJob.h"
#include "vm/AgentPtySession.h"
#include "vm/AgentWire_p.h"
#include "vm/VmLogging.h"

#include <QIODevice>
#include <QJsonDocument>
#include <QJsonValue>
#include <QMetaObject>
#include <QProcess>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace Terrarium::Vm {

namespace {

// How much is taken from the device at a time: large enough that a flood costs few calls,
// small enough that lines are handed on while the rest still waits in the device.
constexpr qint64 readChunk = 1024 * 1024;
// A QProcess agent whose output ended usually exits a moment later; waiting that long lets the
// close reason say how it ended ("killed by signal 9").
constexpr std::chrono::milliseconds exitWaitTimeout{250};

// JSON-RPC error codes of PROTOCOL.md.
constexpr qint64 osError = 1;
constexpr qint64 limitExceeded = 2;
constexpr qint64 unknownId = 3;
constexpr qint64 parseError = -32700;
constexpr qint64 invalidRequest = -32600;
constexpr qint64 methodNotFound = -32601;
constexpr qint64 invalidParams = -32602;

Core::Error agentError(const QJsonObject &error, const QString &method)
{
    const qint64 code = error.value(QLatin1String("code")).toInteger();
    QString message = error.value(QLatin1String("message")).toString();
    switch (code) {
    case osError: {
        const int number =
            error.value(QLatin1String("data")).toObject().value(QLatin1String("errno")).toInt();
        Core::ErrorCode errorCode = Core::ErrorCode::IoError;
        if (number == ENOENT)
            errorCode = Core::ErrorCode::NotFound;
        else if (number == EACCES || number == EPERM || number == EROFS)
            errorCode = Core::ErrorCode::PermissionDenied;
        if (number > 0) {
            // The host's strerror: callers and logs match on the usual wording.
            const QString reason = QString::fromLocal8Bit(std::strerror(number));
            if (!message.contains(reason))
                message =
                    message.isEmpty() ? reason : QStringLiteral("%1: %2").arg(message, reason);
        }
        return {errorCode, message};
    }
    case limitExceeded:
        return {Core::ErrorCode::LimitReached, message};
    case unknownId:
        return {Core::ErrorCode::NotFound, message};
    case parseError:
    case invalidRequest:
    case invalidParams:
        return {Core::ErrorCode::InvalidInput,
                Core::Tr::tr("The agent rejected %1: %2").arg(method, message)};
    case methodNotFound:
        return {Core::ErrorCode::SandboxError,
                Core::Tr::tr("The sandbox's agent does not support %1").arg(method)};
    default:
        return {Core::ErrorCode::SandboxError,
                Core::Tr::tr("The agent failed %1 (error %2): %3")
                    .arg(method, QString::number(code), message)};
    }
}

// The payload of a message: the base64 that parseLine() cut out, or the "data" member of
// container. Empty when there is none; nullopt when it is not valid base64.
std::optional<QByteArray> payload(const AgentWire::Message &message, const QJsonObject &container)
{
    if (message.dataCut)
        return AgentWire::decodeBase64(message.base64);
    const QJsonValue data = container.value(QLatin1String("data"));
    if (data.isUndefined())
        return QByteArray();
    if (!data.isString())
        return std::nullopt;
    return AgentWire::decodeBase64(data.toString().toLatin1());
}

QByteArray preview(QByteArrayView line)
{
    constexpr qsizetype previewBytes = 120;
    return line.size() <= previewBytes ? line.toByteArray()
                                       : line.first(previewBytes).toByteArray() + "...";
}

} // namespace

AgentChannel::AgentChannel(QIODevice *device, QObject *parent)
    : QObject(parent)
    , m_device(device)
{
    m_exitWait.setSingleShot(true);
    connect(&m_exitWait, &QTimer::timeout, this,
            [this] { closeWith(Core::Tr::tr("its output ended")); });
    if (!device) {
        closeWith(Core::Tr::tr("there is no connection to it"));
        return;
    }
    connect(device, &QIODevice::readyRead, this, [this] { readAvailable(); });
    connect(device, &QIODevice::readChannelFinished, this, [this] { onEndOfInput(); });
    connect(device, &QIODevice::aboutToClose, this,
            [this] { closeWith(Core::Tr::tr("the connection to it was closed")); });
    connect(device, &QObject::destroyed, this,
            [this] { closeWith(Core::Tr::tr("the connection to it was destroyed")); });
    if (auto *process = qobject_cast<QProcess *>(device)) {
        // A process's exit also ends the channel, even if something it started holds the pipe.
        connect(process, &QProcess::finished, this, [this] { onEndOfInput(); });
        connect(process, &QProcess::errorOccurred, this, [this, process](QProcess::ProcessError e) {
            if (e == QProcess::FailedToStart)
                closeWith(Core::Tr::tr("it could not be started: %1").arg(process->errorString()));
        });
    }
    // Every connection starts with agent.hello (PROTOCOL.md): a VM's port may carry leftovers
    // of an earlier connection, so nothing before the answer counts.
    if (device->isOpen())
        sendHello();
    else if (auto *process = qobject_cast<QProcess *>(device))
        connect(process, &QProcess::started, this, &AgentChannel::sendHello);
    // Data that arrived before we were connected is not announced again.
    if (device->bytesAvailable() > 0)
        QMetaObject::invokeMethod(
            this, [this] { readAvailable(); }, Qt::QueuedConnection);
}

AgentChannel::~AgentChannel()
{
    closeWith(Core::Tr::tr("its channel was shut down"));
}

qint64 AgentChannel::bufferedBytes() const
{
    return m_buffer.size() + (m_device ? m_device->bytesAvailable() : 0);
}

AgentCall *AgentChannel::call(const QString &method, const QJsonObject &params, QObject *parent)
{
    return send(new AgentCall(method, parent ? parent : this), params, nullptr);
}

AgentCall *AgentChannel::call(const QString &method, const QJsonObject &params,
                              const QByteArray &data, QObject *parent)
{
    return send(new AgentCall(method, parent ? parent : this), params, &data);
}

void AgentChannel::notify(const QString &method, const QJsonObject &params)
{
    if (!m_closeReason)
        write(AgentWire::encodeMessage(0, method, params));
}

AgentCall *AgentChannel::send(AgentCall *call, const QJsonObject &params, const QByteArray *data)
{
    if (m_closeReason) {
        failLater(call, *m_closeReason);
        return call;
    }
    const qint64 id = m_nextId++;
    const QByteArray line = AgentWire::encodeMessage(id, call->method(), params, data);
    if (line.size() - 1 > maxOutgoingLineBytes) {
        failLater(call,
                  {Core::ErrorCode::LimitReached,
                   Core::Tr::tr("The request %1 is larger than the agent accepts (%2 bytes)")
                       .arg(call->method(), QString::number(maxOutgoingLineBytes))});
        return call;
    }
    call->m_id = id;
    m_pending.insert(id, call);
    write(line);
    return call;
}

void AgentChannel::failLater(AgentCall *call, const Core::Error &error)
{
    QMetaObject::invokeMethod(
        call, [call, error] { call->finish(std::unexpected(error)); }, Qt::QueuedConnection);
}

void AgentChannel::sendHello()
{
    if (m_helloId != 0 || m_closeReason)
        return;
    AgentCall *hello = call(QStringLiteral("agent.hello"));
    m_helloId = hello->id();
    connect(hello, &AgentCall::finished, this, [this, hello] {
        hello->deleteLater();
        const Core::Result<QJsonObject> &answer = hello->result();
        if (!answer) {
            if (!m_closeReason)
                closeWith(
                    Core::Tr::tr("it did not answer agent.hello: %1").arg(answer.error().message));
            return;
        }
        m_agentInfo = *answer;
        m_ready = true;
        qCDebug(lcVm) << "agent: ready" << m_agentInfo;
        Q_EMIT ready(m_agentInfo);
    });
}

bool AgentChannel::write(const QByteArray &line)
{
    if (m_closeReason || !m_device)
        return false;
    if (m_device->write(line) == line.size())
        return true;
    // Closing here would finish calls inside the request that caused it; the loop does it.
    const QString reason = m_device->errorString();
    QMetaObject::invokeMethod(
        this,
        [this, reason] { closeWith(Core::Tr::tr("the connection to it failed: %1").arg(reason)); },
        Qt::QueuedConnection);
    return false;
}

AgentCall *AgentChannel::ping(QObject *parent)
{
    return call(QStringLiteral("ping"), {}, parent);
}

AgentCall *AgentChannel::info(QObject *parent)
{
    return call(QStringLiteral("info"), {}, parent);
}

AgentCall *AgentChannel::stat(const QString &path, QObject *parent)
{
    return call(QStringLiteral("fs.stat"), {{QStringLiteral("path"), path}}, parent);
}

AgentCall *AgentChannel::list(const QString &path, QObject *parent)
{
    return call(QStringLiteral("fs.list"), {{QStringLiteral("path"), path}}, parent);
}

AgentCall *AgentChannel::setWindow(qint64 bytes, QObject *parent)
{
    // Acknowledge often enough that a small window never waits for a full batch.
    m_ackThreshold = std::clamp<qint64>(bytes / 4, 1, ackBatchBytes);
    return call(QStringLiteral("agent.window"), {{QStringLiteral("bytes"), bytes}}, parent);
}

AgentCall *AgentChannel::readFile(const QString &path, qint64 maxBytes, QObject *parent)
{
    auto *operation = new AgentCall(QStringLiteral("fs.read"), parent ? parent : this);
    if (maxBytes < 0) {
        failLater(operation,
                  {Core::ErrorCode::InvalidInput,
                   Core::Tr::tr("A negative read limit was given for %1").arg(path)});
        return operation;
    }
    readFilePiece(operation, path, maxBytes);
    return operation;
}

void AgentChannel::readFilePiece(AgentCall *operation, const QString &path, qint64 maxBytes)
{
    const qint64 offset = operation->m_data.size();
    // One byte more than allowed tells a file of exactly maxBytes from a larger one.
    const qint64 want = std::min(maxBytes + 1 - offset, readPieceBytes);
    AgentCall *piece = call(QStringLiteral("fs.read"),
                            {{QStringLiteral("path"), path},
                             {QStringLiteral("offset"), offset},
                             {QStringLiteral("max_bytes"), want},
                             {QStringLiteral("partial"), true}},
                            operation);
    connect(piece, &AgentCall::finished, operation, [this, operation, piece, path, maxBytes] {
        piece->deleteLater();
        const Core::Result<QJsonObject> &result = piece->result();
        if (!result) {
            operation->finish(std::unexpected(result.error()));
            return;
        }
        operation->m_data.append(piece->data());
        const qint64 size = result->value(QLatin1String("size")).toInteger(-1);
        if (operation->m_data.size() > maxBytes || size > maxBytes) {
            operation->m_data.clear();
            operation->finish(Core::makeError(
                Core::ErrorCode::LimitReached,
                Core::Tr::tr("%1 is larger than %2 bytes").arg(path, QString::number(maxBytes))));
            return;
        }
        // An empty piece without eof means the file shrank under us: what we have is all.
        if (result->value(QLatin1String("eof")).toBool() || piece->data().isEmpty()) {
            QByteArray data = std::exchange(operation->m_data, {});
            operation->finish(QJsonObject{{QStringLiteral("size"), data.size()}}, std::move(data));
            return;
        }
        readFilePiece(operation, path, maxBytes);
    });
}

AgentCall *AgentChannel::writeFile(const QString &path, const QByteArray &data, QObject *parent)
{
    return writeFile(path, data, -1, parent);
}

AgentCall *AgentChannel::writeFile(const QString &path, const QByteArray &data, int mode,
                                   QObject *parent)
{
    auto *operation = new AgentCall(QStringLiteral("fs.write"), parent ? parent : this);
    writeFilePiece(operation, path, data, mode, 0);
    return operation;
}

void AgentChannel::writeFilePiece(AgentCall *operation, const QString &path, const QByteArray &data,
                                  int mode, qint64 offset)
{
    const QByteArray piece = data.sliced(offset, std::min(data.size() - offset, writePieceBytes));
    QJsonObject params{{QStringLiteral("path"), path},
                       {QStringLiteral("append"), offset > 0},
                       {QStringLiteral("mkdirs"), true}};
    // The mode goes with the replacement; appends keep it.
    if (mode >= 0 && offset == 0)
        params.insert(QStringLiteral("mode"), mode);
    AgentCall *request = call(QStringLiteral("fs.write"), params, piece, operation);
    const qint64 next = offset + piece.size();
    connect(request, &AgentCall::finished, operation,
            [this, operation, request, path, data, mode, next] {
                request->deleteLater();
                const Core::Result<QJsonObject> &result = request->result();
                if (!result)
                    operation->finish(std::unexpected(result.error()));
                else if (next >= data.size())
                    operation->finish(QJsonObject{{QStringLiteral("bytes"), data.size()}});
                else
                    writeFilePiece(operation, path, data, mode, next);
            });
}

AgentExecJob *AgentChannel::exec(const Core::ExecRequest &request, QObject *parent)
{
    auto *job = new AgentExecJob(this, parent ? parent : this);
    job->start(request);
    if (const qint64 id = job->jobId(); id > 0) {
        m_jobs.insert(id, job);
        connect(job, &Core::ExecJob::finished, this, [this, id] { m_jobs.remove(id); });
        connect(job, &QObject::destroyed, this, [this, id] { m_jobs.remove(id); });
    }
    return job;
}

Core::Result<AgentPtySession *> AgentChannel::openPty(const PtyRequest &request, QObject *parent)
{
    if (m_closeReason)
        return std::unexpected(*m_closeReason);
    auto *session = new AgentPtySession(this, parent ? parent : this);
    session->start(request);
    if (const qint64 id = session->ptyId(); id > 0) {
        m_ptys.insert(id, session);
        connect(session, &Core::TerminalSession::finished, this, [this, id] { m_ptys.remove(id); });
        connect(session, &QObject::destroyed, this, [this, id] { m_ptys.remove(id); });
    }
    return session;
}

Core::SandboxFacts AgentChannel::facts(const QJsonObject &info, const QString &kind)
{
    Core::SandboxFacts facts;
    facts.kind = kind;
    facts.os = info.value(QLatin1String("os")).toString();
    facts.arch = info.value(QLatin1String("arch")).toString();
    facts.shell = info.value(QLatin1String("shell")).toString();
    facts.workingDirectory = info.value(QLatin1String("cwd")).toString();
    facts.user = info.value(QLatin1String("user")).toString();
    const QJsonObject tools = info.value(QLatin1String("tools")).toObject();
    for (auto it = tools.begin(); it != tools.end(); ++it) {
        if (!it.value().toString().isEmpty())
            facts.tools.append(it.key());
    }
    return facts;
}

void AgentChannel::readAvailable()
{
    if (m_reading || m_closeReason || !m_device)
        return;
    const QPointer<AgentChannel> alive(this);
    m_reading = true;
    while (!m_closeReason && m_device) {
        const qint64 available = m_device->bytesAvailable();
        if (available <= 0)
            break;
        const qsizetype old = m_buffer.size();
        const qint64 want = std::min(available, readChunk);
        m_buffer.resize(old + want);
        const qint64 got = m_device->read(m_buffer.data() + old, want);
        m_buffer.resize(old + std::max<qint64>(got, 0));
        if (got <= 0)
            break;
        processLines();
        if (!alive)
            return; // a slot deleted the channel
    }
    m_reading = false;
    if (m_closeReason) {
        m_buffer = QByteArray();
        m_scanned = 0;
        return;
    }
    flushAcks();
    if (m_endOfInput)
        finishAfterEndOfInput();
}

void AgentChannel::processLines()
{
    const QPointer<AgentChannel> alive(this);
    qsizetype lineStart = 0;
    while (true) {
        const char *begin = m_buffer.constData();
        const auto *newline = static_cast<const char *>(
            std::memchr(begin + m_scanned, '\n', static_cast<size_t>(m_buffer.size() - m_scanned)));
        if (!newline) {
            m_scanned = m_buffer.size();
            break;
        }
        const qsizetype end = newline - begin;
        const QByteArrayView line(begin + lineStart, end - lineStart);
        lineStart = end + 1;
        m_scanned = lineStart;
        if (line.size() > maxIncomingLineBytes) {
            closeWith(
                Core::Tr::tr("it sent a line longer than %1 bytes").arg(maxIncomingLineBytes));
            return;
        }
        // Nothing below touches m_buffer: re-entry is blocked by m_reading.
        dispatchLine(line);
        if (!alive || m_closeReason)
            return;
    }
    if (lineStart > 0) {
        m_buffer.remove(0, lineStart); // at most one partial line is left to move
        m_scanned -= lineStart;
    }
    if (m_buffer.size() > maxIncomingLineBytes)
        closeWith(Core::Tr::tr("it sent a line longer than %1 bytes").arg(maxIncomingLineBytes));
}

void AgentChannel::dispatchLine(QByteArrayView line)
{
    if (line.endsWith('\r'))
        line.chop(1);
    if (line.trimmed().isEmpty())
        return;
    QString parseError;
    const std::optional<AgentWire::Message> message = AgentWire::parseLine(line, &parseError);
    if (!m_ready) {
        // Until the hello is answered everything is from before this connection (or the
        // agent's own agent.ready): only that answer counts.
        // An answer of the last connection may carry the same id: the hello's answer is the
        // one that says which protocol the agent speaks.
        const bool isHelloAnswer = message
            && message->object.value(QLatin1String("id")).toInteger(-1) == m_helloId
            && (message->object.value(QLatin1String("result"))
                    .toObject()
                    .contains(QLatin1String("protocol"))
                || message->object.contains(QLatin1String("error")));
        if (!isHelloAnswer) {
            qCDebug(lcVm) << "agent: skipped a line before the hello's answer";
            return;
        }
    }
    if (!message) {
        skipLine("not JSON", parseError, line);
        return;
    }
    const QJsonObject &object = message->object;
    const QJsonValue id = object.value(QLatin1String("id"));
    const QJsonValue method = object.value(QLatin1String("method"));
    if (method.isString()) {
        if (!id.isUndefined() && !id.isNull()) {
            // The protocol has no agent-to-host requests; answer as JSON-RPC asks.
            write(QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                            {QStringLiteral("id"), id},
                                            {QStringLiteral("error"),
                                             QJsonObject{{QStringLiteral("code"), methodNotFound},
                                                         {QStringLiteral("message"),
                                                          QStringLiteral("method not found")}}}})
                      .toJson(QJsonDocument::Compact)
                  + '\n');
            return;
        }
        handleNotification(method.toString(), object.value(QLatin1String("params")).toObject(),
                           *message);
        return;
    }
    const bool isAnswer =
        object.contains(QLatin1String("result")) || object.contains(QLatin1String("error"));
    if (isAnswer && id.isDouble()) {
        handleResponse(id.toInteger(), *message);
        return;
    }
    if (isAnswer && id.isNull()) {
        // An error the agent could not attribute to a request (our line was not JSON to it).
        skipLine("an error without a request", {}, line);
        return;
    }
    skipLine("not JSON-RPC", {}, line);
}

void AgentChannel::skipLine(const char *what, const QString &detail, QByteArrayView line)
{
    // A peer that is not an agent at all could produce garbage at full speed: log a sample.
    constexpr qint64 loggedLines = 20;
    if (++m_skippedLines > loggedLines)
        return;
    qCWarning(lcVm) << "agent: skipped a line," << what << detail << preview(line);
    if (m_skippedLines == loggedLines)
        qCWarning(lcVm) << "agent: further lines that are skipped are not logged";
}

void AgentChannel::handleResponse(qint64 id, const AgentWire::Message &message)
{
    // A job's or terminal's answer ends its output: nothing is left to acknowledge.
    m_unackedJobs.remove(id);
    const QPointer<AgentCall> call = m_pending.take(id);
    if (!call) {
        qCDebug(lcVm) << "agent: answer to request" << id << "which nobody waits for";
        return;
    }
    const QJsonValue error = message.object.value(QLatin1String("error"));
    if (!error.isUndefined()) {
        call->finish(std::unexpected(agentError(error.toObject(), call->method())));
        return;
    }
    QJsonObject result = message.object.value(QLatin1String("result")).toObject();
    const std::optional<QByteArray> data = payload(message, result);
    if (!data) {
        call->finish(Core::makeError(
            Core::ErrorCode::MalformedResponse,
            Core::Tr::tr("The agent's answer to %1 holds invalid base64").arg(call->method())));
        return;
    }
    result.remove(QLatin1String("data"));
    call->finish(std::move(result), *data);
}

void AgentChannel::handleNotification(const QString &method, const QJsonObject &params,
                                      const AgentWire::Message &message)
{
    if (method == QLatin1String("exec.output") || method == QLatin1String("pty.output")) {
        const bool isPty = method == QLatin1String("pty.output");
        const qint64 id =
            params.value(isPty ? QLatin1String("pty") : QLatin1String("job")).toInteger(-1);
        const std::optional<QByteArray> data = payload(message, params);
        if (id < 0 || !data) {
            // Without an id, or with data that is not base64: nobody can use it.
            skipLine(isPty ? "malformed pty.output for" : "malformed exec.output for",
                     QString::number(id), {});
            return;
        }
        if (isPty) {
            deliverPtyOutput(id, *data);
            return;
        }
        const QString stream = params.value(QLatin1String("stream")).toString();
        if (stream == QLatin1String("stdout"))
            deliverExecOutput(id, Core::OutputStream::Stdout, *data);
        else if (stream == QLatin1String("stderr"))
            deliverExecOutput(id, Core::OutputStream::Stderr, *data);
        else
            skipLine("exec.output for an unknown stream", stream, {});
        return;
    }
    if (method == QLatin1String("exec.started")) {
        const qint64 id = params.value(QLatin1String("job")).toInteger(-1);
        if (AgentExecJob *job = m_jobs.value(id))
            job->onStarted(params.value(QLatin1String("pid")).toInteger());
        return;
    }
    if (method == QLatin1String("exec.stdin_wait")) {
        const qint64 id = params.value(QLatin1String("job")).toInteger(-1);
        if (AgentExecJob *job = m_jobs.value(id); job && !job->isFinished())
            Q_EMIT job->inputWanted();
        return;
    }
    if (method == QLatin1String("pty.exit")) {
        const qint64 id = params.value(QLatin1String("pty")).toInteger(-1);
        m_unackedPtys.remove(id);
        if (AgentPtySession *session = m_ptys.value(id))
            session->onExited(params.value(QLatin1String("exit_code")).toInt(-1));
        return;
    }
    if (method == QLatin1String("agent.ready")) {
        // The answer to agent.hello is what makes the channel ready; this is for other hosts.
        return;
    }
    if (method == QLatin1String("agent.log")) {
        const QString level = params.value(QLatin1String("level")).toString();
        const QString text = params.value(QLatin1String("message")).toString();
        if (level == QLatin1String("debug") || level == QLatin1String("info"))
            qCDebug(lcVm).noquote() << "agent says:" << text;
        else
            qCWarning(lcVm).noquote() << "agent says:" << text;
        return;
    }
    qCDebug(lcVm) << "agent: ignored notification" << method;
}

void AgentChannel::deliverExecOutput(qint64 job, Core::OutputStream stream, const QByteArray &data)
{
    if (AgentExecJob *target = m_jobs.value(job)) {
        const QPointer<AgentChannel> alive(this);
        target->deliverOutput(stream, data);
        if (!alive || m_closeReason)
            return;
    }
    // Output of a job nobody listens to any more is consumed all the same, or the agent would
    // stop reading the command's pipes and the command would hang.
    qint64 &unacked = m_unackedJobs[job];
    unacked += data.size();
    if (unacked >= m_ackThreshold) {
        write(AgentWire::encodeAck(false, job, unacked));
        unacked = 0;
    }
}

void AgentChannel::deliverPtyOutput(qint64 pty, const QByteArray &data)
{
    if (AgentPtySession *target = m_ptys.value(pty)) {
        const QPointer<AgentChannel> alive(this);
        target->deliverOutput(data);
        if (!alive || m_closeReason)
            return;
    }
    qint64 &unacked = m_unackedPtys[pty];
    unacked += data.size();
    if (unacked >= m_ackThreshold) {
        write(AgentWire::encodeAck(true, pty, unacked));
        unacked = 0;
    }
}

void AgentChannel::flushAcks()
{
    for (auto it = m_unackedJobs.cbegin(); it != m_unackedJobs.cend(); ++it) {
        if (it.value() > 0)
            write(AgentWire::encodeAck(false, it.key(), it.value()));
    }
    for (auto it = m_unackedPtys.cbegin(); it != m_unackedPtys.cend(); ++it) {
        if (it.value() > 0)
            write(AgentWire::encodeAck(true, it.key(), it.value()));
    }
    m_unackedJobs.clear();
    m_unackedPtys.clear();
}

void AgentChannel::onEndOfInput()
{
    if (m_closeReason)
        return;
    m_endOfInput = true;
    // Inside readAvailable() (a slot re-entered the event loop) the outer loop finishes up.
    if (!m_reading)
        readAvailable();
}

void AgentChannel::finishAfterEndOfInput()
{
    auto *process = qobject_cast<QProcess *>(m_device.data());
    if (!process) {
        closeWith(Core::Tr::tr("the connection to it ended"));
        return;
    }
    if (process->state() != QProcess::NotRunning) {
        if (!m_exitWait.isActive())
            m_exitWait.start(exitWaitTimeout);
        return;
    }
    if (process->exitStatus() == QProcess::CrashExit)
        closeWith(Core::Tr::tr("it was killed by signal %1").arg(process->exitCode()));
    else
        closeWith(Core::Tr::tr("it exited with code %1").arg(process->exitCode()));
}

void AgentChannel::close(const QString &why)
{
    closeWith(why);
}

void AgentChannel::abandon(const QString &why)
{
    qCWarning(lcVm).noquote() << "giving up on the sandbox's agent:" << why;
    closeWith(why);
}

void AgentChannel::closeWith(const QString &detail)
{
    if (m_closeReason)
        return;
    const Core::Error why{Core::ErrorCode::SandboxError,
                          Core::Tr::tr("the sandbox's agent went away: %1").arg(detail)};
    m_closeReason = why;
    m_ready = false;
    m_exitWait.stop();
    qCDebug(lcVm).noquote() << "agent channel closed:" << why.message;
    if (m_device)
        m_device->disconnect(this);
    m_unackedJobs.clear();
    m_unackedPtys.clear();
    if (!m_reading) {
        m_buffer = QByteArray();
        m_scanned = 0;
    }

    const QPointer<AgentChannel> alive(this);
    const QHash<qint64, QPointer<AgentCall>> pending = std::exchange(m_pending, {});
    for (const QPointer<AgentCall> &call : pending) {
        if (call)
            call->finish(std::unexpected(why));
    }
    if (!alive)
        return;
    m_jobs.clear(); // each finished with its exec call above
    Q_EMIT closed(why); // terminal sessions finish on this
    if (alive)
        m_ptys.clear();
}

} // namespace Terrarium::Vm
