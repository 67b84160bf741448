#pragma once

#include <QString>

namespace Terrarium::Vm {

// How much disk a directory tree takes: allocated blocks of everything in it, counted once per
// inode, never through a symbolic link nor into another file system. What cannot be read (a
// folder a sandbox's other users keep private) is left out, so the figure is a lower bound.
// Blocking; cost: one fstatat per entry. Used on a sandbox's writable layer while a step runs.
class DiskUsage
{
public:
    static qint64 bytes(const QString &directory);
};

} // namespace Terrarium::Vm
