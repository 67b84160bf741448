#pragma once

#include "core/workspace/WorkspaceManifest.h"

#include <QList>
#include <QString>

namespace Terrarium::Vm {

// What copying a host folder into a sandbox did (WorkspaceTransfer::copyIn()).
struct WorkspaceCopyReport
{
    struct Skipped
    {
        QString path; // relative to the workspace
        QString reason; // user-visible

        bool operator==(const Skipped &) const = default;
    };

    // The host folder as it was copied: the "base" of the change set at the end. Entries that
    // were not copied are flagged excluded, so that their absence in the sandbox is no deletion.
    Core::WorkspaceManifest base;
    qint64 directories = 0;
    qint64 files = 0;
    qint64 bytes = 0;
    qint64 links = 0;
    QList<Skipped> skipped;

    // Also what lets a Result of it travel in a signal: QMetaType probes for operator==.
    bool operator==(const WorkspaceCopyReport &) const = default;
};

} // namespace Terrarium::Vm
