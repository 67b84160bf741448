#include "SandboxManager.h"

#include "core/CoreTr.h"
#include "vm/PodmanCommand.h"
#include "vm/PodmanSandbox.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>

namespace Terrarium::Vm {

SandboxManager::SandboxManager(const PodmanHost &host, const QString &agentPath, QObject *parent)
    : QObject(parent)
    , m_host(host)
    , m_agentPath(agentPath)
{ }

SandboxManager::~SandboxManager() = default;

QList<SandboxInfo> SandboxManager::parseList(const QByteArray &json)
{
    QList<SandboxInfo> sandboxes;
    for (const QJsonValue &value : QJsonDocument::fromJson(json).array()) {
        const QJsonObject container = value.toObject();
        const QJsonObject labels = container.value(QLatin1String("Labels")).toObject();
        if (labels.value(QLatin1String("org.terrarium.sandbox")).toString() != QLatin1String("1"))
            continue;
        SandboxInfo info;
        const QJsonArray names = container.value(QLatin1String("Names")).toArray();
        info.name = names.isEmpty() ? QString() : names.first().toString();
        info.id = container.value(QLatin1String("Id")).toString();
        info.state = container.value(QLatin1String("State")).toString();
        info.spec = PodmanSandbox::specFromJson(
            QJsonDocument::fromJson(
                labels.value(QLatin1String("org.terrarium.spec")).toString().toUtf8())
                .object());
        if (info.spec.name.isEmpty())
            info.spec.name = info.name;
        info.spec.runId = labels.value(QLatin1String(PodmanSandbox::runLabel)).toString();
        info.spec.keep =
            labels.value(QLatin1String(PodmanSandbox::keepLabel)).toString() == QLatin1String("1");
        info.created =
            QDateTime::fromSecsSinceEpoch(container.value(QLatin1String("Created")).toInteger());
        sandboxes.append(info);
    }
    std::sort(sandboxes.begin(), sandboxes.end(),
              [](const SandboxInfo &a, const SandboxInfo &b) { return a.created > b.created; });
    return sandboxes;
}

bool SandboxManager::isInUse(const PodmanHost &host, const QString &name)
{
    const QString path = PodmanSandbox::lockPath(host, name);
    if (!QFileInfo::exists(path))
        return false;
    QLockFile lock(path);
    lock.setStaleLockTime(0);
    if (!lock.tryLock(0))
        return true;
    lock.unlock();
    return false;
}

void SandboxManager::refresh()
{
    auto *command = new PodmanCommand(m_host,
                                      {QStringLiteral("ps"), QStringLiteral("--all"),
                                       QStringLiteral("--filter=label=org.terrarium.sandbox=1"),
                                       QStringLiteral("--format=json")},
                                      this);
    connect(command, &PodmanCommand::finished, this, [this, command] {
        command->deleteLater();
        if (!command->result()) {
            Q_EMIT listFailed(command->result().error());
            return;
        }
        m_sandboxes = parseList(*command->result());
        for (SandboxInfo &info : m_sandboxes)
            info.inUse = isInUse(m_host, info.name);
        Q_EMIT listed();
    });
    command->start();
}

const SandboxInfo *SandboxManager::find(const QString &name) const
{
    for (const SandboxInfo &info : m_sandboxes) {
        if (info.name == name)
            return &info;
    }
    return nullptr;
}

Core::Result<PodmanSandbox *> SandboxManager::attach(const QString &name, QObject *parent)
{
    const SandboxInfo *info = find(name);
    if (!info)
        return Core::makeError(Core::ErrorCode::NotFound,
                               Core::Tr::tr("There is no Terrarium sandbox named %1.").arg(name));
    return new PodmanSandbox(info->spec, m_host, m_agentPath, PodmanSandbox::Mode::Attach, parent);
}

Core::Result<PodmanCommand *> SandboxManager::runIfUnused(const QString &name,
                                                          const QStringList &arguments)
{
    if (isInUse(m_host, name))
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("The sandbox %1 is in use by a running Terrarium; stop "
                                            "that run first.")
                                   .arg(name));
    auto *command = new PodmanCommand(m_host, arguments, this);
    connect(command, &PodmanCommand::finished, command, &QObject::deleteLater);
    command->start();
    return command;
}

Core::Result<PodmanCommand *> SandboxManager::stop(const QString &name)
{
    return runIfUnused(name, {QStringLiteral("stop"), QStringLiteral("--time=3"), name});
}

Core::Result<PodmanCommand *> SandboxManager::remove(const QString &name)
{
    return runIfUnused(
        name, {QStringLiteral("rm"), QStringLiteral("--force"), QStringLiteral("--time=3"), name});
}

} // namespace Terrarium::Vm
