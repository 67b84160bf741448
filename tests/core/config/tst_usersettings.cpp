#include "core/config/ConfigLoader.h"
#include "core/config/UserSettings.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium::Core;

Q_DECLARE_METATYPE(Terrarium::Core::UserSettings)

class tst_UserSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void defaultsOfAnEmptyFile();
    void defaultsAreConfigLoaderDefaults();
    void roundTrip_data();
    void roundTrip();
    void writesTheKeysConfigLoaderReads();
    void configLoaderRunsWhatWasSaved();
    void sharedKeysAreFoldedIntoTheRoles();
    void clearedValuesAreRemoved();
    void valuesConfigLoaderWouldRejectReadAsUnset();
    void validate_data();
    void validate();

private:
    QString path() const { return m_dir->filePath(QStringLiteral("terrarium.conf")); }

    std::unique_ptr<QTemporaryDir> m_dir;
};

void tst_UserSettings::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void tst_UserSettings::defaultsOfAnEmptyFile()
{
    const QSettings settings(path(), QSettings::IniFormat);
    const UserSettings values = UserSettings::load(settings);
    QCOMPARE(values, UserSettings());
    QVERIFY(!values.planner.provider.has_value());
    QVERIFY(values.planner.baseUrl.isEmpty());
    QCOMPARE(values.sandbox, QStringLiteral("podman"));
    QCOMPARE(values.network, QStringLiteral("none"));
    QCOMPARE(values.cpus, 2);
    QCOMPARE(values.memoryMiB, 2048);
    QCOMPARE(values.approval, ApprovalPolicy::Ask);
    QVERIFY(values.alwaysAllowed.isEmpty());
}

void tst_UserSettings::defaultsAreConfigLoaderDefaults()
{
    // What an empty dialog shows is what a run without a config file gets.
    const QSettings settings(path(), QSettings::IniFormat);
    const auto config = ConfigLoader::load(settings, QProcessEnvironment(), {});
    QVERIFY(config.has_value());
    const UserSettings values;
    QCOMPARE(values.sandbox, config->sandbox);
    QCOMPARE(values.cpus, config->cpus);
    QCOMPARE(values.memoryMiB, config->memoryMiB);
    QCOMPARE(values.pidsLimit, config->pidsLimit);
    QCOMPARE(values.diskMiB, config->diskMiB);
    QCOMPARE(values.network, config->network);
    QCOMPARE(values.workspaceMode, config->workspaceMode);
    QCOMPARE(values.approval, config->approval);
    QCOMPARE(values.maxSteps, config->limits.maxSteps);
    QCOMPARE(values.maxReplans, config->limits.maxReplans);
    QCOMPARE(std::chrono::seconds(values.stepTimeoutSeconds), config->limits.stepTimeout);
}

void tst_UserSettings::roundTrip_data()
{
    QTest::addColumn<UserSettings>("values");

    QTest::newRow("defaults") << UserSettings();

    UserSettings local;
    local.planner = {LlmProvider::ChatCompletions, QStringLiteral("http://localhost:11434/v1"),
                     QStringLiteral("qwen2.5-coder:14b")};
    local.executor = {LlmProvider::ChatCompletions, QStringLiteral("http://localhost:8080/v1"),
                      QStringLiteral("llama-3.1-8b")};
    local.sandbox = QStringLiteral("libvirt");
    local.image = QStringLiteral("/var/lib/terrarium/debian.qcow2");
    local.aptMirror = QStringLiteral("file:///srv/debian");
    local.cpus = 6;
    local.memoryMiB = 6144;
    local.network = QStringLiteral("outbound");
    local.pidsLimit = 256;
    local.diskMiB = 20480;
    local.approval = ApprovalPolicy::Safe;
    local.alwaysAllowed = {QStringLiteral("rm -rf build"), QStringLiteral("echo a, b")};
    local.maxSteps = 80;
    local.maxReplans = 0;
    local.stepTimeoutSeconds = 45;
    local.terminalEngine = QStringLiteral("qtermwidget");
    QTest::newRow("local servers, libvirt, limits, QTermWidget") << local;

    UserSettings mixed;
    mixed.planner = {LlmProvider::Anthropic, QString(), QStringLiteral("claude-opus-4")};
    mixed.executor = {LlmProvider::Responses, QString(), QString()};
    mixed.sandbox = QStringLiteral("host");
    mixed.approval = ApprovalPolicy::All;
    mixed.alwaysAllowed = {QStringLiteral("make install")};
    QTest::newRow("cloud providers, host") << mixed;

    UserSettings automatic;
    automatic.planner.model = QStringLiteral("gpt-4.1");
    QTest::newRow("provider left automatic") << automatic;
}

