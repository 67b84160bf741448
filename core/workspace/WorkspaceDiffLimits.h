#pragma once

#include <QtGlobal>

namespace Terrarium::Core {

// What WorkspaceDiff shows as a diff, and how much work it spends on it.
struct WorkspaceDiffLimits
{
    qint64 maxFileBytes = 1024 * 1024; // per side; larger files are "too large to show"
    qsizetype maxEdits = 2000; // beyond: the differing middle as removed and added whole
    qsizetype maxDiffBytes = 512 * 1024; // a longer diff is "too large to show"
    int context = 3; // unchanged lines around each change
};

} // namespace Terrarium::Core
