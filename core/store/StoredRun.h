#pragma once

#include <QDateTime>
#include <QString>

namespace Terrarium::Core {

// A run as the run store keeps it. status: "running" while its process lives, then "success",
// "failed" or "cancelled" (its workflow_complete), or "interrupted" when the process that ran
// it died without an end (a crash, SIGKILL, power loss).
struct StoredRun
{
    QString runId;
    QString goal;
    QString sandbox; // the sandbox kind ("podman", "libvirt", "host")
    QString workspace;
    QDateTime startedAt;
    QDateTime endedAt; // invalid while running or when interrupted
    QString status = QStringLiteral("running");
    qint64 lastSeq = 0; // the last event committed
};

} // namespace Terrarium::Core
