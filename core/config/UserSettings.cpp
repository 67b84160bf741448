#include "UserSettings.h"

#include "core/config/AptMirror.h"
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

// A number ConfigLoader would accept, or fallback.
int inRange(const QSettings &settings, const QString &key, int fallback, LimitRange range)
{
    bool ok = false;
    const int value = text(settings, key).toInt(&ok);
    return ok && range.contains(value) ? value : fallback;
}

// On or off as ConfigLoader reads it (true/false, yes/no, on/off, 1/0); anything else: fallback.
bool onOff(const QSettings &settings, const QString &key, bool fallback)
{
    const QString value = text(settings, key).toLower();
    if (value == u"true" || value == u"yes" || value == u"on" || value == u"1")
        return true;
    if (value == u"false" || value == u"no" || value == u"off" || value == u"0")
        return false;
    return fallback;
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
    if (!aptMirror.trimmed().isEmpty() && !AptMirror::isUrl(aptMirror))
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("The Debian mirror \"%1\" is not an http://, https:// or file:// "
                                "URL.")
                             .arg(aptMirror.trimmed()));
    if (network != QLatin1String("none") && network != QLatin1String("outbound"))
        return makeError(
            ErrorCode::InvalidInput,
            Tr::tr("Unknown network policy \"%1\": use none or outbound.").arg(network));
    if (terminalEngine != QLatin1String("terrarium")
        && terminalEngine != QLatin1String("qtermwidget"))
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("Unknown terminal engine \"%1\": use terrarium or qtermwidget.")
                             .arg(terminalEngine));
    const struct
    {
        int value;
        LimitRange range;
        QString message;
    } numbers[] = {
        {cpus, LimitRange::cpus(), Tr::tr("The sandbox's CPUs must be from %1 to %2.")},
        {memoryMiB, LimitRange::memoryMiB(),
         Tr::tr("The sandbox's memory must be from %1 to %2 MiB.")},
        {pidsLimit, LimitRange::pids(),
         Tr::tr("The sandbox's maximum processes must be from %1 to %2.")},
        {diskMiB, LimitRange::diskMiB(),
         Tr::tr("The sandbox's disk size must be from %1 to %2 MiB.")},
        {maxSteps, LimitRange::maxSteps(), Tr::tr("The maximum steps must be from %1 to %2.")},
        {maxReplans, LimitRange::maxReplans(),
         Tr::tr("The re-plans before giving up must be from %1 to %2.")},
        {stepTimeoutSeconds, LimitRange::stepTimeoutSeconds(),
         Tr::tr("The step timeout must be from %1 to %2 seconds.")},
        {remoteControlPort, LimitRange::port(),
         Tr::tr("The remote control port must be from %1 to %2.")},
    };
    for (const auto &number : numbers) {
        if (!number.range.contains(number.value))
            return makeError(ErrorCode::InvalidInput,
                             number.message.arg(number.range.min).arg(number.range.max));
    }
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
    const QString mirror = text(settings, QStringLiteral("sandbox/apt_mirror"));
    if (AptMirror::isUrl(mirror))
        values.aptMirror = mirror;
    values.cpus =
        inRange(settings, QStringLiteral("sandbox/cpus"), values.cpus, LimitRange::cpus());
    values.memoryMiB = inRange(settings, QStringLiteral("sandbox/memory_mib"), values.memoryMiB,
                               LimitRange::memoryMiB());
    values.pidsLimit =
        inRange(settings, QStringLiteral("sandbox/pids"), values.pidsLimit, LimitRange::pids());
    values.diskMiB = inRange(settings, QStringLiteral("sandbox/disk_mib"), values.diskMiB,
                             LimitRange::diskMiB());
    const QString network = text(settings, QStringLiteral("sandbox/network")).toLower();
    if (network == QLatin1String("none") || network == QLatin1String("outbound"))
        values.network = network;
    const QString mode = text(settings, QStringLiteral("sandbox/workspace_mode")).toLower();
    if (mode == QLatin1String("mount") || mode == QLatin1String("copy"))
        values.workspaceMode = mode;

    values.approval = approvalPolicyFromName(text(settings, QStringLiteral("safety/approval")))
                          .value_or(values.approval);
    values.alwaysAllowed = settings.value(QStringLiteral("safety/always_allowed")).toStringList();
    values.maxSteps = inRange(settings, QStringLiteral("limits/max_steps"), values.maxSteps,
                              LimitRange::maxSteps());
    values.maxReplans = inRange(settings, QStringLiteral("limits/max_replans"), values.maxReplans,
                                LimitRange::maxReplans());
    values.stepTimeoutSeconds =
        inRange(settings, QStringLiteral("limits/step_timeout"), values.stepTimeoutSeconds,
                LimitRange::stepTimeoutSeconds());
    values.translateAhead =
        onOff(settings, QStringLiteral("run/translate_ahead"), values.translateAhead);
    values.remoteControl = settings.value(QStringLiteral("control/enabled")).toBool();
    values.remoteControlSocket = settings.value(QStringLiteral("control/socket")).toBool();
    values.remoteHostTerminals = settings.value(QStringLiteral("control/host_terminals")).toBool();
    values.remoteControlPort = inRange(settings, QStringLiteral("control/port"),
                                       values.remoteControlPort, LimitRange::port());
    const QString engine = text(settings, QStringLiteral("terminal/engine")).toLower();
    if (engine == QLatin1String("terrarium") || engine == QLatin1String("qtermwidget"))
        values.terminalEngine = engine;
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
    setOrRemove(settings, QStringLiteral("sandbox/apt_mirror"), aptMirror);
    settings.setValue(QStringLiteral("sandbox/cpus"), cpus);
    settings.setValue(QStringLiteral("sandbox/memory_mib"), memoryMiB);
    settings.setValue(QStringLiteral("sandbox/network"), network);
    settings.setValue(QStringLiteral("sandbox/workspace_mode"), workspaceMode);
    settings.setValue(QStringLiteral("sandbox/pids"), pidsLimit);
    settings.setValue(QStringLiteral("sandbox/disk_mib"), diskMiB);

    settings.setValue(QStringLiteral("safety/approval"), approvalPolicyName(approval));
    // An empty list is no list: QSettings would write it as "@Invalid()".
    if (alwaysAllowed.isEmpty())
        settings.remove(QStringLiteral("safety/always_allowed"));
    else
        settings.setValue(QStringLiteral("safety/always_allowed"), alwaysAllowed);
    settings.setValue(QStringLiteral("limits/max_steps"), maxSteps);
    settings.setValue(QStringLiteral("limits/max_replans"), maxReplans);
    settings.setValue(QStringLiteral("limits/step_timeout"), stepTimeoutSeconds);
    settings.setValue(QStringLiteral("run/translate_ahead"), translateAhead);
    settings.setValue(QStringLiteral("control/enabled"), remoteControl);
    settings.setValue(QStringLiteral("control/port"), remoteControlPort);
    settings.setValue(QStringLiteral("control/socket"), remoteControlSocket);
    settings.setValue(QStringLiteral("control/host_terminals"), remoteHostTerminals);
    settings.setValue(QStringLiteral("terminal/engine"), terminalEngine);
}

} // namespace Terrarium::Core
