#pragma once

#include "Environment.h"
#include "Fd.h"

#include <expected>
#include <string>
#include <vector>

#include <sys/types.h>

namespace Terrarium::Guest {

// What to start: argv (argv[0] looked up in env's PATH), where, with which stdio.
struct ProcessSpec
{
    // Pipe and Null give the command fresh stdout/stderr pipes too; Inherit passes the agent's
    // own stdio through (the --init command, whose output is the container's log).
    enum class Stdin { Pipe, Null, Inherit };

    std::vector<std::string> argv;
    std::string cwd; // empty: the agent's
    Environment env;
    Stdin stdinMode = Stdin::Pipe;
    bool pty = false;
    unsigned short cols = 80;
    unsigned short rows = 24;
};

// A started process and the agent's ends of its stdio, all non-blocking and close-on-exec.
// With a pty, master is the terminal (read and write) and the pipes are invalid.
struct SpawnedProcess
{
    pid_t pid = 0;
    Fd stdinPipe;
    Fd stdoutPipe;
    Fd stderrPipe;
    Fd master;
};

// Why a process did not start. startFailure: the command itself is at fault (no such program or
// cwd, not executable), which the protocol reports as exit status exitCode; otherwise the agent
// ran out of something (fds, processes), which is an error of the request.
struct SpawnFailure
{
    int sysErrno = 0;
    bool startFailure = true;
    int exitCode = 127;
    std::string message;
};

// Starts processes with posix_spawn (vfork-based in glibc: no page-table copy, so a command costs
// well under a millisecond) in a new session, with default signal handling and an empty mask.
class Spawner
{
public:
    static std::expected<SpawnedProcess, SpawnFailure> spawn(const ProcessSpec &spec);
};

} // namespace Terrarium::Guest
