#pragma once

#include "core/agent/RunSummary.h"

#include <QFile>
#include <QString>

namespace Terrarium::App {

// Where a Terrarium without a window writes: each run event as one JSON line on stdout (the
// event contract), and a log for people on stderr. Both go straight to their file descriptors,
// unbuffered, so that a line leaves at once, even into a pipe.
class HeadlessOutput
{
public:
    HeadlessOutput();

    // The event's JSON line on stdout (with controls and invisible characters escaped:
    // Core::TerminalSafeJson), and what it says for people (HumanLog) in the log; at the end of
    // a run, what the models were used for and what that cost.
    void printEvent(const Core::RunEvent &event);
    // The log quotes commands, prompts and errors from the sandbox and the model: escaped, so
    // that nothing in them can redraw the terminal.
    void log(const QString &line);

private:
    QFile m_stdout;
    QFile m_stderr;
    Core::RunSummary m_summary; // of the run under way
};

} // namespace Terrarium::App
