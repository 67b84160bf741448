#pragma once

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

    bool succeeded() const { return exitCode == 0 && signal == 0 && !timedOut && !cancelled; }
};

} // namespace Terrarium::Core
