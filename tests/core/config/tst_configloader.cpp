#include "core/config/ConfigLoader.h"
#include "core/config/TaskFile.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Terrarium::Core;

class tst_ConfigLoader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void nothingConfiguredAsksForALocalServer();
    void openAiKeyPicksResponses();
    void anthropicKeyPicksAnthropic();
    void customBaseUrlNeverGetsTheOpenAiKey();
    void vendorKeysGoOverHttpsOnly();
    void configFileMustBeThere();
    void precedence_data();
    void precedence();
    void rolesAreSeparate();
    void executorWithNothingSetIsThePlanner();
    void endpointForTheFieldsAsTheyAre();
    void keysAreNeverReadFromTheFile();
    void errors_data();
    void errors();
    void limitsAndPolicies();
    void pricesFromTheFile();
    void alwaysAllowedRoundTrip();
    void provenanceNamesEachSource_data();
    void provenanceNamesEachSource();
    void provenanceFollowsThePrecedence_data();
    void provenanceFollowsThePrecedence();
    void provenanceOfTheModelRoles();
    void provenanceNeverHoldsAnApiKey();
    void provenanceCoversEverySetting();
    void taskFileWinsAndIsRecorded();
    void sourceDescriptions();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
};

void tst_ConfigLoader::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<QSettings>(m_dir->filePath(QStringLiteral("terrarium.conf")),
                                             QSettings::IniFormat);
}

void tst_ConfigLoader::cleanup()
{
    // The settings first: destroyed after their folder, they would write it back (and leave it
    // in /tmp).
    m_settings.reset();
    m_dir.reset();
}

void tst_ConfigLoader::nothingConfiguredAsksForALocalServer()
{
    const auto config = ConfigLoader::load(*m_settings, QProcessEnvironment(), {});
    QVERIFY(config.has_value());
    QVERIFY(config->plannerNeedsLocalServer);
    QVERIFY(config->executorNeedsLocalServer);
    QCOMPARE(config->sandbox, QStringLiteral("podman"));
    QCOMPARE(config->approval, ApprovalPolicy::Ask);
    QCOMPARE(config->limits.maxSteps, 30);
    QCOMPARE(config->limits.maxReplans, 5);
    QCOMPARE(config->limits.stepTimeout, std::chrono::milliseconds(std::chrono::minutes(10)));
}

void tst_ConfigLoader::openAiKeyPicksResponses()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("OPENAI_API_KEY"), QStringLiteral("sk-test"));
    const auto config = ConfigLoader::load(*m_settings, env, {});
    QVERIFY(config.has_value());
    QCOMPARE(config->planner.provider, LlmProvider::Responses);
    QCOMPARE(config->planner.baseUrl.host(), QStringLiteral("api.openai.com"));
    QCOMPARE(config->planner.apiKey, QStringLiteral("sk-test"));
    QCOMPARE(config->planner.model, QStringLiteral("gpt-4.1"));
    QCOMPARE(config->executor.model, QStringLiteral("gpt-4.1-mini"));
    QVERIFY(!config->plannerNeedsLocalServer);
}

void tst_ConfigLoader::anthropicKeyPicksAnthropic()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-ant"));
    const auto config = ConfigLoader::load(*m_settings, env, {});
    QVERIFY(config.has_value());
    QCOMPARE(config->planner.provider, LlmProvider::Anthropic);
    QCOMPARE(config->planner.baseUrl.host(), QStringLiteral("api.anthropic.com"));
    QCOMPARE(config->executor.apiKey, QStringLiteral("sk-ant"));
    QVERIFY(!config->executorNeedsLocalServer);
}

void tst_ConfigLoader::customBaseUrlNeverGetsTheOpenAiKey()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("OPENAI_API_KEY"), QStringLiteral("sk-secret"));
    ConfigOverrides flags;
    flags.baseUrl = QStringLiteral("http://127.0.0.1:9999/v1");
    flags.plannerModel = QStringLiteral("llama3");
    flags.executorModel = QStringLiteral("llama3");
    const auto config = ConfigLoader::load(*m_settings, env, flags);
    QVERIFY(config.has_value());
    QCOMPARE(config->planner.provider, LlmProvider::ChatCompletions);
    QVERIFY(config->planner.apiKey.isEmpty());
    QVERIFY(config->executor.apiKey.isEmpty());
    QVERIFY(!config->plannerNeedsLocalServer);
}

