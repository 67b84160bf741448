#include "UserSettings.h"

#include "core/config/LimitRange.h"

#include "core/CoreTr.h"

#include <QSettings>
#include <QUrl>

namespace Terrarium::Core {

namespace {

QString text(const QSettings &settings, const QString &key)
{
    return settings.value(key).toString().trimmed();
}

// The role's own key if it has a value, else the shared one, as in ConfigLoader.
QString roleText(const QSettings &settings, LlmRole role, const QString &name)
{
    const QString own = text(settings, llmRoleKey(role) + u'/' + name);
    return own.isEmpty() ? text(settings, QStringLiteral("llm/") + name) : own;
}

UserSettings::Model loadModel(const QSettings &settings, LlmRole role)
{
    UserSettings::Model model;
    model.provider =
        LlmEndpoint::providerFromName(roleText(settings, role, QStringLiteral("provider")));
    model.baseUrl = roleText(settings, role, QStringLiteral("base_url"));
    model.model = roleText(settings, role, QStringLiteral("model"));
    return model;
}

void setOrRemove(QSettings &settings, const QString &key, const QString &value)
{
    if (value.trimmed().isEmpty())
        settings.remove(key);
    else
        settings.setValue(key, value.trimmed());
}

void saveModel(QSettings &settings, LlmRole role, const UserSettings::Model &model)
{
    const QString prefix = llmRoleKey(role) + u'/';
    setOrRemove(settings, prefix + QStringLiteral("provider"),
                model.provider ? LlmEndpoint::providerName(*model.provider) : QString());
    setOrRemove(settings, prefix + QStringLiteral("base_url"), model.baseUrl);
    setOrRemove(settings, prefix + QStringLiteral("model"), model.model);
}

int positive(const QSettings &settings, const QString &key, int fallback)
{
    bool ok = false;
    const int value = text(settings, key).toInt(&ok);
    return ok && value > 0 ? value : fallback;
}

bool isHttpUrl(const QString &text)
{
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    return url.isValid() && !url.host().isEmpty()
        && (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https"));
}

} // namespace

Result<void> UserSettings::validate() const
{
    for (const LlmRole role : {LlmRole::Planner, LlmRole::Executor}) {
        const QString url = model(role).baseUrl.trimmed();
        if (!url.isEmpty() && !isHttpUrl(url)) {
            const QString message = role == LlmRole::Planner
                ? Tr::tr("The planner's base URL \"%1\" is not an http:// or https:// URL.")
                : Tr::tr("The executor's base URL \"%1\" is not an http:// or https:// URL.");
            return makeError(ErrorCode::InvalidInput, message.arg(url));
        }
    }
    if (sandbox != QLatin1String("podman") && sandbox != QLatin1String("libvirt")
        && sandbox != QLatin1String("host"))
        return makeError(
            ErrorCode::InvalidInput,
            Tr::tr("Unknown sandbox \"%1\": use podman, libvirt or host.").arg(sandbox));
    if (network != QLatin1String("none") && network != QLatin1String("outbound"))
        return makeError(
            ErrorCode::InvalidInput,
            Tr::tr("Unknown network policy \"%1\": use none or outbound.").arg(network));
    if (!LimitRange::cpus().contains(cpus))
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("The sandbox's CPUs must be from %1 to %2.")
                             .arg(LimitRange::cpus().min)
                             .arg(LimitRange::cpus().max));
    if (!LimitRange::memoryMiB().contains(memoryMiB))
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("The sandbox's memory must be from %1 to %2 MiB.")
                             .arg(LimitRange::memoryMiB().min)
                             .arg(LimitRange::memoryMiB().max));
    return {};
}

UserSettings UserSettings::load(const QSettings &settings)
{
    UserSettings values;
    values.planner = loadModel(settings, LlmRole::Planner);
    values.executor = loadModel(settings, LlmRole::Executor);

    const QString sandbox = text(settings, QStringLiteral("sandbox/kind")).toLower();
    if (sandbox == QLatin1String("podman") || sandbox == QLatin1String("libvirt")
        || sandbox == QLatin1String("host"))
        values.sandbox = sandbox;
    values.image = text(settings, QStringLiteral("sandbox/image"));
    values.cpus = positive(settings, QStringLiteral("sandbox/cpus"), values.cpus);
    values.memoryMiB = positive(settings, QStringLiteral("sandbox/memory_mib"), values.memoryMiB);
    const QString network = text(settings, QStringLiteral("sandbox/network")).toLower();
    if (network == QLatin1String("none") || network == QLatin1String("outbound"))
        values.network = network;
    const QString mode = text(settings, QStringLiteral("sandbox/workspace_mode")).toLower();
    if (mode == QLatin1String("mount") || mode == QLatin1String("copy"))
        values.workspaceMode = mode;
    return values;
}

void UserSettings::save(QSettings &settings) const
{
    saveModel(settings, LlmRole::Planner, planner);
    saveModel(settings, LlmRole::Executor, executor);
    // load() folded these into both roles, which were just written in full.
    for (const char *name : {"provider", "base_url", "model"})
        settings.remove(QStringLiteral("llm/") + QLatin1String(name));

    settings.setValue(QStringLiteral("sandbox/kind"), sandbox);
    setOrRemove(settings, QStringLiteral("sandbox/image"), image);
    settings.setValue(QStringLiteral("sandbox/cpus"), cpus);
    settings.setValue(QStringLiteral("sandbox/memory_mib"), memoryMiB);
    settings.setValue(QStringLiteral("sandbox/network"), network);
    settings.setValue(QStringLiteral("sandbox/workspace_mode"), workspaceMode);
}

} // namespace Terrarium::Core
