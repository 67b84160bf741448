#pragma once

#include "vm/SandboxSpec.h"

#include <QDateTime>
#include <QString>

namespace Terrarium::Vm {

// One sandbox Terrarium created, as SandboxManager found it.
struct SandboxInfo
{
    QString name;
    QString id;
    QString state; // Podman's: "running", "exited", "created", "paused", ...
    SandboxSpec spec;
    QDateTime created;
    bool inUse = false; // a Terrarium process holds it; never stopped or removed from here

    bool isRunning() const { return state == QLatin1String("running"); }
    // Left behind by a run that is gone: made for a run, not kept on purpose, held by nobody.
    bool isOrphan() const { return !spec.runId.isEmpty() && !spec.keep && !inUse; }
};

} // namespace Terrarium::Vm
