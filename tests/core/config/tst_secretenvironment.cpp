// Terrarium's keys and control token taken out of its own environment, in a real child process
// started with them: gone from getenv() and from /proc/self/environ (the bytes the kernel shows
// there are blanked, which unsetenv() alone would leave), kept in what takeFromProcess() returns.
#include "core/config/SecretEnvironment.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTest>

#include <cstdio>

using namespace Terrarium::Core;
using namespace Qt::StringLiterals;

namespace {

constexpr auto ChildVariable = "TERRARIUM_SECRETENV_CHILD";
const QByteArray Key = "sk-child-secret-1234567890";
const QByteArray Token = "0123456789abcdef0123456789abcdef";

// Takes the secrets, then says what is left where.
int childMain()
{
    const QProcessEnvironment started = SecretEnvironment::takeFromProcess();
    QFile environ(QStringLiteral("/proc/self/environ"));
    if (!environ.open(QIODevice::ReadOnly))
        return 3;
    const QByteArray shown = environ.readAll();
    std::printf("proc:%s getenv:%s kept:%s other:%s\n",
                shown.contains(Key) || shown.contains(Token) || shown.contains("_API_KEY=")
                    ? "secrets"
                    : "clean",
                qEnvironmentVariableIsSet("OPENAI_API_KEY")
                        || qEnvironmentVariableIsSet("TERRARIUM_CONTROL_TOKEN")
                    ? "secrets"
                    : "clean",
                started.value(u"OPENAI_API_KEY"_s).toLatin1() == Key
                        && started.value(u"TERRARIUM_CONTROL_TOKEN"_s).toLatin1() == Token
                    ? "both"
                    : "lost",
                qgetenv("TERRARIUM_OTHER").constData());
    return 0;
}

} // namespace

class tst_SecretEnvironment : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void takesTheSecretsOutOfTheProcess();
    void secretsAreKeysAndTheToken();
};

void tst_SecretEnvironment::takesTheSecretsOutOfTheProcess()
{
    QProcessEnvironment environment;
    environment.insert(QString::fromLatin1(ChildVariable), u"1"_s);
    environment.insert(u"OPENAI_API_KEY"_s, QString::fromLatin1(Key));
    environment.insert(u"TERRARIUM_CONTROL_TOKEN"_s, QString::fromLatin1(Token));
    environment.insert(u"TERRARIUM_OTHER"_s, u"kept"_s);
    QProcess child;
    child.setProcessEnvironment(environment);
    child.start(QCoreApplication::applicationFilePath(), {});
    QVERIFY(child.waitForFinished(10000));
    QCOMPARE(child.exitCode(), 0);
    QCOMPARE(child.readAllStandardOutput().trimmed(),
             QByteArray("proc:clean getenv:clean kept:both other:kept"));
}

void tst_SecretEnvironment::secretsAreKeysAndTheToken()
{
    for (const char *name : {"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "TERRARIUM_API_KEY",
                             "TERRARIUM_PLANNER_API_KEY", "TERRARIUM_CONTROL_TOKEN"})
        QVERIFY2(SecretEnvironment::isSecret(QLatin1String(name)), name);
    for (const char *name :
         {"PATH", "TERRARIUM_BASE_URL", "SSH_AUTH_SOCK", "DBUS_SESSION_BUS_ADDRESS"})
        QVERIFY2(!SecretEnvironment::isSecret(QLatin1String(name)), name);
    QProcessEnvironment environment;
    environment.insert(u"OPENAI_API_KEY"_s, u" sk-a "_s);
    environment.insert(u"TERRARIUM_API_KEY"_s, u"sk-a"_s);
    environment.insert(u"TERRARIUM_CONTROL_TOKEN"_s, u"tok"_s);
    environment.insert(u"HOME"_s, u"/home/x"_s);
    QStringList values = SecretEnvironment::values(environment);
    values.sort();
    QCOMPARE(values, (QStringList{u"sk-a"_s, u"tok"_s}));
}

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsSet(ChildVariable))
        return childMain();
    QCoreApplication app(argc, argv);
    tst_SecretEnvironment test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_secretenvironment.moc"
