// `terrarium --headless` as a user runs it: the real executable, a real local LLM server, the
// host sandbox in a temporary workspace, approvals on a real pseudo terminal.
#include "core/store/RunStore.h"
#include "tests/TestPaths.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"
#include "tests/support/SseScript.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSettings>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <fcntl.h>
#include <grp.h>
#include <pty.h>
#include <pwd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace Terrarium;
using Core::LlmProvider;
using Tests::LlmTestServer;
using Tests::ScriptedResponse;
using Tests::ScriptedTurns;
using Tests::SseScript;

Q_DECLARE_METATYPE(Terrarium::Core::LlmProvider)

namespace {

const QString apiKey = QStringLiteral("sk-headless-secret-42");

// Waits while the event loop keeps running: the LLM server the child talks to lives in this
// process, so a blocking QProcess::waitForFinished() would deadlock.
bool waitForExit(QProcess &process, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (process.state() != QProcess::NotRunning && clock.elapsed() < timeoutMs)
        QTest::qWait(20);
    return process.state() == QProcess::NotRunning;
}

QString binary()
{
    return QStringLiteral(TERRARIUM_BINARY_DIR "/app/terrarium");
}

QString providerName(LlmProvider provider)
{
    switch (provider) {
    case LlmProvider::Responses:
        return QStringLiteral("responses");
    case LlmProvider::ChatCompletions:
        return QStringLiteral("chat");
    case LlmProvider::Anthropic:
        return QStringLiteral("anthropic");
    }
    return {};
}

// A pseudo terminal that becomes the child's controlling terminal, as when a person runs
// terrarium in a terminal window with stdout piped elsewhere.
class PseudoTerminal
{
public:
    PseudoTerminal()
    {
        if (::openpty(&m_master, &m_slave, nullptr, nullptr, nullptr) == 0)
            ::fcntl(m_master, F_SETFL, ::fcntl(m_master, F_GETFL) | O_NONBLOCK);
    }
    ~PseudoTerminal()
    {
        if (m_master >= 0)
            ::close(m_master);
        if (m_slave >= 0)
            ::close(m_slave);
    }
    bool isValid() const { return m_master >= 0; }
    int slave() const { return m_slave; }
    void closeSlave()
    {
        ::close(m_slave);
        m_slave = -1;
    }
    // Everything the child wrote to its terminal so far.
    QByteArray read()
    {
        char buffer[4096];
        ssize_t count;
        while ((count = ::read(m_master, buffer, sizeof buffer)) > 0)
            m_seen.append(buffer, count);
        return m_seen;
    }
    void write(const QByteArray &data)
    {
        QCOMPARE_GE(::write(m_master, data.constData(), size_t(data.size())), 0);
    }

private:
    int m_master = -1;
    int m_slave = -1;
    QByteArray m_seen;
};

} // namespace

class tst_Headless : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void versionAndHelp();
    void usageErrors_data();
    void usageErrors();
    void configFileMustExist();
    void theConfigFileTheReadmeNamesIsRead_data();
    void theConfigFileTheReadmeNamesIsRead();
    void noModelConfigured();
    void secretsNeverReachEventsLogsOrPrompts();
    void procOfTerrariumHoldsNoSecrets();
    void repairRun_data();
    void repairRun();
    void modelUseAndCostAtTheEnd();
    void translateAheadIsOnByDefault_data();
    void translateAheadIsOnByDefault();
    void sigintCancelsCleanly();
    void sigtermEndsTheWindowAsQuitDoes();
    void sigkillLeavesNoCommandRunning();
    void approvalWithoutTerminalIsDenied();
    void approvalOnTheTerminal();
    void alwaysIsRemembered();
    void aStoreThatCannotSaveIsSaidOnce();
    void rawOutputIsKeptWithTheRun();
    void controlsInOutputReachNoTerminal();
    void runDataIsTheUsersAlone();

private:
    QStringList runArguments(LlmProvider provider, const QString &goal,
                             const QString &approve = {}) const;
    QProcessEnvironment cleanEnvironment() const;
    bool waitForLine(QProcess &process, const QString &type, int timeoutMs = 20000);
    QList<QJsonObject> events() const;
    void writeWorkspaceFile(const QString &name, const QByteArray &contents) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<LlmTestServer> m_server;
    QString m_workspace;
    QString m_config;
    QByteArray m_stdout;
};

void tst_Headless::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QDir(m_dir->path()).mkpath(QStringLiteral("workspace")));
    m_workspace = m_dir->filePath(QStringLiteral("workspace"));
    m_config = m_dir->filePath(QStringLiteral("terrarium.conf"));
    QFile config(m_config);
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.close();
    m_server = std::make_unique<LlmTestServer>();
    QVERIFY(m_server->listen());
    m_stdout.clear();
}

void tst_Headless::cleanup()
{
    m_server.reset();
    m_dir.reset();
}

QProcessEnvironment tst_Headless::cleanEnvironment() const
{
    // Nothing from the developer's own environment (keys, TERRARIUM_*) leaks into the test.
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), qEnvironmentVariable("PATH"));
    env.insert(QStringLiteral("HOME"), m_dir->path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir->filePath(QStringLiteral("xdg")));
    env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    // The model's turns are scripted in request order; translate-ahead, which asks for a step
    // early, has tests of its own.
    env.insert(QStringLiteral("TERRARIUM_TRANSLATE_AHEAD"), QStringLiteral("0"));
    return env;
}

QStringList tst_Headless::runArguments(LlmProvider provider, const QString &goal,
                                       const QString &approve) const
{
    QStringList arguments{QStringLiteral("--headless"),
                          QStringLiteral("--goal"),
                          goal,
                          QStringLiteral("--sandbox"),
                          QStringLiteral("host"),
                          QStringLiteral("--workspace"),
                          m_workspace,
                          QStringLiteral("--config"),
                          m_config,
                          QStringLiteral("--provider"),
                          providerName(provider),
                          QStringLiteral("--base-url"),
                          m_server->baseUrl().toString(),
                          QStringLiteral("--planner-model"),
                          QStringLiteral("planner-m"),
                          QStringLiteral("--executor-model"),
                          QStringLiteral("executor-m")};
    if (!approve.isEmpty())
        arguments << QStringLiteral("--approve") << approve;
    return arguments;
}

bool tst_Headless::waitForLine(QProcess &process, const QString &type, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    const QByteArray needle = QStringLiteral("\"type\":\"%1\"").arg(type).toUtf8();
    while (clock.elapsed() < timeoutMs) {
        m_stdout += process.readAllStandardOutput();
        if (m_stdout.contains(needle))
            return true;
        if (process.state() == QProcess::NotRunning)
            return false;
        QTest::qWait(20);
    }
    return false;
}

QList<QJsonObject> tst_Headless::events() const
{
    QList<QJsonObject> parsed;
    for (const QByteArray &line : m_stdout.split('\n')) {
        if (line.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || !document.isObject()) {
            qWarning() << "stdout line is not a JSON object:" << line;
            return {};
        }
        parsed.append(document.object());
    }
    return parsed;
}

