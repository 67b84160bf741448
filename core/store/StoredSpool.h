#pragma once

#include <QString>

namespace Terrarium::Core {

// A file holding a step's raw output (one stream), kept beside the store. A spool over its cap
// keeps its head and tail; bytes is what the command wrote, truncated says the middle is gone.
struct StoredSpool
{
    int stepId = 0;
    QString stream; // "stdout", "stderr" or "combined"
    QString path;
    qint64 bytes = 0;
    bool truncated = false;
};

} // namespace Terrarium::Core
