#include "core/exec/ExecJob.h"
#include "core/terminal/TerminalSession.h"
#include "tests/vm/ProcessProbe.h"
#include "vm/HostExecJob.h"
#include "vm/HostSandbox.h"
#include "vm/SandboxJob.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

#include <limits>
#include <memory>

#include <signal.h>
#include <sys/stat.h>

using namespace Terrarium;
using namespace std::chrono_literals;
using State = Vm::Sandbox::State;

namespace {

// Everything a finished ExecJob produced.
struct Run
{
    QByteArray out;
    QByteArray err;
    QList<Core::OutputStream> chunkStreams;
    Core::Result<Core::ExecResult> result = std::unexpected(Core::Error{});
    bool finished = false;
    qint64 elapsedMs = 0;
};

// Connects to a job that exec() just returned; `run` must outlive the job.
void collect(Core::ExecJob *job, Run *run)
{
    QObject::connect(job, &Core::ExecJob::outputReceived, job,
                     [run](Core::OutputStream stream, const QByteArray &data) {
                         run->chunkStreams.append(stream);
                         (stream == Core::OutputStream::Stdout ? run->out : run->err) += data;
                     });
    QObject::connect(job, &Core::ExecJob::finished, job, [run, job] {
        run->finished = true;
        run->result = job->result();
    });
}

bool waitForRun(Run *run, int timeoutMs = 10000)
{
    QElapsedTimer clock;
    clock.start();
    const bool finished = QTest::qWaitFor([run] { return run->finished; }, timeoutMs);
    run->elapsedMs = clock.elapsed();
    return finished;
}

Core::Result<QByteArray> waitForJob(Vm::SandboxJob *job)
{
    if (!job->isFinished()) {
        QSignalSpy finished(job, &Vm::SandboxJob::finished);
        if (!finished.wait(5000))
            return Core::makeError(Core::ErrorCode::Timeout, QStringLiteral("job did not finish"));
    }
    return job->result();
}

QByteArray allBytes()
{
    QByteArray bytes;
    for (int i = 0; i < 256; ++i)
        bytes.append(char(i));
    return bytes;
}

qint64 readPid(const QString &file)
{
    QFile pidFile(file);
    if (!pidFile.open(QIODevice::ReadOnly))
        return 0;
    return pidFile.readAll().trimmed().toLongLong();
}

} // namespace

class tst_HostSandbox : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void constructorWarnsLoudly();
    void hasNoConsoleOfItsOwn();
    void startFailsWithoutWorkspace();
    void stdoutAndStderrAreSeparate();
    void exitCodes_data();
    void exitCodes();
    void killedBySignal_data();
    void killedBySignal();
    void outputIsByteExact_data();
    void outputIsByteExact();
    void largeOutputArrivesComplete();
    void durationIsMeasured();
    void workingDirectory_data();
    void workingDirectory();
    void workingDirectoryOutsideIsRefused_data();
    void workingDirectoryOutsideIsRefused();
    void commandsGetACleanEnvironment();
    void backgroundChildrenDoNotOutliveTheStep();
    void auditAfterTheCommand();
    void environment();
    void stdin_data();
    void stdin();
    void timeoutKillsGrandchildren();
    void cancelKillsGrandchildren();
    void termIgnoredThenKilled_data();
    void termIgnoredThenKilled();
    void cannotStart_data();
    void cannotStart();
    void workspaceRemovedAfterStart();
    void notRunningRefusesWork();
    void stopCancelsCommandsAndClosesTerminals();
    void ptyCommand();
    void ptyCommandStdin();
    void openPty();
    void facts();
    void factsFollowTheCommandsPath();
    void fileRoundTrip_data();
    void fileRoundTrip();
    void symlinksInsideAreFollowed();
    void fileAccessOutsideIsRefused_data();
    void fileAccessOutsideIsRefused();
    void readErrors();
    void snapshotIsRefused();

private:
    Vm::SandboxSpec spec(const QString &workspace) const;
    std::unique_ptr<Vm::HostSandbox> makeSandbox(const Vm::SandboxSpec &spec);
    Core::ExecJob *exec(const QString &command);
    QString workspace() const { return m_dir->path(); }
    QString inWorkspace(const QString &name) const { return m_dir->filePath(name); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QTemporaryDir> m_outside;
    std::unique_ptr<Vm::HostSandbox> m_sandbox;
};

Vm::SandboxSpec tst_HostSandbox::spec(const QString &workspace) const
{
    Vm::SandboxSpec spec;
    spec.name = QStringLiteral("tst-host");
    spec.workspace = workspace;
    spec.environment.insert(QStringLiteral("TERRARIUM_SPEC_VAR"), QStringLiteral("from-spec"));
    return spec;
}

std::unique_ptr<Vm::HostSandbox> tst_HostSandbox::makeSandbox(const Vm::SandboxSpec &spec)
{
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("UNCONFINED")));
    return std::make_unique<Vm::HostSandbox>(spec);
}

Core::ExecJob *tst_HostSandbox::exec(const QString &command)
{
    Core::ExecRequest request;
    request.command = command;
    return m_sandbox->exec(request);
}

void tst_HostSandbox::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_outside = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid() && m_outside->isValid());
    m_sandbox = makeSandbox(spec(workspace()));
    QSignalSpy states(m_sandbox.get(), &Vm::Sandbox::stateChanged);
    m_sandbox->start();
    QCOMPARE(m_sandbox->state(), State::Starting);
    QTRY_COMPARE(m_sandbox->state(), State::Running);
    QCOMPARE(states.size(), 2);
    QCOMPARE(states.at(1).at(0).value<State>(), State::Running);
}

void tst_HostSandbox::cleanup()
{
    m_sandbox.reset();
    QDir(workspace() + QStringLiteral("-sibling")).removeRecursively();
    m_dir.reset();
    m_outside.reset();
}

void tst_HostSandbox::constructorWarnsLoudly()
{
    // makeSandbox() fails the test if the warning is missing (ignoreMessage is strict).
    const auto sandbox = makeSandbox(spec(workspace()));
    QCOMPARE(sandbox->kind(), Vm::SandboxKind::Host);
    QCOMPARE(sandbox->state(), State::Stopped);
    QCOMPARE(sandbox->spec().workspace, workspace());
}