void tst_Headless::writeWorkspaceFile(const QString &name, const QByteArray &contents) const
{
    QFile file(QDir(m_workspace).filePath(name));
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(contents), contents.size());
}

void tst_Headless::versionAndHelp()
{
    QProcess version;
    version.start(binary(), {QStringLiteral("--version")});
    QVERIFY(version.waitForFinished(10000));
    QCOMPARE(version.exitCode(), 0);
    const QString report = QString::fromUtf8(version.readAllStandardOutput());
    QVERIFY2(report.startsWith(u"terrarium 0."), qPrintable(report));
    // The libraries it runs with and the optional parts of this build, for bug reports.
    QVERIFY2(report.contains(QStringLiteral("\nQt ") + QLatin1String(qVersion())),
             qPrintable(report));
    QVERIFY2(report.contains(QRegularExpression(QStringLiteral("\nlibvterm 0\\.[0-9]+"))),
             qPrintable(report));
    QVERIFY2(
        report.contains(QRegularExpression(QStringLiteral("\nlibvirt [0-9]+\\.[0-9]+\\.[0-9]+"))),
        qPrintable(report));
#ifdef TERRARIUM_HAVE_KSYNTAXHIGHLIGHTING
    QVERIFY2(report.contains(u"\ncommand highlighting: KSyntaxHighlighting 6."),
             qPrintable(report));
#else
    QVERIFY2(report.contains(u"\ncommand highlighting: Terrarium's bash tokenizer"),
             qPrintable(report));
#endif
#ifdef TERRARIUM_HAVE_QTERMWIDGET
    QVERIFY2(report.contains(QRegularExpression(
                 QStringLiteral("\nterminal engines: libvterm 0\\.[0-9.]+, QTermWidget 2\\."))),
             qPrintable(report));
#else
    QVERIFY2(report.contains(QRegularExpression(
                 QStringLiteral("\nterminal engines: libvterm 0\\.[0-9.]+(\n|$)"))),
             qPrintable(report));
#endif

    QProcess help;
    help.setProcessEnvironment(cleanEnvironment());
    help.start(binary(), {QStringLiteral("--help")});
    QVERIFY(help.waitForFinished(10000));
    QCOMPARE(help.exitCode(), 0);
    const QByteArray text = help.readAllStandardOutput();
    for (const char *option : {"--headless", "--goal", "--sandbox", "--planner-model",
                               "--executor-model", "--base-url", "--provider", "--approve"})
        QVERIFY2(text.contains(option), option);
}

void tst_Headless::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown option")
        << QStringList{QStringLiteral("--frobnicate")} << "Unknown option";
    QTest::newRow("no goal") << QStringList{QStringLiteral("--headless")} << "needs a goal";
    QTest::newRow("bad policy") << QStringList{QStringLiteral("--headless"),
                                               QStringLiteral("--goal"), QStringLiteral("x"),
                                               QStringLiteral("--approve"),
                                               QStringLiteral("sometimes")}
                                << "Unknown approval policy";
    QTest::newRow("bad sandbox") << QStringList{
        QStringLiteral("--headless"), QStringLiteral("--goal"), QStringLiteral("x"),
        QStringLiteral("--sandbox"),
        QStringLiteral("docker")} << "Unknown sandbox";
    QTest::newRow("bad provider") << QStringList{
        QStringLiteral("--headless"), QStringLiteral("--goal"), QStringLiteral("x"),
        QStringLiteral("--provider"),
        QStringLiteral("gemini")} << "Unknown provider";
    QTest::newRow("missing workspace")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--goal"), QStringLiteral("x"),
                       QStringLiteral("--workspace"), QStringLiteral("/nonexistent/terrarium-ws")}
        << "does not exist";
    // Safe defaults: never the home folder, nor what holds it or credentials.
    QTest::newRow("workspace is the home folder")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--goal"), QStringLiteral("x"),
                       QStringLiteral("--workspace"), QStringLiteral("<home>")}
        << "home folder";
    QTest::newRow("workspace holds the home folder")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--goal"), QStringLiteral("x"),
                       QStringLiteral("--workspace"), QStringLiteral("<home>/..")}
        << "contains your home folder";
    QTest::newRow("workspace is ~/.ssh")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--goal"), QStringLiteral("x"),
                       QStringLiteral("--workspace"), QStringLiteral("<home>/.ssh")}
        << "~/.ssh";
    QTest::newRow("workspace is a file")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--goal"), QStringLiteral("x"),
                       QStringLiteral("--workspace"), QStringLiteral("<file>")}
        << "is a file";
    // Task files: checked before anything starts; consent is never implied.
    QTest::newRow("task asks for the host")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--task"),
                       QStringLiteral("goal: list files\nsandbox: host\n")}
        << "pass --yes";
    QTest::newRow("task asks for the network")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--task"),
                       QStringLiteral("goal: list files\nnetwork: outbound\n")}
        << "network: outbound";
    QTest::newRow("task sets LD_PRELOAD")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--task"),
                       QStringLiteral("goal: g\nenv:\n  LD_PRELOAD: /tmp/x.so\n"),
                       QStringLiteral("--yes")}
        << "line 3: env \"LD_PRELOAD\" is not allowed";
    QTest::newRow("task file is broken")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--task"),
                       QStringLiteral("goal: [unclosed\n")}
        << "task.yaml, line";
}

