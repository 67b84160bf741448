#include "core/config/KeyStore.h"
#include "core/config/SettingsSession.h"

#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium::Core;

class tst_SettingsSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void loadReadsTheFileAndBothKeys();
    void saveWritesValuesToTheFileAndKeysToTheKeyring();
    void unchangedKeysAreLeftAlone();
    void anEmptyKeyRemovesTheEntry();
    void saveWithoutKeysStillAnswers();
    void anUnwritableFileIsReported();
    void alwaysAllowedCommandsARunAddedAreKept();

private:
    QString storedKey(LlmRole role);
    void storeKey(LlmRole role, const QString &key);
    Result<void> save(SettingsSession &session, const UserSettings &values,
                      const std::optional<QString> &planner,
                      const std::optional<QString> &executor);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
};

QString tst_SettingsSession::storedKey(LlmRole role)
{
    KeyStore store;
    std::optional<Result<QString>> answer;
    connect(&store, &KeyStore::readFinished, this,
            [&](LlmRole, const Result<QString> &key) { answer = key; });
    store.read(role);
    if (!QTest::qWaitFor([&] { return answer.has_value(); }, 20000) || !*answer)
        return QStringLiteral("<unreadable>");
    return **answer;
}

void tst_SettingsSession::storeKey(LlmRole role, const QString &key)
{
    KeyStore store;
    QSignalSpy written(&store, &KeyStore::writeFinished);
    store.write(role, key);
    QVERIFY(written.wait(20000));
}

Result<void> tst_SettingsSession::save(SettingsSession &session, const UserSettings &values,
                                       const std::optional<QString> &planner,
                                       const std::optional<QString> &executor)
{
    std::optional<Result<void>> answer;
    QObject context;
    connect(&session, &SettingsSession::saved, &context,
            [&](const Result<void> &result) { answer = result; });
    session.save(values, planner, executor);
    // Never answered synchronously, even with nothing to write to the keyring.
    if (answer)
        return makeError(ErrorCode::Unknown, QStringLiteral("answered synchronously"));
    if (!QTest::qWaitFor([&] { return answer.has_value(); }, 20000))
        return makeError(ErrorCode::Timeout, QStringLiteral("no answer"));
    return *answer;
}

void tst_SettingsSession::initTestCase()
{
    QVERIFY2(qEnvironmentVariable("TERRARIUM_TEST_KEYRING") == QLatin1String("1"),
             "run this test through scripts/with-keyring");
}

void tst_SettingsSession::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_settings = std::make_unique<QSettings>(m_dir->filePath(QStringLiteral("terrarium.conf")),
                                             QSettings::IniFormat);
    storeKey(LlmRole::Planner, QString());
    storeKey(LlmRole::Executor, QString());
}

void tst_SettingsSession::loadReadsTheFileAndBothKeys()
{
    m_settings->setValue(QStringLiteral("planner/provider"), QStringLiteral("anthropic"));
    m_settings->setValue(QStringLiteral("executor/base_url"),
                         QStringLiteral("http://localhost:8080/v1"));
    m_settings->setValue(QStringLiteral("sandbox/kind"), QStringLiteral("libvirt"));
    storeKey(LlmRole::Planner, QStringLiteral("sk-ant-planner"));
    storeKey(LlmRole::Executor, QStringLiteral("local-executor"));

    SettingsSession session(m_settings.get());
    QSignalSpy loaded(&session, &SettingsSession::loaded);
    session.load();
    QVERIFY(session.isBusy());
    QVERIFY(loaded.wait(20000));
    QCOMPARE(loaded.count(), 1);
    QVERIFY(!session.isBusy());
    QVERIFY(!session.keyringError().has_value());
    QCOMPARE(session.values(), UserSettings::load(*m_settings));
    QCOMPARE(session.values().planner.provider, LlmProvider::Anthropic);
    QCOMPARE(session.values().sandbox, QStringLiteral("libvirt"));
    QCOMPARE(session.apiKey(LlmRole::Planner), QStringLiteral("sk-ant-planner"));
    QCOMPARE(session.apiKey(LlmRole::Executor), QStringLiteral("local-executor"));
}

void tst_SettingsSession::saveWritesValuesToTheFileAndKeysToTheKeyring()
{
    SettingsSession session(m_settings.get());
    UserSettings values;
    values.planner = {LlmProvider::Responses, QString(), QStringLiteral("gpt-4.1")};
    values.executor = {LlmProvider::ChatCompletions, QStringLiteral("http://localhost:11434/v1"),
                       QStringLiteral("qwen2.5-coder")};
    values.network = QStringLiteral("outbound");
    const auto result = save(session, values, QStringLiteral("  sk-planner-secret\n"),
                             QStringLiteral("sk-executor-secret"));
    QVERIFY2(result.has_value(), qPrintable(result ? QString() : result.error().message));

    QFile file(m_settings->fileName());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.contains("model=qwen2.5-coder"));
    QVERIFY(bytes.contains("network=outbound"));
    QVERIFY(!bytes.contains("secret"));
    QVERIFY(!bytes.contains("sk-"));

    QCOMPARE(UserSettings::load(QSettings(m_settings->fileName(), QSettings::IniFormat)), values);
    QCOMPARE(storedKey(LlmRole::Planner), QStringLiteral("sk-planner-secret"));
    QCOMPARE(storedKey(LlmRole::Executor), QStringLiteral("sk-executor-secret"));
    QCOMPARE(session.apiKey(LlmRole::Planner), QStringLiteral("sk-planner-secret"));
}

