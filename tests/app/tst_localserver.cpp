// Headless runs with no API key and no base URL, against real local model servers found by
// themselves (OLLAMA_HOST points the detection at them): this user's own server is used and the
// setup says it was auto-detected, and where; another user's (run as the test user) is refused
// before anything is sent to it, saying how to confirm it; a confirmed one is used.
#include "core/llm/LlmEndpoint.h"
#include "tests/support/HeadlessRun.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/OtherUserServer.h"
#include "tests/support/ScriptedTurns.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium;
using Core::LlmProvider;
using Tests::HeadlessRun;
using Tests::LlmTestServer;
using Tests::OtherUserServer;
using Tests::ScriptedResponse;
using Tests::ScriptedTurns;

namespace {

const QString marker = QStringLiteral("ran.txt");

// The turns of a one-step run that leaves a file in the workspace.
QStringList scriptedTurns()
{
    return {QStringLiteral("plan:Leave a file"),
            QStringLiteral("command:echo done > %1").arg(marker)};
}

struct Outcome
{
    int exitCode = -1;
    QString log; // stderr
    QList<QJsonObject> events;

    // The message of the models phase once it is done.
    QString modelsDone() const
    {
        for (const QJsonObject &payload :
             HeadlessRun::payloads(events, QStringLiteral("setup_progress"))) {
            if (payload.value(QLatin1String("phase")).toString() == QLatin1String("models")
                && payload.value(QLatin1String("percent")).toInt() == 100)
                return payload.value(QLatin1String("message")).toString();
        }
        return {};
    }
};

} // namespace

class tst_LocalServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void ownServerIsAutoDetected();
    void anotherUsersServerIsRefused();
    void confirmedServerIsUsed_data();
    void confirmedServerIsUsed();

private:
    // A headless run with nothing configured but OLLAMA_HOST=127.0.0.1:port.
    Outcome run(quint16 port, const QStringList &extraArguments = {});

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_workspace;
    QString m_config;
};

void tst_LocalServer::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QDir(m_dir->path()).mkpath(QStringLiteral("workspace")));
    m_workspace = m_dir->filePath(QStringLiteral("workspace"));
    m_config = m_dir->filePath(QStringLiteral("terrarium.conf"));
    QFile config(m_config);
    QVERIFY(config.open(QIODevice::WriteOnly));
}

Outcome tst_LocalServer::run(quint16 port, const QStringList &extraArguments)
{
    // Nothing from the developer's environment: no key, no base URL, no keyring.
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), qEnvironmentVariable("PATH"));
    env.insert(QStringLiteral("HOME"), m_dir->path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir->filePath(QStringLiteral("xdg")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir->filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    env.insert(QStringLiteral("TERRARIUM_TRANSLATE_AHEAD"), QStringLiteral("0"));
    env.insert(QStringLiteral("OLLAMA_HOST"), QStringLiteral("127.0.0.1:%1").arg(port));
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(HeadlessRun::binary(),
                  QStringList{QStringLiteral("--headless"), QStringLiteral("--goal"),
                              QStringLiteral("leave a file"), QStringLiteral("--sandbox"),
                              QStringLiteral("host"), QStringLiteral("--workspace"), m_workspace,
                              QStringLiteral("--config"), m_config}
                      + extraArguments);
    Outcome outcome;
    if (!HeadlessRun::waitForExit(process, 60000)) {
        process.kill();
        process.waitForFinished();
        return outcome;
    }
    outcome.exitCode = process.exitCode();
    outcome.log = QString::fromUtf8(process.readAllStandardError());
    outcome.events = HeadlessRun::parseEvents(process.readAllStandardOutput());
    return outcome;
}

void tst_LocalServer::ownServerIsAutoDetected()
{
    LlmTestServer server;
    QVERIFY(server.listen());
    server.setFixedAnswer("/api/tags",
                          ScriptedResponse::json(200, R"({"models":[{"name":"llama3.2"}]})"));
    server.enqueue(
        ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Leave a file")}));
    server.enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions,
                                          QStringLiteral("echo done > %1").arg(marker)));
    const Outcome outcome = run(server.port());
    QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.log));
    const QString said = outcome.modelsDone();
    QVERIFY2(said.contains(QStringLiteral("Ollama auto-detected at 127.0.0.1:%1 (your own server)")
                               .arg(server.port())),
             qPrintable(said));
    QVERIFY(said.contains(QLatin1String("llama3.2")));
    QVERIFY(QFile::exists(m_workspace + u'/' + marker));
}

void tst_LocalServer::anotherUsersServerIsRefused()
{
    if (const QString reason = OtherUserServer::unavailableReason(); !reason.isEmpty())
        QSKIP(qPrintable(reason));
    OtherUserServer other;
    QVERIFY(other.start(QStringList{QStringLiteral("--ollama"), QStringLiteral("llama3.2")}
                        + scriptedTurns()));
    const Outcome outcome = run(other.port());
    QCOMPARE(outcome.exitCode, 2);
    const QString confirmation =
        QStringLiteral("127.0.0.1:%1@%2").arg(other.port()).arg(OtherUserServer::uid());
    for (const QString &part : QStringList{QStringLiteral("is run by %1 (uid %2), not by you")
                                               .arg(OtherUserServer::user())
                                               .arg(OtherUserServer::uid()),
                                           QStringLiteral("--trust-local-server ") + confirmation,
                                           QStringLiteral("llm/trusted_local_servers")})
        QVERIFY2(outcome.log.contains(part), qPrintable(outcome.log));
    // The run's end says so too; nothing reached the server and nothing ran.
    const auto ends = HeadlessRun::payloads(outcome.events, QStringLiteral("workflow_complete"));
    QCOMPARE(ends.size(), 1);
    QVERIFY(ends.first().value(QLatin1String("error")).toString().contains(confirmation));
    QCOMPARE(other.requestCount(), 0);
    QVERIFY(!QFile::exists(m_workspace + u'/' + marker));
}

void tst_LocalServer::confirmedServerIsUsed_data()
{
    QTest::addColumn<bool>("inTheFile");
    QTest::newRow("--trust-local-server") << false;
    QTest::newRow("llm/trusted_local_servers") << true;
}

void tst_LocalServer::confirmedServerIsUsed()
{
    QFETCH(bool, inTheFile);
    if (const QString reason = OtherUserServer::unavailableReason(); !reason.isEmpty())
        QSKIP(qPrintable(reason));
    OtherUserServer other;
    QVERIFY(other.start(QStringList{QStringLiteral("--ollama"), QStringLiteral("llama3.2")}
                        + scriptedTurns()));
    const QString confirmation =
        QStringLiteral("127.0.0.1:%1@%2").arg(other.port()).arg(OtherUserServer::uid());
    QStringList arguments;
    if (inTheFile) {
        QSettings settings(m_config, QSettings::IniFormat);
        settings.setValue(QStringLiteral("llm/trusted_local_servers"), QStringList{confirmation});
    } else {
        arguments << QStringLiteral("--trust-local-server") << confirmation;
    }
    const Outcome outcome = run(other.port(), arguments);
    QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.log + QString::fromUtf8(other.output())));
    const QString said = outcome.modelsDone();
    QVERIFY2(said.contains(QStringLiteral("auto-detected at 127.0.0.1:%1 (run by %2 "
                                          "(uid %3), confirmed by you)")
                               .arg(other.port())
                               .arg(OtherUserServer::user())
                               .arg(OtherUserServer::uid())),
             qPrintable(said));
    QVERIFY(QFile::exists(m_workspace + u'/' + marker));
}

QTEST_GUILESS_MAIN(tst_LocalServer)
#include "tst_localserver.moc"