void tst_Headless::usageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    // "<home>" is the test's home folder; "<file>" a file in it; "<task:NAME>" a task file
    // written from the row's last argument.
    QFile file(m_dir->filePath(QStringLiteral("notes.txt")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    QVERIFY(QDir(m_dir->path()).mkpath(QStringLiteral(".ssh")));
    for (QString &argument : arguments) {
        argument.replace(QStringLiteral("<home>"), m_dir->path());
        argument.replace(QStringLiteral("<file>"), file.fileName());
    }
    const qsizetype task = arguments.indexOf(QStringLiteral("--task"));
    if (task >= 0) {
        const QString name = m_dir->filePath(QStringLiteral("task.yaml"));
        QFile taskFile(name);
        QVERIFY(taskFile.open(QIODevice::WriteOnly));
        taskFile.write(arguments.at(task + 1).toUtf8());
        taskFile.close();
        arguments[task + 1] = name;
    }
    QProcess process;
    process.setProcessEnvironment(cleanEnvironment());
    process.start(binary(), arguments << QStringLiteral("--config") << m_config);
    QVERIFY(waitForExit(process, 10000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 2);
    const QString error = QString::fromUtf8(process.readAllStandardError());
    QVERIFY2(error.contains(message), qPrintable(error));
    QVERIFY(process.readAllStandardOutput().isEmpty());
}

void tst_Headless::configFileMustExist()
{
    for (const QString &path : {m_dir->filePath(QStringLiteral("missing.conf")), m_dir->path()}) {
        QProcess process;
        process.setProcessEnvironment(cleanEnvironment());
        process.start(binary(),
                      {QStringLiteral("--headless"), QStringLiteral("--goal"), QStringLiteral("x"),
                       QStringLiteral("--config"), path});
        QVERIFY(waitForExit(process, 10000));
        QCOMPARE(process.exitCode(), 2);
        const QString error = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(error.contains(QStringLiteral("configuration file")) && error.contains(path),
                 qPrintable(error));
    }
}

void tst_Headless::theConfigFileTheReadmeNamesIsRead_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::newRow("terrarium.conf") << u"terrarium.conf"_s;
    // What earlier versions read and wrote: moved to terrarium.conf once.
    QTest::newRow("terrarium.ini") << u"terrarium.ini"_s;
}

void tst_Headless::theConfigFileTheReadmeNamesIsRead()
{
    // No --config and no model flags: the vendor, the server and both models come from
    // ~/.config/terrarium/terrarium.conf, written as the README says.
    QFETCH(QString, fileName);
    const QDir folder(m_dir->filePath(u"xdg/terrarium"_s));
    QVERIFY(folder.mkpath(u"."_s));
    {
        QFile config(folder.filePath(fileName));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write("[llm]\nprovider = chat\nbase_url = " + m_server->baseUrl().toEncoded()
                     + "\n\n[planner]\nmodel = planner-from-file\n\n[executor]\n"
                       "model = executor-from-file\n\n[sandbox]\nkind = host\n");
    }
    const LlmProvider provider = LlmProvider::ChatCompletions;
    m_server->enqueue(ScriptedTurns::plan(provider, {u"Say hello"_s}));
    m_server->enqueue(ScriptedTurns::command(provider, u"echo hello"_s));
    QProcess process;
    process.setProcessEnvironment(cleanEnvironment());
    process.start(binary(),
                  {u"--headless"_s, u"--goal"_s, u"say hello"_s, u"--workspace"_s, m_workspace});
    QVERIFY(waitForLine(process, u"workflow_complete"_s));
    QVERIFY(waitForExit(process, 10000));
    QCOMPARE(process.exitCode(), 0);

    const QList<Tests::RecordedRequest> requests = m_server->requests();
    QCOMPARE(requests.size(), 2);
    QVERIFY2(requests.at(0).body.contains("\"planner-from-file\""), requests.at(0).body);
    QVERIFY2(requests.at(1).body.contains("\"executor-from-file\""), requests.at(1).body);
    QVERIFY(QFileInfo::exists(folder.filePath(u"terrarium.conf"_s)));
    QVERIFY(!QFileInfo::exists(folder.filePath(u"terrarium.ini"_s)));
}

void tst_Headless::noModelConfigured()
{
    QProcess process;
    process.setProcessEnvironment(cleanEnvironment());
    process.start(binary(),
                  {QStringLiteral("--headless"), QStringLiteral("--goal"), QStringLiteral("x"),
                   QStringLiteral("--sandbox"), QStringLiteral("host"),
                   QStringLiteral("--workspace"), m_workspace, QStringLiteral("--config"),
                   m_config});
    QVERIFY(waitForExit(process, 15000));
    QCOMPARE(process.exitCode(), 2);
    const QString error = QString::fromUtf8(process.readAllStandardError());
    for (const char *hint :
         {"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "--base-url", "Ollama", "llama.cpp"})
        QVERIFY2(error.contains(QLatin1String(hint)), qPrintable(error));
}

void tst_Headless::secretsNeverReachEventsLogsOrPrompts()
{
    // A hostile or careless step reads Terrarium's own environment two ways (which no longer
    // hold the key: procOfTerrariumHoldsNoSecrets) and prints it from a file the user keeps in
    // the workspace; the key must not come back in any event, the log, or a later prompt, not
    // even when the model reads that step's output (it is sent, as it should be, only in the
    // requests' Authorization header).
    const LlmProvider provider = LlmProvider::ChatCompletions;
    m_server->enqueue(
        ScriptedTurns::plan(provider,
                            {QStringLiteral("Show the environment"),
                             QStringLiteral("Show the parent's"), QStringLiteral("Summarise")}));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("env")));
    m_server->enqueue(ScriptedTurns::command(
        provider,
        QStringLiteral("cat .env; tr '\\0' '\\n' < /proc/$PPID/environ | grep API_KEY "
                       "|| true")));
    m_server->enqueue(ScriptedTurns::readOutput(provider, 2));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("echo done")));

    writeWorkspaceFile(u".env"_s, "TERRARIUM_API_KEY=" + apiKey.toUtf8() + '\n');
    QProcess process;
    QProcessEnvironment env = cleanEnvironment();
    env.insert(QStringLiteral("TERRARIUM_API_KEY"), apiKey);
    process.setProcessEnvironment(env);
    process.start(binary(), runArguments(provider, QStringLiteral("look around")));
    QVERIFY(waitForLine(process, QStringLiteral("workflow_complete")));
    QVERIFY(waitForExit(process, 10000));
    m_stdout += process.readAllStandardOutput();
    const QByteArray log = process.readAllStandardError();
    QCOMPARE(process.exitCode(), 0);

    QVERIFY2(!m_stdout.contains(apiKey.toUtf8()), m_stdout.constData());
    QVERIFY2(!log.contains(apiKey.toUtf8()), log.constData());
    // The second step did read it, and what was shown is the mask.
    QVERIFY2(m_stdout.contains("TERRARIUM_API_KEY=***"), m_stdout.constData());
    // `env` in the first step saw a clean environment: not even the variable's name.
    bool sawFirstResult = false;
    for (const QJsonObject &event : events()) {
        const QJsonObject payload = event.value(QLatin1String("payload")).toObject();
        if (event.value(QLatin1String("type")).toString() != QLatin1String("step_result")
            || payload.value(QLatin1String("step_id")).toInt() != 1)
            continue;
        sawFirstResult = true;
        const QString out = payload.value(QLatin1String("stdout")).toString();
        QVERIFY2(out.contains(QLatin1String("PATH=")), qPrintable(out));
        QVERIFY2(!out.contains(QLatin1String("API_KEY")), qPrintable(out));
    }
    QVERIFY(sawFirstResult);
    const auto requests = m_server->requests();
    QCOMPARE(requests.size(), 5);
    for (const auto &request : requests) {
        QVERIFY2(!request.body.contains(apiKey.toUtf8()), request.body.constData());
        QCOMPARE(request.header("authorization"), "Bearer " + apiKey.toUtf8());
    }
    // The output the last step's model read, masked.
    QVERIFY(requests.last().body.contains("Output of step 2"));
    QVERIFY(requests.last().body.contains("TERRARIUM_API_KEY=***"));
}

namespace {

struct Account
{
    uid_t uid;
    gid_t gid;
};

// Root reads every process's /proc files whatever it allows: run as root (CI), the test runs
// Terrarium as the unprivileged test user (scripts/prepare-test-host.sh), as people run it.
std::optional<Account> unprivilegedAccount()
{
    if (::geteuid() != 0)
        return std::nullopt;
    const QByteArray name =
        qEnvironmentVariable("TERRARIUM_TEST_USER", u"terrarium-test"_s).toLocal8Bit();
    const passwd *entry = ::getpwnam(name.constData());
    if (!entry)
        return std::nullopt;
    return Account{entry->pw_uid, entry->pw_gid};
}

} // namespace