void tst_HostSandbox::hasNoConsoleOfItsOwn()
{
    const auto console = m_sandbox->openConsole();
    QVERIFY(!console);
    QVERIFY2(console.error().message.contains(QLatin1String("open a terminal")),
             qPrintable(console.error().message));
}

void tst_HostSandbox::startFailsWithoutWorkspace()
{
    for (const QString &missing :
         QStringList{workspace() + QStringLiteral("/missing"), QString()}) {
        const auto sandbox = makeSandbox(spec(missing));
        QSignalSpy failed(sandbox.get(), &Vm::Sandbox::failed);
        sandbox->start();
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("failed")));
        QVERIFY(failed.wait(2000));
        QCOMPARE(sandbox->state(), State::Failed);
        const auto error = failed.at(0).at(0).value<Core::Error>();
        QCOMPARE(error.code, Core::ErrorCode::SandboxError);
        QVERIFY(!error.message.isEmpty());
    }
}

void tst_HostSandbox::stdoutAndStderrAreSeparate()
{
    Run run;
    collect(exec(QStringLiteral("echo out1; echo err1 >&2; echo out2; echo err2 >&2")), &run);
    QVERIFY(waitForRun(&run));
    QVERIFY(run.result);
    QCOMPARE(run.out, QByteArray("out1\nout2\n"));
    QCOMPARE(run.err, QByteArray("err1\nerr2\n"));
    QVERIFY(run.chunkStreams.contains(Core::OutputStream::Stdout));
    QVERIFY(run.chunkStreams.contains(Core::OutputStream::Stderr));
    QVERIFY(run.result->succeeded());
}

void tst_HostSandbox::exitCodes_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QStringList>("argv");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("exit 0") << QStringLiteral("exit 0") << QStringList() << 0;
    QTest::newRow("exit 1") << QStringLiteral("exit 1") << QStringList() << 1;
    QTest::newRow("exit 42") << QStringLiteral("exit 42") << QStringList() << 42;
    QTest::newRow("argv true") << QString() << QStringList{QStringLiteral("true")} << 0;
    QTest::newRow("argv sh exit 7")
        << QString()
        << QStringList{QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("exit 7")} << 7;
}

void tst_HostSandbox::exitCodes()
{
    QFETCH(QString, command);
    QFETCH(QStringList, argv);
    QFETCH(int, exitCode);
    Core::ExecRequest request;
    request.command = command;
    request.argv = argv;
    Run run;
    collect(m_sandbox->exec(request), &run);
    QVERIFY(waitForRun(&run));
    QVERIFY(run.result);
    QCOMPARE(run.result->exitCode, exitCode);
    QCOMPARE(run.result->signal, 0);
    QVERIFY(!run.result->timedOut);
    QVERIFY(!run.result->cancelled);
    QCOMPARE(run.result->succeeded(), exitCode == 0);
}

void tst_HostSandbox::killedBySignal_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("signal");
    QTest::newRow("TERM") << QStringLiteral("kill -TERM $$") << int(SIGTERM);
    QTest::newRow("KILL") << QStringLiteral("kill -KILL $$") << int(SIGKILL);
    QTest::newRow("HUP") << QStringLiteral("kill -HUP $$") << int(SIGHUP);
}

void tst_HostSandbox::killedBySignal()
{
    QFETCH(QString, command);
    QFETCH(int, signal);
    Run run;
    collect(exec(command), &run);
    QVERIFY(waitForRun(&run));
    QVERIFY(run.result);
    QCOMPARE(run.result->signal, signal);
    QCOMPARE(run.result->exitCode, -1);
    QVERIFY(!run.result->timedOut);
    QVERIFY(!run.result->cancelled);
    QVERIFY(!run.result->succeeded());
}

void tst_HostSandbox::outputIsByteExact_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QByteArray>("expectedOut");
    QTest::addColumn<QByteArray>("expectedErr");
    const QByteArray unicode = QStringLiteral("héllo wörld ✓ 🌍 日本語\n").toUtf8();
    QTest::newRow("unicode") << QStringLiteral("printf '%s' 'héllo wörld ✓ 🌍 日本語\n'") << unicode
                             << QByteArray();
    QTest::newRow("no trailing newline")
        << QStringLiteral("printf abc") << QByteArray("abc") << QByteArray();
    QTest::newRow("NUL and high bytes via printf") << QStringLiteral("printf 'a\\000b\\377\\r\\n'")
                                                   << QByteArray("a\0b\xff\r\n", 6) << QByteArray();
    QTest::newRow("all 256 bytes on stdout")
        << QStringLiteral("cat bytes.bin") << allBytes() << QByteArray();
    QTest::newRow("all 256 bytes on stderr")
        << QStringLiteral("cat bytes.bin >&2") << QByteArray() << allBytes();
}

void tst_HostSandbox::outputIsByteExact()
{
    QFETCH(QString, command);
    QFETCH(QByteArray, expectedOut);
    QFETCH(QByteArray, expectedErr);
    QFile bytes(inWorkspace(QStringLiteral("bytes.bin")));
    QVERIFY(bytes.open(QIODevice::WriteOnly));
    bytes.write(allBytes());
    bytes.close();

    Run run;
    collect(exec(command), &run);
    QVERIFY(waitForRun(&run));
    QVERIFY(run.result);
    QCOMPARE(run.result->exitCode, 0);
    QCOMPARE(run.out, expectedOut);
    QCOMPARE(run.err, expectedErr);
}

void tst_HostSandbox::largeOutputArrivesComplete()
{
    const QByteArray line = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\n";
    const qsizetype outSize = 20'000'000;
    const qsizetype errSize = 5'000'000;
    QByteArray expectedOut = line.repeated(outSize / line.size() + 1);
    expectedOut.truncate(outSize);
    QByteArray expectedErr = QByteArray("err\n").repeated(errSize / 4);

    // Both streams at once, so neither pipe may block the other.
    Run run;
    collect(exec(QStringLiteral("yes err | head -c %1 >&2 & yes %2 | head -c %3; wait")
                     .arg(errSize)
                     .arg(QString::fromLatin1(line.trimmed()))
                     .arg(outSize)),
            &run);
    QVERIFY(waitForRun(&run, 60000));
    QVERIFY(run.result);
    QCOMPARE(run.result->exitCode, 0);
    QCOMPARE(run.out.size(), expectedOut.size());
    QCOMPARE(run.err.size(), expectedErr.size());
    QVERIFY(run.out == expectedOut);
    QVERIFY(run.err == expectedErr);
}

