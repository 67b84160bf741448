#include "core/config/KeyStore.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace Terrarium::Core;

namespace {

const QString noKeyringMessage = QStringLiteral(
    "No desktop keyring (Secret Service) is running; set OPENAI_API_KEY/ANTHROPIC_API_KEY (or "
    "TERRARIUM_API_KEY for other servers) in the environment instead.");

// What the Secret Service itself holds for an entry, asked through libsecret's own tool, so the
// test sees the keyring and not just KeyStore's view of it. nullopt: no such entry.
std::optional<QString> secretToolLookup(LlmRole role)
{
    QProcess lookup;
    lookup.start(QStringLiteral("secret-tool"),
                 {QStringLiteral("lookup"), QStringLiteral("server"), KeyStore::serviceName(),
                  QStringLiteral("user"), llmRoleKey(role)});
    if (!lookup.waitForFinished(20000) || lookup.exitStatus() != QProcess::NormalExit) {
        qWarning("secret-tool did not run: %s", qPrintable(lookup.errorString()));
        return QStringLiteral("<secret-tool failed>");
    }
    if (lookup.exitCode() != 0)
        return std::nullopt;
    return QString::fromUtf8(lookup.readAllStandardOutput());
}

} // namespace

class tst_KeyStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void serviceName();
    void writeReadOverwriteRemove();
    void absentEntryReadsAsEmpty();
    void rolesAreSeparateEntries();
    void writingAnEmptyKeyRemovesTheEntry();
    void answersComeInOrder();
    void noKeyringWhenTheSessionBusIsUnreachable_data();
    void noKeyringWhenTheSessionBusIsUnreachable();
    void noKeyringOnABusWithoutASecretService();

private:
    Result<QString> read(KeyStore &store, LlmRole role);
    Result<void> write(KeyStore &store, LlmRole role, const std::optional<QString> &key);
    QStringList runProbe(const QProcessEnvironment &environment);
};

Result<QString> tst_KeyStore::read(KeyStore &store, LlmRole role)
{
    std::optional<Result<QString>> answer;
    QObject context;
    connect(&store, &KeyStore::readFinished, &context,
            [&](LlmRole answered, const Result<QString> &key) {
                QCOMPARE(answered, role);
                answer = key;
            });
    store.read(role);
    if (!QTest::qWaitFor([&] { return answer.has_value(); }, 20000))
        return makeError(ErrorCode::Timeout, QStringLiteral("no answer from the keyring"));
    return *answer;
}

Result<void> tst_KeyStore::write(KeyStore &store, LlmRole role, const std::optional<QString> &key)
{
    std::optional<Result<void>> answer;
    QObject context;
    connect(&store, &KeyStore::writeFinished, &context,
            [&](LlmRole answered, const Result<void> &result) {
                QCOMPARE(answered, role);
                answer = result;
            });
    if (key)
        store.write(role, *key);
    else
        store.remove(role);
    if (!QTest::qWaitFor([&] { return answer.has_value(); }, 20000))
        return makeError(ErrorCode::Timeout, QStringLiteral("no answer from the keyring"));
    return *answer;
}

void tst_KeyStore::initTestCase()
{
    // These tests write to the keyring: never the user's own, only the throwaway one that
    // scripts/with-keyring starts (ctest runs them through it).
    QVERIFY2(qEnvironmentVariable("TERRARIUM_TEST_KEYRING") == QLatin1String("1"),
             "run this test through scripts/with-keyring");
    KeyStore store;
    QVERIFY(write(store, LlmRole::Planner, std::nullopt).has_value());
    QVERIFY(write(store, LlmRole::Executor, std::nullopt).has_value());
}

void tst_KeyStore::serviceName()
{
    QCOMPARE(KeyStore::serviceName(), QStringLiteral("org.terrarium.Terrarium"));
}