void tst_Headless::procOfTerrariumHoldsNoSecrets()
{
    // Issue 27: a command on the host sandbox runs as the user, and its $PPID is Terrarium. It
    // looks for the keys and the control token in Terrarium's /proc files (environ, cmdline,
    // maps, mem): environ holds none of them (not even for root), and where the kernel lets
    // the user alone decide (not root) environ, maps and mem cannot be opened at all. It counts
    // parts of the secrets, which no redactor masks, so what it finds is seen. Then it prints
    // them from a file the user keeps: every key, the unused one too, and the control token
    // come out as ***.
    const QByteArray openAiKey = "sk-openai-unused-0042";
    const QByteArray token = "c0ffeec0ffeec0ffeec0ffeec0ffeec0ffee0123456789abcdef";
    const LlmProvider provider = LlmProvider::ChatCompletions;
    m_server->enqueue(ScriptedTurns::plan(
        provider, {u"Look into Terrarium's process"_s, u"Show the project's settings"_s}));
    m_server->enqueue(ScriptedTurns::command(
        provider,
        uR"cmd(for f in environ cmdline maps; do if out=$(tr '\0' '\n' 2>/dev/null < /proc/$PPID/$f); )cmd"
        uR"cmd(then echo "$f: read, $(printf '%s\n' "$out" | grep -c -e sk-headless-secret )cmd"
        uR"cmd(-e sk-openai-unused -e c0ffeec0ffee) secrets"; else echo "$f: denied"; fi; done; )cmd"
        uR"cmd(if (exec 3< /proc/$PPID/mem) 2>/dev/null; then echo "mem: opened"; )cmd"
        uR"cmd(else echo "mem: denied"; fi)cmd"_s));
    m_server->enqueue(ScriptedTurns::command(provider, u"cat .env"_s));
    writeWorkspaceFile(u".env"_s,
                       "TERRARIUM_API_KEY=" + apiKey.toUtf8() + "\nOPENAI_API_KEY=" + openAiKey
                           + "\nTERRARIUM_CONTROL_TOKEN=" + token + '\n');

    const std::optional<Account> account = unprivilegedAccount();
    const bool asRoot = ::geteuid() == 0 && !account;
    if (asRoot)
        qInfo("No unprivileged test user (scripts/prepare-test-host.sh): Terrarium runs as root, "
              "which may open every /proc file; only what they hold is checked.");
    if (account) {
        QCOMPARE(QProcess::execute(
                     u"chown"_s,
                     {u"-R"_s, u"%1:%2"_s.arg(account->uid).arg(account->gid), m_dir->path()}),
                 0);
    }
    QProcess process;
    QProcessEnvironment env = cleanEnvironment();
    env.insert(u"TERRARIUM_API_KEY"_s, apiKey);
    env.insert(u"OPENAI_API_KEY"_s, QString::fromLatin1(openAiKey));
    env.insert(u"TERRARIUM_CONTROL_TOKEN"_s, QString::fromLatin1(token));
    process.setProcessEnvironment(env);
    if (account) {
        process.setChildProcessModifier([account] {
            if (::setgroups(0, nullptr) != 0 || ::setgid(account->gid) != 0
                || ::setuid(account->uid) != 0)
                ::_exit(127);
        });
    }
    process.start(binary(), runArguments(provider, u"look around"_s, u"all"_s));
    QVERIFY2(process.waitForStarted(),
             "terrarium did not start as the test user: may it enter this checkout? "
             "(scripts/prepare-test-host.sh)");
    QVERIFY(waitForLine(process, u"workflow_complete"_s));
    QVERIFY(waitForExit(process, 10000));
    m_stdout += process.readAllStandardOutput();
    const QByteArray log = process.readAllStandardError();
    QCOMPARE(process.exitCode(), 0);

    QString looked;
    QString printed;
    for (const QJsonObject &event : events()) {
        const QJsonObject payload = event.value(QLatin1String("payload")).toObject();
        if (event.value(QLatin1String("type")).toString() != u"step_result"_s)
            continue;
        const QString out = payload.value(QLatin1String("stdout")).toString();
        (payload.value(QLatin1String("step_id")).toInt() == 1 ? looked : printed) = out;
    }
    QVERIFY2(looked.contains(u"cmdline: read, 0 secrets"_s), qPrintable(looked));
    if (asRoot) {
        QVERIFY2(looked.contains(u"environ: read, 0 secrets"_s), qPrintable(looked));
        QVERIFY2(looked.contains(u"maps: read, 0 secrets"_s), qPrintable(looked));
    } else {
        QVERIFY2(looked.contains(u"environ: denied\ncmdline: read, 0 secrets\nmaps: denied\n"
                                 u"mem: denied"_s),
                 qPrintable(looked));
    }
    QCOMPARE(printed,
             u"TERRARIUM_API_KEY=***\nOPENAI_API_KEY=***\nTERRARIUM_CONTROL_TOKEN=***\n"_s);
    for (const QByteArray &secret : {apiKey.toUtf8(), openAiKey, token}) {
        QVERIFY2(!m_stdout.contains(secret), m_stdout.constData());
        QVERIFY2(!log.contains(secret), log.constData());
        for (const auto &request : m_server->requests())
            QVERIFY(!request.body.contains(secret));
    }
}

void tst_Headless::repairRun_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::newRow("responses") << LlmProvider::Responses;
    QTest::newRow("chat") << LlmProvider::ChatCompletions;
    QTest::newRow("anthropic") << LlmProvider::Anthropic;
}

void tst_Headless::modelUseAndCostAtTheEnd()
{
    // The executor's model has a price in the config file, the planner's none (a local one):
    // each usage event carries what is known, the log's last line sums it up by role.
    {
        QFile config(m_config);
        QVERIFY(config.open(QIODevice::WriteOnly | QIODevice::Truncate));
        config.write("[prices]\nexecutor-m = 1 0.1 2\n");
    }
    const LlmProvider provider = LlmProvider::ChatCompletions;
    m_server->enqueue(ScriptedTurns::plan(provider, {u"Say hello"_s}));
    m_server->enqueue(ScriptedTurns::command(provider, u"echo hello"_s));
    QProcess process;
    QProcessEnvironment env = cleanEnvironment();
    env.insert(u"TERRARIUM_API_KEY"_s, apiKey);
    process.setProcessEnvironment(env);
    process.start(binary(), runArguments(provider, u"say hello"_s));
    QVERIFY(process.waitForStarted());
    QVERIFY(waitForLine(process, u"workflow_complete"_s));
    QVERIFY(waitForExit(process, 10000));
    m_stdout += process.readAllStandardOutput();
    const QString log = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(process.exitCode(), 0);

    QList<QJsonObject> usage;
    for (const QJsonObject &line : events()) {
        if (line.value(QLatin1String("type")).toString() == u"usage"_s)
            usage << line.value(QLatin1String("payload")).toObject();
    }
    QCOMPARE(usage.size(), 2);
    QVERIFY(!usage.at(0).contains(QLatin1String("cost_usd")));
    // The scripted turns report 120 tokens in and 30 out.
    QCOMPARE(usage.at(1).value(QLatin1String("cost_usd")).toDouble(), (120 * 1 + 30 * 2) / 1e6);
    QVERIFY(usage.at(1).value(QLatin1String("wait_ms")).toInteger() >= 0);

    const QStringList lines = log.trimmed().split(u'\n');
    const QString last = lines.constLast();
    QVERIFY2(last.startsWith(u"Models: executor: 1 request, 120 tokens in, 30 out"_s),
             qPrintable(log));
    QVERIFY2(last.contains(u"$0.0002; planner: 1 request, 120 tokens in, 30 out"_s),
             qPrintable(last));
    QVERIFY2(!last.section(u"planner"_s, 1).contains(u'$'), qPrintable(last));
}