void tst_UserSettings::roundTrip()
{
    QFETCH(UserSettings, values);
    {
        QSettings settings(path(), QSettings::IniFormat);
        values.save(settings);
        settings.sync();
        QCOMPARE(settings.status(), QSettings::NoError);
    }
    const QSettings reread(path(), QSettings::IniFormat);
    QCOMPARE(UserSettings::load(reread), values);
}

void tst_UserSettings::writesTheKeysConfigLoaderReads()
{
    UserSettings values;
    values.planner = {LlmProvider::Anthropic, QStringLiteral("https://proxy.example/v1"),
                      QStringLiteral("claude-x")};
    values.executor = {LlmProvider::ChatCompletions, QStringLiteral("http://localhost:8080/v1"),
                       QStringLiteral("small")};
    values.sandbox = QStringLiteral("libvirt");
    values.image = QStringLiteral("img");
    values.cpus = 3;
    values.memoryMiB = 3000;
    values.network = QStringLiteral("outbound");
    values.alwaysAllowed = {QStringLiteral("rm -rf build")};
    {
        QSettings settings(path(), QSettings::IniFormat);
        values.save(settings);
    }
    const QSettings file(path(), QSettings::IniFormat);
    const QStringList expectedKeys = {
        QStringLiteral("control/enabled"),       QStringLiteral("control/host_terminals"),
        QStringLiteral("control/port"),          QStringLiteral("control/socket"),
        QStringLiteral("executor/base_url"),     QStringLiteral("executor/model"),
        QStringLiteral("executor/provider"),     QStringLiteral("limits/max_replans"),
        QStringLiteral("limits/max_steps"),      QStringLiteral("limits/step_timeout"),
        QStringLiteral("planner/base_url"),      QStringLiteral("planner/model"),
        QStringLiteral("planner/provider"),      QStringLiteral("run/translate_ahead"),
        QStringLiteral("safety/always_allowed"), QStringLiteral("safety/approval"),
        QStringLiteral("sandbox/cpus"),          QStringLiteral("sandbox/disk_mib"),
        QStringLiteral("sandbox/image"),         QStringLiteral("sandbox/kind"),
        QStringLiteral("sandbox/memory_mib"),    QStringLiteral("sandbox/network"),
        QStringLiteral("sandbox/pids"),          QStringLiteral("sandbox/workspace_mode"),
        QStringLiteral("terminal/engine")};
    QStringList keys = file.allKeys();
    keys.sort();
    QCOMPARE(keys, expectedKeys);
    QCOMPARE(file.value(QStringLiteral("planner/provider")).toString(),
             QStringLiteral("anthropic"));
    QCOMPARE(file.value(QStringLiteral("executor/provider")).toString(), QStringLiteral("chat"));
    QCOMPARE(file.value(QStringLiteral("sandbox/kind")).toString(), QStringLiteral("libvirt"));
    QCOMPARE(file.value(QStringLiteral("sandbox/memory_mib")).toInt(), 3000);
    // Remote control is off unless turned on, and read back as written.
    QCOMPARE(file.value(QStringLiteral("control/enabled")).toBool(), false);
    QCOMPARE(file.value(QStringLiteral("control/socket")).toBool(), false);
    QCOMPARE(UserSettings::load(file).remoteControlPort, 7424);
    // So are clients' terminals in runs on the host (issue 27).
    QCOMPARE(file.value(QStringLiteral("control/host_terminals")).toBool(), false);
    QVERIFY(!UserSettings::load(file).remoteHostTerminals);
    // Translate-ahead is on unless turned off, in any spelling ConfigLoader reads.
    QCOMPARE(file.value(QStringLiteral("run/translate_ahead")).toBool(), true);
    QSettings edited(path(), QSettings::IniFormat);
    edited.setValue(QStringLiteral("run/translate_ahead"), QStringLiteral("off"));
    QVERIFY(!UserSettings::load(edited).translateAhead);
    edited.setValue(QStringLiteral("run/translate_ahead"), QStringLiteral("Yes"));
    QVERIFY(UserSettings::load(edited).translateAhead);
}