void tst_KeyStore::writeReadOverwriteRemove()
{
    KeyStore store;
    const QString first = QStringLiteral("sk-first-\u00e9\u00df-0123456789");
    auto written = write(store, LlmRole::Planner, first);
    QVERIFY2(written.has_value(), qPrintable(written ? QString() : written.error().message));
    auto key = read(store, LlmRole::Planner);
    QVERIFY2(key.has_value(), qPrintable(key ? QString() : key.error().message));
    QCOMPARE(*key, first);
    QCOMPARE(secretToolLookup(LlmRole::Planner), std::optional<QString>(first));

    written = write(store, LlmRole::Planner, QStringLiteral("sk-second"));
    QVERIFY(written.has_value());
    key = read(store, LlmRole::Planner);
    QVERIFY(key.has_value());
    QCOMPARE(*key, QStringLiteral("sk-second"));
    QCOMPARE(secretToolLookup(LlmRole::Planner),
             std::optional<QString>(QStringLiteral("sk-second")));

    // A second KeyStore (as after a restart) sees the same entry.
    KeyStore other;
    key = read(other, LlmRole::Planner);
    QVERIFY(key.has_value());
    QCOMPARE(*key, QStringLiteral("sk-second"));

    written = write(store, LlmRole::Planner, std::nullopt);
    QVERIFY(written.has_value());
    key = read(store, LlmRole::Planner);
    QVERIFY(key.has_value());
    QCOMPARE(*key, QString());
    QCOMPARE(secretToolLookup(LlmRole::Planner), std::nullopt);
}

void tst_KeyStore::absentEntryReadsAsEmpty()
{
    KeyStore store;
    const auto key = read(store, LlmRole::Executor);
    QVERIFY2(key.has_value(), qPrintable(key ? QString() : key.error().message));
    QVERIFY(key->isEmpty());
    // Removing what is not there is not an error either.
    QVERIFY(write(store, LlmRole::Executor, std::nullopt).has_value());
}

void tst_KeyStore::rolesAreSeparateEntries()
{
    KeyStore store;
    QVERIFY(write(store, LlmRole::Planner, QStringLiteral("sk-planner")).has_value());
    QVERIFY(write(store, LlmRole::Executor, QStringLiteral("sk-executor")).has_value());
    QCOMPARE(read(store, LlmRole::Planner), Result<QString>(QStringLiteral("sk-planner")));
    QCOMPARE(read(store, LlmRole::Executor), Result<QString>(QStringLiteral("sk-executor")));
    QVERIFY(write(store, LlmRole::Executor, std::nullopt).has_value());
    QCOMPARE(read(store, LlmRole::Planner), Result<QString>(QStringLiteral("sk-planner")));
    QCOMPARE(read(store, LlmRole::Executor), Result<QString>(QString()));
    QVERIFY(write(store, LlmRole::Planner, std::nullopt).has_value());
}

void tst_KeyStore::writingAnEmptyKeyRemovesTheEntry()
{
    KeyStore store;
    QVERIFY(write(store, LlmRole::Executor, QStringLiteral("sk-x")).has_value());
    QCOMPARE(secretToolLookup(LlmRole::Executor), std::optional<QString>(QStringLiteral("sk-x")));
    QVERIFY(write(store, LlmRole::Executor, QString()).has_value());
    QCOMPARE(secretToolLookup(LlmRole::Executor), std::nullopt);
}

void tst_KeyStore::answersComeInOrder()
{
    KeyStore store;
    QStringList answers;
    connect(&store, &KeyStore::writeFinished, this, [&](LlmRole role, const Result<void> &result) {
        answers << QStringLiteral("wrote %1 %2").arg(llmRoleKey(role)).arg(result.has_value());
    });
    connect(&store, &KeyStore::readFinished, this, [&](LlmRole role, const Result<QString> &key) {
        answers << QStringLiteral("read %1 %2")
                       .arg(llmRoleKey(role), key.value_or(QStringLiteral("?")));
    });
    store.write(LlmRole::Planner, QStringLiteral("a"));
    store.read(LlmRole::Planner);
    store.write(LlmRole::Planner, QStringLiteral("b"));
    store.read(LlmRole::Planner);
    store.read(LlmRole::Executor);
    store.remove(LlmRole::Planner);
    QTRY_COMPARE_WITH_TIMEOUT(answers.size(), 6, 20000);
    QCOMPARE(answers,
             (QStringList{QStringLiteral("wrote planner 1"), QStringLiteral("read planner a"),
                          QStringLiteral("wrote planner 1"), QStringLiteral("read planner b"),
                          QStringLiteral("read executor "), QStringLiteral("wrote planner 1")}));
}

