// The control API's token in the desktop keyring: `terrarium --headless --serve 0` in a private
// D-Bus session with its own GNOME Keyring (scripts/with-keyring). The token is made there on
// first use, never written to a file, read back by the next start, and it is what clients must
// prove they know; TERRARIUM_CONTROL_TOKEN still wins over it.
#include "core/config/KeyStore.h"
#include "core/control/ControlAuth.h"
#include "core/control/ControlTokenLoader.h"
#include "tests/support/HeadlessRun.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
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

// Whether a client that knows token gets in: the server proves it knows the same token (for
// the address connected to), then the client proves it (docs/CONTROL_API.md).
bool authenticates(const QUrl &url, const QString &token)
{
    QWebSocket socket;
    QList<QJsonObject> received;
    QObject::connect(&socket, &QWebSocket::textMessageReceived, &socket,
                     [&received](const QString &text) {
                         received.append(QJsonDocument::fromJson(text.toUtf8()).object());
                     });
    socket.open(url);
    if (!QTest::qWaitFor([&] { return !received.isEmpty(); }, 10000))
        return false;
    const QString challenge = received.first().value(u"challenge"_s).toString();
    const QString nonce = Core::ControlAuth::nonce();
    const QString endpoint = Core::ControlAuth::endpoint(socket.peerAddress(), socket.peerPort());
    const auto send = [&socket](const QJsonObject &message) {
        socket.sendTextMessage(QString::fromUtf8(QJsonDocument(message).toJson()));
    };
    send({{u"v"_s, 1}, {u"type"_s, u"auth.challenge"_s}, {u"nonce"_s, nonce}});
    if (!QTest::qWaitFor([&] { return received.size() >= 2; }, 10000)
        || !Core::ControlAuth::verify(token.toUtf8(), Core::ControlAuth::Role::Server, challenge,
                                      nonce, endpoint, received.at(1).value(u"proof"_s).toString()))
        return false;
    send({{u"v"_s, 1},
          {u"type"_s, u"auth"_s},
          {u"proof"_s,
           Core::ControlAuth::proof(token.toUtf8(), Core::ControlAuth::Role::Client, challenge,
                                    nonce, endpoint)}});
    return QTest::qWaitFor([&] { return received.size() >= 3; }, 10000)
        && received.at(2).value(u"type"_s) == u"result"_s;
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

    QVERIFY(authenticates(url, token));
    QVERIFY(!authenticates(url, QString(64, u'0')));

    ::kill(pid_t(terrarium.processId()), SIGTERM);
    QVERIFY(HeadlessRun::waitForExit(terrarium, 30000));
    // The next start reads the same one.
    QProcess again;
    QByteArray againLog;
    const QUrl againUrl = serve(again, environment(), &againLog);
    QVERIFY2(againUrl.isValid() && !againUrl.isEmpty(), againLog.constData());
    QCOMPARE(keyringToken(), token);
    QVERIFY(authenticates(againUrl, token));
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
    QVERIFY(authenticates(url, scripted));
    QVERIFY(!authenticates(url, stored));
    // The keyring's token is left as it was.
    QCOMPARE(keyringToken(), stored);
    ::kill(pid_t(terrarium.processId()), SIGTERM);
    QVERIFY(HeadlessRun::waitForExit(terrarium, 30000));
}

QTEST_GUILESS_MAIN(tst_ControlKeyring)
#include "tst_controlkeyring.moc"
