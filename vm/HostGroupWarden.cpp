#include "HostGroupWarden.h"

#include "vm/VmLogging.h"

#include <QProcess>

#include <signal.h>
#include <unistd.h>

namespace Terrarium::Vm {

namespace {

// POSIX sh. Ignores the signals that end Terrarium's terminal session; reads "watch N" and
// "release N" until its input ends, then kills what is still watched. Only numbers from 2 up
// are groups: "kill -- -1" would be every process of the user.
constexpr auto WardenScript = R"(trap '' HUP INT TERM QUIT PIPE
groups=
while read -r verb group; do
    case $group in
    '' | *[!0-9]* | 0* | 1) continue ;;
    esac
    case $verb in
    watch) groups="$groups $group" ;;
    release)
        kept=
        for g in $groups; do [ "$g" = "$group" ] || kept="$kept $g"; done
        groups=$kept ;;
    esac
done
for g in $groups; do kill -s KILL -- "-$g" 2>/dev/null; done
)";

} // namespace

HostGroupWarden::HostGroupWarden(QObject *parent)
    : QObject(parent)
{ }

HostGroupWarden::~HostGroupWarden()
{
    if (!m_shell || m_shell->state() == QProcess::NotRunning)
        return;
    // Not its input's end: that would kill what is listed, and the owners stop their jobs
    // themselves (a job that outlives this, its sandbox's, is killed by its own destructor).
    m_shell->disconnect(this);
    m_shell->kill();
    m_shell->waitForFinished(1000);
}

bool HostGroupWarden::ensureStarted()
{
    if (m_shell)
        return m_shell->state() != QProcess::NotRunning;
    if (m_failed)
        return false;
    m_shell = new QProcess(this);
    m_shell->setProgram(QStringLiteral("/bin/sh"));
    m_shell->setArguments({QStringLiteral("-c"), QString::fromLatin1(WardenScript)});
    m_shell->setStandardOutputFile(QProcess::nullDevice());
    m_shell->setStandardErrorFile(QProcess::nullDevice());
    // Runs in the child between fork and exec: async-signal-safe calls only.
    m_shell->setChildProcessModifier([] {
        ::setsid();
        sigset_t none;
        ::sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        // Holding a pane's pty open would keep its shell from the hangup of Terrarium's end.
        ::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
    });
    m_shell->start(QIODevice::WriteOnly);
    if (!m_shell->waitForStarted(5000)) {
        qCWarning(lcVm).noquote() << "host sandbox: no warden for its commands, so a command still"
                                  << "running when Terrarium crashes will run on:"
                                  << m_shell->errorString();
        m_failed = true;
        return false;
    }
    return true;
}

void HostGroupWarden::watch(pid_t group)
{
    if (group > 0 && ensureStarted())
        tell("watch " + QByteArray::number(group) + '\n');
}

void HostGroupWarden::release(pid_t group)
{
    if (group > 0 && m_shell && m_shell->state() != QProcess::NotRunning)
        tell("release " + QByteArray::number(group) + '\n');
}

qint64 HostGroupWarden::processId() const
{
    return m_shell ? m_shell->processId() : 0;
}

void HostGroupWarden::tell(const QByteArray &line)
{
    m_shell->write(line);
    // Now, not at the next turn of the event loop: a crash may come before it.
    m_shell->waitForBytesWritten(1000);
}

} // namespace Terrarium::Vm