void tst_HostSandbox::durationIsMeasured()
{
    Run run;
    collect(exec(QStringLiteral("sleep 0.3")), &run);
    QVERIFY(waitForRun(&run));
    QVERIFY(run.result);
    QVERIFY2(run.result->durationMs >= 300, QByteArray::number(run.result->durationMs));
    QVERIFY2(run.result->durationMs < 5000, QByteArray::number(run.result->durationMs));
}

void tst_HostSandbox::workingDirectory_data()
{
    QTest::addColumn<QString>("requested");
    QTest::addColumn<QString>("expected"); // relative to the workspace unless absolute
    QTest::newRow("default: the workspace") << QString() << QString();
    QTest::newRow("relative to the workspace")
        << QStringLiteral("sub/dir") << QStringLiteral("sub/dir");
    QTest::newRow("absolute, inside") << QStringLiteral("<workspace>/sub") << QStringLiteral("sub");
    QTest::newRow("climbs out and back in")
        << QStringLiteral("sub/../sub/dir") << QStringLiteral("sub/dir");
}

void tst_HostSandbox::workingDirectory()
{
    QFETCH(QString, requested);
    QFETCH(QString, expected);
    requested.replace(QStringLiteral("<workspace>"), workspace());
    QVERIFY(QDir(workspace()).mkpath(QStringLiteral("sub/dir")));

    Core::ExecRequest request;
    request.command = QStringLiteral("pwd -P");
    request.workingDirectory = requested;
    Run run;
    collect(m_sandbox->exec(request), &run);
    QVERIFY(waitForRun(&run));
    QVERIFY(run.result);
    QCOMPARE(run.result->exitCode, 0);
    const QString expectedPath =
        QFileInfo(QDir(workspace()).filePath(expected)).canonicalFilePath();
    QCOMPARE(QString::fromLocal8Bit(run.out.trimmed()), expectedPath);
}

void tst_HostSandbox::workingDirectoryOutsideIsRefused_data()
{
    QTest::addColumn<QString>("requested");
    QTest::newRow("absolute, outside") << QStringLiteral("<outside>");
    QTest::newRow("relative, climbing out") << QStringLiteral("..");
    QTest::newRow("a link to outside") << QStringLiteral("link-out");
    QTest::newRow("root") << QStringLiteral("/");
}

void tst_HostSandbox::workingDirectoryOutsideIsRefused()
{
    QFETCH(QString, requested);
    requested.replace(QStringLiteral("<outside>"), m_outside->path());
    QVERIFY(QFile::link(m_outside->path(), inWorkspace(QStringLiteral("link-out"))));
    for (const bool pty : {false, true}) {
        Core::ExecRequest request;
        request.command = QStringLiteral("touch escaped");
        request.workingDirectory = requested;
        request.pty = pty;
        Run run;
        collect(m_sandbox->exec(request), &run);
        QVERIFY(waitForRun(&run));
        QVERIFY(!run.result);
        QCOMPARE(run.result.error().code, Core::ErrorCode::PermissionDenied);
        QVERIFY2(run.result.error().message.contains(QStringLiteral("outside the workspace")),
                 qPrintable(run.result.error().message));
    }
    Vm::PtyRequest terminal;
    terminal.workingDirectory = requested;
    QVERIFY(!m_sandbox->openPty(terminal));
    QVERIFY(!QFile::exists(m_outside->filePath(QStringLiteral("escaped"))));
}

void tst_HostSandbox::commandsGetACleanEnvironment()
{
    // What a desktop session typically holds: keys, tokens, the keyring's and agents' sockets.
    const QList<std::pair<const char *, QByteArray>> secrets = {
        {"TERRARIUM_API_KEY", "sk-terrarium-secret-1"},
        {"OPENAI_API_KEY", "sk-openai-secret-2"},
        {"ANTHROPIC_API_KEY", "sk-ant-secret-3"},
        {"GITHUB_TOKEN", "ghp_secret4"},
        {"DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus-secret5"},
        {"SSH_AUTH_SOCK", "/tmp/ssh-secret6/agent.1"},
        {"https_proxy", "http://user:secret7@proxy.example:3128"},
        {"LD_PRELOAD", "/tmp/secret8.so"},
    };
    for (const auto &[name, value] : secrets)
        qputenv(name, value);
    auto restore = qScopeGuard([&secrets] {
        for (const auto &entry : secrets)
            qunsetenv(entry.first);
    });
    for (const bool pty : {false, true}) {
        Core::ExecRequest request;
        request.command = QStringLiteral("env");
        request.pty = pty;
        Run run;
        collect(m_sandbox->exec(request), &run);
        QVERIFY(waitForRun(&run));
        QVERIFY(run.result);
        QCOMPARE(run.result->exitCode, 0);
        QVERIFY2(!run.out.contains("secret"), run.out.constData());
        QVERIFY2(run.out.contains("\nHOME=") || run.out.startsWith("HOME="), run.out.constData());
        QVERIFY2(run.out.contains("PATH="), run.out.constData());
        QVERIFY2(run.out.contains("TERRARIUM_SPEC_VAR=from-spec"), run.out.constData());
    }
    // Terminals too.
    Vm::PtyRequest terminal;
    terminal.command = QStringLiteral("env; exit 0");
    const auto session = m_sandbox->openPty(terminal);
    QVERIFY(session);
    QByteArray screen;
    connect(*session, &Core::TerminalSession::received, this,
            [&screen](const QByteArray &data) { screen += data; });
    QSignalSpy finished(*session, &Core::TerminalSession::finished);
    QVERIFY(finished.wait(5000));
    QVERIFY2(screen.contains("PATH="), screen.constData());
    QVERIFY2(!screen.contains("secret"), screen.constData());
}

void tst_HostSandbox::backgroundChildrenDoNotOutliveTheStep()
{
    Run run;
    collect(exec(QStringLiteral("sleep 100 > /dev/null 2>&1 & echo $! > bg.pid; echo done")), &run);
    QVERIFY(waitForRun(&run));
    QVERIFY(run.result);
    QCOMPARE(run.result->exitCode, 0);
    QCOMPARE(run.out, QByteArray("done\n"));
    QVERIFY2(run.err.contains("background"), run.err.constData());
    const qint64 background = readPid(inWorkspace(QStringLiteral("bg.pid")));
    QVERIFY(background > 0);
    QTRY_VERIFY_WITH_TIMEOUT(Tests::isProcessGone(background), 2000);

    // A step that leaves nothing behind says nothing about it.
    Run quiet;
    collect(exec(QStringLiteral("echo hi")), &quiet);
    QVERIFY(waitForRun(&quiet));
    QVERIFY(quiet.err.isEmpty());
}

