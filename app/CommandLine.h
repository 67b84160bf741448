#pragma once

#include "core/config/ConfigOverrides.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace Terrarium::App {

// What the user asked for on the command line.
// The control API's port when --serve names none.
inline constexpr quint16 DefaultServePort = 7424;

struct CommandLineOptions
{
    bool headless = false;
    bool showHelp = false;
    bool showVersion = false;
    QString goal;
    QString taskFile; // --task: the goal and settings come from this file
    bool yes = false; // --yes: allow what a task file asks for (sandbox: host, network: outbound)
    QString configFile; // empty: ~/.config/terrarium/terrarium.conf
    QString sandboxName; // reuse (attach to) or create a sandbox with this name
    bool keepSandbox = false; // leave the sandbox running after a headless run
    // What a headless run does with the changes of a sandbox that worked on a copy: "ask" (on
    // the terminal; without one they are not applied), "yes" (all but conflicts) or "no".
    QString applyChanges = QStringLiteral("ask");
    // --apply-autorun: "yes" (and "ask") also apply changes to files that programs on the host
    // run by themselves (git hooks and settings, .envrc, ...), which they otherwise leave out.
    bool applyAutorun = false;
    // Roll back each step the safety rules mark risky when it fails (sandboxes with snapshots).
    bool undoRisky = false;
    bool buildImage = false; // build the sandbox image when missing, then exit
    bool rebuildImage = false; // build it even when it exists
    bool listSandboxes = false;
    QString removeSandbox;
    bool listRuns = false; // print the kept runs (the run store), then exit
    // --export-runbook RUN_ID FILE: write a kept run's runbook to a new file, then exit.
    QString exportRunId;
    QString exportFile;
    // --replay FILE: run a runbook's recorded commands, headless, without a model.
    QString replayFile;
    // With --replay: a step that ends otherwise than recorded is re-planned by the planner.
    bool replanOnDivergence = false;
    // --resume RUN_ID: take up a kept run that was interrupted or failed, headless, under its
    // own id (its goal, sandbox kind and workspace are the stored ones).
    QString resumeRunId;
    // Remove the sandboxes runs left behind (killed runs); alone, do only that and exit.
    bool cleanOrphans = false;
    // --serve [PORT]: serve the control API (with --headless and no goal: run what clients
    // start, without a window).
    bool serve = false;
    quint16 servePort = 0;
    // --serve-socket: serve it on the Unix socket (Core::ControlLocalListener::defaultPath()).
    bool serveSocket = false;
    bool serves() const { return serve || serveSocket; }

    // Modes that do their work and exit, without a window.
    bool isMaintenance() const
    {
        return buildImage || rebuildImage || listSandboxes || !removeSandbox.isEmpty()
            || (cleanOrphans && goal.isEmpty() && taskFile.isEmpty());
    }
    Core::ConfigOverrides overrides;
};

// Parses argv. Pure (no exit(), no printing), so tests can run it; errors are messages.
class CommandLine
{
public:
    struct Parsed
    {
        std::optional<CommandLineOptions> options;
        QString error; // set when options is empty
        QString helpText; // always set
    };

    static Parsed parse(const QStringList &arguments);
};

} // namespace Terrarium::App