void tst_Headless::translateAheadIsOnByDefault_data()
{
    QTest::addColumn<QStringList>("extraArguments");
    QTest::addColumn<bool>("ahead");
    QTest::newRow("default") << QStringList() << true;
    QTest::newRow("--no-translate-ahead") << QStringList(u"--no-translate-ahead"_s) << false;
}

void tst_Headless::translateAheadIsOnByDefault()
{
    // The second step's command is asked for while the first (silent) step runs: its usage line
    // comes before the first step's result. Off, it comes after.
    QFETCH(QStringList, extraArguments);
    QFETCH(bool, ahead);
    const LlmProvider provider = LlmProvider::ChatCompletions;
    const QStringList steps{u"Wait for the service"_s, u"Mark it ready"_s};
    m_server->setResponder([&](const Tests::RecordedRequest &request) {
        const auto asks = [&](const QString &step) {
            const QByteArray marker = "Step to run now:\\n" + step.toUtf8();
            return request.body.contains(marker);
        };
        if (asks(steps[0]))
            return ScriptedTurns::command(provider, u"sleep 1"_s);
        if (asks(steps[1]))
            return ScriptedTurns::command(provider, u"touch ready"_s);
        return ScriptedTurns::plan(provider, steps);
    });
    QProcess process;
    QProcessEnvironment env = cleanEnvironment();
    env.remove(u"TERRARIUM_TRANSLATE_AHEAD"_s);
    env.insert(u"TERRARIUM_API_KEY"_s, apiKey);
    process.setProcessEnvironment(env);
    process.start(binary(), runArguments(provider, u"mark the service ready"_s) + extraArguments);
    QVERIFY(process.waitForStarted());
    QVERIFY(waitForLine(process, u"workflow_complete"_s));
    QVERIFY(waitForExit(process, 10000));
    m_stdout += process.readAllStandardOutput();
    QCOMPARE(process.exitCode(), 0);
    QVERIFY(QFile::exists(m_workspace + u"/ready"_s));
    QCOMPARE(m_server->requestCount(), 3); // the plan, one command per step

    QStringList types;
    for (const QJsonObject &line : events()) {
        const QString type = line.value(QLatin1String("type")).toString();
        if (type == u"usage"_s || type == u"step_result"_s)
            types << type;
    }
    // planner, step 1's command, then step 2's before or after step 1's result.
    const QStringList expected = ahead
        ? QStringList{u"usage"_s, u"usage"_s, u"usage"_s, u"step_result"_s, u"step_result"_s}
        : QStringList{u"usage"_s, u"usage"_s, u"step_result"_s, u"usage"_s, u"step_result"_s};
    QCOMPARE(types.join(u' '), expected.join(u' '));
}

void tst_Headless::repairRun()
{
    QFETCH(LlmProvider, provider);
    const QString print = QStringLiteral("Print the contents of config.txt");
    m_server->enqueue(ScriptedTurns::plan(provider, {print}));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("cat config.txt")));
    m_server->enqueue(ScriptedTurns::plan(provider, {QStringLiteral("Create config.txt"), print}));
    m_server->enqueue(
        ScriptedTurns::command(provider, QStringLiteral("echo 'mode=demo' > config.txt")));
    m_server->enqueue(ScriptedTurns::command(provider, QStringLiteral("cat config.txt")));

    QProcess process;
    QProcessEnvironment env = cleanEnvironment();
    env.insert(QStringLiteral("TERRARIUM_API_KEY"), apiKey);
    process.setProcessEnvironment(env);
    process.start(binary(),
                  runArguments(provider, QStringLiteral("print the contents of config.txt")));
    QVERIFY(process.waitForStarted());
    QVERIFY(waitForLine(process, QStringLiteral("workflow_complete")));
    QVERIFY(waitForExit(process, 10000));
    m_stdout += process.readAllStandardOutput();
    const QString log = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(process.exitCode(), 0);

    const QList<QJsonObject> lines = events();
    QStringList types;
    QStringList setupPhases;
    for (int i = 0; i < lines.size(); ++i) {
        const QString type = lines.at(i).value(QLatin1String("type")).toString();
        // The setup comes first, phase by phase, each ending at 100 %; then the run.
        if (type == QLatin1String("setup_progress")) {
            QVERIFY2(types.isEmpty(), "setup_progress after the run started");
            const QJsonObject payload = lines.at(i).value(QLatin1String("payload")).toObject();
            setupPhases << QStringLiteral("%1:%2")
                               .arg(payload.value(QLatin1String("phase")).toString())
                               .arg(payload.value(QLatin1String("percent")).toInt());
        } else {
            types << type;
        }
        QCOMPARE(lines.at(i).value(QLatin1String("seq")).toInt(), i + 1);
        QVERIFY(!lines.at(i).value(QLatin1String("run_id")).toString().isEmpty());
        QVERIFY(QDateTime::fromString(lines.at(i).value(QLatin1String("ts")).toString(),
                                      Qt::ISODateWithMs)
                    .isValid());
    }
    const QStringList expected{"usage",          "plan_generated", "usage",
                               "step_executing", "step_output",    "step_result",
                               "error_detected", "re_planning",    "usage",
                               "plan_generated", "usage",          "step_executing",
                               "step_result",    "usage",          "step_executing",
                               "step_output",    "step_result",    "workflow_complete"};
    QVERIFY2(types == expected, qPrintable(types.join(u' ')));
    QVERIFY2(setupPhases.startsWith(QStringLiteral("models:0"))
                 && setupPhases.contains(QStringLiteral("models:100"))
                 && setupPhases.endsWith(QStringLiteral("sandbox:100")),
             qPrintable(setupPhases.join(u' ')));
    QCOMPARE(lines.last()
                 .value(QLatin1String("payload"))
                 .toObject()
                 .value(QLatin1String("status"))
                 .toString(),
             QStringLiteral("success"));
    QCOMPARE(lines.at(setupPhases.size() + 15)
                 .value(QLatin1String("payload"))
                 .toObject()
                 .value(QLatin1String("data"))
                 .toString(),
             QStringLiteral("mode=demo\n"));

    // The run is kept: the same events, in the store of the user's data folder, and no key.
    {
        const QString storePath =
            m_dir->filePath(QStringLiteral(".local/share/terrarium/runs.sqlite"));
        Core::RunStore store;
        QVERIFY(store.open(storePath));
        const QList<Core::StoredRun> runs = store.runs();
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.first().status, QStringLiteral("success"));
        QCOMPARE(runs.first().goal, QStringLiteral("print the contents of config.txt"));
        QCOMPARE(runs.first().runId, lines.first().value(QLatin1String("run_id")).toString());
        const QList<Core::RunEvent> stored = store.events(runs.first().runId);
        QCOMPARE(stored.size(), lines.size());
        for (int i = 0; i < stored.size(); ++i)
            QCOMPARE(stored.at(i).toJson(), lines.at(i));
        for (const QString &file : QDir(QFileInfo(storePath).path()).entryList(QDir::Files)) {
            QFile bytes(QFileInfo(storePath).path() + u'/' + file);
            QVERIFY(bytes.open(QIODevice::ReadOnly));
            QVERIFY2(!bytes.readAll().contains(apiKey.toUtf8()), qPrintable(file));
        }
        // And listed, without a window.
        QProcess list;
        list.setProcessEnvironment(cleanEnvironment());
        list.start(binary(), {QStringLiteral("--list-runs")});
        QVERIFY(waitForExit(list, 10000));
        QCOMPARE(list.exitCode(), 0);
        const QString listed = QString::fromUtf8(list.readAllStandardOutput());
        const QString row = listed.section(u'\n', 1, 1);
        QVERIFY2(row.startsWith(runs.first().runId) && row.contains(QLatin1String("success"))
                     && row.contains(QLatin1String("print the contents of config.txt")),
                 qPrintable(listed));
    }

    // The human log on stderr, with the loud host warning; the key appears nowhere.
    QVERIFY2(log.contains(QLatin1String("WARNING")) && log.contains(QLatin1String("no isolation")),
             qPrintable(log));
    QVERIFY2(log.contains(QLatin1String("Run succeeded.")), qPrintable(log));
    QVERIFY(!log.contains(apiKey));
    QVERIFY(!m_stdout.contains(apiKey.toUtf8()));
    for (const auto &request : m_server->requests())
        QVERIFY(!request.body.contains(apiKey.toUtf8()));
}