void tst_HostSandbox::auditAfterTheCommand()
{
    // An old hook the user has: not this step's doing, not reported.
    QVERIFY(QDir(workspace()).mkpath(QStringLiteral(".git/hooks")));
    QFile oldHook(inWorkspace(QStringLiteral(".git/hooks/post-merge")));
    QVERIFY(oldHook.open(QIODevice::WriteOnly));
    oldHook.close();
    QTest::qWait(1100); // file times are as coarse as the kernel's tick; be clearly before

    Core::ExecRequest request;
    request.command = QStringLiteral("printf '#!/bin/sh\\n' > tool && chmod 4755 tool && "
                                     "echo 'curl x | sh' > .git/hooks/pre-commit && "
                                     "echo 'export A=1' > .envrc");
    request.auditDirectory = workspace();
    Run run;
    collect(m_sandbox->exec(request), &run);
    QVERIFY(waitForRun(&run));
    QVERIFY2(run.result, qPrintable(run.result ? QString() : run.result.error().message));
    QCOMPARE(run.result->exitCode, 0);
    QCOMPARE(run.result->setidCleared, QStringList{QStringLiteral("tool")});
    QStringList autorun = run.result->autorunChanged;
    autorun.sort();
    QCOMPARE(autorun,
             (QStringList{QStringLiteral(".envrc"), QStringLiteral(".git/hooks/pre-commit")}));
    struct stat info
    {
    };
    QCOMPARE(::stat(QFile::encodeName(inWorkspace(QStringLiteral("tool"))).constData(), &info), 0);
    QCOMPARE(info.st_mode & (S_ISUID | S_ISGID), 0u);

    // Outside the workspace nothing is audited (or changed).
    request.command = QStringLiteral("true");
    request.auditDirectory = m_outside->path();
    Run outside;
    collect(m_sandbox->exec(request), &outside);
    QVERIFY(waitForRun(&outside));
    QVERIFY(!outside.result);
    QCOMPARE(outside.result.error().code, Core::ErrorCode::PermissionDenied);
}

void tst_HostSandbox::environment()
{
    Core::ExecRequest request;
    request.command = QStringLiteral("printf '%s|%s|%s|%s' \"$TERRARIUM_SPEC_VAR\" \"$FOO\" "
                                     "\"$TERRARIUM_OVERRIDDEN\" \"$HOME\"");
    request.environment.insert(QStringLiteral("FOO"), QStringLiteral("bar baz ✓"));
    Run run;
    collect(m_sandbox->exec(request), &run);
    QVERIFY(waitForRun(&run));
    QVERIFY(run.result);
    QCOMPARE(QString::fromUtf8(run.out),
             QStringLiteral("from-spec|bar baz ✓||%1").arg(qEnvironmentVariable("HOME")));

    // The request's environment wins over the spec's.
    request.command = QStringLiteral("printf '%s' \"$TERRARIUM_SPEC_VAR\"");
    request.environment.insert(QStringLiteral("TERRARIUM_SPEC_VAR"),
                               QStringLiteral("from-request"));
    Run overridden;
    collect(m_sandbox->exec(request), &overridden);
    QVERIFY(waitForRun(&overridden));
    QCOMPARE(overridden.out, QByteArray("from-request"));
}

void tst_HostSandbox::stdin_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<bool>("close");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("cat echoes until EOF") << QStringLiteral("cat") << QByteArray("hello\nworld\n")
                                          << true << QByteArray("hello\nworld\n");
    QTest::newRow("read one line, stdin left open")
        << QStringLiteral("read x; echo got:$x") << QByteArray("abc\n") << false
        << QByteArray("got:abc\n");
    QTest::newRow("close without input is EOF")
        << QStringLiteral("cat; echo eof") << QByteArray() << true << QByteArray("eof\n");
    QTest::newRow("binary through cat")
        << QStringLiteral("cat") << allBytes() << true << allBytes();
    QTest::newRow("1 MiB through wc")
        << QStringLiteral("wc -c") << QByteArray(1 << 20, 'x') << true << QByteArray("1048576\n");
}

void tst_HostSandbox::stdin()
{
    QFETCH(QString, command);
    QFETCH(QByteArray, input);
    QFETCH(bool, close);
    QFETCH(QByteArray, expected);
    Core::ExecJob *job = exec(command);
    Run run;
    collect(job, &run);
    if (!input.isEmpty())
        job->writeStdin(input);
    if (close)
        job->closeStdin();
    QVERIFY(waitForRun(&run));
    QVERIFY(run.result);
    QCOMPARE(run.result->exitCode, 0);
    QCOMPARE(run.out, expected);
}

void tst_HostSandbox::timeoutKillsGrandchildren()
{
    Core::ExecRequest request;
    request.command = QStringLiteral("sleep 100 & echo $! > grandchild.pid; sleep 100");
    request.timeout = 500ms;
    Run run;
    collect(m_sandbox->exec(request), &run);
    QVERIFY(waitForRun(&run, 5000));
    QVERIFY(run.result);
    QVERIFY(run.result->timedOut);
    QVERIFY(!run.result->cancelled);
    QCOMPARE(run.result->signal, int(SIGTERM));
    QCOMPARE(run.result->exitCode, -1);
    QVERIFY2(run.elapsedMs < 1500, QByteArray::number(run.elapsedMs)); // no grace period needed
    QVERIFY(run.result->durationMs >= 500);
    const qint64 grandchild = readPid(inWorkspace(QStringLiteral("grandchild.pid")));
    QVERIFY(grandchild > 0);
    QVERIFY(Tests::isProcessGone(grandchild)); // gone before the job finished
}

