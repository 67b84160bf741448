#include "PodmanHost.h"

namespace Terrarium::Vm {

QStringList PodmanHost::globalArguments() const
{
    QStringList arguments{QStringLiteral("--root"),           storageRoot,
                          QStringLiteral("--runroot"),        runRoot,
                          QStringLiteral("--storage-driver"), storageDriver};
    if (!runtime.isEmpty())
        arguments << QStringLiteral("--runtime") << runtime;
    return arguments;
}

} // namespace Terrarium::Vm
