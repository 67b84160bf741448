#include "SandboxFactory.h"

#include "app/AppPaths.h"

#include <QStandardPaths>
#include <QUuid>

namespace Terrarium::App {

QString SandboxFactory::newSandboxName()
{
    return QStringLiteral("terrarium-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(12));
}

Vm::SandboxSpec SandboxFactory::spec(const Core::AppConfig &config, const QString &name)
{
    Vm::SandboxSpec spec;
    spec.name = name;
    spec.image = config.image;
    spec.cpus = config.cpus;
    spec.memoryMiB = config.memoryMiB;
    spec.pidsLimit = config.pidsLimit;
    spec.diskMiB = config.diskMiB;
    spec.networkPolicy =
        Vm::networkPolicyFromName(config.network).value_or(Vm::NetworkPolicy::None);
    spec.workspace = config.workspace;
    spec.environment = config.environment;
    return spec;
}

Vm::PodmanBackend::Options SandboxFactory::podmanOptions(const Core::AppConfig &config)
{
    Vm::PodmanBackend::Options options;
    options.agentPath = AppPaths::agent();
    options.image = config.image;
    options.imageBuild.buildScript = AppPaths::imageBuildScript();
    options.imageBuild.workDirectory =
        QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation)
        + QStringLiteral("/terrarium");
    return options;
}

} // namespace Terrarium::App
