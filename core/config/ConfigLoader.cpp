#include "ConfigLoader.h"

#include "core/config/AptMirror.h"
#include "core/config/LimitRange.h"
#include "core/config/SecretEnvironment.h"

#include "core/CoreTr.h"

#include <QFile>
#include <QFileInfo>
#include <QSettings>

namespace Terrarium::Core {

namespace {

const QString openAiHost = QStringLiteral("api.openai.com");
const QString anthropicHost = QStringLiteral("api.anthropic.com");

// One setting with where it came from: named for error messages, and kept for Preferences.
struct Value
{
    QString text;
    QString source;
    SettingSource origin;
};

struct RoleValues
{
    std::optional<Value> provider;
    std::optional<Value> baseUrl;
    std::optional<Value> model;
    std::optional<Value> apiKey;
};

void assign(std::optional<Value> &target, const std::optional<Value> &value)
{
    if (value && !value->text.isEmpty())
        target = value;
}

std::optional<Value> fileValue(const QSettings &settings, const QString &key)
{
    const QVariant value = settings.value(key);
    if (!value.isValid())
        return std::nullopt;
    return Value{value.toString().trimmed(), Tr::tr("\"%1\" in %2").arg(key, settings.fileName()),
                 SettingSource::configFile(key, settings.fileName())};
}

std::optional<Value> envValue(const QProcessEnvironment &environment, const QString &name)
{
    if (!environment.contains(name))
        return std::nullopt;
    return Value{environment.value(name).trimmed(), name, SettingSource::environment(name)};
}

std::optional<Value> flagValue(const std::optional<QString> &flag, const QString &name)
{
    if (!flag)
        return std::nullopt;
    const QString option = QStringLiteral("--%1").arg(name);
    return Value{flag->trimmed(), option, SettingSource::commandLine(option)};
}

RoleValues roleValues(const QSettings &settings, const QProcessEnvironment &environment,
                      const ConfigOverrides &overrides, const QString &role)
{
    const QString upper = role.toUpper();
    RoleValues values;
    // File: shared, then role-specific.
    assign(values.provider, fileValue(settings, QStringLiteral("llm/provider")));
    assign(values.baseUrl, fileValue(settings, QStringLiteral("llm/base_url")));
    assign(values.model, fileValue(settings, QStringLiteral("llm/model")));
    assign(values.provider, fileValue(settings, role + QStringLiteral("/provider")));
    assign(values.baseUrl, fileValue(settings, role + QStringLiteral("/base_url")));
    assign(values.model, fileValue(settings, role + QStringLiteral("/model")));
    // Environment: shared, then role-specific.
    assign(values.provider, envValue(environment, QStringLiteral("TERRARIUM_PROVIDER")));
    assign(values.baseUrl, envValue(environment, QStringLiteral("TERRARIUM_BASE_URL")));
    assign(values.model, envValue(environment, QStringLiteral("TERRARIUM_MODEL")));
    assign(values.apiKey, envValue(environment, QStringLiteral("TERRARIUM_API_KEY")));
    assign(values.provider,
           envValue(environment, QStringLiteral("TERRARIUM_%1_PROVIDER").arg(upper)));
    assign(values.baseUrl,
           envValue(environment, QStringLiteral("TERRARIUM_%1_BASE_URL").arg(upper)));
    assign(values.model, envValue(environment, QStringLiteral("TERRARIUM_%1_MODEL").arg(upper)));
    assign(values.apiKey, envValue(environment, QStringLiteral("TERRARIUM_%1_API_KEY").arg(upper)));
    // Command line.
    assign(values.provider, flagValue(overrides.provider, QStringLiteral("provider")));
    assign(values.baseUrl, flagValue(overrides.baseUrl, QStringLiteral("base-url")));
    assign(values.model,
           flagValue(role == QLatin1String("planner") ? overrides.plannerModel
                                                      : overrides.executorModel,
                     QStringLiteral("%1-model").arg(role)));
    return values;
}

QString roleName(bool planner)
{
    return planner ? Tr::tr("planner") : Tr::tr("executor");
}

SettingSource originOf(const std::optional<Value> &value)
{
    return value ? value->origin : SettingSource();
}

Result<LlmEndpoint> resolveRole(const RoleValues &values, const QProcessEnvironment &environment,
                                bool planner, bool *needsLocalServer, bool *modelNamed,
                                ConfigProvenance *provenance, QString *settingToFix = nullptr)
{
    const QString prefix = planner ? QStringLiteral("planner/") : QStringLiteral("executor/");
    *modelNamed = values.model.has_value();
    LlmEndpoint endpoint;
    const QString openAiKey = environment.value(QStringLiteral("OPENAI_API_KEY")).trimmed();
    const QString anthropicKey = environment.value(QStringLiteral("ANTHROPIC_API_KEY")).trimmed();

    if (values.provider) {
        const auto provider = LlmEndpoint::providerFromName(values.provider->text.toLower());
        if (!provider)
            return makeError(ErrorCode::Configuration,
                             Tr::tr("Unknown provider \"%1\" (from %2): use responses, chat or "
                                    "anthropic.")
                                 .arg(values.provider->text, values.provider->source));
        endpoint.provider = *provider;
    } else if (values.baseUrl) {
        endpoint.provider = values.baseUrl->text.contains(QLatin1String("anthropic"))
            ? LlmProvider::Anthropic
            : LlmProvider::ChatCompletions;
    } else if (!openAiKey.isEmpty() || values.apiKey) {
        endpoint.provider = LlmProvider::Responses;
    } else if (!anthropicKey.isEmpty()) {
        endpoint.provider = LlmProvider::Anthropic;
    } else {
        endpoint.provider = LlmProvider::ChatCompletions;
    }

    if (values.baseUrl) {
        endpoint.baseUrl = QUrl(values.baseUrl->text, QUrl::StrictMode);
        const QString scheme = endpoint.baseUrl.scheme();
        if (!endpoint.baseUrl.isValid() || endpoint.baseUrl.host().isEmpty()
            || (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
            return makeError(ErrorCode::Configuration,
                             Tr::tr("\"%1\" (from %2) is not an http or https URL.")
                                 .arg(values.baseUrl->text, values.baseUrl->source));
    } else {
        endpoint.baseUrl = LlmEndpoint::defaultBaseUrl(endpoint.provider);
    }

    const QString host = endpoint.baseUrl.host();
    SettingSource keySource = originOf(values.apiKey);
    if (values.apiKey) {
        endpoint.apiKey = values.apiKey->text;
    } else if (LlmEndpoint::isVendorUrl(endpoint.baseUrl, endpoint.provider)) {
        // Never handed to any other server, nor to the vendor without TLS.
        const bool anthropic = endpoint.provider == LlmProvider::Anthropic;
        endpoint.apiKey = anthropic ? anthropicKey : openAiKey;
        if (!endpoint.apiKey.isEmpty())
            keySource = SettingSource::environment(anthropic ? QStringLiteral("ANTHROPIC_API_KEY")
                                                             : QStringLiteral("OPENAI_API_KEY"));
    }

    const bool cloud = host == openAiHost || host == anthropicHost;
    *needsLocalServer = !values.baseUrl && cloud && endpoint.apiKey.isEmpty();

    if (values.model)
        endpoint.model = values.model->text;
    else if (cloud)
        endpoint.model = ConfigLoader::defaultModel(endpoint.provider,
                                                    planner ? LlmRole::Planner : LlmRole::Executor);
    else {
        if (settingToFix)
            *settingToFix = prefix + QStringLiteral("model");
        return makeError(
            ErrorCode::Configuration,
            Tr::tr("No model is set for the %1 at %2: name one in Preferences, pass --%3-model "
                   "or set TERRARIUM_%4_MODEL.")
                .arg(roleName(planner), endpoint.baseUrl.toString(),
                     planner ? QStringLiteral("planner") : QStringLiteral("executor"),
                     planner ? QStringLiteral("PLANNER") : QStringLiteral("EXECUTOR")));
    }

    // A provider chosen from the key or base URL counts as the default: nothing named it.
    provenance->record(prefix + QStringLiteral("provider"), originOf(values.provider),
                       LlmEndpoint::providerName(endpoint.provider));
    provenance->record(prefix + QStringLiteral("base_url"), originOf(values.baseUrl),
                       endpoint.baseUrl.toString());
    provenance->record(prefix + QStringLiteral("model"), originOf(values.model), endpoint.model);
    provenance->recordSecret(prefix + QStringLiteral("api_key"), keySource);
    return endpoint;
}

std::optional<Value> pick(const QSettings &settings, const QString &key,
                          const QProcessEnvironment &environment, const QString &envName,
                          const std::optional<QString> &flag, const QString &flagName)
{
    std::optional<Value> value;
    assign(value, fileValue(settings, key));
    assign(value, envValue(environment, envName));
    assign(value, flagValue(flag, flagName));
    return value;
}

Result<int> intInRange(const std::optional<Value> &value, int fallback, LimitRange range)
{
    if (!value)
        return fallback;
    bool ok = false;
    const int number = value->text.toInt(&ok);
    if (!ok || !range.contains(number))
        return makeError(ErrorCode::Configuration,
                         Tr::tr("%1 must be a whole number from %2 to %3, not \"%4\".")
                             .arg(value->source)
                             .arg(range.min)
                             .arg(range.max)
                             .arg(value->text));
    return number;
}

// On or off: true/false, yes/no, on/off, 1/0.
QString trustedLocalServersKey()
{
    return QStringLiteral("llm/trusted_local_servers");
}

Result<bool> switchValue(const Value &value)
{
    const QString text = value.text.trimmed().toLower();
    if (text == u"true" || text == u"yes" || text == u"on" || text == u"1")
        return true;
    if (text == u"false" || text == u"no" || text == u"off" || text == u"0")
        return false;
    return makeError(ErrorCode::Configuration,
                     Tr::tr("%1 must be true or false, not \"%2\".").arg(value.source, value.text));
}

} // namespace

Result<AppConfig> ConfigLoader::load(const QSettings &settings,
                                     const QProcessEnvironment &environment,
                                     const ConfigOverrides &overrides, QString *settingToFix)
{
    AppConfig config;

    const RoleValues plannerValues =
        roleValues(settings, environment, overrides, QStringLiteral("planner"));
    const auto planner =
        resolveRole(plannerValues, environment, true, &config.plannerNeedsLocalServer,
                    &config.plannerModelNamed, &config.provenance, settingToFix);
    if (!planner)
        return std::unexpected(planner.error());
    config.planner = *planner;
    // Nothing set for the executor at all: it is the planner's server and model (Preferences'
    // "Same as the planner"), not the defaults, which the user never chose either.
    RoleValues executorValues =
        roleValues(settings, environment, overrides, QStringLiteral("executor"));
    config.executorSameAsPlanner = !executorValues.provider && !executorValues.baseUrl
        && !executorValues.model && !executorValues.apiKey;
    if (config.executorSameAsPlanner)
        executorValues = plannerValues;
    const auto executor =
        resolveRole(executorValues, environment, false, &config.executorNeedsLocalServer,
                    &config.executorModelNamed, &config.provenance, settingToFix);
    if (!executor)
        return std::unexpected(executor.error());
    config.executor = *executor;

    config.secrets = SecretEnvironment::values(environment);

    ConfigProvenance &provenance = config.provenance;

    // Other users' servers the user confirmed: the file's, then the command line's.
    const QString trustedKey = trustedLocalServersKey();
    QList<Value> trusted;
    for (const QString &entry : settings.value(trustedKey).toStringList())
        trusted.append(Value{entry, Tr::tr("\"%1\" in %2").arg(trustedKey, settings.fileName()),
                             SettingSource::configFile(trustedKey, settings.fileName())});
    for (const QString &entry : overrides.trustedLocalServers)
        trusted.append(Value{entry, QStringLiteral("--trust-local-server"),
                             SettingSource::commandLine(QStringLiteral("--trust-local-server"))});
    for (const Value &entry : std::as_const(trusted)) {
        if (entry.text.trimmed().isEmpty())
            continue;
        const auto confirmation = LocalServerConfirmation::parse(entry.text);
        if (!confirmation)
            return makeError(ErrorCode::Configuration,
                             Tr::tr("\"%1\" (from %2) is not a local server to trust: write it "
                                    "as address:port@uid, e.g. 127.0.0.1:11434@1001 or "
                                    "[::1]:8080@1001.")
                                 .arg(entry.text, entry.source));
        config.trustedLocalServers.append(*confirmation);
    }
    // Not in the provenance: Preferences has no field for it (the window asks instead).

    const auto sandbox =
        pick(settings, QStringLiteral("sandbox/kind"), environment,
             QStringLiteral("TERRARIUM_SANDBOX"), overrides.sandbox, QStringLiteral("sandbox"));
    if (sandbox) {
        const QString kind = sandbox->text.toLower();
        if (kind != QLatin1String("host") && kind != QLatin1String("podman")
            && kind != QLatin1String("libvirt"))
            return makeError(
                ErrorCode::Configuration,
                Tr::tr("Unknown sandbox \"%1\" (from %2): use podman, libvirt or host.")
                    .arg(sandbox->text, sandbox->source));
        config.sandbox = kind;
    }
    provenance.record(QStringLiteral("sandbox/kind"), originOf(sandbox), config.sandbox);

    const auto workspace = pick(settings, QStringLiteral("sandbox/workspace"), environment,
                                QStringLiteral("TERRARIUM_WORKSPACE"), overrides.workspace,
                                QStringLiteral("workspace"));
    if (workspace)
        config.workspace = workspace->text;
    provenance.record(QStringLiteral("sandbox/workspace"), originOf(workspace), config.workspace);

    const auto uri = pick(settings, QStringLiteral("sandbox/libvirt_uri"), environment,
                          QStringLiteral("TERRARIUM_LIBVIRT_URI"), std::nullopt, QString());
    if (uri)
        config.libvirtUri = uri->text;
    provenance.record(QStringLiteral("sandbox/libvirt_uri"), originOf(uri), config.libvirtUri);

    const auto image =
        pick(settings, QStringLiteral("sandbox/image"), environment,
             QStringLiteral("TERRARIUM_IMAGE"), overrides.image, QStringLiteral("image"));
    if (image)
        config.image = image->text;
    provenance.record(QStringLiteral("sandbox/image"), originOf(image), config.image);

    const auto mirror = pick(settings, QStringLiteral("sandbox/apt_mirror"), environment,
                             QStringLiteral("TERRARIUM_APT_MIRROR"), std::nullopt, QString());
    if (mirror) {
        if (!AptMirror::isUrl(mirror->text))
            return makeError(ErrorCode::Configuration,
                             Tr::tr("The Debian mirror \"%1\" (from %2) is not an http://, "
                                    "https:// or file:// URL.")
                                 .arg(mirror->text, mirror->source));
        config.aptMirror = mirror->text;
    }
    provenance.record(QStringLiteral("sandbox/apt_mirror"), originOf(mirror), config.aptMirror);

    const auto network =
        pick(settings, QStringLiteral("sandbox/network"), environment,
             QStringLiteral("TERRARIUM_NETWORK"), overrides.network, QStringLiteral("network"));
    if (network) {
        const QString policy = network->text.toLower();
        if (policy != QLatin1String("none") && policy != QLatin1String("outbound"))
            return makeError(
                ErrorCode::Configuration,
                Tr::tr("Unknown network policy \"%1\" (from %2): use none or outbound.")
                    .arg(network->text, network->source));
        config.network = policy;
    }
    provenance.record(QStringLiteral("sandbox/network"), originOf(network), config.network);

    const auto mode = pick(settings, QStringLiteral("sandbox/workspace_mode"), environment,
                           QStringLiteral("TERRARIUM_WORKSPACE_MODE"), overrides.workspaceMode,
                           QStringLiteral("workspace-mode"));
    if (mode) {
        const QString name = mode->text.toLower();
        if (name != QLatin1String("mount") && name != QLatin1String("copy"))
            return makeError(ErrorCode::Configuration,
                             Tr::tr("Unknown workspace mode \"%1\" (from %2): use mount or copy.")
                                 .arg(mode->text, mode->source));
        config.workspaceMode = name;
    }
    provenance.record(QStringLiteral("sandbox/workspace_mode"), originOf(mode),
                      config.workspaceMode);

    // Each limit: the value from the highest source, in its range, or the default.
    struct Limit
    {
        const char *key;
        const char *variable;
        const std::optional<QString> &flag;
        const char *option;
        int *target;
        LimitRange range;
    };
    int timeoutSeconds =
        int(std::chrono::duration_cast<std::chrono::seconds>(config.limits.stepTimeout).count());
    const std::optional<QString> noFlag;
    const Limit limits[] = {
        {"sandbox/cpus", "TERRARIUM_CPUS", noFlag, "", &config.cpus, LimitRange::cpus()},
        {"sandbox/memory_mib", "TERRARIUM_MEMORY_MIB", noFlag, "", &config.memoryMiB,
         LimitRange::memoryMiB()},
        {"sandbox/pids", "TERRARIUM_PIDS", noFlag, "", &config.pidsLimit, LimitRange::pids()},
        {"sandbox/disk_mib", "TERRARIUM_DISK_MIB", noFlag, "", &config.diskMiB,
         LimitRange::diskMiB()},
        {"limits/max_steps", "TERRARIUM_MAX_STEPS", overrides.maxSteps, "max-steps",
         &config.limits.maxSteps, LimitRange::maxSteps()},
        {"limits/max_replans", "TERRARIUM_MAX_REPLANS", overrides.maxReplans, "max-replans",
         &config.limits.maxReplans, LimitRange::maxReplans()},
        {"limits/step_timeout", "TERRARIUM_STEP_TIMEOUT", overrides.stepTimeoutSeconds,
         "step-timeout", &timeoutSeconds, LimitRange::stepTimeoutSeconds()},
    };
    for (const Limit &limit : limits) {
        const QString key = QLatin1String(limit.key);
        const auto value = pick(settings, key, environment, QLatin1String(limit.variable),
                                limit.flag, QLatin1String(limit.option));
        const auto number = intInRange(value, *limit.target, limit.range);
        if (!number)
            return std::unexpected(number.error());
        *limit.target = *number;
        provenance.record(key, originOf(value), QString::number(*number));
    }
    config.limits.stepTimeout = std::chrono::seconds(timeoutSeconds);

    // The user's prices, over the defaults. A list value is what QSettings makes of commas.
    {
        const QString group = QStringLiteral("prices");
        for (const QString &key : settings.allKeys()) {
            if (!key.startsWith(group + u'/'))
                continue;
            const QVariant value = settings.value(key);
            const QString text = value.typeId() == QMetaType::QStringList
                ? value.toStringList().join(u' ')
                : value.toString();
            const auto price = PriceTable::parse(text);
            if (!price)
                return makeError(
                    ErrorCode::Configuration,
                    Tr::tr("%1 in %2: %3").arg(key, settings.fileName(), price.error().message));
            config.prices.set(key.mid(group.size() + 1), *price);
        }
    }

    const QString autorunWritesKey = QStringLiteral("sandbox/allow_autorun_writes");
    const auto autorunWrites = pick(
        settings, autorunWritesKey, environment, QStringLiteral("TERRARIUM_ALLOW_AUTORUN_WRITES"),
        overrides.allowAutorunWrites, QStringLiteral("allow-autorun-writes"));
    if (autorunWrites) {
        const auto allowed = switchValue(*autorunWrites);
        if (!allowed)
            return std::unexpected(allowed.error());
        config.allowAutorunWrites = *allowed;
    }
    provenance.record(autorunWritesKey, originOf(autorunWrites),
                      config.allowAutorunWrites ? QStringLiteral("true") : QStringLiteral("false"));

    const QString translateAheadKey = QStringLiteral("run/translate_ahead");
    const auto translateAhead =
        pick(settings, translateAheadKey, environment, QStringLiteral("TERRARIUM_TRANSLATE_AHEAD"),
             overrides.translateAhead, QStringLiteral("no-translate-ahead"));
    if (translateAhead) {
        const auto enabled = switchValue(*translateAhead);
        if (!enabled)
            return std::unexpected(enabled.error());
        config.translateAhead = *enabled;
    }
    provenance.record(translateAheadKey, originOf(translateAhead),
                      config.translateAhead ? QStringLiteral("true") : QStringLiteral("false"));

    const auto approval =
        pick(settings, QStringLiteral("safety/approval"), environment,
             QStringLiteral("TERRARIUM_APPROVE"), overrides.approval, QStringLiteral("approve"));
    if (approval) {
        const auto policy = approvalPolicyFromName(approval->text.toLower());
        if (!policy)
            return makeError(ErrorCode::Configuration,
                             Tr::tr("Unknown approval policy \"%1\" (from %2): use ask, safe or "
                                    "all.")
                                 .arg(approval->text, approval->source));
        config.approval = *policy;
    }
    provenance.record(QStringLiteral("safety/approval"), originOf(approval),
                      approvalPolicyName(config.approval));

    const QString allowedKey = QStringLiteral("safety/always_allowed");
    config.alwaysAllowed = settings.value(allowedKey).toStringList();
    provenance.record(allowedKey,
                      settings.contains(allowedKey)
                          ? SettingSource::configFile(allowedKey, settings.fileName())
                          : SettingSource(),
                      config.alwaysAllowed.join(u'\n'));

    return config;
}

Result<void> ConfigLoader::checkFile(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return makeError(ErrorCode::Configuration,
                         Tr::tr("The configuration file %1 does not exist.").arg(path));
    if (!info.isFile())
        return makeError(ErrorCode::Configuration,
                         Tr::tr("The configuration file %1 is not a file.").arg(path));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(
            ErrorCode::Configuration,
            Tr::tr("The configuration file %1 cannot be read: %2").arg(path, file.errorString()));
    const QSettings settings(path, QSettings::IniFormat);
    if (settings.status() == QSettings::FormatError)
        return makeError(ErrorCode::Configuration,
                         Tr::tr("The configuration file %1 is not a valid INI file.").arg(path));
    return {};
}

void ConfigLoader::saveAlwaysAllowed(QSettings &settings, const QStringList &commands)
{
    settings.setValue(QStringLiteral("safety/always_allowed"), commands);
    settings.sync();
}

void ConfigLoader::saveTrustedLocalServer(QSettings &settings,
                                          const LocalServerConfirmation &confirmation)
{
    QStringList entries = settings.value(trustedLocalServersKey()).toStringList();
    if (!entries.contains(confirmation.toString()))
        entries.append(confirmation.toString());
    settings.setValue(trustedLocalServersKey(), entries);
    settings.sync();
}

QString ConfigLoader::defaultModel(LlmProvider provider, LlmRole role)
{
    const bool planner = role == LlmRole::Planner;
    if (provider == LlmProvider::Anthropic)
        return planner ? QStringLiteral("claude-sonnet-4-5") : QStringLiteral("claude-haiku-4-5");
    return planner ? QStringLiteral("gpt-4.1") : QStringLiteral("gpt-4.1-mini");
}

Result<LlmEndpoint> ConfigLoader::endpointFor(const UserSettings &values, LlmRole role,
                                              const QString &apiKey,
                                              const QProcessEnvironment &environment,
                                              bool *needsLocalServer)
{
    const auto roleValuesOf = [](const UserSettings::Model &model, const QString &prefix) {
        RoleValues read;
        const auto value = [&prefix](const QString &name, const QString &text) {
            const QString key = prefix + name;
            return text.trimmed().isEmpty()
                ? std::optional<Value>()
                : std::optional<Value>(Value{text.trimmed(), Tr::tr("Preferences (%1)").arg(key),
                                             SettingSource::configFile(key, QString())});
        };
        read.provider =
            value(QStringLiteral("provider"),
                  model.provider ? LlmEndpoint::providerName(*model.provider) : QString());
        read.baseUrl = value(QStringLiteral("base_url"), model.baseUrl);
        read.model = value(QStringLiteral("model"), model.model);
        return read;
    };
    const bool planner = role == LlmRole::Planner;
    const bool sameAsPlanner = !planner && values.executor == UserSettings::Model();
    RoleValues read = planner || sameAsPlanner
        ? roleValuesOf(values.planner, QStringLiteral("planner/"))
        : roleValuesOf(values.executor, QStringLiteral("executor/"));
    if (!apiKey.isEmpty())
        read.apiKey = Value{apiKey, Tr::tr("Preferences"), SettingSource()};
    bool named = false;
    ConfigProvenance ignored;
    return resolveRole(read, environment, planner, needsLocalServer, &named, &ignored);
}

QString ConfigLoader::noModelConfiguredMessage()
{
    return Tr::tr(
        "No language model is configured. Do one of these:\n"
        "  - set OPENAI_API_KEY (OpenAI, Responses API) or ANTHROPIC_API_KEY (Anthropic);\n"
        "  - point Terrarium at an OpenAI-compatible server: --base-url URL --planner-model M "
        "--executor-model M (or TERRARIUM_BASE_URL, TERRARIUM_MODEL, TERRARIUM_API_KEY);\n"
        "  - start a local server Terrarium finds by itself: Ollama on localhost:11434 "
        "(ollama serve, with a model pulled) or llama.cpp's llama-server on localhost:8080.");
}

} // namespace Terrarium::Core