void tst_HostSandbox::cancelKillsGrandchildren()
{
    Run run;
    Core::ExecJob *job =
        exec(QStringLiteral("sleep 100 & echo $! > grandchild.pid; echo started; sleep 100"));
    collect(job, &run);
    QTRY_VERIFY(run.out.contains("started"));
    const qint64 grandchild = readPid(inWorkspace(QStringLiteral("grandchild.pid")));
    QVERIFY(grandchild > 0);
    QVERIFY(!Tests::isProcessGone(grandchild));

    job->cancel();
    QVERIFY(waitForRun(&run, 5000));
    QVERIFY2(run.elapsedMs < 1500, QByteArray::number(run.elapsedMs));
    QVERIFY(run.result);
    QVERIFY(run.result->cancelled);
    QVERIFY(!run.result->timedOut);
    QVERIFY(!run.result->succeeded());
    QCOMPARE(run.result->signal, int(SIGTERM));
    QVERIFY(Tests::isProcessGone(grandchild));
    job->cancel(); // after the end: nothing happens
    QVERIFY(job->result()->cancelled);
}

void tst_HostSandbox::termIgnoredThenKilled_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("leaderSignal");
    // Ignored signals stay ignored across exec, so both sleeps ignore SIGTERM too.
    QTest::newRow("the command ignores SIGTERM")
        << QStringLiteral("trap '' TERM; sleep 100 & echo $! > grandchild.pid; sleep 100")
        << int(SIGKILL);
    QTest::newRow("only the grandchild ignores SIGTERM")
        << QStringLiteral("(trap '' TERM; exec sleep 100) & echo $! > grandchild.pid; sleep 100")
        << int(SIGTERM);
}

void tst_HostSandbox::termIgnoredThenKilled()
{
    QFETCH(QString, command);
    QFETCH(int, leaderSignal);
    Run run;
    Core::ExecJob *job = exec(command);
    collect(job, &run);
    QTRY_VERIFY(readPid(inWorkspace(QStringLiteral("grandchild.pid"))) > 0);
    const qint64 grandchild = readPid(inWorkspace(QStringLiteral("grandchild.pid")));
    QTest::qWait(100); // let the subshell reach its trap

    job->cancel();
    QVERIFY(waitForRun(&run, 10000));
    const qint64 grace = Vm::HostExecJob::killGracePeriod.count();
    QVERIFY2(run.elapsedMs >= grace - 100 && run.elapsedMs < grace + 2000,
             QByteArray::number(run.elapsedMs));
    QVERIFY(run.result);
    QVERIFY(run.result->cancelled);
    QCOMPARE(run.result->signal, leaderSignal);
    QTRY_VERIFY_WITH_TIMEOUT(Tests::isProcessGone(grandchild), 1000);
}

void tst_HostSandbox::cannotStart_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QStringList>("argv");
    QTest::addColumn<QString>("workingDirectory");
    QTest::addColumn<bool>("pty");
    QTest::newRow("program path does not exist")
        << QString() << QStringList{QStringLiteral("/nonexistent/program")} << QString() << false;
    QTest::newRow("program not on the PATH")
        << QString() << QStringList{QStringLiteral("terrarium-no-such-program")} << QString()
        << false;
    QTest::newRow("program not executable")
        << QString() << QStringList{QStringLiteral("./bytes.bin")} << QString() << false;
    QTest::newRow("working directory does not exist")
        << QStringLiteral("true") << QStringList() << QStringLiteral("does/not/exist") << false;
    QTest::newRow("on a pty: program does not exist")
        << QString() << QStringList{QStringLiteral("/nonexistent/program")} << QString() << true;
    QTest::newRow("on a pty: working directory does not exist")
        << QStringLiteral("true") << QStringList() << QStringLiteral("does/not/exist") << true;
}

void tst_HostSandbox::cannotStart()
{
    QFETCH(QString, command);
    QFETCH(QStringList, argv);
    QFETCH(QString, workingDirectory);
    QFETCH(bool, pty);
    QFile bytes(inWorkspace(QStringLiteral("bytes.bin")));
    QVERIFY(bytes.open(QIODevice::WriteOnly));
    bytes.close();

    Core::ExecRequest request;
    request.command = command;
    request.argv = argv;
    request.workingDirectory = workingDirectory;
    request.pty = pty;
    Core::ExecJob *job = m_sandbox->exec(request);
    QVERIFY(job);
    QVERIFY(!job->isFinished()); // reported from the event loop, after we connect
    Run run;
    collect(job, &run);
    QVERIFY(waitForRun(&run));
    QVERIFY(!run.result);
    QCOMPARE(run.result.error().code, Core::ErrorCode::SandboxError);
    QVERIFY(!run.result.error().message.isEmpty());
}

void tst_HostSandbox::workspaceRemovedAfterStart()
{
    QVERIFY(m_dir->remove());
    Run run;
    collect(exec(QStringLiteral("true")), &run);
    QVERIFY(waitForRun(&run));
    QVERIFY(!run.result);
    QCOMPARE(run.result.error().code, Core::ErrorCode::SandboxError);
    QVERIFY(run.result.error().message.contains(workspace()));
}

void tst_HostSandbox::notRunningRefusesWork()
{
    const auto sandbox = makeSandbox(spec(workspace()));
    Core::ExecRequest request;
    request.command = QStringLiteral("touch should-not-exist");
    Run run;
    collect(sandbox->exec(request), &run);
    QVERIFY(waitForRun(&run));
    QVERIFY(!run.result);
    QCOMPARE(run.result.error().code, Core::ErrorCode::SandboxError);
    QVERIFY(!QFile::exists(inWorkspace(QStringLiteral("should-not-exist"))));

    const auto pty = sandbox->openPty({});
    QVERIFY(!pty);
    QCOMPARE(pty.error().code, Core::ErrorCode::SandboxError);
    const auto read = waitForJob(sandbox->readFile(QStringLiteral("x"), 10));
    QVERIFY(!read);
    QCOMPARE(read.error().code, Core::ErrorCode::SandboxError);
    const auto written = waitForJob(sandbox->writeFile(QStringLiteral("x"), "data"));
    QVERIFY(!written);
    QVERIFY(!QFile::exists(inWorkspace(QStringLiteral("x"))));
}

