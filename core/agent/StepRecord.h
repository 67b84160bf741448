#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace Terrarium::Core {

// What one executed step left behind, as the planner and the executor are told about it.
struct StepRecord
{
    int stepId = 0;
    QString title;
    QString command;
    std::optional<int> exitCode; // nullopt: killed or never ran
    bool timedOut = false;
    QString note; // why it did not run or failed, when there is no exit code
    QByteArray stdoutTail; // last bytes of stdout
    QByteArray stderrTail;
    qint64 durationMs = 0;
};

} // namespace Terrarium::Core