void tst_ConfigLoader::vendorKeysGoOverHttpsOnly()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("OPENAI_API_KEY"), QStringLiteral("sk-secret"));
    env.insert(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-ant-secret"));
    for (const QString &url : {QStringLiteral("http://api.openai.com/v1"),
                               QStringLiteral("http://api.anthropic.com/v1")}) {
        ConfigOverrides flags;
        flags.baseUrl = url;
        flags.plannerModel = QStringLiteral("m");
        flags.executorModel = QStringLiteral("m");
        const auto config = ConfigLoader::load(*m_settings, env, flags);
        QVERIFY(config.has_value());
        QVERIFY2(config->planner.apiKey.isEmpty(), qPrintable(url));
        QVERIFY2(config->executor.apiKey.isEmpty(), qPrintable(url));
    }
    ConfigOverrides https;
    https.baseUrl = QStringLiteral("https://api.openai.com/v1");
    const auto config = ConfigLoader::load(*m_settings, env, https);
    QVERIFY(config.has_value());
    QCOMPARE(config->planner.apiKey, QStringLiteral("sk-secret"));
}

void tst_ConfigLoader::configFileMustBeThere()
{
    QTemporaryDir dir;
    QVERIFY(!ConfigLoader::checkFile(dir.filePath(QStringLiteral("missing.conf"))));
    const auto folder = ConfigLoader::checkFile(dir.path());
    QVERIFY(!folder);
    QVERIFY2(folder.error().message.contains(QStringLiteral("not a file")),
             qPrintable(folder.error().message));
    QFile file(dir.filePath(QStringLiteral("ok.conf")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("[llm]\nmodel=x\n");
    file.close();
    QVERIFY(ConfigLoader::checkFile(file.fileName()));
    if (::geteuid() != 0) { // root reads anything
        QVERIFY(file.setPermissions(QFileDevice::WriteOwner));
        const auto unreadable = ConfigLoader::checkFile(file.fileName());
        QVERIFY(!unreadable);
        QVERIFY2(unreadable.error().message.contains(QStringLiteral("cannot be read")),
                 qPrintable(unreadable.error().message));
    }
}

void tst_ConfigLoader::precedence_data()
{
    QTest::addColumn<QString>("fileShared");
    QTest::addColumn<QString>("fileRole");
    QTest::addColumn<QString>("envShared");
    QTest::addColumn<QString>("envRole");
    QTest::addColumn<QString>("flag");
    QTest::addColumn<QString>("expected");
    QTest::newRow("file shared only") << "a"
                                      << ""
                                      << ""
                                      << ""
                                      << ""
                                      << "a";
    QTest::newRow("file role beats file shared") << "a"
                                                 << "b"
                                                 << ""
                                                 << ""
                                                 << ""
                                                 << "b";
    QTest::newRow("env beats file") << "a"
                                    << "b"
                                    << "c"
                                    << ""
                                    << ""
                                    << "c";
    QTest::newRow("env role beats env shared") << "a"
                                               << "b"
                                               << "c"
                                               << "d"
                                               << ""
                                               << "d";
    QTest::newRow("flag beats everything") << "a"
                                           << "b"
                                           << "c"
                                           << "d"
                                           << "e"
                                           << "e";
    QTest::newRow("flag over file") << "a"
                                    << ""
                                    << ""
                                    << ""
                                    << "e"
                                    << "e";
}

void tst_ConfigLoader::precedence()
{
    QFETCH(QString, fileShared);
    QFETCH(QString, fileRole);
    QFETCH(QString, envShared);
    QFETCH(QString, envRole);
    QFETCH(QString, flag);
    QFETCH(QString, expected);

    m_settings->setValue(QStringLiteral("llm/base_url"), QStringLiteral("http://localhost:1/v1"));
    if (!fileShared.isEmpty())
        m_settings->setValue(QStringLiteral("llm/model"), fileShared);
    if (!fileRole.isEmpty())
        m_settings->setValue(QStringLiteral("planner/model"), fileRole);
    QProcessEnvironment env;
    if (!envShared.isEmpty())
        env.insert(QStringLiteral("TERRARIUM_MODEL"), envShared);
    if (!envRole.isEmpty())
        env.insert(QStringLiteral("TERRARIUM_PLANNER_MODEL"), envRole);
    ConfigOverrides flags;
    if (!flag.isEmpty())
        flags.plannerModel = flag;
    const auto config = ConfigLoader::load(*m_settings, env, flags);
    QVERIFY2(config.has_value(), qPrintable(config ? QString() : config.error().message));
    QCOMPARE(config->planner.model, expected);
}

void tst_ConfigLoader::rolesAreSeparate()
{
    m_settings->setValue(QStringLiteral("planner/provider"), QStringLiteral("anthropic"));
    m_settings->setValue(QStringLiteral("executor/provider"), QStringLiteral("chat"));
    m_settings->setValue(QStringLiteral("executor/base_url"),
                         QStringLiteral("http://127.0.0.1:8080/v1"));
    m_settings->setValue(QStringLiteral("executor/model"), QStringLiteral("qwen"));
    QProcessEnvironment env;
    env.insert(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-ant"));
    env.insert(QStringLiteral("TERRARIUM_EXECUTOR_API_KEY"), QStringLiteral("local-key"));
    const auto config = ConfigLoader::load(*m_settings, env, {});
    QVERIFY(config.has_value());
    QCOMPARE(config->planner.provider, LlmProvider::Anthropic);
    QCOMPARE(config->planner.apiKey, QStringLiteral("sk-ant"));
    QCOMPARE(config->executor.provider, LlmProvider::ChatCompletions);
    QCOMPARE(config->executor.baseUrl, QUrl(QStringLiteral("http://127.0.0.1:8080/v1")));
    QCOMPARE(config->executor.model, QStringLiteral("qwen"));
    QCOMPARE(config->executor.apiKey, QStringLiteral("local-key"));
}

void tst_ConfigLoader::executorWithNothingSetIsThePlanner()
{
    // What Preferences saves with only the planner filled in.
    m_settings->setValue(QStringLiteral("planner/provider"), QStringLiteral("chat"));
    m_settings->setValue(QStringLiteral("planner/base_url"),
                         QStringLiteral("http://127.0.0.1:8080/v1"));
    m_settings->setValue(QStringLiteral("planner/model"), QStringLiteral("qwen"));
    QProcessEnvironment env;
    env.insert(QStringLiteral("TERRARIUM_PLANNER_API_KEY"), QStringLiteral("local-key"));
    auto config = ConfigLoader::load(*m_settings, env, {});
    QVERIFY(config.has_value());
    QVERIFY(config->executorSameAsPlanner);
    QVERIFY(!config->executorNeedsLocalServer);
    QCOMPARE(config->executor.provider, LlmProvider::ChatCompletions);
    QCOMPARE(config->executor.baseUrl, QUrl(QStringLiteral("http://127.0.0.1:8080/v1")));
    QCOMPARE(config->executor.model, QStringLiteral("qwen"));
    QCOMPARE(config->executor.apiKey, QStringLiteral("local-key"));

    // Anything of its own, and it is on its own (here: a server without a model).
    m_settings->setValue(QStringLiteral("executor/base_url"),
                         QStringLiteral("http://127.0.0.1:9090/v1"));
    QString settingToFix;
    config = ConfigLoader::load(*m_settings, env, {}, &settingToFix);
    QVERIFY(!config.has_value());
    QVERIFY2(config.error().message.contains(QLatin1String("executor"))
                 && config.error().message.contains(QLatin1String("Preferences")),
             qPrintable(config.error().message));
    QCOMPARE(settingToFix, QStringLiteral("executor/model"));
}

void tst_ConfigLoader::endpointForTheFieldsAsTheyAre()
{
    // Preferences' Test: the fields as typed, not yet saved, resolved as a run would.
    Terrarium::Core::UserSettings values;
    values.planner.provider = LlmProvider::ChatCompletions;
    values.planner.baseUrl = QStringLiteral("http://127.0.0.1:8080/v1");
    values.planner.model = QStringLiteral("qwen");
    bool needsLocal = true;
    auto endpoint =
        ConfigLoader::endpointFor(values, Terrarium::Core::LlmRole::Executor,
                                  QStringLiteral("typed-key"), QProcessEnvironment(), &needsLocal);
    QVERIFY(endpoint.has_value());
    QVERIFY(!needsLocal);
    QCOMPARE(endpoint->baseUrl, QUrl(QStringLiteral("http://127.0.0.1:8080/v1")));
    QCOMPARE(endpoint->model, QStringLiteral("qwen"));
    QCOMPARE(endpoint->apiKey, QStringLiteral("typed-key"));
    // Nothing at all: a run would look for a local server.
    endpoint = ConfigLoader::endpointFor({}, Terrarium::Core::LlmRole::Planner, QString(),
                                         QProcessEnvironment(), &needsLocal);
    QVERIFY(endpoint.has_value());
    QVERIFY(needsLocal);
}

void tst_ConfigLoader::keysAreNeverReadFromTheFile()
{
    m_settings->setValue(QStringLiteral("planner/api_key"), QStringLiteral("from-file"));
    m_settings->setValue(QStringLiteral("llm/api_key"), QStringLiteral("from-file"));
    const auto config = ConfigLoader::load(*m_settings, QProcessEnvironment(), {});
    QVERIFY(config.has_value());
    QVERIFY(config->planner.apiKey.isEmpty());
    QVERIFY(config->plannerNeedsLocalServer);
}

void tst_ConfigLoader::errors_data()
{
    QTest::addColumn<QString>("envName");
    QTest::addColumn<QString>("envValue");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown provider") << "TERRARIUM_PROVIDER"
                                      << "gemini"
                                      << "Unknown provider \"gemini\" (from TERRARIUM_PROVIDER)";
    QTest::newRow("bad url") << "TERRARIUM_BASE_URL"
                             << "ftp://x/v1"
                             << "not an http or https URL";
    QTest::newRow("custom url without model") << "TERRARIUM_BASE_URL"
                                              << "http://127.0.0.1:1/v1"
                                              << "No model is set for the planner";
    QTest::newRow("bad sandbox") << "TERRARIUM_SANDBOX"
                                 << "docker"
                                 << "Unknown sandbox \"docker\"";
    QTest::newRow("bad policy") << "TERRARIUM_APPROVE"
                                << "maybe"
                                << "Unknown approval policy";
    QTest::newRow("bad steps") << "TERRARIUM_MAX_STEPS"
                               << "many"
                               << "TERRARIUM_MAX_STEPS must be a whole number from 1 to 10000";
    QTest::newRow("too many replans") << "TERRARIUM_MAX_REPLANS"
                                      << "101"
                                      << "TERRARIUM_MAX_REPLANS must be a whole number from 0 to "
                                         "100, not \"101\"";
    QTest::newRow("tiny memory") << "TERRARIUM_MEMORY_MIB"
                                 << "8"
                                 << "TERRARIUM_MEMORY_MIB must be a whole number from 16 to";
    QTest::newRow("negative timeout") << "TERRARIUM_STEP_TIMEOUT"
                                      << "-5"
                                      << "TERRARIUM_STEP_TIMEOUT must";
    QTest::newRow("mirror without scheme") << "TERRARIUM_APT_MIRROR"
                                           << "apt-cache.test:3142/debian"
                                           << "The Debian mirror \"apt-cache.test:3142/debian\" "
                                              "(from TERRARIUM_APT_MIRROR) is not an http://";
    QTest::newRow("mirror of another scheme") << "TERRARIUM_APT_MIRROR"
                                              << "cdrom:/media/debian"
                                              << "is not an http://, https:// or file:// URL";
    QTest::newRow("translate ahead, maybe") << "TERRARIUM_TRANSLATE_AHEAD"
                                            << "maybe"
                                            << "TERRARIUM_TRANSLATE_AHEAD must be true or false";
}

void tst_ConfigLoader::errors()
{
    QFETCH(QString, envName);
    QFETCH(QString, envValue);
    QFETCH(QString, message);
    QProcessEnvironment env;
    env.insert(envName, envValue);
    const auto config = ConfigLoader::load(*m_settings, env, {});
    QVERIFY(!config.has_value());
    QCOMPARE(config.error().code, ErrorCode::Configuration);
    QVERIFY2(config.error().message.contains(message), qPrintable(config.error().message));
}

void tst_ConfigLoader::limitsAndPolicies()
{
    m_settings->setValue(QStringLiteral("limits/max_steps"), 12);
    m_settings->setValue(QStringLiteral("safety/approval"), QStringLiteral("safe"));
    m_settings->setValue(QStringLiteral("sandbox/kind"), QStringLiteral("libvirt"));
    QProcessEnvironment env;
    env.insert(QStringLiteral("TERRARIUM_MAX_REPLANS"), QStringLiteral("2"));
    ConfigOverrides flags;
    flags.stepTimeoutSeconds = QStringLiteral("30");
    flags.approval = QStringLiteral("ALL");
    flags.sandbox = QStringLiteral("host");
    flags.workspace = QStringLiteral("/tmp/ws");
    const auto config = ConfigLoader::load(*m_settings, env, flags);
    QVERIFY(config.has_value());
    QCOMPARE(config->limits.maxSteps, 12);
    QCOMPARE(config->limits.maxReplans, 2);
    QCOMPARE(config->limits.stepTimeout, std::chrono::milliseconds(30000));
    // 0 turns re-planning off.
    env.insert(QStringLiteral("TERRARIUM_MAX_REPLANS"), QStringLiteral("0"));
    QCOMPARE(ConfigLoader::load(*m_settings, env, flags)->limits.maxReplans, 0);
    QCOMPARE(config->approval, ApprovalPolicy::All);
    QCOMPARE(config->sandbox, QStringLiteral("host"));
    QCOMPARE(config->workspace, QStringLiteral("/tmp/ws"));

    // Translate-ahead: on by default, off from the file, on again from the environment, off
    // from --no-translate-ahead.
    QVERIFY(config->translateAhead);
    m_settings->setValue(QStringLiteral("run/translate_ahead"), false);
    QVERIFY(!ConfigLoader::load(*m_settings, env, flags)->translateAhead);
    env.insert(QStringLiteral("TERRARIUM_TRANSLATE_AHEAD"), QStringLiteral("yes"));
    QVERIFY(ConfigLoader::load(*m_settings, env, flags)->translateAhead);
    flags.translateAhead = QStringLiteral("false");
    const auto off = ConfigLoader::load(*m_settings, env, flags);
    QVERIFY(!off->translateAhead);
    QCOMPARE(off->provenance.source(QStringLiteral("run/translate_ahead")),
             SettingSource::commandLine(QStringLiteral("--no-translate-ahead")));

    // The files programs on the host run by themselves stay read-only in a mounted workspace
    // unless allowed: by the file, the environment or --allow-autorun-writes.
    QVERIFY(!config->allowAutorunWrites);
    m_settings->setValue(QStringLiteral("sandbox/allow_autorun_writes"), true);
    QVERIFY(ConfigLoader::load(*m_settings, env, flags)->allowAutorunWrites);
    env.insert(QStringLiteral("TERRARIUM_ALLOW_AUTORUN_WRITES"), QStringLiteral("false"));
    QVERIFY(!ConfigLoader::load(*m_settings, env, flags)->allowAutorunWrites);
    flags.allowAutorunWrites = QStringLiteral("true");
    const auto allowed = ConfigLoader::load(*m_settings, env, flags);
    QVERIFY(allowed->allowAutorunWrites);
    QCOMPARE(allowed->provenance.source(QStringLiteral("sandbox/allow_autorun_writes")),
             SettingSource::commandLine(QStringLiteral("--allow-autorun-writes")));
}

void tst_ConfigLoader::pricesFromTheFile()
{
    // Defaults without a [prices] group; the file's entries over them, "name*" a prefix; a
    // list is what QSettings makes of "1, 0.25, 4" written by hand.
    const auto defaults = ConfigLoader::load(*m_settings, QProcessEnvironment(), {});
    QVERIFY(defaults.has_value());
    QCOMPARE(defaults->prices.price(QStringLiteral("gpt-4.1"))->input, 2.0);
    QVERIFY(!defaults->prices.price(QStringLiteral("llama3.1:8b")));

    m_settings->setValue(QStringLiteral("prices/llama3.1*"), QStringLiteral("0.1 0 0.2"));
    m_settings->setValue(
        QStringLiteral("prices/gpt-4.1"),
        QStringList{QStringLiteral("1"), QStringLiteral("0.25"), QStringLiteral("4")});
    const auto config = ConfigLoader::load(*m_settings, QProcessEnvironment(), {});
    QVERIFY(config.has_value());
    QCOMPARE(config->prices.price(QStringLiteral("llama3.1:8b"))->output, 0.2);
    QCOMPARE(config->prices.price(QStringLiteral("gpt-4.1"))->input, 1.0);
    QCOMPARE(config->prices.price(QStringLiteral("gpt-4.1"))->cachedInput, 0.25);
    QCOMPARE(config->prices.price(QStringLiteral("gpt-4.1-mini"))->input, 0.4);

    m_settings->setValue(QStringLiteral("prices/cheap-model"), QStringLiteral("cheap"));
    const auto bad = ConfigLoader::load(*m_settings, QProcessEnvironment(), {});
    QVERIFY(!bad.has_value());
    QVERIFY2(bad.error().message.contains(QLatin1String("prices/cheap-model"))
                 && bad.error().message.contains(QLatin1String("\"cheap\"")),
             qPrintable(bad.error().message));
}

void tst_ConfigLoader::alwaysAllowedRoundTrip()
{
    const QStringList commands{QStringLiteral("rm -rf build"), QStringLiteral("chmod -R 777 out")};
    ConfigLoader::saveAlwaysAllowed(*m_settings, commands);
    QSettings reread(m_settings->fileName(), QSettings::IniFormat);
    const auto config = ConfigLoader::load(reread, QProcessEnvironment(), {});
    QVERIFY(config.has_value());
    QCOMPARE(config->alwaysAllowed, commands);
}

Q_DECLARE_METATYPE(Terrarium::Core::SettingSource::Kind)
Q_DECLARE_METATYPE(Terrarium::Core::SettingSource)

void tst_ConfigLoader::provenanceNamesEachSource_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("fileValue");
    QTest::addColumn<QString>("variable");
    QTest::addColumn<QString>("envValue");
    QTest::addColumn<QString>("value");
    QTest::addColumn<SettingSource::Kind>("kind");
    QTest::addColumn<QString>("name");

    using Kind = SettingSource::Kind;
    QTest::newRow("steps: default") << "limits/max_steps"
                                    << ""
                                    << ""
                                    << ""
                                    << "30" << Kind::Default << "";
    QTest::newRow("steps: file") << "limits/max_steps"
                                 << "12"
                                 << ""
                                 << ""
                                 << "12" << Kind::ConfigFile << "limits/max_steps";
    QTest::newRow("steps: environment") << "limits/max_steps"
                                        << ""
                                        << "TERRARIUM_MAX_STEPS"
                                        << "7"
                                        << "7" << Kind::Environment << "TERRARIUM_MAX_STEPS";
    QTest::newRow("pids: environment") << "sandbox/pids"
                                       << ""
                                       << "TERRARIUM_PIDS"
                                       << "64"
                                       << "64" << Kind::Environment << "TERRARIUM_PIDS";
    QTest::newRow("disk: file") << "sandbox/disk_mib"
                                << "4096"
                                << ""
                                << ""
                                << "4096" << Kind::ConfigFile << "sandbox/disk_mib";
    QTest::newRow("approval: default") << "safety/approval"
                                       << ""
                                       << ""
                                       << ""
                                       << "ask" << Kind::Default << "";
    QTest::newRow("approval: environment") << "safety/approval"
                                           << "safe"
                                           << "TERRARIUM_APPROVE"
                                           << "ALL"
                                           << "all" << Kind::Environment << "TERRARIUM_APPROVE";
    QTest::newRow("network: file") << "sandbox/network"
                                   << "outbound"
                                   << ""
                                   << ""
                                   << "outbound" << Kind::ConfigFile << "sandbox/network";
    QTest::newRow("timeout: default") << "limits/step_timeout"
                                      << ""
                                      << ""
                                      << ""
                                      << "600" << Kind::Default << "";
    QTest::newRow("mirror: default") << "sandbox/apt_mirror"
                                     << ""
                                     << ""
                                     << ""
                                     << "" << Kind::Default << "";
    QTest::newRow("mirror: file") << "sandbox/apt_mirror"
                                  << "file:///srv/debian"
                                  << ""
                                  << ""
                                  << "file:///srv/debian" << Kind::ConfigFile
                                  << "sandbox/apt_mirror";
    QTest::newRow("mirror: environment")
        << "sandbox/apt_mirror"
        << "file:///srv/debian"
        << "TERRARIUM_APT_MIRROR"
        << "http://apt-cache.test:3142/debian"
        << "http://apt-cache.test:3142/debian" << Kind::Environment << "TERRARIUM_APT_MIRROR";
    // An empty value is no value, in the file and in the environment alike.
    QTest::newRow("empty environment variable") << "sandbox/image"
                                                << "img"
                                                << "TERRARIUM_IMAGE"
                                                << ""
                                                << "img" << Kind::ConfigFile << "sandbox/image";
}

void tst_ConfigLoader::provenanceNamesEachSource()
{
    QFETCH(QString, key);
    QFETCH(QString, fileValue);
    QFETCH(QString, variable);
    QFETCH(QString, envValue);
    QFETCH(QString, value);
    QFETCH(SettingSource::Kind, kind);
    QFETCH(QString, name);
    if (!fileValue.isEmpty())
        m_settings->setValue(key, fileValue);
    QProcessEnvironment env;
    if (!variable.isEmpty())
        env.insert(variable, envValue);
    const auto config = ConfigLoader::load(*m_settings, env, {});
    QVERIFY2(config.has_value(), qPrintable(config ? QString() : config.error().message));
    const SettingSource source = config->provenance.source(key);
    QCOMPARE(source.kind, kind);
    QCOMPARE(source.name, name);
    QCOMPARE(source.path,
             kind == SettingSource::Kind::ConfigFile ? m_settings->fileName() : QString());
    QCOMPARE(config->provenance.value(key), value);
}

void tst_ConfigLoader::provenanceFollowsThePrecedence_data()
{
    QTest::addColumn<bool>("inFile");
    QTest::addColumn<bool>("inEnvironment");
    QTest::addColumn<bool>("onCommandLine");
    QTest::addColumn<SettingSource>("expected");
    QTest::addColumn<int>("steps");

    const SettingSource file = SettingSource::configFile(QStringLiteral("limits/max_steps"), {});
    const SettingSource env = SettingSource::environment(QStringLiteral("TERRARIUM_MAX_STEPS"));
    const SettingSource flag = SettingSource::commandLine(QStringLiteral("--max-steps"));
    QTest::newRow("nothing") << false << false << false << SettingSource() << 30;
    QTest::newRow("file") << true << false << false << file << 11;
    QTest::newRow("environment over file") << true << true << false << env << 22;
    QTest::newRow("command line over environment") << true << true << true << flag << 33;
    QTest::newRow("command line over file") << true << false << true << flag << 33;
    QTest::newRow("environment alone") << false << true << false << env << 22;
}

void tst_ConfigLoader::provenanceFollowsThePrecedence()
{
    QFETCH(bool, inFile);
    QFETCH(bool, inEnvironment);
    QFETCH(bool, onCommandLine);
    QFETCH(SettingSource, expected);
    QFETCH(int, steps);
    if (inFile)
        m_settings->setValue(QStringLiteral("limits/max_steps"), 11);
    QProcessEnvironment env;
    if (inEnvironment)
        env.insert(QStringLiteral("TERRARIUM_MAX_STEPS"), QStringLiteral("22"));
    ConfigOverrides flags;
    if (onCommandLine)
        flags.maxSteps = QStringLiteral("33");
    const auto config = ConfigLoader::load(*m_settings, env, flags);
    QVERIFY(config.has_value());
    QCOMPARE(config->limits.maxSteps, steps);
    if (expected.kind == SettingSource::Kind::ConfigFile)
        expected.path = m_settings->fileName();
    QCOMPARE(config->provenance.source(QStringLiteral("limits/max_steps")), expected);
    QCOMPARE(config->provenance.source(QStringLiteral("limits/max_steps")).overridesConfigFile(),
             inEnvironment || onCommandLine);
    QCOMPARE(config->provenance.value(QStringLiteral("limits/max_steps")), QString::number(steps));
}

void tst_ConfigLoader::provenanceOfTheModelRoles()
{
    m_settings->setValue(QStringLiteral("llm/base_url"), QStringLiteral("http://localhost:1/v1"));
    m_settings->setValue(QStringLiteral("llm/model"), QStringLiteral("shared"));
    m_settings->setValue(QStringLiteral("executor/model"), QStringLiteral("own"));
    QProcessEnvironment env;
    env.insert(QStringLiteral("TERRARIUM_PLANNER_MODEL"), QStringLiteral("from-env"));
    ConfigOverrides flags;
    flags.provider = QStringLiteral("chat");
    const auto config = ConfigLoader::load(*m_settings, env, flags);
    QVERIFY2(config.has_value(), qPrintable(config ? QString() : config.error().message));
    const ConfigProvenance &provenance = config->provenance;

    QCOMPARE(provenance.source(QStringLiteral("planner/model")),
             SettingSource::environment(QStringLiteral("TERRARIUM_PLANNER_MODEL")));
    QCOMPARE(provenance.value(QStringLiteral("planner/model")), QStringLiteral("from-env"));
    // The role's own key beats the shared one; the shared one is named where it is used.
    QCOMPARE(provenance.source(QStringLiteral("executor/model")),
             SettingSource::configFile(QStringLiteral("executor/model"), m_settings->fileName()));
    QCOMPARE(provenance.source(QStringLiteral("planner/base_url")),
             SettingSource::configFile(QStringLiteral("llm/base_url"), m_settings->fileName()));
    QCOMPARE(provenance.value(QStringLiteral("executor/base_url")),
             QStringLiteral("http://localhost:1/v1"));
    for (const QString &role : {QStringLiteral("planner"), QStringLiteral("executor")}) {
        QCOMPARE(provenance.source(role + QStringLiteral("/provider")),
                 SettingSource::commandLine(QStringLiteral("--provider")));
        QCOMPARE(provenance.value(role + QStringLiteral("/provider")), QStringLiteral("chat"));
        QCOMPARE(provenance.source(role + QStringLiteral("/api_key")), SettingSource());
    }

    // A provider picked from a key is no one's choice: the default.
    QProcessEnvironment keyOnly;
    keyOnly.insert(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-ant-1"));
    QSettings empty(m_dir->filePath(QStringLiteral("empty.conf")), QSettings::IniFormat);
    const auto automatic = ConfigLoader::load(empty, keyOnly, {});
    QVERIFY(automatic.has_value());
    QCOMPARE(automatic->provenance.source(QStringLiteral("planner/provider")), SettingSource());
    QCOMPARE(automatic->provenance.value(QStringLiteral("planner/provider")),
             QStringLiteral("anthropic"));
    QCOMPARE(automatic->provenance.value(QStringLiteral("planner/model")),
             QStringLiteral("claude-sonnet-4-5"));
}

void tst_ConfigLoader::provenanceNeverHoldsAnApiKey()
{
    const QString openAi = QStringLiteral("sk-openai-9c8b7a");
    const QString executorKey = QStringLiteral("local-key-5e4d3c");
    QProcessEnvironment env;
    env.insert(QStringLiteral("OPENAI_API_KEY"), openAi);
    env.insert(QStringLiteral("TERRARIUM_EXECUTOR_API_KEY"), executorKey);
    const auto config = ConfigLoader::load(*m_settings, env, {});
    QVERIFY(config.has_value());
    QCOMPARE(config->planner.apiKey, openAi);
    QCOMPARE(config->executor.apiKey, executorKey);
    const ConfigProvenance &provenance = config->provenance;
    QCOMPARE(provenance.source(QStringLiteral("planner/api_key")),
             SettingSource::environment(QStringLiteral("OPENAI_API_KEY")));
    QCOMPARE(provenance.source(QStringLiteral("executor/api_key")),
             SettingSource::environment(QStringLiteral("TERRARIUM_EXECUTOR_API_KEY")));
    for (const QString &key : provenance.keys()) {
        const SettingSource source = provenance.source(key);
        for (const QString &text :
             {provenance.value(key), source.name, source.path, source.description()}) {
            QVERIFY2(!text.contains(openAi) && !text.contains(executorKey), qPrintable(key));
        }
    }
    QVERIFY(provenance.value(QStringLiteral("planner/api_key")).isEmpty());
}

void tst_ConfigLoader::provenanceCoversEverySetting()
{
    const auto config = ConfigLoader::load(*m_settings, QProcessEnvironment(), {});
    QVERIFY(config.has_value());
    QStringList expected;
    for (const char *role : {"planner", "executor"}) {
        for (const char *name : {"provider", "base_url", "model", "api_key"})
            expected << QStringLiteral("%1/%2").arg(QLatin1String(role), QLatin1String(name));
    }
    for (const char *key :
         {"sandbox/kind", "sandbox/workspace", "sandbox/libvirt_uri", "sandbox/image",
          "sandbox/apt_mirror", "sandbox/network", "sandbox/workspace_mode",
          "sandbox/allow_autorun_writes", "sandbox/cpus", "sandbox/memory_mib", "sandbox/pids",
          "sandbox/disk_mib", "limits/max_steps", "limits/max_replans", "limits/step_timeout",
          "run/translate_ahead", "safety/approval", "safety/always_allowed"})
        expected << QLatin1String(key);
    expected.sort();
    QCOMPARE(config->provenance.keys(), expected);
    for (const QString &key : expected)
        QCOMPARE(config->provenance.source(key), SettingSource());
}

void tst_ConfigLoader::taskFileWinsAndIsRecorded()
{
    m_settings->setValue(QStringLiteral("limits/max_steps"), 12);
    QProcessEnvironment env;
    env.insert(QStringLiteral("TERRARIUM_CPUS"), QStringLiteral("3"));
    ConfigOverrides flags;
    flags.maxSteps = QStringLiteral("20");
    auto config = ConfigLoader::load(*m_settings, env, flags);
    QVERIFY(config.has_value());
    const auto task =
        TaskFile::parse("goal: g\nlimits: {max_steps: 4, cpus: 1}\n", QStringLiteral("t.yaml"));
    QVERIFY(task.has_value());
    task->applyTo(*config);
    QCOMPARE(config->limits.maxSteps, 4);
    QCOMPARE(config->provenance.source(QStringLiteral("limits/max_steps")),
             SettingSource::taskFile(QStringLiteral("limits.max_steps")));
    QCOMPARE(config->provenance.value(QStringLiteral("limits/max_steps")), QStringLiteral("4"));
    QCOMPARE(config->provenance.source(QStringLiteral("sandbox/cpus")),
             SettingSource::taskFile(QStringLiteral("limits.cpus")));
    QVERIFY(config->provenance.source(QStringLiteral("sandbox/cpus")).overridesConfigFile());
    // What the task file does not set keeps its source.
    QCOMPARE(config->provenance.source(QStringLiteral("sandbox/kind")), SettingSource());
}

void tst_ConfigLoader::sourceDescriptions()
{
    QCOMPARE(SettingSource().description(), QStringLiteral("Terrarium's default"));
    QCOMPARE(SettingSource::environment(QStringLiteral("TERRARIUM_MODEL")).description(),
             QStringLiteral("the environment variable TERRARIUM_MODEL"));
    QCOMPARE(SettingSource::commandLine(QStringLiteral("--max-steps")).description(),
             QStringLiteral("the command line option --max-steps"));
    QCOMPARE(SettingSource::configFile(QStringLiteral("planner/model"), QStringLiteral("/c/t.conf"))
                 .description(),
             QStringLiteral("planner/model in the config file /c/t.conf"));
    QCOMPARE(SettingSource::taskFile(QStringLiteral("limits.cpus")).description(),
             QStringLiteral("limits.cpus in the task file"));
    QVERIFY(!SettingSource().overridesConfigFile());
    QVERIFY(!SettingSource::configFile(QString(), QString()).overridesConfigFile());
    QVERIFY(SettingSource::environment(QString()).overridesConfigFile());
    QVERIFY(SettingSource::commandLine(QString()).overridesConfigFile());
    QVERIFY(SettingSource::taskFile(QString()).overridesConfigFile());
}

QTEST_GUILESS_MAIN(tst_ConfigLoader)
#include "tst_configloader.moc"
