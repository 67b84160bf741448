#include "SandboxFactory.h"

#include "app/AppPaths.h"
#include "app/AppTr.h"
#include "vm/HostBackend.h"
#include "vm/libvirt/LibvirtBackend.h"

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
    spec.workspaceCopy =
        config.workspaceMode == QLatin1String("copy") || config.sandbox == QLatin1String("libvirt");
    spec.protectAutorun = !config.allowAutorunWrites;
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
    options.imageBuild.mirror = config.aptMirror;
    return options;
}

QList<Vm::SandboxKind> SandboxFactory::keepableKinds()
{
    return {Vm::SandboxKind::Podman, Vm::SandboxKind::Libvirt};
}

Core::Result<std::unique_ptr<Vm::SandboxBackend>>
SandboxFactory::backend(const Core::AppConfig &config, bool rebuildImage)
{
    const auto kind = Vm::sandboxKindFromName(config.sandbox);
    if (!kind)
        return Core::makeError(
            Core::ErrorCode::Configuration,
            Tr::tr("Unknown sandbox \"%1\": use podman, libvirt or host.").arg(config.sandbox));
    switch (*kind) {
    case Vm::SandboxKind::Host:
        return std::make_unique<Vm::HostBackend>();
    case Vm::SandboxKind::Podman: {
        Vm::PodmanBackend::Options options = podmanOptions(config);
        options.rebuildImage = rebuildImage;
        return std::make_unique<Vm::PodmanBackend>(options);
    }
    case Vm::SandboxKind::Libvirt: {
        Vm::LibvirtBackend::Options options;
        options.uri = config.libvirtUri;
        options.agentPath = AppPaths::agent();
        options.buildScript = AppPaths::vmImageBuildScript();
        options.mirror = config.aptMirror;
        options.rebuildImage = rebuildImage;
        return std::make_unique<Vm::LibvirtBackend>(options);
    }
    }
    return Core::makeError(Core::ErrorCode::Configuration,
                           Tr::tr("Unknown sandbox \"%1\".").arg(config.sandbox));
}

} // namespace Terrarium::App
