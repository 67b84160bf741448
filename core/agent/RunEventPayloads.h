#pragma once

#include "core/agent/PlanStep.h"
#include "core/agent/RunState.h"
#include "core/exec/ExecResult.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// What each kind of run event carries, as typed values. The JSON of the event contract
// (docs/ARCHITECTURE.md; --headless NDJSON, the run store, the control API) is made from these and
// read back into them in one place, RunEvent.cpp; nothing else reads events by string keys.
namespace Terrarium::Core::Events {

struct PlanStepEntry
{
    int id = 0;
    QString title;

    friend bool operator==(const PlanStepEntry &, const PlanStepEntry &) = default;
};

// A plan revision: what is done, then what is planned; each step once.
struct PlanGenerated
{
    QList<PlanStepEntry> steps;
    int revision = 0;
};

struct StepExecuting
{
    int stepId = 0;
    QString step; // its title
    QString command;
    // The id of the step whose output the executor read to write the command; 0: none.
    int outputReadOf = 0;
};

struct StepOutput
{
    int stepId = 0;
    OutputStream stream = OutputStream::Stdout;
    QString data;
    // Only in the run store: this much output of the event was not kept there (past the step's
    // budget); the step's raw output file has it. Never set on a live event.
    qint64 elidedChars = 0;
};

struct StepResult
{
    int stepId = 0;
    QString stdoutTail;
    QString stderrTail;
    int exitCode = 0;
    qint64 durationMs = 0;
    bool truncated = false; // the tails are the end of longer output
    bool timedOut = false;
    bool cancelled = false;
    bool memoryLimitExceeded = false;
    bool diskLimitExceeded = false;
    QStringList setidCleared;
    QStringList setidFailed;
    QStringList autorunChanged;
    // Why the check of the workspace after the step did not see all of it (too many entries,
    // unreadable parts, no audit at all); empty when it did. What it did not reach was neither
    // checked for set-user-ID bits nor for files that programs run by themselves.
    QString auditIncomplete;
    // Set when a checkpoint was tried before the step: whether it can be undone.
    std::optional<bool> undoable;
    QString checkpointError;

    bool succeeded() const { return exitCode == 0 && !timedOut && !cancelled; }
    // The state the result leaves its step in.
    StepState stepState() const;
};

enum class FailureKind {
    Failed, // the command ran and failed
    TimedOut,
    Limit, // stopped at a memory or disk limit
    Denied, // never run: the safety policy or the user said no
    Sandbox, // the sandbox itself failed
    // Never run: the same command already failed in this run, with nothing succeeding since
    // (refused once; the model may insist).
    Repeated,
};

struct ErrorDetected
{
    QString error; // short: the reason, without the command
    QString failedStep; // its title
    int stepId = 0;
    QString command;
    FailureKind kind = FailureKind::Failed;
};

struct RePlanning
{
    int attempt = 0;
};

// A file that this run wrote and the command waiting for approval runs, with its first lines
// for the user to read before answering.
struct ApprovalFile
{
    // Where the lines come from: read from the sandbox just before the question; the text of
    // the command that wrote the file (when the sandbox could not be read); none known.
    enum class LinesFrom { Sandbox, Command, None };

    QString path; // as the sandbox sees it
    int stepId = 0; // the step that wrote it
    LinesFrom linesFrom = LinesFrom::None;
    QStringList firstLines; // as they are: escape them to show them
    bool moreLines = false; // the file goes on after them
    bool binary = false; // read from the sandbox, and not text
    QString readError; // why the sandbox was not read, when it was not

    friend bool operator==(const ApprovalFile &, const ApprovalFile &) = default;
};

struct ApprovalRequired
{
    int stepId = 0;
    QString step;
    QString command;
    QString risk;
    QStringList reasons;
    // The files of this run it runs (the rule runs-written-code); in the JSON when any.
    QList<ApprovalFile> writtenFiles;
};

struct InputRequired
{
    // Where the question comes from: the command's own last words on stdout or stderr; the
    // prompt of its `read -p` (bash prints it only on a terminal, so a pipe shows none); with
    // neither, the command line itself.
    enum class PromptFrom { Output, Read, Command };

    int stepId = 0;
    QString prompt; // the question, escaped for display (VisibleText); one line
    QString hint; // "password" when the prompt asks for one (or read -s); empty otherwise
    PromptFrom from = PromptFrom::Output;
};

struct Usage
{
    QString role; // "planner" | "executor"
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    // Of inputTokens, those the provider's prompt cache served; and the request's price when
    // known. In the JSON only when the provider said them.
    qint64 cachedTokens = 0;
    std::optional<double> costUsd;
    // How long the request took, from sending it to its last byte (retries included).
    qint64 waitMs = 0;
};

struct WorkflowComplete
{
    RunState status = RunState::Failed; // Success, Failed or Cancelled
    QString error;
};

struct StepUndone
{
    int stepId = 0;
    QString reason;
    QList<int> steps; // every step going back undid, in the order they ran
    qint64 durationMs = 0;
    // The workspace is a folder mounted from the host, not in the snapshot: what the steps
    // changed there stays.
    bool workspaceKept = false;
};

struct SetupProgress
{
    QString phase; // "models", "preflight", "image", "sandbox", "workspace"
    int percent = 0;
    QString message;
    // Something the user should know about the sandbox host, shown whole beside the setup
    // (VMs emulated without KVM, several times slower); empty for plain progress.
    QString note;
};

struct ModelRetry
{
    QString role;
    int attempt = 0;
    int maxAttempts = 0;
    QString reason; // redacted
    int waitMs = 0;
};

// A terminal into the run's sandbox that is not the user's own pane: a control client's
// (terminal.open). What is typed there passes no safety gate, so that it was open, and how
// long, is kept with the run. These two may follow workflow_complete: the window holds the
// sandbox after the run, and terminals open into it then too.
struct TerminalOpened
{
    int terminal = 0; // numbered per run, from 1
    QString via; // "control"
    QString sandbox; // its kind: "host", "podman", "libvirt"
    int columns = 0;
    int rows = 0;
};

struct TerminalClosed
{
    int terminal = 0;
    std::optional<int> exitCode; // the shell's, when it ended by itself
    qint64 durationMs = 0;
};

// "failed", "timed_out", "limit", "denied", "sandbox", "repeated"
QString failureKindName(FailureKind kind);
std::optional<FailureKind> failureKindFromName(const QString &name);

} // namespace Terrarium::Core::Events
