#pragma once

#include <QString>

namespace Terrarium::Core {

// One recorded step of a runbook: what it was called, the command that ran and the exit code
// it ended with. A replay runs the command and expects that exit code again.
struct RunbookStep
{
    QString title;
    QString command;
    int exitCode = 0;

    bool operator==(const RunbookStep &) const = default;
};

} // namespace Terrarium::Core