void tst_Headless::sigintCancelsCleanly()
{
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Wait")}));
    m_server->enqueue(ScriptedTurns::command(
        LlmProvider::ChatCompletions, QStringLiteral("sleep 300 & echo $! > sleeper.pid; wait")));
    QProcess process;
    process.setProcessEnvironment(cleanEnvironment());
    process.start(binary(), runArguments(LlmProvider::ChatCompletions, QStringLiteral("wait")));
    QVERIFY2(waitForLine(process, QStringLiteral("step_executing")),
             process.readAllStandardError().constData());
    const QString pidFile = QDir(m_workspace).filePath(QStringLiteral("sleeper.pid"));
    QTRY_VERIFY_WITH_TIMEOUT(QFile(pidFile).size() > 0, 10000);
    QFile file(pidFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const pid_t sleeper = file.readAll().trimmed().toInt();

    ::kill(pid_t(process.processId()), SIGINT);
    QVERIFY(waitForExit(process, 15000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 130);
    m_stdout += process.readAllStandardOutput();
    const QList<QJsonObject> lines = events();
    QVERIFY(!lines.isEmpty());
    QCOMPARE(lines.last().value(QLatin1String("type")).toString(),
             QStringLiteral("workflow_complete"));
    QCOMPARE(lines.last()
                 .value(QLatin1String("payload"))
                 .toObject()
                 .value(QLatin1String("status"))
                 .toString(),
             QStringLiteral("cancelled"));
    QTRY_VERIFY_WITH_TIMEOUT(::kill(sleeper, 0) != 0, 5000);
}

void tst_Headless::sigtermEndsTheWindowAsQuitDoes()
{
    // Logout and kill send SIGTERM: the window ends as Quit does (its layout kept, its
    // sandboxes let go of: WindowController::quit()), not killed where it stands.
    QProcess process;
    QProcessEnvironment env = cleanEnvironment();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    process.setProcessEnvironment(env);
    process.start(
        binary(),
        {u"--sandbox"_s, u"host"_s, u"--workspace"_s, m_workspace, u"--config"_s, m_config});
    QVERIFY(process.waitForStarted());
    // Until the window is up: the signal handler is in place before it shows.
    QTest::qWait(3000);
    QCOMPARE(process.state(), QProcess::Running);
    ::kill(pid_t(process.processId()), SIGTERM);
    QVERIFY(waitForExit(process, 15000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 0);
    QSettings saved(m_config, QSettings::IniFormat);
    QVERIFY2(saved.contains(u"window/layout"_s), qPrintable(process.readAllStandardError()));
}

namespace {

// Alive and not a zombie (an orphan waits for an init that may reap only every second or two).
bool isRunning(pid_t pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (pid <= 0 || !stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.readAll();
    const qsizetype close = line.lastIndexOf(')');
    return close > 0 && close + 2 < line.size() && line[close + 2] != 'Z';
}

pid_t pidFrom(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? pid_t(file.readAll().trimmed().toInt()) : 0;
}

} // namespace

void tst_Headless::sigkillLeavesNoCommandRunning()
{
    // A shell that waits for a background job: both would run on, unseen, after a crash.
    m_server->enqueue(ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Wait")}));
    m_server->enqueue(ScriptedTurns::command(
        LlmProvider::ChatCompletions,
        QStringLiteral("sleep 300 & echo $! > sleeper.pid; echo $$ > shell.pid; wait")));
    QProcess process;
    process.setProcessEnvironment(cleanEnvironment());
    process.start(binary(), runArguments(LlmProvider::ChatCompletions, QStringLiteral("wait")));
    QVERIFY2(waitForLine(process, QStringLiteral("step_executing")),
             process.readAllStandardError().constData());
    const QString sleeperFile = QDir(m_workspace).filePath(QStringLiteral("sleeper.pid"));
    const QString shellFile = QDir(m_workspace).filePath(QStringLiteral("shell.pid"));
    QTRY_VERIFY_WITH_TIMEOUT(QFile(sleeperFile).size() > 0 && QFile(shellFile).size() > 0, 10000);
    const pid_t sleeper = pidFrom(sleeperFile);
    const pid_t shell = pidFrom(shellFile);
    const auto leftovers = qScopeGuard([&] {
        for (const pid_t pid : {sleeper, shell}) {
            if (isRunning(pid))
                ::kill(pid, SIGKILL);
        }
    });
    QVERIFY(isRunning(sleeper));
    QVERIFY(isRunning(shell));

    ::kill(pid_t(process.processId()), SIGKILL);
    QVERIFY(waitForExit(process, 10000));
    QTRY_VERIFY_WITH_TIMEOUT(!isRunning(sleeper) && !isRunning(shell), 5000);
}

void tst_Headless::approvalWithoutTerminalIsDenied()
{
    QDir(m_workspace).mkpath(QStringLiteral("build"));
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Delete build")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("rm -rf build")));
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::ChatCompletions, {QStringLiteral("Keep build")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::ChatCompletions, QStringLiteral("ls -d build")));

    QProcess process;
    process.setProcessEnvironment(cleanEnvironment());
    // No controlling terminal, as under CI or a service manager.
    process.setChildProcessModifier([] { ::setsid(); });
    process.start(binary(), runArguments(LlmProvider::ChatCompletions, QStringLiteral("clean")));
    QVERIFY(waitForExit(process, 30000));
    const QString log = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(process.exitCode(), 0);
    QVERIFY2(log.contains(QLatin1String("No terminal to ask for approval")), qPrintable(log));
    QVERIFY(QDir(QDir(m_workspace).filePath(QStringLiteral("build"))).exists());
    m_stdout = process.readAllStandardOutput();
    QVERIFY(m_stdout.contains("\"type\":\"approval_required\""));
    QVERIFY(m_stdout.contains("denied"));
}

void tst_Headless::approvalOnTheTerminal()
{
    QDir(m_workspace).mkpath(QStringLiteral("build"));
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::Responses, {QStringLiteral("Delete build")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::Responses, QStringLiteral("rm -rf build")));

    PseudoTerminal terminal;
    QVERIFY(terminal.isValid());
    const int slave = terminal.slave();
    QProcess process;
    process.setProcessEnvironment(cleanEnvironment());
    process.setChildProcessModifier([slave] {
        ::setsid();
        ::ioctl(slave, TIOCSCTTY, 0);
    });
    process.start(binary(), runArguments(LlmProvider::Responses, QStringLiteral("clean")));
    QVERIFY(process.waitForStarted());
    terminal.closeSlave();
    QTRY_VERIFY_WITH_TIMEOUT(terminal.read().contains("Allow it?"), 20000);
    const QByteArray question = terminal.read();
    QVERIFY2(question.contains("rm -rf build"), question.constData());
    QVERIFY(QDir(QDir(m_workspace).filePath(QStringLiteral("build"))).exists());
    terminal.write("maybe\n");
    QTRY_VERIFY_WITH_TIMEOUT(terminal.read().contains("Please answer"), 10000);
    terminal.write("o\n");
    QVERIFY(waitForExit(process, 20000));
    QCOMPARE(process.exitCode(), 0);
    QVERIFY(!QDir(QDir(m_workspace).filePath(QStringLiteral("build"))).exists());
    QSettings settings(m_config, QSettings::IniFormat);
    QVERIFY(settings.value(QStringLiteral("safety/always_allowed")).toStringList().isEmpty());
}

void tst_Headless::alwaysIsRemembered()
{
    m_server->enqueue(
        ScriptedTurns::plan(LlmProvider::Anthropic, {QStringLiteral("Open up permissions")}));
    m_server->enqueue(
        ScriptedTurns::command(LlmProvider::Anthropic, QStringLiteral("chmod -R 777 .")));

    PseudoTerminal terminal;
    QVERIFY(terminal.isValid());
    const int slave = terminal.slave();
    QProcess process;
    process.setProcessEnvironment(cleanEnvironment());
    process.setChildProcessModifier([slave] {
        ::setsid();
        ::ioctl(slave, TIOCSCTTY, 0);
    });
    process.start(binary(), runArguments(LlmProvider::Anthropic, QStringLiteral("share")));
    QVERIFY(process.waitForStarted());
    terminal.closeSlave();
    QTRY_VERIFY_WITH_TIMEOUT(terminal.read().contains("Allow it?"), 20000);
    terminal.write("always\n");
    QVERIFY(waitForExit(process, 20000));
    QCOMPARE(process.exitCode(), 0);
    QSettings settings(m_config, QSettings::IniFormat);
    QCOMPARE(settings.value(QStringLiteral("safety/always_allowed")).toStringList(),
             QStringList{QStringLiteral("chmod -R 777 .")});
}

void tst_Headless::aStoreThatCannotSaveIsSaidOnce()
{
    m_server->enqueue(ScriptedTurns::plan(
        LlmProvider::ChatCompletions, {QStringLiteral("Say hello"), QStringLiteral("Say bye")}));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions,
                                             QStringLiteral("sleep 0.3; echo hello")));
    m_server->enqueue(ScriptedTurns::command(LlmProvider::ChatCompletions,
                                             QStringLiteral("sleep 0.3; echo bye")));
    QProcess process;
    QProcessEnvironment env = cleanEnvironment();
    env.insert(QStringLiteral("TERRARIUM_API_KEY"), apiKey);
    process.setProcessEnvironment(env);
    process.start(binary(), runArguments(LlmProvider::ChatCompletions, QStringLiteral("greet")));
    QVERIFY(process.waitForStarted());
    // The run has begun in the store; then another program takes its lock and keeps it.
    QVERIFY(waitForLine(process, QStringLiteral("setup_progress")));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), u"locker"_s);
        db.setDatabaseName(m_dir->filePath(QStringLiteral(".local/share/terrarium/runs.sqlite")));
        QVERIFY(db.open());
        QSqlQuery lock(db);
        QVERIFY(lock.exec(QStringLiteral("BEGIN EXCLUSIVE")));
        QVERIFY(waitForLine(process, QStringLiteral("workflow_complete")));
        QVERIFY(lock.exec(QStringLiteral("COMMIT")));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"locker"_s);
    QVERIFY(waitForExit(process, 10000));
    const QString log = QString::fromUtf8(process.readAllStandardError());
    // The run went on to its end, and the user was told once, with the file and the cause.
    QCOMPARE(process.exitCode(), 0);
    QVERIFY2(log.contains(QLatin1String("Run succeeded.")), qPrintable(log));
    QCOMPARE(log.count(QLatin1String("saving it is tried again")), 1);
    QVERIFY2(log.contains(QLatin1String("runs.sqlite: another program holds it locked")),
             qPrintable(log));
}

