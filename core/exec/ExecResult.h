#pragma once

#include <QString>
#include <QStringList>
#include <QtGlobal>

namespace Terrarium::Core {

enum class OutputStream { Stdout, Stderr };

// How a command ended. A command that failed is still a result; a sandbox that could not run
// it at all is an Error instead.
struct ExecResult
{
    int exitCode = -1; // -1 when killed by a signal
    int signal = 0; // terminating signal, 0 if it exited
    bool timedOut = false; // killed because the request's timeout passed
    bool cancelled = false;
    qint64 durationMs = 0;
    // The process's own life inside the sandbox, as its agent measured it; 0 when not known.
    qint64 processUs = 0;

    // Killed because the sandbox's processes together used more than its memory limit (enforced
    // by the sandbox's agent where the kernel does not); the limit and the highest total seen.
    bool memoryLimitExceeded = false;
    qint64 memoryLimitBytes = 0;
    qint64 memoryPeakBytes = 0;
    // Stopped because the sandbox's writable layer grew past its disk limit while it ran.
    bool diskLimitExceeded = false;
    qint64 diskLimitBytes = 0;
    qint64 diskUsedBytes = 0;

    // The audit of ExecRequest::auditDirectory after the command; paths relative to it.
    QStringList setidCleared; // regular files whose setuid/setgid bits were cleared
    QStringList setidFailed; // ... that have them and could not be changed
    QStringList autorunChanged; // files tools run by themselves, created or changed by the command
    bool auditTruncated = false; // part of the tree was not looked at
    QString auditError; // the directory could not be audited at all

    bool succeeded() const
    {
        return exitCode == 0 && signal == 0 && !timedOut && !cancelled && !memoryLimitExceeded
            && !diskLimitExceeded;
    }
};

} // namespace Terrarium::Core
