#include "ConfigLoader.h"

#include "core/config/LimitRange.h"

#include "core/CoreTr.h"

#include <QFile>
#include <QFileInfo>
#include <QSettings>

namespace Terrarium::Core {

namespace {

const QString openAiHost = QStringLiteral("api.openai.com");
const QString anthropicHost = QStringLiteral("api.anthropic.com");

// One setting with the name of where it came from, for error messages.
struct Value
{
    QString text;
    QString source;
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
    return Value{value.toString().trimmed(), Tr::tr("\"%1\" in %2").arg(key, settings.fileName())};
}

std::optional<Value> envValue(const QProcessEnvironment &environment, const QString &name)
{
    if (!environment.contains(name))
        return std::nullopt;
    return Value{environment.value(name).trimmed(), name};
}

std::optional<Value> flagValue(const std::optional<QString> &flag, const QString &name)
{
    if (!flag)
        return std::nullopt;
    return Value{flag->trimmed(), QStringLiteral("--%1").arg(name)};
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

Result<LlmEndpoint> resolveRole(const RoleValues &values, const QProcessEnvironment &environment,
                                bool planner, bool *needsLocalServer, bool *modelNamed)
{
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
    if (values.apiKey)
        endpoint.apiKey = values.apiKey->text;
    else if (LlmEndpoint::isVendorUrl(endpoint.baseUrl, endpoint.provider))
        // Never handed to any other server, nor to the vendor without TLS.
        endpoint.apiKey = endpoint.provider == LlmProvider::Anthropic ? anthropicKey : openAiKey;

    const bool cloud = host == openAiHost || host == anthropicHost;
    *needsLocalServer = !values.baseUrl && cloud && endpoint.apiKey.isEmpty();

    if (values.model)
        endpoint.model = values.model->text;
    else if (cloud)
        endpoint.model = ConfigLoader::defaultModel(endpoint.provider,
                                                    planner ? LlmRole::Planner : LlmRole::Executor);
    else
        return makeError(
            ErrorCode::Configuration,
            Tr::tr("No model is set for the %1 at %2: pass --%3-model or set "
                   "TERRARIUM_%4_MODEL.")
                .arg(roleName(planner), endpoint.baseUrl.toString(),
                     planner ? QStringLiteral("planner") : QStringLiteral("executor"),
                     planner ? QStringLiteral("PLANNER") : QStringLiteral("EXECUTOR")));
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

} // namespace

Result<AppConfig> ConfigLoader::load(const QSettings &settings,
                                     const QProcessEnvironment &environment,
                                     const ConfigOverrides &overrides)
{
    AppConfig config;

    const auto planner =
        resolveRole(roleValues(settings, environment, overrides, QStringLiteral("planner")),
                    environment, true, &config.plannerNeedsLocalServer, &config.plannerModelNamed);
    if (!planner)
        return std::unexpected(planner.error());
    config.planner = *planner;
    const auto executor = resolveRole(
        roleValues(settings, environment, overrides, QStringLiteral("executor")), environment,
        false, &config.executorNeedsLocalServer, &config.executorModelNamed);
    if (!executor)
        return std::unexpected(executor.error());
    config.executor = *executor;

    if (const auto sandbox = pick(settings, QStringLiteral("sandbox/kind"), environment,
                                  QStringLiteral("TERRARIUM_SANDBOX"), overrides.sandbox,
                                  QStringLiteral("sandbox"))) {
        const QString kind = sandbox->text.toLower();
        if (kind != QLatin1String("host") && kind != QLatin1String("podman")
            && kind != QLatin1String("libvirt"))
            return makeError(
                ErrorCode::Configuration,
                Tr::tr("Unknown sandbox \"%1\" (from %2): use podman, libvirt or host.")
                    .arg(sandbox->text, sandbox->source));
        config.sandbox = kind;
    }

    if (const auto workspace = pick(settings, QStringLiteral("sandbox/workspace"), environment,
                                    QStringLiteral("TERRARIUM_WORKSPACE"), overrides.workspace,
                                    QStringLiteral("workspace")))
        config.workspace = workspace->text;

    if (const auto uri = pick(settings, QStringLiteral("sandbox/libvirt_uri"), environment,
                              QStringLiteral("TERRARIUM_LIBVIRT_URI"), std::nullopt, QString()))
        config.libvirtUri = uri->text;

    if (const auto image =
            pick(settings, QStringLiteral("sandbox/image"), environment,
                 QStringLiteral("TERRARIUM_IMAGE"), overrides.image, QStringLiteral("image")))
        config.image = image->text;

    if (const auto network = pick(settings, QStringLiteral("sandbox/network"), environment,
                                  QStringLiteral("TERRARIUM_NETWORK"), overrides.network,
                                  QStringLiteral("network"))) {
        const QString policy = network->text.toLower();
        if (policy != QLatin1String("none") && policy != QLatin1String("outbound"))
            return makeError(
                ErrorCode::Configuration,
                Tr::tr("Unknown network policy \"%1\" (from %2): use none or outbound.")
                    .arg(network->text, network->source));
        config.network = policy;
    }

    if (const auto mode = pick(settings, QStringLiteral("sandbox/workspace_mode"), environment,
                               QStringLiteral("TERRARIUM_WORKSPACE_MODE"), overrides.workspaceMode,
                               QStringLiteral("workspace-mode"))) {
        const QString name = mode->text.toLower();
        if (name != QLatin1String("mount") && name != QLatin1String("copy"))
            return makeError(ErrorCode::Configuration,
                             Tr::tr("Unknown workspace mode \"%1\" (from %2): use mount or copy.")
                                 .arg(mode->text, mode->source));
        config.workspaceMode = name;
    }

    const auto cpus = intInRange(pick(settings, QStringLiteral("sandbox/cpus"), environment,
                                      QStringLiteral("TERRARIUM_CPUS"), std::nullopt, QString()),
                                 config.cpus, LimitRange::cpus());
    if (!cpus)
        return std::unexpected(cpus.error());
    config.cpus = *cpus;
    const auto memory =
        intInRange(pick(settings, QStringLiteral("sandbox/memory_mib"), environment,
                        QStringLiteral("TERRARIUM_MEMORY_MIB"), std::nullopt, QString()),
                   config.memoryMiB, LimitRange::memoryMiB());
    if (!memory)
        return std::unexpected(memory.error());
    config.memoryMiB = *memory;
    const auto pids = intInRange(pick(settings, QStringLiteral("sandbox/pids"), environment,
                                      QStringLiteral("TERRARIUM_PIDS"), std::nullopt, QString()),
                                 config.pidsLimit, LimitRange::pids());
    if (!pids)
        return std::unexpected(pids.error());
    config.pidsLimit = *pids;
    const auto disk =
        intInRange(pick(settings, QStringLiteral("sandbox/disk_mib"), environment,
                        QStringLiteral("TERRARIUM_DISK_MIB"), std::nullopt, QString()),
                   config.diskMiB, LimitRange::diskMiB());
    if (!disk)
        return std::unexpected(disk.error());
    config.diskMiB = *disk;

    if (const auto approval = pick(settings, QStringLiteral("safety/approval"), environment,
                                   QStringLiteral("TERRARIUM_APPROVE"), overrides.approval,
                                   QStringLiteral("approve"))) {
        const auto policy = approvalPolicyFromName(approval->text.toLower());
        if (!policy)
            return makeError(ErrorCode::Configuration,
                             Tr::tr("Unknown approval policy \"%1\" (from %2): use ask, safe or "
                                    "all.")
                                 .arg(approval->text, approval->source));
        config.approval = *policy;
    }
    config.alwaysAllowed = settings.value(QStringLiteral("safety/always_allowed")).toStringList();

    const auto maxSteps = intInRange(pick(settings, QStringLiteral("limits/max_steps"), environment,
                                          QStringLiteral("TERRARIUM_MAX_STEPS"), overrides.maxSteps,
                                          QStringLiteral("max-steps")),
                                     config.limits.maxSteps, LimitRange::maxSteps());
    if (!maxSteps)
        return std::unexpected(maxSteps.error());
    config.limits.maxSteps = *maxSteps;

    const auto maxReplans = intInRange(pick(settings, QStringLiteral("limits/max_replans"),
                                            environment, QStringLiteral("TERRARIUM_MAX_REPLANS"),
                                            overrides.maxReplans, QStringLiteral("max-replans")),
                                       config.limits.maxReplans, LimitRange::maxReplans());
    if (!maxReplans)
        return std::unexpected(maxReplans.error());
    config.limits.maxReplans = *maxReplans;

    const auto timeout = intInRange(
        pick(settings, QStringLiteral("limits/step_timeout"), environment,
             QStringLiteral("TERRARIUM_STEP_TIMEOUT"), overrides.stepTimeoutSeconds,
             QStringLiteral("step-timeout")),
        int(std::chrono::duration_cast<std::chrono::seconds>(config.limits.stepTimeout).count()),
        LimitRange::stepTimeoutSeconds());
    if (!timeout)
        return std::unexpected(timeout.error());
    config.limits.stepTimeout = std::chrono::seconds(*timeout);

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

QString ConfigLoader::defaultModel(LlmProvider provider, LlmRole role)
{
    const bool planner = role == LlmRole::Planner;
    if (provider == LlmProvider::Anthropic)
        return planner ? QStringLiteral("claude-sonnet-4-5") : QStringLiteral("claude-haiku-4-5");
    return planner ? QStringLiteral("gpt-4.1") : QStringLiteral("gpt-4.1-mini");
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