void tst_SettingsSession::unchangedKeysAreLeftAlone()
{
    storeKey(LlmRole::Planner, QStringLiteral("sk-keep"));
    SettingsSession session(m_settings.get());
    const auto result =
        save(session, UserSettings(), std::nullopt, QStringLiteral("sk-executor-new"));
    QVERIFY(result.has_value());
    QCOMPARE(storedKey(LlmRole::Planner), QStringLiteral("sk-keep"));
    QCOMPARE(storedKey(LlmRole::Executor), QStringLiteral("sk-executor-new"));
}

void tst_SettingsSession::anEmptyKeyRemovesTheEntry()
{
    storeKey(LlmRole::Executor, QStringLiteral("sk-old"));
    SettingsSession session(m_settings.get());
    const auto result = save(session, UserSettings(), std::nullopt, QStringLiteral("   "));
    QVERIFY(result.has_value());
    QCOMPARE(storedKey(LlmRole::Executor), QString());
}

void tst_SettingsSession::saveWithoutKeysStillAnswers()
{
    SettingsSession session(m_settings.get());
    UserSettings values;
    values.cpus = 7;
    const auto result = save(session, values, std::nullopt, std::nullopt);
    QVERIFY2(result.has_value(), qPrintable(result ? QString() : result.error().message));
    QCOMPARE(QSettings(m_settings->fileName(), QSettings::IniFormat)
                 .value(QStringLiteral("sandbox/cpus"))
                 .toInt(),
             7);
}

void tst_SettingsSession::anUnwritableFileIsReported()
{
    // The config file's folder is a regular file, so the file cannot be created (even by root).
    QFile blocker(m_dir->filePath(QStringLiteral("not-a-folder")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    QSettings settings(blocker.fileName() + QStringLiteral("/terrarium.conf"),
                       QSettings::IniFormat);
    SettingsSession session(&settings);
    const auto result =
        save(session, UserSettings(), QStringLiteral("sk-still-stored"), std::nullopt);
    QVERIFY(!result.has_value());
    QCOMPARE(result.error().code, ErrorCode::IoError);
    QCOMPARE(result.error().message,
             QStringLiteral("Could not write the settings to %1.").arg(settings.fileName()));
    // The key does not depend on the file and is stored all the same.
    QCOMPARE(storedKey(LlmRole::Planner), QStringLiteral("sk-still-stored"));
}

void tst_SettingsSession::alwaysAllowedCommandsARunAddedAreKept()
{
    const QString kept = QStringLiteral("rm -rf build");
    const QString removed = QStringLiteral("chmod -R 777 out");
    const QString addedByARun = QStringLiteral("git clean -fdx");
    m_settings->setValue(QStringLiteral("safety/always_allowed"), QStringList{kept, removed});
    SettingsSession session(m_settings.get());
    QSignalSpy loaded(&session, &SettingsSession::loaded);
    session.load();
    QVERIFY(loaded.wait(20000));
    QCOMPARE(session.values().alwaysAllowed, (QStringList{kept, removed}));

    // While the dialog is open, a run's "always" answer is saved to the same file.
    m_settings->setValue(QStringLiteral("safety/always_allowed"),
                         QStringList{kept, removed, addedByARun});
    UserSettings values = session.values();
    values.alwaysAllowed.removeAll(removed);
    const auto result = save(session, values, std::nullopt, std::nullopt);
    QVERIFY2(result.has_value(), qPrintable(result ? QString() : result.error().message));
    const QSettings reread(m_settings->fileName(), QSettings::IniFormat);
    QCOMPARE(reread.value(QStringLiteral("safety/always_allowed")).toStringList(),
             (QStringList{kept, addedByARun}));
    QCOMPARE(session.values().alwaysAllowed, (QStringList{kept, addedByARun}));

    // Removing the last one removes the key.
    values.alwaysAllowed.clear();
    session.load();
    QVERIFY(loaded.wait(20000));
    QVERIFY(save(session, values, std::nullopt, std::nullopt).has_value());
    QVERIFY(!QSettings(m_settings->fileName(), QSettings::IniFormat)
                 .contains(QStringLiteral("safety/always_allowed")));
}

QTEST_GUILESS_MAIN(tst_SettingsSession)

#include "tst_settingssession.moc"