QStringList tst_KeyStore::runProbe(const QProcessEnvironment &environment)
{
    QProcess probe;
    probe.setProcessEnvironment(environment);
    probe.start(QStringLiteral(KEYSTORE_PROBE), {});
    if (!probe.waitForFinished(60000))
        return {QStringLiteral("probe did not finish: ") + probe.errorString()};
    const QString output = QString::fromUtf8(probe.readAllStandardOutput()).trimmed();
    if (probe.exitCode() != 0)
        return {QStringLiteral("probe exited with %1: %2").arg(probe.exitCode()).arg(output)};
    return output.split(u'\n');
}

void tst_KeyStore::noKeyringWhenTheSessionBusIsUnreachable_data()
{
    QTest::addColumn<QString>("desktop");
    QTest::addColumn<QString>("kdeVersion");
    // QtKeychain picks its backend from the desktop: libsecret elsewhere, KWallet on KDE 4. Only
    // the KWallet path has the plain-text fallback, so that row proves it stays off.
    QTest::newRow("libsecret") << QString() << QString();
    QTest::newRow("KWallet, where the plain-text fallback lives")
        << QStringLiteral("KDE") << QStringLiteral("4");
}

void tst_KeyStore::noKeyringWhenTheSessionBusIsUnreachable()
{
    QFETCH(QString, desktop);
    QFETCH(QString, kdeVersion);
    QTemporaryDir config;
    QVERIFY(config.isValid());
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"),
                       QStringLiteral("unix:path=%1/no-bus-here").arg(config.path()));
    environment.remove(QStringLiteral("DISPLAY")); // no X11 autolaunch of a bus either
    environment.remove(QStringLiteral("DESKTOP_SESSION"));
    environment.remove(QStringLiteral("GNOME_DESKTOP_SESSION_ID"));
    environment.remove(QStringLiteral("KDE_FULL_SESSION"));
    environment.insert(QStringLiteral("XDG_CURRENT_DESKTOP"), desktop);
    environment.insert(QStringLiteral("KDE_SESSION_VERSION"), kdeVersion);
    // Where QtKeychain's plain-text fallback would write, had it not been switched off.
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), config.path());
    environment.insert(QStringLiteral("HOME"), config.path());

    const QString expected = QStringLiteral("configuration ") + noKeyringMessage;
    QCOMPARE(runProbe(environment),
             (QStringList{QStringLiteral("write ") + expected, QStringLiteral("read ") + expected,
                          QStringLiteral("remove ") + expected}));
    QCOMPARE(QDir(config.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
             QStringList());
}

void tst_KeyStore::noKeyringOnABusWithoutASecretService()
{
    // A session bus that neither runs nor can start a Secret Service: the usual state of a
    // desktop without a keyring daemon.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile busConfig(dir.filePath(QStringLiteral("bus.conf")));
    QVERIFY(busConfig.open(QIODevice::WriteOnly));
    // The policy is session.conf's; only the service directories are left out.
    busConfig.write(QStringLiteral("<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus "
                                   "Configuration 1.0//EN\" \"http://www.freedesktop.org/standards/"
                                   "dbus/1.0/busconfig.dtd\">\n"
                                   "<busconfig><type>session</type><listen>unix:dir=%1</listen>"
                                   "<auth>EXTERNAL</auth><policy context=\"default\">"
                                   "<allow send_destination=\"*\" eavesdrop=\"true\"/>"
                                   "<allow eavesdrop=\"true\"/><allow own=\"*\"/></policy>"
                                   "</busconfig>\n")
                        .arg(dir.path())
                        .toUtf8());
    busConfig.close();

    QProcess bus;
    bus.start(QStringLiteral("dbus-daemon"),
              {QStringLiteral("--config-file=") + busConfig.fileName(), QStringLiteral("--nofork"),
               QStringLiteral("--print-address=1")});
    QVERIFY2(bus.waitForStarted(), qPrintable(bus.errorString()));
    QTRY_VERIFY_WITH_TIMEOUT(bus.canReadLine(), 10000);
    const QString address = QString::fromUtf8(bus.readLine()).trimmed();
    QVERIFY(address.startsWith(QLatin1String("unix:")));

    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), address);
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    const QString expected = QStringLiteral("configuration ") + noKeyringMessage;
    const QStringList answers = runProbe(environment);
    bus.terminate();
    QVERIFY(bus.waitForFinished(10000));
    QCOMPARE(answers,
             (QStringList{QStringLiteral("write ") + expected, QStringLiteral("read ") + expected,
                          QStringLiteral("remove ") + expected}));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("config"))));
}

QTEST_GUILESS_MAIN(tst_KeyStore)

#include "tst_keystore.moc"
