#include "ReadinessSummary.h"

#include "app/AppTr.h"

#include <QStandardPaths>

namespace Terrarium::App {

namespace {

QString modelLine(const QString &role, const Core::LlmEndpoint &endpoint, bool needsLocalServer)
{
    if (needsLocalServer)
        return Tr::tr("%1: a local Ollama or llama.cpp server, looked for when the run starts "
                      "(or set a model and key in Preferences)")
            .arg(role);
    QString line =
        Tr::tr("%1: %2 (%3)")
            .arg(role, endpoint.model, Core::LlmEndpoint::providerDisplayName(endpoint.provider));
    if (!endpoint.apiKey.isEmpty())
        line += Tr::tr(", key set");
    else if (endpoint.baseUrl.isEmpty())
        line += Tr::tr(", key from the keyring when the run starts");
    return line;
}

} // namespace

QString ReadinessSummary::describe(const Core::AppConfig &config)
{
    return describe(config,
                    [](const QString &name) { return QStandardPaths::findExecutable(name); });
}

QString ReadinessSummary::describe(const Core::AppConfig &config, const ExecutableFinder &find)
{
    QStringList lines;
    lines << modelLine(Tr::tr("Planner"), config.planner, config.plannerNeedsLocalServer);
    lines << modelLine(Tr::tr("Executor"), config.executor, config.executorNeedsLocalServer);
    const bool outbound = config.network == QLatin1String("outbound");
    if (config.sandbox == QLatin1String("podman")) {
        lines << (find(QStringLiteral("podman")).isEmpty()
                      ? (outbound ? Tr::tr("Sandbox: a Podman container, network open for "
                                           "outbound connections, but podman is not installed "
                                           "(sudo apt install podman)")
                                  : Tr::tr("Sandbox: a Podman container, but podman is not "
                                           "installed (sudo apt install podman)"))
                      : outbound ? Tr::tr("Sandbox: a Podman container, network open for outbound "
                                          "connections; its image is built on the first run")
                                 : Tr::tr("Sandbox: a Podman container, network off; its image is "
                                          "built on the first run"));
    } else if (config.sandbox == QLatin1String("libvirt")) {
        lines << (find(QStringLiteral("qemu-system-x86_64")).isEmpty()
                      ? (outbound ? Tr::tr("Sandbox: a libvirt VM, network open for outbound "
                                           "connections, but QEMU is not installed (sudo apt "
                                           "install qemu-system-x86 libvirt-daemon-system)")
                                  : Tr::tr("Sandbox: a libvirt VM, but QEMU is not installed "
                                           "(sudo apt install qemu-system-x86 "
                                           "libvirt-daemon-system)"))
                      : outbound
                      ? Tr::tr("Sandbox: a libvirt VM, network open for outbound "
                               "connections; its image is built on the first run")
                      : Tr::tr("Sandbox: a libvirt VM, network off; its image is built on "
                               "the first run"));
    } else if (config.sandbox == QLatin1String("host")) {
        lines << Tr::tr("Sandbox: none, commands run on this computer as you");
    } else {
        lines << Tr::tr("Sandbox: %1 (unknown)").arg(config.sandbox);
    }
    return lines.join(u'\n');
}

} // namespace Terrarium::App
