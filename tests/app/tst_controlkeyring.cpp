// The control API's token in the desktop keyring: `terrarium --headless --serve 0` in a private
// D-Bus session with its own GNOME Keyring (scripts/with-keyring). The token is made there on
// first use, never written to a file, read back by the next start, and it is what clients must
// send; TERRARIUM_CONTROL_TOKEN still wins over it.
#include "core/config/KeyStore.h"
#include "core/control/ControlTokenLoader.h"
#include "tests/support/HeadlessRun.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkRequest>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>

#include <csignal>

using namespace Terrarium;
using namespace Terrarium::Tests;
using namespace Qt::StringLiterals;

namespace {

// What the Secret Service holds for the token, asked through libsecret's own tool.
QString keyringToken()
{
    QProcess lookup;
    lookup.start(u"secret-tool"_s,
                 {u"lookup"_s, u"server"_s, Core::KeyStore::serviceName(), u"user"_s,
                  Core::ControlTokenLoader::keyringEntry()});
    if (!lookup.waitForFinished(20000) || lookup.exitCode() != 0)
        return {};
    return QString::fromUtf8(lookup.readAllStandardOutput()).trimmed();
}

// The hello a client gets with token in its Authorization header: authenticated or refused.
QJsonObject firstMessage(const QUrl &url, const QString &token)
{
    QWebSocket socket;
    QJsonObject first;
    bool closed = false;
    QObject::connect(&socket, &QWebSocket::textMessageReceived, &socket,
                     [&first](const QString &text) {
                         if (first.isEmpty())
                             first = QJsonDocument::fromJson(text.toUtf8()).object();
                     });
    QObject::connect(&socket, &QWebSocket::disconnected, &socket, [&closed] { closed = true; });
    QNetworkRequest request(url);
    request.setRawHeader("Authorization", "Bearer " + token.toLatin1());
    socket.open(request);
    (void)QTest::qWaitFor([&] { return !first.isEmpty() || closed; }, 10000);
    return first;
}

} // namespace

class tst_ControlKeyring : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void theTokenIsMadeAndKeptInTheKeyring();
    void theEnvironmentWinsOverTheKeyring();

private:
    // Serves until stopped; its url, or empty with stderr in log when it did not.
    QUrl serve(QProcess &terrarium, const QProcessEnvironment &env, QByteArray *log);
    QProcessEnvironment environment() const;
    QString tokenFile() const;

    QTemporaryDir m_home;
};

void tst_ControlKeyring::initTestCase()
{
    QVERIFY2(qEnvironmentVariableIsSet("TERRARIUM_TEST_KEYRING"),
             "run through scripts/with-keyring (ctest does)");
    QVERIFY(m_home.isValid());
    QVERIFY(QDir(m_home.path()).mkpath(u"workspace"_s));
    QVERIFY(keyringToken().isEmpty());
}

QProcessEnvironment tst_ControlKeyring::environment() const
{
    // The private session's bus and keyring, this test's home.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOME"_s, m_home.path());
    env.insert(u"LANG"_s, u"C.UTF-8"_s);
    env.remove(u"TERRARIUM_CONTROL_TOKEN"_s);
    return env;
}

QString tst_ControlKeyring::tokenFile() const
{
    return qEnvironmentVariable("XDG_RUNTIME_DIR") + u"/terrarium/control-token"_s;
}

QUrl tst_ControlKeyring::serve(QProcess &terrarium, const QProcessEnvironment &env, QByteArray *log)
{
    terrarium.setProcessEnvironment(env);
    terrarium.start(HeadlessRun::binary(),
                    {u"--headless"_s, u"--serve"_s, u"0"_s, u"--sandbox"_s, u"host"_s,
                     u"--workspace"_s, m_home.filePath(u"workspace"_s)});
    if (!terrarium.waitForStarted())
        return {};
    static const QRegularExpression address(u"control API on (ws://\\S+)"_s);
    // Whichever came first is looked at below.
    (void)QTest::qWaitFor(
        [&] {
            *log += terrarium.readAllStandardError();
            return address.match(QString::fromUtf8(*log)).hasMatch()
                || terrarium.state() == QProcess::NotRunning;
        },
        30000);
    return QUrl(address.match(QString::fromUtf8(*log)).captured(1));
}

void tst_ControlKeyring::theTokenIsMadeAndKeptInTheKeyring()
{
    QProcess terrarium;
    QByteArray log;
    const QUrl url = serve(terrarium, environment(), &log);
    QVERIFY2(url.isValid() && !url.isEmpty(), log.constData());
    QVERIFY2(log.contains("(token: the desktop keyring (secret-tool lookup server "
                          "org.terrarium.Terrarium user control-token))"),
             log.constData());
    const QString token = keyringToken();
    QCOMPARE(token.size(), 64);
    // Never also in a file.
    QVERIFY(!QFileInfo::exists(tokenFile()));

    QCOMPARE(firstMessage(url, token).value(u"authenticated"_s).toBool(), true);
    QCOMPARE(firstMessage(url, QString(64, u'0')).value(u"code"_s).toString(), u"authentication"_s);

    ::kill(pid_t(terrarium.processId()), SIGTERM);
    QVERIFY(HeadlessRun::waitForExit(terrarium, 30000));
    // The next start reads the same one.
    QProcess again;
    QByteArray againLog;
    const QUrl againUrl = serve(again, environment(), &againLog);
    QVERIFY2(againUrl.isValid() && !againUrl.isEmpty(), againLog.constData());
    QCOMPARE(keyringToken(), token);
    QCOMPARE(firstMessage(againUrl, token).value(u"authenticated"_s).toBool(), true);
    ::kill(pid_t(again.processId()), SIGTERM);
    QVERIFY(HeadlessRun::waitForExit(again, 30000));
    QVERIFY(!QFileInfo::exists(tokenFile()));
}

void tst_ControlKeyring::theEnvironmentWinsOverTheKeyring()
{
    const QString stored = keyringToken();
    QVERIFY(!stored.isEmpty()); // from the test before
    const QString scripted = u"fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210"_s;
    QProcessEnvironment env = environment();
    env.insert(u"TERRARIUM_CONTROL_TOKEN"_s, scripted);
    QProcess terrarium;
    QByteArray log;
    const QUrl url = serve(terrarium, env, &log);
    QVERIFY2(url.isValid() && !url.isEmpty(), log.constData());
    QVERIFY2(log.contains("(token: TERRARIUM_CONTROL_TOKEN)"), log.constData());
    QCOMPARE(firstMessage(url, scripted).value(u"authenticated"_s).toBool(), true);
    QCOMPARE(firstMessage(url, stored).value(u"code"_s).toString(), u"authentication"_s);
    // The keyring's token is left as it was.
    QCOMPARE(keyringToken(), stored);
    ::kill(pid_t(terrarium.processId()), SIGTERM);
    QVERIFY(HeadlessRun::waitForExit(terrarium, 30000));
}

QTEST_GUILESS_MAIN(tst_ControlKeyring)
#include "tst_controlkeyring.moc"
