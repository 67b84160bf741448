#include "AgentExecJob.h"

#include "core/CoreTr.h"
#include "core/exec/ExecRequest.h"
#include "vm/AgentCall.h"
#include "vm/AgentChannel.h"
#include "vm/AgentInputQueue.h"
#include "vm/VmLogging.h"

#include <QJsonArray>
#include <QMetaObject>

#include <algorithm>
#include <climits>
#include <utility>

#include <signal.h>

namespace Terrarium::Vm {

namespace {

// A command run with ExecRequest::pty gets a terminal this large (wide, as HostExecJob's, so that
// tools which format for the terminal do not wrap early).
constexpr int ptyColumns = 160;
constexpr int ptyRows = 50;

// "signal" is a number (PROTOCOL.md); a name is accepted as well, in case an agent sends one.
int signalNumber(const QJsonValue &value)
{
    if (value.isDouble())
        return value.toInt();
    QString name = value.toString().toUpper();
    if (name.startsWith(QLatin1String("SIG")))
        name = name.mid(3);
    static const std::pair<const char *, int> names[] = {
        {"HUP", SIGHUP},   {"INT", SIGINT},   {"QUIT", SIGQUIT}, {"ILL", SIGILL},
        {"ABRT", SIGABRT}, {"FPE", SIGFPE},   {"KILL", SIGKILL}, {"SEGV", SIGSEGV},
        {"PIPE", SIGPIPE}, {"ALRM", SIGALRM}, {"TERM", SIGTERM}, {"USR1", SIGUSR1},
        {"USR2", SIGUSR2}, {"BUS", SIGBUS},   {"XCPU", SIGXCPU}, {"XFSZ", SIGXFSZ}};
    for (const auto &[text, number] : names) {
        if (name == QLatin1String(text))
            return number;
    }
    bool isNumber = false;
    const int number = name.toInt(&isNumber);
    return isNumber ? number : 0;
}

} // namespace

AgentExecJob::AgentExecJob(AgentChannel *channel, QObject *parent)
    : Core::ExecJob(parent)
    , m_channel(channel)
{ }

AgentExecJob::~AgentExecJob()
{
    if (!isFinished() && !m_failing && m_id > 0)
        sendSignal(QStringLiteral("KILL"));
}

void AgentExecJob::start(const Core::ExecRequest &request)
{
    m_clock.start();
    m_auditDirectory = request.auditDirectory;
    QJsonObject params;
    if (!request.argv.isEmpty() && !request.argv.first().isEmpty())
        params.insert(QStringLiteral("argv"), QJsonArray::fromStringList(request.argv));
    else if (!request.command.trimmed().isEmpty())
        params.insert(QStringLiteral("command"), request.command);
    else {
        failLater({Core::ErrorCode::InvalidInput, Core::Tr::tr("No command given")});
        return;
    }
    if (!request.workingDirectory.isEmpty())
        params.insert(QStringLiteral("cwd"), request.workingDirectory);
    if (!request.environment.isEmpty()) {
        QJsonObject environment;
        for (auto it = request.environment.cbegin(); it != request.environment.cend(); ++it)
            environment.insert(it.key(), it.value());
        params.insert(QStringLiteral("env"), environment);
    }
    if (request.timeout.count() > 0)
        params.insert(QStringLiteral("timeout_ms"), qint64(request.timeout.count()));
    if (request.pty) {
        params.insert(QStringLiteral("pty"), true);
        params.insert(QStringLiteral("cols"), ptyColumns);
        params.insert(QStringLiteral("rows"), ptyRows);
    }
    params.insert(QStringLiteral("stdin"), QStringLiteral("pipe"));
    if (!request.auditDirectory.isEmpty())
        params.insert(QStringLiteral("audit"), request.auditDirectory);

    // A closed channel fails the call from the event loop, and the job with it.
    m_call = m_channel->call(QStringLiteral("exec"), params, this);
    m_id = m_call->id();
    connect(m_call, &AgentCall::finished, this, [this] { onAnswered(); });
    if (m_id > 0)
        m_stdin = new AgentInputQueue(m_channel, QStringLiteral("exec.stdin"),
                                      QStringLiteral("job"), m_id, this);
    qCDebug(lcVm) << "agent exec" << m_id << params;
    if (request.timeout.count() > 0 && m_id > 0)
        armWatchdog(request.timeout + m_channel->answerGrace());
}

void AgentExecJob::armWatchdog(std::chrono::milliseconds after)
{
    if (!m_watchdog) {
        m_watchdog = new QTimer(this);
        m_watchdog->setSingleShot(true);
        connect(m_watchdog, &QTimer::timeout, this, [this] {
            if (isFinished() || !m_channel)
                return;
            // Closing the channel fails this job's call, and the sandbox reports itself broken.
            m_channel->abandon(
                Core::Tr::tr("it did not end command %1 in time (%2 s after its deadline); the "
                             "sandbox is not answering")
                    .arg(m_id)
                    .arg(std::chrono::duration_cast<std::chrono::seconds>(m_channel->answerGrace())
                             .count()));
        });
    }
    // Never later than a deadline already set.
    const qint64 ms = std::min<qint64>(after.count(), INT_MAX);
    if (!m_watchdog->isActive() || m_watchdog->remainingTime() > ms)
        m_watchdog->start(int(ms));
}

void AgentExecJob::failLater(const Core::Error &error)
{
    m_failing = true;
    QMetaObject::invokeMethod(
        this, [this, error] { finish(std::unexpected(error)); }, Qt::QueuedConnection);
}

void AgentExecJob::deliverOutput(Core::OutputStream stream, const QByteArray &data)
{
    if (!isFinished())
        Q_EMIT outputReceived(stream, data);
}

void AgentExecJob::onStarted(qint64 processId)
{
    m_processId = processId;
    Q_EMIT started(processId);
}

void AgentExecJob::onAnswered()
{
    if (m_stdin)
        m_stdin->discard();
    const Core::Result<QJsonObject> &answer = m_call->result();
    if (!answer) {
        qCDebug(lcVm).noquote() << "agent exec" << m_id << "failed:" << answer.error().message;
        finish(std::unexpected(answer.error()));
        return;
    }
    Core::ExecResult result;
    result.signal = signalNumber(answer->value(QLatin1String("signal")));
    result.exitCode = result.signal != 0 ? -1 : answer->value(QLatin1String("exit_code")).toInt(-1);
    result.timedOut = answer->value(QLatin1String("timed_out")).toBool();
    result.cancelled = m_cancelled;
    if (m_diskLimitBytes > 0) {
        result.diskLimitExceeded = true;
        result.diskLimitBytes = m_diskLimitBytes;
        result.diskUsedBytes = m_diskUsedBytes;
    }
    result.durationMs = answer->value(QLatin1String("duration_ms")).toInteger(m_clock.elapsed());
    result.processUs = answer->value(QLatin1String("process_us")).toInteger(0);
    if (answer->value(QLatin1String("killed_by")).toString() == QLatin1String("memory_limit")) {
        result.memoryLimitExceeded = true;
        result.memoryLimitBytes = answer->value(QLatin1String("memory_limit_bytes")).toInteger();
        result.memoryPeakBytes = answer->value(QLatin1String("memory_peak_bytes")).toInteger();
    }
    if (const QJsonValue audit = answer->value(QLatin1String("audit")); audit.isObject()) {
        const QJsonObject report = audit.toObject();
        auto strings = [&report](const char *key) {
            QStringList list;
            for (const QJsonValue &item : report.value(QLatin1String(key)).toArray())
                list.append(item.toString());
            return list;
        };
        result.setidCleared = strings("setid_cleared");
        result.setidFailed = strings("setid_failed");
        result.autorunChanged = strings("autorun_changed");
        result.auditTruncated = report.value(QLatin1String("truncated")).toBool();
        result.auditError = report.value(QLatin1String("error")).toString();
    } else if (!m_auditDirectory.isEmpty()) {
        // An agent from before the audit ignores the request: say so rather than report a clean
        // workspace.
        result.auditError = Core::Tr::tr("The sandbox's agent does not audit workspaces");
    }
    qCDebug(lcVm) << "agent exec" << m_id << "done: exit code" << result.exitCode << "signal"
                  << result.signal << "in" << result.durationMs << "ms"
                  << (result.memoryLimitExceeded ? "(memory limit)" : "");
    finish(result);
}

void AgentExecJob::writeStdin(const QByteArray &data)
{
    if (isFinished() || m_failing || m_stdinClosed || !m_stdin) {
        qCDebug(lcVm) << "agent exec: stdin is closed; dropped" << data.size() << "bytes";
        return;
    }
    m_stdin->write(data);
}

void AgentExecJob::closeStdin()
{
    if (m_stdinClosed || isFinished() || m_failing || !m_stdin)
        return;
    m_stdinClosed = true;
    m_stdin->closeInput();
}

void AgentExecJob::cancel()
{
    if (m_cancelled || isFinished() || m_failing || m_id == 0)
        return;
    m_cancelled = true;
    qCDebug(lcVm) << "agent exec" << m_id << "cancelled";
    sendSignal(QStringLiteral("TERM"));
    if (m_channel)
        armWatchdog(m_channel->answerGrace());
}

void AgentExecJob::stopForDiskLimit(qint64 limitBytes, qint64 usedBytes)
{
    if (m_diskLimitBytes > 0 || isFinished() || m_failing || m_id == 0)
        return;
    m_diskLimitBytes = limitBytes;
    m_diskUsedBytes = usedBytes;
    qCInfo(lcVm) << "agent exec" << m_id << "stopped: disk use" << usedBytes << "of" << limitBytes;
    // No grace period: every second it runs it may write more.
    sendSignal(QStringLiteral("KILL"));
    if (m_channel)
        armWatchdog(m_channel->answerGrace());
}

void AgentExecJob::sendSignal(const QString &name)
{
    if (!m_channel || m_channel->isClosed())
        return;
    // A child of the channel: the KILL sent by the destructor outlives the job.
    AgentCall *call =
        m_channel->call(QStringLiteral("exec.signal"),
                        {{QStringLiteral("job"), m_id}, {QStringLiteral("signal"), name}});
    const qint64 job = m_id;
    connect(call, &AgentCall::finished, call, [call, job] {
        // The job may have ended meanwhile (error 3, unknown job): nothing to do about that.
        if (!call->result())
            qCDebug(lcVm).noquote() << "agent exec" << job << call->method()
                                    << "failed:" << call->result().error().message;
        call->deleteLater();
    });
}

} // namespace Terrarium::Vm