void tst_Headless::rawOutputIsKeptWithTheRun()
{
    // What the command wrote, byte for byte (not UTF-8 here), masked, beside the store.
    const LlmProvider provider = LlmProvider::ChatCompletions;
    m_server->enqueue(ScriptedTurns::plan(provider, {QStringLiteral("Print odd bytes")}));
    m_server->enqueue(ScriptedTurns::command(
        provider,
        QStringLiteral("printf 'caf\\303\\251 \\377\\376\\n'; printf 'err\\n' >&2; cat .env")));
    writeWorkspaceFile(u".env"_s, "TERRARIUM_API_KEY=" + apiKey.toUtf8() + '\n');
    QProcess process;
    QProcessEnvironment env = cleanEnvironment();
    env.insert(QStringLiteral("TERRARIUM_API_KEY"), apiKey);
    process.setProcessEnvironment(env);
    process.start(binary(), runArguments(provider, QStringLiteral("print odd bytes")));
    QVERIFY(waitForLine(process, QStringLiteral("workflow_complete")));
    QVERIFY(waitForExit(process, 10000));
    QCOMPARE(process.exitCode(), 0);

    Core::RunStore store;
    QVERIFY(store.open(m_dir->filePath(QStringLiteral(".local/share/terrarium/runs.sqlite"))));
    const QString runId = store.runs().value(0).runId;
    const QList<Core::StoredSpool> spools = store.spools(runId);
    QCOMPARE(spools.size(), 2);
    QByteArray out;
    QByteArray err;
    for (const Core::StoredSpool &spool : spools) {
        QCOMPARE(spool.stepId, 1);
        QVERIFY(spool.path.startsWith(store.spoolFolder()));
        QFile file(spool.path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(spool.path));
        (spool.stream == QLatin1String("stdout") ? out : err) = file.readAll();
        QCOMPARE(spool.bytes, file.size());
        QVERIFY(!spool.truncated);
    }
    QCOMPARE(out, QByteArray("caf\xc3\xa9 \xff\xfe\nTERRARIUM_API_KEY=***\n"));
    QCOMPARE(err, QByteArray("err\n"));

    // Deleting the run takes its output with it.
    QVERIFY(store.removeRun(runId));
    for (const Core::StoredSpool &spool : spools)
        QVERIFY2(!QFile::exists(spool.path), qPrintable(spool.path));
}