void tst_HostSandbox::stopCancelsCommandsAndClosesTerminals()
{
    Run run;
    collect(exec(QStringLiteral("sleep 100 & echo $! > grandchild.pid; echo started; sleep 100")),
            &run);
    QTRY_VERIFY(run.out.contains("started"));
    const qint64 grandchild = readPid(inWorkspace(QStringLiteral("grandchild.pid")));
    Vm::PtyRequest ptyRequest;
    ptyRequest.argv = QStringList{QStringLiteral("sleep"), QStringLiteral("100")};
    const auto session = m_sandbox->openPty(ptyRequest);
    QVERIFY(session);
    QSignalSpy sessionFinished(*session, &Core::TerminalSession::finished);

    QSignalSpy states(m_sandbox.get(), &Vm::Sandbox::stateChanged);
    m_sandbox->stop();
    QCOMPARE(m_sandbox->state(), State::Stopping);
    QTRY_COMPARE(m_sandbox->state(), State::Stopped);
    QCOMPARE(states.size(), 2);
    QVERIFY(run.finished);
    QVERIFY(run.result && run.result->cancelled);
    QVERIFY(Tests::isProcessGone(grandchild));
    QCOMPARE(sessionFinished.size(), 1);

    Run after;
    collect(exec(QStringLiteral("true")), &after);
    QVERIFY(waitForRun(&after));
    QVERIFY(!after.result);

    // And it can be started again.
    m_sandbox->start();
    QTRY_COMPARE(m_sandbox->state(), State::Running);
    m_sandbox->destroy();
    QTRY_COMPARE(m_sandbox->state(), State::Stopped);
    QVERIFY(QFileInfo(workspace()).isDir()); // the workspace is the user's
}

void tst_HostSandbox::ptyCommand()
{
    Core::ExecRequest request;
    request.command = QStringLiteral("tty; [ -t 0 ] && echo stdin-is-a-tty; echo to-stderr >&2");
    request.pty = true;
    Run run;
    collect(m_sandbox->exec(request), &run);
    QVERIFY(waitForRun(&run));
    QVERIFY(run.result);
    QCOMPARE(run.result->exitCode, 0);
    QVERIFY2(QRegularExpression(QStringLiteral("^/dev/pts/\\d+\\r\\n"))
                 .match(QString::fromUtf8(run.out))
                 .hasMatch(),
             run.out);
    QVERIFY(run.out.contains("stdin-is-a-tty\r\n"));
    QVERIFY(run.out.contains("to-stderr\r\n")); // a terminal merges the streams
    QVERIFY(run.err.isEmpty());
}

void tst_HostSandbox::ptyCommandStdin()
{
    Core::ExecRequest request;
    request.command = QStringLiteral("read x; echo got:$x; cat; echo after-eof");
    request.pty = true;
    Core::ExecJob *job = m_sandbox->exec(request);
    Run run;
    collect(job, &run);
    job->writeStdin("abc\n");
    QTRY_VERIFY(run.out.contains("got:abc"));
    job->closeStdin();
    QVERIFY(waitForRun(&run));
    QVERIFY(run.result);
    QCOMPARE(run.result->exitCode, 0);
    QVERIFY(run.out.contains("after-eof"));

    // Timeout on a pty reaches the whole group as well.
    request.command = QStringLiteral("sleep 100 & echo $! > pty-grandchild.pid; sleep 100");
    request.timeout = 300ms;
    Run timedOut;
    collect(m_sandbox->exec(request), &timedOut);
    QVERIFY(waitForRun(&timedOut, 5000));
    QVERIFY(timedOut.result && timedOut.result->timedOut);
    QCOMPARE(timedOut.result->signal, int(SIGTERM));
    const qint64 grandchild = readPid(inWorkspace(QStringLiteral("pty-grandchild.pid")));
    QVERIFY(grandchild > 0);
    QTRY_VERIFY_WITH_TIMEOUT(Tests::isProcessGone(grandchild), 1000);
}

void tst_HostSandbox::openPty()
{
    Vm::PtyRequest request;
    request.command =
        QStringLiteral("pwd -P; echo \"$TERRARIUM_SPEC_VAR $TERM $EXTRA\"; stty size");
    request.environment.insert(QStringLiteral("EXTRA"), QStringLiteral("extra"));
    request.columns = 101;
    request.rows = 33;
    const auto session = m_sandbox->openPty(request);
    QVERIFY(session);
    QCOMPARE((*session)->parent(), m_sandbox.get());
    QVERIFY((*session)->isOpen());
    QByteArray output;
    connect(*session, &Core::TerminalSession::received, this,
            [&output](const QByteArray &data) { output += data; });
    QSignalSpy finished(*session, &Core::TerminalSession::finished);
    QVERIFY(finished.wait(5000));
    QCOMPARE(finished.at(0).at(0).toInt(), 0);
    const QString canonical = QFileInfo(workspace()).canonicalFilePath();
    QCOMPARE(QString::fromUtf8(output),
             QStringLiteral("%1\r\nfrom-spec xterm-256color extra\r\n33 101\r\n").arg(canonical));
}

void tst_HostSandbox::facts()
{
    const Core::SandboxFacts facts = m_sandbox->facts();
    QCOMPARE(facts.kind, QStringLiteral("host"));
    QCOMPARE(facts.workingDirectory, QDir::cleanPath(workspace()));
    QCOMPARE(facts.arch, QSysInfo::currentCpuArchitecture());
    QVERIFY(!facts.arch.isEmpty());
    QVERIFY(QFileInfo(facts.shell).isExecutable());
    QCOMPARE(QFileInfo(facts.shell).fileName(), QStringLiteral("bash"));

    QFile osRelease(QStringLiteral("/etc/os-release"));
    QVERIFY(osRelease.open(QIODevice::ReadOnly));
    const QString osReleaseText = QString::fromUtf8(osRelease.readAll());
    QVERIFY(!facts.os.isEmpty());
    QVERIFY2(osReleaseText.contains(QStringLiteral("PRETTY_NAME=\"%1\"").arg(facts.os))
                 || osReleaseText.contains(QStringLiteral("PRETTY_NAME=%1\n").arg(facts.os)),
             qPrintable(facts.os));

    QProcess id;
    id.start(QStringLiteral("id"), {QStringLiteral("-un")});
    QVERIFY(id.waitForFinished());
    QCOMPARE(facts.user, QString::fromLocal8Bit(id.readAllStandardOutput().trimmed()));

    QVERIFY(facts.tools.contains(QStringLiteral("bash")));
    QVERIFY(facts.tools.contains(QStringLiteral("sh")));
    const QStringList known = {
        QStringLiteral("bash"), QStringLiteral("sh"),   QStringLiteral("python3"),
        QStringLiteral("pip3"), QStringLiteral("git"),  QStringLiteral("curl"),
        QStringLiteral("wget"), QStringLiteral("make"), QStringLiteral("gcc"),
        QStringLiteral("node"), QStringLiteral("npm"),  QStringLiteral("apt-get")};
    for (const QString &tool : known)
        QCOMPARE(facts.tools.contains(tool), !QStandardPaths::findExecutable(tool).isEmpty());
}

