#include "PodmanCommand.h"

#include "core/CoreTr.h"
#include "vm/VmLogging.h"

#include <QProcess>
#include <QTimer>

namespace Terrarium::Vm {

PodmanCommand::PodmanCommand(const PodmanHost &host, const QStringList &arguments, QObject *parent)
    : QObject(parent)
    , m_host(host)
    , m_arguments(host.globalArguments() + arguments)
{ }

PodmanCommand::~PodmanCommand()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(1000);
    }
}

const Core::Result<QByteArray> &PodmanCommand::result() const
{
    static const Core::Result<QByteArray> pending = Core::makeError(
        Core::ErrorCode::SandboxError, Core::Tr::tr("the podman command has not finished"));
    return m_result ? *m_result : pending;
}

QString PodmanCommand::commandLine() const
{
    return QStringList(QStringList{QStringLiteral("podman")} + m_arguments).join(u' ');
}

void PodmanCommand::start()
{
    m_process = new QProcess(this);
    m_process->setProgram(m_host.podman);
    m_process->setArguments(m_arguments);
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    m_process->setProcessEnvironment(m_host.processEnvironment());
    qCDebug(lcVm).noquote() << "running" << commandLine();

    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        const QByteArray chunk = m_process->readAllStandardError();
        m_stderr += chunk;
        m_partialLine += chunk;
        qsizetype newline;
        while ((newline = m_partialLine.indexOf('\n')) >= 0) {
            const QString line = QString::fromUtf8(m_partialLine.left(newline)).trimmed();
            m_partialLine.remove(0, newline + 1);
            if (!line.isEmpty())
                Q_EMIT errorLine(line);
        }
    });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return;
        finish(Core::makeError(
            Core::ErrorCode::SandboxError,
            Core::Tr::tr("Cannot run %1: %2").arg(m_host.podman, m_process->errorString())));
    });
    connect(
        m_process, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
            m_stderr += m_process->readAllStandardError();
            m_exitCode = status == QProcess::NormalExit ? exitCode : -1;
            if (status == QProcess::NormalExit && exitCode == 0) {
                finish(m_process->readAllStandardOutput());
                return;
            }
            QString why = QString::fromUtf8(m_stderr).trimmed();
            if (why.isEmpty())
                why = status == QProcess::CrashExit ? Core::Tr::tr("podman crashed")
                                                    : Core::Tr::tr("exit code %1").arg(exitCode);
            finish(Core::makeError(Core::ErrorCode::SandboxError, why));
        });

    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    connect(timer, &QTimer::timeout, this, [this] {
        if (isFinished())
            return;
        m_process->disconnect(this);
        m_process->kill();
        finish(Core::makeError(
            Core::ErrorCode::Timeout,
            Core::Tr::tr("podman did not answer within %1 s: %2")
                .arg(std::chrono::duration_cast<std::chrono::seconds>(m_timeout).count())
                .arg(commandLine())));
    });
    timer->start(m_timeout);
    m_process->start(QIODevice::ReadOnly);
}

void PodmanCommand::abort()
{
    if (isFinished() || !m_process)
        return;
    m_process->disconnect(this);
    m_process->kill();
    finish(Core::makeError(Core::ErrorCode::Cancelled, Core::Tr::tr("cancelled")));
}

void PodmanCommand::finish(Core::Result<QByteArray> result)
{
    if (m_result)
        return;
    m_result = std::move(result);
    // Results from QProcess signals already come from the event loop; a failure to start can
    // come from inside start(), so always defer.
    QMetaObject::invokeMethod(this, &PodmanCommand::finished, Qt::QueuedConnection);
}

} // namespace Terrarium::Vm