void tst_UserSettings::configLoaderRunsWhatWasSaved()
{
    UserSettings values;
    values.planner = {LlmProvider::Anthropic, QStringLiteral("https://proxy.example/v1"),
                      QStringLiteral("claude-x")};
    values.executor = {LlmProvider::ChatCompletions, QStringLiteral("http://localhost:8080/v1"),
                       QStringLiteral("small")};
    values.sandbox = QStringLiteral("libvirt");
    values.image = QStringLiteral("img");
    values.aptMirror = QStringLiteral("http://apt-cache.test:3142/debian");
    values.cpus = 3;
    values.memoryMiB = 3000;
    values.network = QStringLiteral("outbound");
    values.workspaceMode = QStringLiteral("copy");
    values.pidsLimit = 99;
    values.diskMiB = 1000;
    values.approval = ApprovalPolicy::Safe;
    values.alwaysAllowed = {QStringLiteral("rm -rf build"), QStringLiteral("chmod 777 out")};
    values.maxSteps = 7;
    values.maxReplans = 0;
    values.stepTimeoutSeconds = 42;
    {
        QSettings settings(path(), QSettings::IniFormat);
        values.save(settings);
    }
    const QSettings settings(path(), QSettings::IniFormat);
    const auto config = ConfigLoader::load(settings, QProcessEnvironment(), {});
    QVERIFY2(config.has_value(), qPrintable(config ? QString() : config.error().message));
    QCOMPARE(config->workspaceMode, QStringLiteral("copy"));
    QCOMPARE(UserSettings::load(settings).workspaceMode, QStringLiteral("copy"));
    QCOMPARE(config->planner.provider, LlmProvider::Anthropic);
    QCOMPARE(config->planner.baseUrl, QUrl(QStringLiteral("https://proxy.example/v1")));
    QCOMPARE(config->planner.model, QStringLiteral("claude-x"));
    QCOMPARE(config->executor.provider, LlmProvider::ChatCompletions);
    QCOMPARE(config->executor.baseUrl, QUrl(QStringLiteral("http://localhost:8080/v1")));
    QCOMPARE(config->executor.model, QStringLiteral("small"));
    QVERIFY(!config->plannerNeedsLocalServer);
    QVERIFY(!config->executorNeedsLocalServer);
    QCOMPARE(config->sandbox, QStringLiteral("libvirt"));
    QCOMPARE(config->image, QStringLiteral("img"));
    QCOMPARE(config->aptMirror, QStringLiteral("http://apt-cache.test:3142/debian"));
    QCOMPARE(config->cpus, 3);
    QCOMPARE(config->memoryMiB, 3000);
    QCOMPARE(config->network, QStringLiteral("outbound"));
    QCOMPARE(config->pidsLimit, 99);
    QCOMPARE(config->diskMiB, 1000);
    QCOMPARE(config->approval, ApprovalPolicy::Safe);
    QCOMPARE(config->alwaysAllowed, values.alwaysAllowed);
    QCOMPARE(config->limits.maxSteps, 7);
    QCOMPARE(config->limits.maxReplans, 0);
    QCOMPARE(config->limits.stepTimeout, std::chrono::seconds(42));

    // Unset values leave ConfigLoader its own choice, exactly as an empty file does.
    {
        QSettings cleared(path(), QSettings::IniFormat);
        UserSettings().save(cleared);
    }
    const QSettings reread(path(), QSettings::IniFormat);
    QProcessEnvironment env;
    env.insert(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-ant"));
    const auto fromEnvironment = ConfigLoader::load(reread, env, {});
    const auto fromNothing = ConfigLoader::load(
        QSettings(m_dir->filePath(QStringLiteral("empty.conf")), QSettings::IniFormat), env, {});
    QVERIFY(fromEnvironment.has_value());
    QVERIFY(fromNothing.has_value());
    QCOMPARE(fromEnvironment->planner.provider, LlmProvider::Anthropic);
    QCOMPARE(fromEnvironment->planner.baseUrl, fromNothing->planner.baseUrl);
    QCOMPARE(fromEnvironment->planner.model, fromNothing->planner.model);
    QCOMPARE(fromEnvironment->executor.model, fromNothing->executor.model);
}

void tst_UserSettings::sharedKeysAreFoldedIntoTheRoles()
{
    {
        QSettings settings(path(), QSettings::IniFormat);
        settings.setValue(QStringLiteral("llm/provider"), QStringLiteral("chat"));
        settings.setValue(QStringLiteral("llm/base_url"), QStringLiteral("http://gpu-box:8000/v1"));
        settings.setValue(QStringLiteral("llm/model"), QStringLiteral("shared"));
        settings.setValue(QStringLiteral("executor/model"), QStringLiteral("own"));
        settings.setValue(QStringLiteral("sandbox/libvirt_uri"), QStringLiteral("qemu:///system"));
    }
    QSettings settings(path(), QSettings::IniFormat);
    const UserSettings values = UserSettings::load(settings);
    QCOMPARE(values.planner.provider, LlmProvider::ChatCompletions);
    QCOMPARE(values.planner.baseUrl, QStringLiteral("http://gpu-box:8000/v1"));
    QCOMPARE(values.planner.model, QStringLiteral("shared"));
    QCOMPARE(values.executor.baseUrl, QStringLiteral("http://gpu-box:8000/v1"));
    QCOMPARE(values.executor.model, QStringLiteral("own"));

    const auto before = ConfigLoader::load(settings, QProcessEnvironment(), {});
    values.save(settings);
    settings.sync();
    QVERIFY(!settings.contains(QStringLiteral("llm/provider")));
    QVERIFY(!settings.contains(QStringLiteral("llm/base_url")));
    QVERIFY(!settings.contains(QStringLiteral("llm/model")));
    // Keys the dialog does not edit are left alone.
    QCOMPARE(settings.value(QStringLiteral("sandbox/libvirt_uri")).toString(),
             QStringLiteral("qemu:///system"));
    const auto after = ConfigLoader::load(settings, QProcessEnvironment(), {});
    QVERIFY(before.has_value());
    QVERIFY(after.has_value());
    QCOMPARE(after->planner.baseUrl, before->planner.baseUrl);
    QCOMPARE(after->planner.model, before->planner.model);
    QCOMPARE(after->executor.model, before->executor.model);
    QCOMPARE(after->executor.provider, before->executor.provider);
}

void tst_UserSettings::clearedValuesAreRemoved()
{
    QSettings settings(path(), QSettings::IniFormat);
    UserSettings values;
    values.planner = {LlmProvider::Responses, QStringLiteral("https://a.example/v1"),
                      QStringLiteral("m")};
    values.image = QStringLiteral("img");
    values.aptMirror = QStringLiteral("file:///srv/debian");
    values.save(settings);
    QVERIFY(settings.contains(QStringLiteral("planner/base_url")));

    values.planner = {std::nullopt, QStringLiteral("  "), QString()};
    values.image.clear();
    values.aptMirror.clear();
    values.save(settings);
    QVERIFY(!settings.contains(QStringLiteral("planner/provider")));
    QVERIFY(!settings.contains(QStringLiteral("planner/base_url")));
    QVERIFY(!settings.contains(QStringLiteral("planner/model")));
    QVERIFY(!settings.contains(QStringLiteral("sandbox/image")));
    QVERIFY(!settings.contains(QStringLiteral("sandbox/apt_mirror")));
}

void tst_UserSettings::valuesConfigLoaderWouldRejectReadAsUnset()
{
    {
        QSettings settings(path(), QSettings::IniFormat);
        settings.setValue(QStringLiteral("planner/provider"), QStringLiteral("gemini"));
        settings.setValue(QStringLiteral("sandbox/kind"), QStringLiteral("docker"));
        settings.setValue(QStringLiteral("sandbox/cpus"), QStringLiteral("many"));
        settings.setValue(QStringLiteral("sandbox/memory_mib"), -1);
        settings.setValue(QStringLiteral("sandbox/network"), QStringLiteral("all"));
        settings.setValue(QStringLiteral("sandbox/apt_mirror"), QStringLiteral("cdrom:/media"));
        settings.setValue(QStringLiteral("sandbox/pids"), 0);
        settings.setValue(QStringLiteral("sandbox/disk_mib"), 10);
        settings.setValue(QStringLiteral("safety/approval"), QStringLiteral("maybe"));
        settings.setValue(QStringLiteral("limits/max_steps"), 10001);
        settings.setValue(QStringLiteral("limits/max_replans"), -1);
        settings.setValue(QStringLiteral("limits/step_timeout"), QStringLiteral("1h"));
        settings.setValue(QStringLiteral("terminal/engine"), QStringLiteral("xterm"));
    }
    const QSettings settings(path(), QSettings::IniFormat);
    QCOMPARE(UserSettings::load(settings), UserSettings());
}

void tst_UserSettings::validate_data()
{
    QTest::addColumn<UserSettings>("values");
    QTest::addColumn<QString>("error"); // empty: valid

    QTest::newRow("defaults") << UserSettings() << QString();
    UserSettings local;
    local.planner.baseUrl = QStringLiteral("http://localhost:11434/v1");
    local.executor.baseUrl = QStringLiteral(" https://gpu.example:8443/v1 ");
    QTest::newRow("http and https") << local << QString();
    UserSettings mirrors;
    mirrors.aptMirror = QStringLiteral(" http://apt-cache.test:3142/debian ");
    QTest::newRow("http mirror") << mirrors << QString();
    mirrors.aptMirror = QStringLiteral("file:///srv/debian");
    QTest::newRow("file mirror") << mirrors << QString();
    mirrors.aptMirror = QStringLiteral("apt-cache.test/debian");
    QTest::newRow("mirror without scheme")
        << mirrors
        << QStringLiteral("The Debian mirror \"apt-cache.test/debian\" is not an http://, "
                          "https:// or file:// URL.");
    mirrors.aptMirror = QStringLiteral("file:");
    QTest::newRow("file mirror without a path")
        << mirrors
        << QStringLiteral("The Debian mirror \"file:\" is not an http://, https:// or file:// "
                          "URL.");

    UserSettings noScheme;
    noScheme.planner.baseUrl = QStringLiteral("localhost:11434");
    QTest::newRow("planner URL without scheme")
        << noScheme
        << QStringLiteral("The planner's base URL \"localhost:11434\" is not an http:// or "
                          "https:// URL.");
    UserSettings ftp;
    ftp.executor.baseUrl = QStringLiteral("ftp://example.org/v1");
    QTest::newRow("executor URL with another scheme")
        << ftp
        << QStringLiteral("The executor's base URL \"ftp://example.org/v1\" is not an http:// or "
                          "https:// URL.");
    UserSettings sandbox;
    sandbox.sandbox = QStringLiteral("docker");
    QTest::newRow("unknown sandbox")
        << sandbox << QStringLiteral("Unknown sandbox \"docker\": use podman, libvirt or host.");
    UserSettings network;
    network.network = QStringLiteral("all");
    QTest::newRow("unknown network")
        << network << QStringLiteral("Unknown network policy \"all\": use none or outbound.");
    UserSettings terminal;
    terminal.terminalEngine = QStringLiteral("konsole");
    QTest::newRow("unknown terminal engine")
        << terminal
        << QStringLiteral("Unknown terminal engine \"konsole\": use terrarium or qtermwidget.");
    UserSettings cpus;
    cpus.cpus = 0;
    QTest::newRow("no CPU") << cpus << QStringLiteral("The sandbox's CPUs must be from 1 to 512.");
    UserSettings memory;
    memory.memoryMiB = -1;
    QTest::newRow("no memory") << memory
                               << QStringLiteral(
                                      "The sandbox's memory must be from 16 to 1048576 MiB.");
    UserSettings tinyMemory;
    tinyMemory.memoryMiB = 8; // what the config loader would refuse too
    QTest::newRow("too little memory")
        << tinyMemory << QStringLiteral("The sandbox's memory must be from 16 to 1048576 MiB.");
    UserSettings pids;
    pids.pidsLimit = 0;
    QTest::newRow("no process")
        << pids << QStringLiteral("The sandbox's maximum processes must be from 1 to 4194304.");
    UserSettings disk;
    disk.diskMiB = 63;
    QTest::newRow("tiny disk") << disk
                               << QStringLiteral(
                                      "The sandbox's disk size must be from 64 to 1073741824 MiB.");
    UserSettings steps;
    steps.maxSteps = 10001;
    QTest::newRow("too many steps")
        << steps << QStringLiteral("The maximum steps must be from 1 to 10000.");
    UserSettings noReplans;
    noReplans.maxReplans = 0;
    QTest::newRow("re-planning off") << noReplans << QString();
    UserSettings replans;
    replans.maxReplans = -1;
    QTest::newRow("negative re-plans")
        << replans << QStringLiteral("The re-plans before giving up must be from 0 to 100.");
    UserSettings timeout;
    timeout.stepTimeoutSeconds = 0;
    QTest::newRow("no time") << timeout
                             << QStringLiteral(
                                    "The step timeout must be from 1 to 604800 seconds.");
}

void tst_UserSettings::validate()
{
    QFETCH(UserSettings, values);
    QFETCH(QString, error);
    const auto result = values.validate();
    if (error.isEmpty()) {
        QVERIFY2(result.has_value(), qPrintable(result ? QString() : result.error().message));
    } else {
        QVERIFY(!result.has_value());
        QCOMPARE(result.error().code, ErrorCode::InvalidInput);
        QCOMPARE(result.error().message, error);
    }
}

QTEST_GUILESS_MAIN(tst_UserSettings)

#include "tst_usersettings.moc"
