#pragma once

#include <QObject>

#include <sys/types.h>

class QProcess;

namespace Terrarium::Vm {

// Kills the process groups of host commands that are still running when Terrarium ends without
// stopping them: a crash, SIGKILL, the out-of-memory killer. Left alone, such a command (a
// runaway loop, a server) would run on unseen, with nobody to stop it.
//
// A small shell of its own session (so a Ctrl+C or a kill of Terrarium's process group spares
// it) is told each group as it starts and as it ends, over a pipe that only Terrarium holds.
// When that pipe ends, Terrarium is gone, and the shell kills the groups still listed. A group
// is released only once empty, so its number cannot have been reused meanwhile.
class HostGroupWarden : public QObject
{
    Q_OBJECT

public:
    explicit HostGroupWarden(QObject *parent = nullptr);
    // Ends the shell without killing anything: the jobs it knows of are stopped by their owners.
    ~HostGroupWarden() override;

    // Starts the shell on first use; a group of a command that could not be watched still runs.
    void watch(pid_t group);
    void release(pid_t group);

    // The shell's pid, 0 before the first watch() or when it could not start (for tests).
    qint64 processId() const;

private:
    bool ensureStarted();
    void tell(const QByteArray &line);

    QProcess *m_shell = nullptr;
    bool m_failed = false;
};

} // namespace Terrarium::Vm