void tst_HostSandbox::factsFollowTheCommandsPath()
{
    // The tools are looked up on the PATH the commands get, which the spec may set.
    QVERIFY(QDir(m_outside->path()).mkpath(QStringLiteral("bin")));
    QFile git(m_outside->filePath(QStringLiteral("bin/git")));
    QVERIFY(git.open(QIODevice::WriteOnly));
    git.write("#!/bin/sh\n");
    git.close();
    QVERIFY(git.setPermissions(git.permissions() | QFileDevice::ExeOwner));
    QFile notExecutable(m_outside->filePath(QStringLiteral("bin/curl")));
    QVERIFY(notExecutable.open(QIODevice::WriteOnly));
    notExecutable.close();

    Vm::SandboxSpec custom = spec(workspace());
    custom.environment.insert(QStringLiteral("PATH"), m_outside->filePath(QStringLiteral("bin")));
    const auto sandbox = makeSandbox(custom);
    QCOMPARE(sandbox->facts().tools, QStringList{QStringLiteral("git")});

    custom.environment.insert(QStringLiteral("PATH"), QString());
    QCOMPARE(makeSandbox(custom)->facts().tools, QStringList());
}

void tst_HostSandbox::fileRoundTrip_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("onDisk"); // relative to the workspace
    QTest::addColumn<QByteArray>("data");
    QTest::newRow("relative") << QStringLiteral("notes.txt") << QStringLiteral("notes.txt")
                              << QByteArray("some notes\n");
    QTest::newRow("creates parent directories")
        << QStringLiteral("a/b/c.txt") << QStringLiteral("a/b/c.txt") << QByteArray("deep");
    QTest::newRow("absolute inside")
        << QStringLiteral("<ws>/abs.txt") << QStringLiteral("abs.txt") << QByteArray("absolute");
    QTest::newRow("dot segments that stay inside")
        << QStringLiteral("./x/../y.txt") << QStringLiteral("y.txt") << QByteArray("dots");
    QTest::newRow("binary") << QStringLiteral("bytes.bin") << QStringLiteral("bytes.bin")
                            << allBytes();
    QTest::newRow("empty") << QStringLiteral("empty") << QStringLiteral("empty") << QByteArray();
    QTest::newRow("unicode name") << QStringLiteral("dïr/ファイル.txt")
                                  << QStringLiteral("dïr/ファイル.txt") << QByteArray("ünï");
}

void tst_HostSandbox::fileRoundTrip()
{
    QFETCH(QString, path);
    QFETCH(QString, onDisk);
    QFETCH(QByteArray, data);
    path.replace(QStringLiteral("<ws>"), workspace());

    Vm::SandboxJob *write = m_sandbox->writeFile(path, data);
    QVERIFY(!write->isFinished());
    const auto written = waitForJob(write);
    QVERIFY2(written, qPrintable(written ? QString() : written.error().message));
    QFile file(inWorkspace(onDisk));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), data);
    file.close();

    const auto read = waitForJob(m_sandbox->readFile(path, 1 << 20));
    QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
    QCOMPARE(*read, data);

    // Overwriting with less truncates, in place.
    QVERIFY(waitForJob(m_sandbox->writeFile(path, "1")));
    QCOMPARE(waitForJob(m_sandbox->readFile(path, 10)).value_or("failed"), QByteArray("1"));
}

void tst_HostSandbox::symlinksInsideAreFollowed()
{
    QVERIFY(QDir(workspace()).mkpath(QStringLiteral("sub")));
    QFile real(inWorkspace(QStringLiteral("sub/real.txt")));
    QVERIFY(real.open(QIODevice::WriteOnly));
    real.write("real");
    real.close();
    QVERIFY(QFile::link(QStringLiteral("sub/real.txt"), inWorkspace(QStringLiteral("rel-link"))));
    QVERIFY(QFile::link(inWorkspace(QStringLiteral("sub/real.txt")),
                        inWorkspace(QStringLiteral("abs-link"))));
    QVERIFY(
        QFile::link(inWorkspace(QStringLiteral("sub")), inWorkspace(QStringLiteral("dir-link"))));

    for (const QString &path : {QStringLiteral("rel-link"), QStringLiteral("abs-link"),
                                QStringLiteral("dir-link/real.txt")}) {
        const auto read = waitForJob(m_sandbox->readFile(path, 100));
        QVERIFY2(read, qPrintable(path));
        QCOMPARE(*read, QByteArray("real"));
    }
    QVERIFY(waitForJob(m_sandbox->writeFile(QStringLiteral("abs-link"), "via absolute link")));
    QVERIFY(waitForJob(m_sandbox->writeFile(QStringLiteral("dir-link/new/file.txt"), "new")));
    QVERIFY(real.open(QIODevice::ReadOnly));
    QCOMPARE(real.readAll(), QByteArray("via absolute link"));
    QVERIFY(QFileInfo(inWorkspace(QStringLiteral("abs-link"))).isSymLink());
    QVERIFY(QFile::exists(inWorkspace(QStringLiteral("sub/new/file.txt"))));
}

void tst_HostSandbox::fileAccessOutsideIsRefused_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("outsideFile"); // what must stay untouched, relative to <out>
    QTest::newRow("dot-dot") << QStringLiteral("../<outname>/secret.txt")
                             << QStringLiteral("secret.txt");
    QTest::newRow("dot-dot to a new file")
        << QStringLiteral("../<outname>/new.txt") << QStringLiteral("new.txt");
    QTest::newRow("absolute outside")
        << QStringLiteral("<out>/secret.txt") << QStringLiteral("secret.txt");
    QTest::newRow("absolute, leaving again")
        << QStringLiteral("<ws>/../<outname>/secret.txt") << QStringLiteral("secret.txt");
    QTest::newRow("sibling sharing the prefix")
        << QStringLiteral("<ws>-sibling/secret.txt") << QString();
    QTest::newRow("symlink to a file outside")
        << QStringLiteral("file-link") << QStringLiteral("secret.txt");
    QTest::newRow("relative symlink leaving")
        << QStringLiteral("relative-link") << QStringLiteral("secret.txt");
    QTest::newRow("through a symlinked directory")
        << QStringLiteral("dir-link/secret.txt") << QStringLiteral("secret.txt");
    QTest::newRow("new file in a symlinked directory")
        << QStringLiteral("dir-link/sub/new.txt") << QStringLiteral("sub/new.txt");
    QTest::newRow("dangling symlink pointing outside")
        << QStringLiteral("dangling-link") << QStringLiteral("created-through-link.txt");
}

