#include "PodmanHost.h"

#include "core/exec/CommandEnvironment.h"

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

QProcessEnvironment PodmanHost::processEnvironment() const
{
    QProcessEnvironment environment =
        Core::CommandEnvironment::forPodman(QProcessEnvironment::systemEnvironment());
    if (!containersConf.isEmpty())
        environment.insert(QStringLiteral("CONTAINERS_CONF"), containersConf);
    return environment;
}

} // namespace Terrarium::Vm