void tst_Headless::controlsInOutputReachNoTerminal()
{
    // Issue 27: a step prints UTF-8 C1 controls (CSI U+009B, OSC U+009D and NEL U+0085, which
    // VTE terminals obey), a line separator, a bidi override and a BOM. The JSON lines on stdout
    // carry them as \uXXXX escapes, never as the characters, and parse to exactly what was
    // printed.
    const LlmProvider provider = LlmProvider::ChatCompletions;
    m_server->enqueue(ScriptedTurns::plan(provider, {u"Print controls"_s}));
    m_server->enqueue(ScriptedTurns::command(
        provider,
        uR"(printf '\302\2332J\302\2350;owned\007 \342\200\250 \342\200\256gnp.exe )"
        uR"(\357\273\277 \302\205end\n')"_s));
    QProcess process;
    process.setProcessEnvironment(cleanEnvironment());
    process.start(binary(), runArguments(provider, u"print controls"_s));
    QVERIFY(waitForLine(process, u"workflow_complete"_s));
    QVERIFY(waitForExit(process, 10000));
    m_stdout += process.readAllStandardOutput();
    QCOMPARE(process.exitCode(), 0);

    for (const char *raw : {"\xc2\x9b", "\xc2\x9d", "\xc2\x85", "\xe2\x80\xa8", "\xe2\x80\xae",
                            "\xef\xbb\xbf", "\x07"})
        QVERIFY2(!m_stdout.contains(raw), m_stdout.toHex(' ').constData());
    QVERIFY2(
        m_stdout.contains(R"(\u009b2J\u009d0;owned\u0007 \u2028 \u202egnp.exe \ufeff \u0085end)"),
        m_stdout.constData());
    const QString printed =
        u"\u009b2J\u009d0;owned\u0007 \u2028 \u202egnp.exe \ufeff \u0085end\n"_s;
    QString output;
    QString result;
    for (const QJsonObject &event : events()) {
        const QString type = event.value(QLatin1String("type")).toString();
        const QJsonObject payload = event.value(QLatin1String("payload")).toObject();
        if (type == u"step_output"_s)
            output += payload.value(QLatin1String("data")).toString();
        else if (type == u"step_result"_s)
            result = payload.value(QLatin1String("stdout")).toString();
    }
    QCOMPARE(output, printed);
    QCOMPARE(result, printed);
}

void tst_Headless::runDataIsTheUsersAlone()
{
    // Issue 27: the run database, its -wal and -shm, the kept output and the workspace bases
    // were 0644 in 0755 folders, readable by every local user. An older version's leave them so
    // here; after one run everything is 0700 (folders) and 0600 (files), old and new alike.
    const QString data = m_dir->filePath(u".local/share/terrarium"_s);
    const QString config = m_dir->filePath(u"xdg/terrarium"_s);
    {
        Core::RunStore store;
        QVERIFY(store.open(data + u"/runs.sqlite"_s));
    }
    const QStringList oldFiles{data + u"/runs.sqlite"_s,
                               data + u"/runs.sqlite-wal"_s,
                               data + u"/runs.sqlite-shm"_s,
                               data + u"/spool/old/step-1.stdout"_s,
                               data + u"/workspace-bases/old.json"_s,
                               config + u"/terrarium.conf"_s};
    for (const QString &file : oldFiles) {
        QVERIFY(QDir().mkpath(QFileInfo(file).path()));
        QFile touch(file);
        QVERIFY(touch.open(QIODevice::Append));
        touch.close();
        QCOMPARE(::chmod(QFile::encodeName(file).constData(), 0644), 0);
    }
    const QStringList oldFolders{data, data + u"/spool"_s, data + u"/spool/old"_s,
                                 data + u"/workspace-bases"_s, config};
    for (const QString &folder : oldFolders)
        QCOMPARE(::chmod(QFile::encodeName(folder).constData(), 0755), 0);

    const LlmProvider provider = LlmProvider::ChatCompletions;
    m_server->enqueue(ScriptedTurns::plan(provider, {u"Say something"_s}));
    m_server->enqueue(ScriptedTurns::command(provider, u"echo private; echo also >&2; sleep 1"_s));
    const auto modeOf = [](const QString &path) {
        struct stat status = {};
        return ::lstat(QFile::encodeName(path).constData(), &status) == 0
            ? int(status.st_mode & 07777)
            : -1;
    };
    QProcess process;
    process.setProcessEnvironment(cleanEnvironment());
    process.start(binary(), runArguments(provider, u"say something"_s));
    // While the store is open: SQLite removes its -wal and -shm when the last user closes it.
    QVERIFY(waitForLine(process, u"step_output"_s));
    for (const QString &suffix : {u"-wal"_s, u"-shm"_s}) {
        const QString file = data + u"/runs.sqlite"_s + suffix;
        QVERIFY2(modeOf(file) == 0600, qPrintable(u"%1: %2"_s.arg(file).arg(modeOf(file), 0, 8)));
    }
    QVERIFY(waitForLine(process, u"workflow_complete"_s));
    QVERIFY(waitForExit(process, 10000));
    QCOMPARE(process.exitCode(), 0);
    // Looked at on disk, not through a RunStore, which would tighten what it opens.
    QStringList runs = QDir(data + u"/spool"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    runs.removeAll(u"old"_s);
    QCOMPARE(runs.size(), 1);
    const QString kept = data + u"/spool/"_s + runs.first();
    QStringList files = oldFiles;
    files.removeAll(data + u"/runs.sqlite-wal"_s);
    files.removeAll(data + u"/runs.sqlite-shm"_s);
    for (const QString &name : QDir(kept).entryList(QDir::Files))
        files << kept + u'/' + name;
    QCOMPARE(files.size(), oldFiles.size()); // less -wal and -shm, with step 1's stdout and stderr
    for (const QString &file : std::as_const(files))
        QVERIFY2(modeOf(file) == 0600, qPrintable(u"%1: %2"_s.arg(file).arg(modeOf(file), 0, 8)));
    QStringList folders = oldFolders;
    folders << kept << m_dir->filePath(u".cache/terrarium/spool"_s);
    for (const QString &folder : std::as_const(folders))
        QVERIFY2(modeOf(folder) == 0700,
                 qPrintable(u"%1: %2"_s.arg(folder).arg(modeOf(folder), 0, 8)));
}

QTEST_GUILESS_MAIN(tst_Headless)
#include "tst_headless.moc"