void tst_HostSandbox::fileAccessOutsideIsRefused()
{
    QFETCH(QString, path);
    QFETCH(QString, outsideFile);
    const QString out = m_outside->path();
    path.replace(QStringLiteral("<outname>"), QFileInfo(out).fileName())
        .replace(QStringLiteral("<out>"), out)
        .replace(QStringLiteral("<ws>"), workspace());

    QFile secret(m_outside->filePath(QStringLiteral("secret.txt")));
    QVERIFY(secret.open(QIODevice::WriteOnly));
    secret.write("secret");
    secret.close();
    QVERIFY(QDir().mkpath(workspace() + QStringLiteral("-sibling")));
    QVERIFY(QFile::copy(secret.fileName(), workspace() + QStringLiteral("-sibling/secret.txt")));
    QVERIFY(QFile::link(secret.fileName(), inWorkspace(QStringLiteral("file-link"))));
    QVERIFY(QFile::link(QStringLiteral("../%1/secret.txt").arg(QFileInfo(out).fileName()),
                        inWorkspace(QStringLiteral("relative-link"))));
    QVERIFY(QFile::link(out, inWorkspace(QStringLiteral("dir-link"))));
    QVERIFY(QFile::link(m_outside->filePath(QStringLiteral("created-through-link.txt")),
                        inWorkspace(QStringLiteral("dangling-link"))));

    const auto read = waitForJob(m_sandbox->readFile(path, 100));
    QVERIFY(!read);
    QCOMPARE(read.error().code, Core::ErrorCode::PermissionDenied);
    QVERIFY(!read.error().message.isEmpty());

    const auto written = waitForJob(m_sandbox->writeFile(path, "overwritten"));
    QVERIFY(!written);
    QCOMPARE(written.error().code, Core::ErrorCode::PermissionDenied);

    QVERIFY(secret.open(QIODevice::ReadOnly));
    QCOMPARE(secret.readAll(), QByteArray("secret"));
    QFile sibling(workspace() + QStringLiteral("-sibling/secret.txt"));
    QVERIFY(sibling.open(QIODevice::ReadOnly));
    QCOMPARE(sibling.readAll(), QByteArray("secret"));
    if (!outsideFile.isEmpty() && outsideFile != QLatin1String("secret.txt"))
        QVERIFY(!QFileInfo::exists(m_outside->filePath(outsideFile)));
    QCOMPARE(QDir(out).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
             QStringList{QStringLiteral("secret.txt")});
}

void tst_HostSandbox::readErrors()
{
    QFile file(inWorkspace(QStringLiteral("thousand.bin")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(1000, 'x'));
    file.close();
    QVERIFY(QDir(workspace()).mkdir(QStringLiteral("dir")));
    QCOMPARE(::mkfifo(QFile::encodeName(inWorkspace(QStringLiteral("fifo"))).constData(), 0600), 0);

    QCOMPARE(waitForJob(m_sandbox->readFile(QStringLiteral("thousand.bin"), 1000))->size(), 1000);
    QCOMPARE(waitForJob(m_sandbox->readFile(QStringLiteral("thousand.bin"),
                                            std::numeric_limits<qint64>::max()))
                 ->size(),
             1000);
    QCOMPARE(waitForJob(m_sandbox->readFile(QStringLiteral("empty"), 0)).error().code,
             Core::ErrorCode::NotFound);
    QVERIFY(waitForJob(m_sandbox->writeFile(QStringLiteral("empty"), QByteArray())));
    QCOMPARE(waitForJob(m_sandbox->readFile(QStringLiteral("empty"), 0)).value_or("failed"),
             QByteArray());
    const auto negative = waitForJob(m_sandbox->readFile(QStringLiteral("thousand.bin"), -1));
    QVERIFY(!negative);
    QCOMPARE(negative.error().code, Core::ErrorCode::InvalidInput);
    const auto tooLarge = waitForJob(m_sandbox->readFile(QStringLiteral("thousand.bin"), 999));
    QVERIFY(!tooLarge);
    QCOMPARE(tooLarge.error().code, Core::ErrorCode::LimitReached);

    const auto missing = waitForJob(m_sandbox->readFile(QStringLiteral("missing"), 10));
    QVERIFY(!missing);
    QCOMPARE(missing.error().code, Core::ErrorCode::NotFound);

    for (const QString &notAFile :
         {QStringLiteral("dir"), QStringLiteral("fifo"), QStringLiteral("."), workspace()}) {
        const auto read = waitForJob(m_sandbox->readFile(notAFile, 10));
        QVERIFY2(!read, qPrintable(notAFile));
        QCOMPARE(read.error().code, Core::ErrorCode::InvalidInput);
    }
    for (const QString &notAFile : {QStringLiteral("dir"), QStringLiteral("fifo"), QString()}) {
        const auto written = waitForJob(m_sandbox->writeFile(notAFile, "x"));
        QVERIFY2(!written, qPrintable(notAFile));
        QCOMPARE(written.error().code, Core::ErrorCode::InvalidInput);
    }
}

void tst_HostSandbox::snapshotIsRefused()
{
    QVERIFY(!m_sandbox->supportsSnapshots());
    for (const bool rollback : {false, true}) {
        Vm::SandboxJob *job = rollback ? m_sandbox->rollback(QStringLiteral("s1"))
                                       : m_sandbox->snapshot(QStringLiteral("s1"));
        QVERIFY(!job->isFinished());
        QCOMPARE(job->parent(), m_sandbox.get());
        const auto result = waitForJob(job);
        QVERIFY(!result);
        QCOMPARE(result.error().code, Core::ErrorCode::SandboxError);
        QVERIFY(result.error().message.contains(QLatin1String("snapshot")));
    }
}

QTEST_GUILESS_MAIN(tst_HostSandbox)

#include "tst_hostsandbox.moc"
