#include "core/exec/ExecJob.h"
#include "core/terminal/TerminalSession.h"
#include "tests/TestPaths.h"
#include "tests/vm/ProcessProbe.h"
#include "vm/AgentCall.h"
#include "vm/AgentChannel.h"
#include "vm/AgentExecJob.h"
#include "vm/AgentPtySession.h"
#include "vm/AgentWire_p.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <memory>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

Q_DECLARE_METATYPE(Terrarium::Core::ExecRequest)
Q_DECLARE_METATYPE(Terrarium::Core::ErrorCode)

using namespace Terrarium;
using namespace std::chrono_literals;

namespace {

const QString agentPath = QStringLiteral(TERRARIUM_BINARY_DIR "/vm/guest/terrarium-agent");
constexpr qint64 MiB = 1024 * 1024;
// The agent's default flow-control window, as base64 on the wire.
constexpr qint64 windowOnTheWire = 4 * MiB * 4 / 3;

// Runs the event loop until done() or the timeout. Unlike QTest::qWaitFor, which sleeps 10 ms
// between checks, this wakes up as soon as an event arrives, so round trips can be timed.
bool waitUntil(const std::function<bool()> &done, int timeoutMs = 10000)
{
    QElapsedTimer clock;
    clock.start();
    QTimer tick; // wakes the loop so that done() is checked even when nothing happens
    tick.start(20);
    while (!done()) {
        if (clock.hasExpired(timeoutMs))
            return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    return true;
}

// Everything a finished ExecJob produced.
struct Run
{
    QByteArray out;
    QByteArray err;
    Core::Result<Core::ExecResult> result = std::unexpected(Core::Error{});
    bool finished = false;
    qint64 elapsedMs = 0;
    QElapsedTimer clock;
};

// Connects to a job that exec() just returned; run must outlive context.
void collect(Core::ExecJob *job, Run *run, QObject *context)
{
    run->clock.start();
    QObject::connect(job, &Core::ExecJob::outputReceived, context,
                     [run](Core::OutputStream stream, const QByteArray &data) {
                         (stream == Core::OutputStream::Stdout ? run->out : run->err) += data;
                     });
    QObject::connect(job, &Core::ExecJob::finished, context, [run, job] {
        run->finished = true;
        run->result = job->result();
        run->elapsedMs = run->clock.elapsed();
    });
}

bool waitForCall(Vm::AgentCall *call, int timeoutMs = 10000)
{
    return waitUntil([call] { return call->isFinished(); }, timeoutMs);
}

QByteArray randomBytes(qsizetype size)
{
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator generator(size); // reproducible
    for (char &c : bytes)
        c = char(generator.generate());
    return bytes;
}

qint64 residentBytes()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? fields.at(1).toLongLong() * ::sysconf(_SC_PAGESIZE) : 0;
}

// The message of a failed result, for QVERIFY2 (which evaluates it even when all is well).
template<typename T>
const char *why(const Core::Result<T> &result)
{
    static QByteArray text;
    text = result ? QByteArray() : result.error().message.toUtf8();
    return text.constData();
}

Core::ExecRequest shell(const QString &command)
{
    Core::ExecRequest request;
    request.command = command;
    return request;
}

Core::ExecRequest program(const QStringList &argv)
{
    Core::ExecRequest request;
    request.argv = argv;
    return request;
}

} // namespace

class tst_AgentChannel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    // The line format on its own.
    void base64MatchesQt();
    void base64RejectsInvalidInput_data();
    void base64RejectsInvalidInput();
    void fastParseEqualsFullParse_data();
    void fastParseEqualsFullParse();

    // Against the real agent.
    void readyAndFacts();
    void exec_data();
    void exec();
    void outputIsByteExact();
    void largeOutputArrivesComplete();
    void concurrentJobsKeepTheirOutput();
    void roundTrip();
    void workingDirectoryAndEnvironment();
    void missingWorkingDirectory();
    void stdin_data();
    void stdin();
    void timeoutKillsGrandchildren_data();
    void timeoutKillsGrandchildren();
    void cancel_data();
    void cancel();
    void emptyRequestFailsLater();
    void auditReachesTheResult();
    void memoryLimitReachesTheResult();
    void ptyCommand();
    void backPressure_data();
    void backPressure();
    void ptyEchoResizeClose();
    void ptyExitCode();
    void ptyCannotStart();
    void fileRoundTrip_data();
    void fileRoundTrip();
    void readLimit();
    void requestAfterLargeAnswer();
    void statAndList();
    void fileErrors_data();
    void fileErrors();
    void agentKilledMidCommand();
    void stuckAgentIsGivenUpOn();
    void garbageFromThePeer();
    void overlongLineClosesTheChannel();
    void peerThatCannotStart();
    void closingTheDeviceClosesTheChannel();

private:
    void startPeer(const QString &program, const QStringList &arguments);
    void stopPeer();
    bool waitReady();
    Vm::AgentExecJob *exec(const Core::ExecRequest &request, Run *run);
    QString path(const QString &name) const { return m_dir->filePath(name); }
    // Context for connections to lambdas that capture a test's locals: it dies before anything
    // that cleanup() finishes could call them.
    QObject *scope() const { return m_scope.get(); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QObject> m_scope;
    std::unique_ptr<QProcess> m_process;
    std::unique_ptr<Vm::AgentChannel> m_channel;
    QList<qint64> m_groupsToKill; // left behind on purpose (agent killed with -9)
};

void tst_AgentChannel::initTestCase()
{
    QVERIFY2(QFile::exists(agentPath), qPrintable(agentPath));
    qRegisterMetaType<Core::Error>();
}

void tst_AgentChannel::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_scope = std::make_unique<QObject>();
    startPeer(agentPath, {});
    QVERIFY(waitReady());
}

void tst_AgentChannel::cleanup()
{
    m_scope.reset();
    stopPeer();
    for (const qint64 group : std::as_const(m_groupsToKill)) {
        if (group > 1) // kill(-0) would hit our own group
            ::kill(-static_cast<pid_t>(group), SIGKILL);
    }
    m_groupsToKill.clear();
    m_dir.reset();
}

void tst_AgentChannel::startPeer(const QString &program, const QStringList &arguments)
{
    m_process = std::make_unique<QProcess>();
    m_process->setProgram(program);
    m_process->setArguments(arguments);
    m_process->setWorkingDirectory(m_dir->path());
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel); // the agent's own log
    m_channel = std::make_unique<Vm::AgentChannel>(m_process.get());
    m_process->start();
}

void tst_AgentChannel::stopPeer()
{
    // The channel first: whatever still waits finishes now, not against a dead device.
    m_channel.reset();
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->closeWriteChannel(); // the agent exits at end of input
        if (!m_process->waitForFinished(5000)) {
            m_process->kill();
            m_process->waitForFinished(1000);
        }
    }
    m_process.reset();
}

bool tst_AgentChannel::waitReady()
{
    return waitUntil([this] { return m_channel->isReady() || m_channel->isClosed(); }, 5000)
        && m_channel->isReady();
}

Vm::AgentExecJob *tst_AgentChannel::exec(const Core::ExecRequest &request, Run *run)
{
    Vm::AgentExecJob *job = m_channel->exec(request);
    collect(job, run, scope());
    return job;
}

// --- The line format --------------------------------------------------------------------------

void tst_AgentChannel::base64MatchesQt()
{
    for (qsizetype size = 0; size < 300; ++size) {
        const QByteArray raw = randomBytes(size);
        const std::optional<QByteArray> decoded = Vm::AgentWire::decodeBase64(raw.toBase64());
        QVERIFY2(decoded.has_value(), qPrintable(QString::number(size)));
        QCOMPARE(*decoded, raw);
    }
    const QByteArray big = randomBytes(65536 * 3 + 1);
    QCOMPARE(Vm::AgentWire::decodeBase64(big.toBase64()).value_or(QByteArray()), big);
}

void tst_AgentChannel::base64RejectsInvalidInput_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::newRow("length not a multiple of 4") << QByteArray("aGk");
    QTest::newRow("padding in the middle") << QByteArray("aG==aGkK");
    QTest::newRow("three padding characters") << QByteArray("a===");
    QTest::newRow("url-safe alphabet") << QByteArray("ab-_");
    QTest::newRow("whitespace") << QByteArray("aGk K");
    QTest::newRow("json escape") << QByteArray("aG\\/");
    QTest::newRow("padding then data") << QByteArray("aGk=aGk=");
}

void tst_AgentChannel::base64RejectsInvalidInput()
{
    QFETCH(QByteArray, input);
    QVERIFY(!Vm::AgentWire::decodeBase64(input).has_value());
}

void tst_AgentChannel::fastParseEqualsFullParse_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<bool>("expectCut");
    QTest::newRow("exec.output, data last") << QByteArray(
        R"({"jsonrpc":"2.0","method":"exec.output","params":{"job":3,"stream":"stdout","data":"aGkK"}})")
                                            << true;
    QTest::newRow("exec.output, data first") << QByteArray(
        R"({"params":{"data":"aGkK","job":3,"stream":"stderr"},"jsonrpc":"2.0","method":"exec.output"})")
                                             << true;
    QTest::newRow("fs.read result")
        << QByteArray(R"({"jsonrpc":"2.0","id":7,"result":{"data":"AAEC","size":3,"eof":true}})")
        << true;
    QTest::newRow("spaces around the colon")
        << QByteArray(R"({"method":"exec.output","params":{"job":1,"data" : "aGkK"}})") << false;
    QTest::newRow("escaped slash in the data")
        << QByteArray(R"({"method":"exec.output","params":{"job":1,"data":"a\/kK"}})") << false;
    QTest::newRow("data at the top level, not in params")
        << QByteArray(R"({"method":"exec.output","data":"aGkK","params":{"job":1}})") << false;
    QTest::newRow("second data member nested deeper")
        << QByteArray(R"({"method":"x","params":{"data":"aGkK","more":{"data":"b"}}})") << false;
    QTest::newRow("key that only ends in data")
        << QByteArray(R"({"method":"x","params":{"x\"data":"aGkK"}})") << false;
    QTest::newRow("data inside a string")
        << QByteArray(R"({"method":"x","params":{"note":"\"data\":\"aGkK\""}})") << false;
}

void tst_AgentChannel::fastParseEqualsFullParse()
{
    QFETCH(QByteArray, line);
    QFETCH(bool, expectCut);
    const std::optional<Vm::AgentWire::Message> message = Vm::AgentWire::parseLine(line, nullptr);
    QVERIFY(message.has_value());
    QCOMPARE(message->dataCut, expectCut);
    QJsonObject rebuilt = message->object;
    if (message->dataCut) {
        const QString member = rebuilt.contains(QLatin1String("id")) ? QStringLiteral("result")
                                                                     : QStringLiteral("params");
        QJsonObject container = rebuilt.value(member).toObject();
        container.insert(QStringLiteral("data"), QString::fromLatin1(message->base64));
        rebuilt.insert(member, container);
    }
    QCOMPARE(rebuilt, QJsonDocument::fromJson(line).object());
}

// --- Against the real agent -------------------------------------------------------------------

void tst_AgentChannel::readyAndFacts()
{
    QCOMPARE(m_channel->agentInfo().value(QLatin1String("protocol")).toInt(), 1);
    QCOMPARE(m_channel->agentInfo().value(QLatin1String("pid")).toInteger(),
             m_process->processId());

    Vm::AgentCall *ping = m_channel->ping();
    QVERIFY(waitForCall(ping));
    QVERIFY(ping->result().has_value());
    QCOMPARE(ping->result()->value(QLatin1String("pong")).toBool(), true);

    Vm::AgentCall *info = m_channel->info();
    QVERIFY(waitForCall(info));
    QVERIFY2(info->result().has_value(), why(info->result()));
    const Core::SandboxFacts facts =
        Vm::AgentChannel::facts(*info->result(), QStringLiteral("test"));
    QCOMPARE(facts.kind, QStringLiteral("test"));
    QVERIFY(!facts.os.isEmpty());
    QCOMPARE(facts.arch, QSysInfo::currentCpuArchitecture());
    QVERIFY2(facts.shell == QLatin1String("/bin/bash") || facts.shell == QLatin1String("/bin/sh"),
             qPrintable(facts.shell));
    QCOMPARE(facts.workingDirectory, QDir(m_dir->path()).canonicalPath());
    QVERIFY(!facts.user.isEmpty());
    QVERIFY2(facts.tools.contains(QLatin1String("sh")), qPrintable(facts.tools.join(u' ')));
}

void tst_AgentChannel::exec_data()
{
    QTest::addColumn<Core::ExecRequest>("request");
    QTest::addColumn<QByteArray>("out");
    QTest::addColumn<QByteArray>("err"); // "~text": stderr contains text
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<int>("signal");

    QTest::newRow("stdout and stderr apart")
        << shell(QStringLiteral("printf out1; printf err1 >&2; printf out2; printf err2 >&2"))
        << QByteArray("out1out2") << QByteArray("err1err2") << 0 << 0;
    QTest::newRow("exit code") << shell(QStringLiteral("echo x; exit 3")) << QByteArray("x\n")
                               << QByteArray() << 3 << 0;
    QTest::newRow("argv, exit code 1")
        << program({QStringLiteral("false")}) << QByteArray() << QByteArray() << 1 << 0;
    QTest::newRow("argv is not split by a shell")
        << program({QStringLiteral("printf"), QStringLiteral("%s|"), QStringLiteral("a b"),
                    QStringLiteral("$HOME;")})
        << QByteArray("a b|$HOME;|") << QByteArray() << 0 << 0;
    QTest::newRow("killed by a signal") << shell(QStringLiteral("kill -9 $$")) << QByteArray()
                                        << QByteArray() << -1 << int(SIGKILL);
    QTest::newRow("unicode through argv")
        << program({QStringLiteral("printf"), QStringLiteral("%s"),
                    QStringLiteral("h\u00e9llo \u2713 \u65e5\u672c \U0001F600")})
        << QStringLiteral("h\u00e9llo \u2713 \u65e5\u672c \U0001F600").toUtf8() << QByteArray() << 0
        << 0;
    QTest::newRow("unicode through the shell")
        << shell(QStringLiteral("printf '%s' 'Gr\u00fc\u00dfe \u2713' >&2")) << QByteArray()
        << QStringLiteral("Gr\u00fc\u00dfe \u2713").toUtf8() << 0 << 0;
    QTest::newRow("command not found (shell)")
        << shell(QStringLiteral("no-such-command-tst-agent")) << QByteArray()
        << QByteArray("~not found") << 127 << 0;
    QTest::newRow("command not found (argv)")
        << program({QStringLiteral("no-such-command-tst-agent")}) << QByteArray()
        << QByteArray("no-such-command-tst-agent: command not found\n") << 127 << 0;
    QTest::newRow("not executable (argv)") << program({QStringLiteral("./not-executable")})
                                           << QByteArray() << QByteArray("~") << 126 << 0;
    QTest::newRow("a directory (argv)")
        << program({QStringLiteral("/tmp")}) << QByteArray() << QByteArray("~") << 126 << 0;
}

void tst_AgentChannel::exec()
{
    QFETCH(Core::ExecRequest, request);
    QFETCH(QByteArray, out);
    QFETCH(QByteArray, err);
    QFETCH(int, exitCode);
    QFETCH(int, signal);
    QFile notExecutable(path(QStringLiteral("not-executable")));
    QVERIFY(notExecutable.open(QIODevice::WriteOnly));
    notExecutable.write("echo should not run\n");
    notExecutable.close();

    Run run;
    Vm::AgentExecJob *job = exec(request, &run);
    QVERIFY(job->jobId() > 0);
    QVERIFY(!job->isFinished());
    QVERIFY(waitUntil([&] { return run.finished; }));
    QVERIFY2(run.result.has_value(), why(run.result));
    QCOMPARE(run.out, out);
    if (err.startsWith('~'))
        QVERIFY2(run.err.contains(err.mid(1)) && !run.err.isEmpty(), run.err.constData());
    else
        QCOMPARE(run.err, err);
    QCOMPARE(run.result->exitCode, exitCode);
    QCOMPARE(run.result->signal, signal);
    QVERIFY(!run.result->timedOut);
    QVERIFY(!run.result->cancelled);
    QVERIFY(run.result->durationMs >= 0 && run.result->durationMs <= run.elapsedMs + 5);
}

void tst_AgentChannel::outputIsByteExact()
{
    QByteArray bytes;
    for (int round = 0; round < 300; ++round) {
        for (int i = 0; i < 256; ++i)
            bytes.append(char((i + round) % 256));
    }
    bytes += "\xff\xfe\x00\r\n\x1b[31m\xc3\x28 invalid utf-8";
    QFile file(path(QStringLiteral("bytes.bin")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
    file.close();

    Run run;
    exec(program({QStringLiteral("cat"), QStringLiteral("bytes.bin")}), &run);
    QVERIFY(waitUntil([&] { return run.finished; }));
    QVERIFY(run.result.has_value());
    QCOMPARE(run.out.size(), bytes.size());
    QVERIFY(run.out == bytes);
}

void tst_AgentChannel::largeOutputArrivesComplete()
{
    // 100 copies of a block whose size is not a multiple of anything the transport uses, so a
    // chunk that is lost, doubled or out of order changes the checksum.
    const QByteArray block = randomBytes(1'000'003);
    QFile file(path(QStringLiteral("block.bin")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(block);
    file.close();
    constexpr int copies = 100;
    QCryptographicHash expected(QCryptographicHash::Sha1);
    for (int i = 0; i < copies; ++i)
        expected.addData(block);

    QCryptographicHash received(QCryptographicHash::Sha1);
    qint64 total = 0;
    bool finished = false;
    QElapsedTimer clock;
    clock.start();
    Vm::AgentExecJob *job = m_channel->exec(
        shell(QStringLiteral("i=0; while [ $i -lt %1 ]; do cat block.bin; i=$((i+1)); done")
                  .arg(copies)));
    connect(job, &Core::ExecJob::outputReceived, scope(),
            [&](Core::OutputStream stream, const QByteArray &data) {
                QCOMPARE(stream, Core::OutputStream::Stdout);
                received.addData(data);
                total += data.size();
            });
    connect(job, &Core::ExecJob::finished, scope(), [&] { finished = true; });
    QVERIFY(waitUntil([&] { return finished; }, 60000));
    const qint64 elapsed = std::max<qint64>(clock.elapsed(), 1);
    QVERIFY(job->result().has_value());
    QCOMPARE(job->result()->exitCode, 0);
    QCOMPARE(total, qint64(block.size()) * copies);
    QCOMPARE(received.result().toHex(), expected.result().toHex());
    qInfo("100 MB through the channel in %lld ms: %.0f MB/s (SHA-1 included)", elapsed,
          total / 1e6 / (elapsed / 1e3));

    // The channel alone, with a producer and a consumer that cost next to nothing.
    total = 0;
    finished = false;
    clock.restart();
    Vm::AgentExecJob *zeros =
        m_channel->exec(program({QStringLiteral("head"), QStringLiteral("-c"),
                                 QStringLiteral("200000000"), QStringLiteral("/dev/zero")}));
    connect(zeros, &Core::ExecJob::outputReceived, scope(),
            [&](Core::OutputStream, const QByteArray &data) { total += data.size(); });
    connect(zeros, &Core::ExecJob::finished, scope(), [&] { finished = true; });
    QVERIFY(waitUntil([&] { return finished; }, 60000));
    const qint64 zeroElapsed = std::max<qint64>(clock.elapsed(), 1);
    QCOMPARE(total, qint64(200'000'000));
    qInfo("200 MB of zeros in %lld ms: %.0f MB/s", zeroElapsed, total / 1e6 / (zeroElapsed / 1e3));
}

void tst_AgentChannel::concurrentJobsKeepTheirOutput()
{
    constexpr int jobs = 6;
    std::array<Run, jobs> runs;
    QByteArray expected;
    for (int i = 1; i <= 30000; ++i)
        expected += QByteArray::number(i) + '\n';
    for (int i = 0; i < jobs; ++i) {
        exec(shell(QStringLiteral("seq 1 30000; seq 1 %1 >&2").arg(i + 1)), &runs[i]);
    }
    QVERIFY(waitUntil([&] {
        return std::all_of(runs.begin(), runs.end(), [](const Run &run) { return run.finished; });
    }));
    for (int i = 0; i < jobs; ++i) {
        QVERIFY(runs[i].result.has_value());
        QCOMPARE(runs[i].out, expected);
        QCOMPARE(runs[i].err,
                 expected.left(expected.indexOf(QByteArray(QByteArray::number(i + 2) + '\n'))));
    }
}

void tst_AgentChannel::roundTrip()
{
    QList<qint64> pings;
    for (int i = 0; i < 200; ++i) {
        QElapsedTimer clock;
        clock.start();
        Vm::AgentCall *ping = m_channel->ping();
        QVERIFY(waitForCall(ping));
        QVERIFY(ping->result().has_value());
        pings.append(clock.nsecsElapsed() / 1000);
        ping->deleteLater();
    }
    QList<qint64> execs;
    for (int i = 0; i < 100; ++i) {
        QElapsedTimer clock;
        clock.start();
        Run run;
        Vm::AgentExecJob *job = exec(program({QStringLiteral("true")}), &run);
        QVERIFY(waitUntil([&] { return run.finished; }));
        QVERIFY(run.result.has_value() && run.result->exitCode == 0);
        execs.append(clock.nsecsElapsed() / 1000);
        job->deleteLater();
    }
    std::sort(pings.begin(), pings.end());
    std::sort(execs.begin(), execs.end());
    qInfo("round trip: ping median %lld us (p90 %lld us), exec `true` median %lld us (p90 %lld us)",
          pings.at(pings.size() / 2), pings.at(pings.size() * 9 / 10), execs.at(execs.size() / 2),
          execs.at(execs.size() * 9 / 10));
    // The benchmark asks for 5 ms per command; leave room for a loaded test machine.
    QVERIFY2(execs.at(execs.size() / 2) < 20'000, "exec round trip far above 5 ms");
}

void tst_AgentChannel::workingDirectoryAndEnvironment()
{
    QVERIFY(QDir(m_dir->path()).mkpath(QStringLiteral("sub dir/deeper")));
    Core::ExecRequest request = shell(QStringLiteral("pwd; printf '%s|%s' \"$FOO\" \"$EMPTY\""));
    request.workingDirectory = path(QStringLiteral("sub dir/deeper"));
    request.environment.insert(QStringLiteral("FOO"), QStringLiteral("b\u00e4r baz"));
    request.environment.insert(QStringLiteral("EMPTY"), QString());
    Run run;
    exec(request, &run);
    QVERIFY(waitUntil([&] { return run.finished; }));
    QVERIFY(run.result.has_value());
    QCOMPARE(QString::fromUtf8(run.out),
             QDir(request.workingDirectory).canonicalPath() + QStringLiteral("\nb\u00e4r baz|"));

    // A relative directory is relative to the agent's working directory.
    request.workingDirectory = QStringLiteral("sub dir");
    Run relative;
    exec(request, &relative);
    QVERIFY(waitUntil([&] { return relative.finished; }));
    QVERIFY(relative.out.startsWith(QFile::encodeName(
        QDir(path(QStringLiteral("sub dir"))).canonicalPath() + QLatin1Char('\n'))));
}

void tst_AgentChannel::missingWorkingDirectory()
{
    Core::ExecRequest request = shell(QStringLiteral("echo never"));
    request.workingDirectory = path(QStringLiteral("does-not-exist"));
    Run run;
    Vm::AgentExecJob *job = exec(request, &run);
    QSignalSpy started(job, &Vm::AgentExecJob::started);
    QVERIFY(waitUntil([&] { return run.finished; }));
    QVERIFY2(run.result.has_value(), "a command that cannot start is a result, not an error");
    QCOMPARE(run.result->exitCode, 127);
    QVERIFY(run.out.isEmpty());
    QVERIFY2(!run.err.isEmpty(), "the reason goes to stderr");
    QCOMPARE(started.size(), 1);
    QCOMPARE(job->processId(), 0);
}

void tst_AgentChannel::stdin_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<qsizetype>("size");
    QTest::newRow("small") << QStringLiteral("cat") << qsizetype(12);
    QTest::newRow("larger than a request (20 MiB)") << QStringLiteral("cat") << qsizetype(20 * MiB);
    // The agent holds at most 16 MiB for a program that does not read: the rest must be offered
    // again until the program reads, not lost.
    QTest::newRow("reader that starts late (20 MiB)")
        << QStringLiteral("sleep 1; cat") << qsizetype(20 * MiB);
    QTest::newRow("nothing, just end of file") << QStringLiteral("wc -c") << qsizetype(0);
}

void tst_AgentChannel::stdin()
{
    QFETCH(QString, command);
    QFETCH(qsizetype, size);
    const QByteArray input = randomBytes(size);
    Run run;
    Vm::AgentExecJob *job = exec(shell(command), &run);
    // In several writes, so that order across them is checked too.
    const qsizetype third = input.size() / 3;
    job->writeStdin(input.left(third));
    job->writeStdin(input.mid(third, third));
    job->writeStdin(input.mid(2 * third));
    job->closeStdin();
    job->writeStdin("dropped after closeStdin()");
    QVERIFY(waitUntil([&] { return run.finished; }, 30000));
    QVERIFY2(run.result.has_value(), why(run.result));
    QCOMPARE(run.result->exitCode, 0);
    if (command.startsWith(QLatin1String("wc")))
        QCOMPARE(run.out.trimmed(), QByteArray::number(size));
    else
        QVERIFY2(
            run.out == input,
            qPrintable(
                QStringLiteral("%1 of %2 bytes came back").arg(run.out.size()).arg(input.size())));
}

void tst_AgentChannel::timeoutKillsGrandchildren_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("maxMs");
    QTest::newRow("background grandchild") << QStringLiteral("sleep 30 & echo $!; wait") << 2500;
    // Only SIGKILL, 2 s after SIGTERM, ends this one.
    QTest::newRow("grandchild ignoring SIGTERM")
        << QStringLiteral("sh -c 'trap \"\" TERM; echo $$; exec sleep 30' & wait") << 5000;
}

void tst_AgentChannel::timeoutKillsGrandchildren()
{
    QFETCH(QString, command);
    QFETCH(int, maxMs);
    Core::ExecRequest request = shell(command);
    request.timeout = 500ms;
    Run run;
    Vm::AgentExecJob *job = exec(request, &run);
    QVERIFY(waitUntil([&] { return run.finished; }, 10000));
    QVERIFY2(run.result.has_value(), why(run.result));
    QVERIFY(run.result->timedOut);
    QVERIFY(!run.result->cancelled);
    QVERIFY(!run.result->succeeded());
    QVERIFY2(run.elapsedMs >= 450 && run.elapsedMs < maxMs,
             qPrintable(QString::number(run.elapsedMs)));
    const qint64 grandchild = run.out.trimmed().toLongLong();
    QVERIFY(grandchild > 0);
    QVERIFY(waitUntil([&] { return Tests::isProcessGone(grandchild); }, 1000));
    QVERIFY(job->processId() > 0);
    QVERIFY(waitUntil([&] { return Tests::liveGroupMembers(job->processId()).isEmpty(); }, 1000));
}

void tst_AgentChannel::cancel_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("signal");
    QTest::addColumn<int>("maxMs");
    QTest::newRow("sleep") << QStringLiteral("sleep 30") << int(SIGTERM) << 1000;
    QTest::newRow("ignores SIGTERM")
        << QStringLiteral("trap '' TERM; sleep 30; true") << int(SIGKILL) << 3500;
}

void tst_AgentChannel::cancel()
{
    QFETCH(QString, command);
    QFETCH(int, signal);
    QFETCH(int, maxMs);
    Run run;
    Vm::AgentExecJob *job = exec(shell(command), &run);
    QVERIFY(waitUntil([&] { return job->processId() > 0; }));
    QTest::qWait(100); // let the shell set its trap
    QElapsedTimer clock;
    clock.start();
    job->cancel();
    job->cancel(); // twice is harmless
    QVERIFY(waitUntil([&] { return run.finished; }, 10000));
    QVERIFY2(clock.elapsed() < maxMs, qPrintable(QString::number(clock.elapsed())));
    QVERIFY2(run.result.has_value(), why(run.result));
    QVERIFY(run.result->cancelled);
    QVERIFY(!run.result->timedOut);
    QCOMPARE(run.result->exitCode, -1);
    QCOMPARE(run.result->signal, signal);
    // The shell's end is reported as soon as it is reaped; its `sleep`, killed by the same
    // signal to the group, may take the kernel a moment longer (as in timeoutKillsGrandchildren).
    QVERIFY(waitUntil([&] { return Tests::liveGroupMembers(job->processId()).isEmpty(); }, 1000));
}

void tst_AgentChannel::emptyRequestFailsLater()
{
    Run run;
    Vm::AgentExecJob *job = exec(Core::ExecRequest{}, &run);
    QVERIFY(!job->isFinished());
    QVERIFY(waitUntil([&] { return run.finished; }));
    QVERIFY(!run.result.has_value());
    QCOMPARE(run.result.error().code, Core::ErrorCode::InvalidInput);
}

void tst_AgentChannel::auditReachesTheResult()
{
    const QString workspace = path(QStringLiteral("workspace"));
    QVERIFY(QDir().mkpath(workspace + QStringLiteral("/.git/hooks")));
    Core::ExecRequest request = shell(QStringLiteral(
        "cp /bin/true tool && chmod 4755 tool && echo 'exit 0' > .git/hooks/pre-commit"
        " && echo 'export A=1' > .envrc"));
    request.workingDirectory = workspace;
    request.auditDirectory = workspace;
    Run run;
    exec(request, &run);
    QVERIFY(waitUntil([&] { return run.finished; }));
    QVERIFY2(run.result.has_value(), why(run.result));
    QVERIFY(run.result->succeeded());
    QCOMPARE(run.result->setidCleared, QStringList{QStringLiteral("tool")});
    QCOMPARE(run.result->setidFailed, QStringList());
    QCOMPARE(run.result->autorunChanged,
             (QStringList{QStringLiteral(".envrc"), QStringLiteral(".git/hooks/pre-commit")}));
    QVERIFY(!run.result->auditTruncated);
    QCOMPARE(run.result->auditError, QString());
    struct stat tool
    {
    };
    QCOMPARE(::stat(QFile::encodeName(workspace + QStringLiteral("/tool")).constData(), &tool), 0);
    QCOMPARE(int(tool.st_mode & 07777), 0755);

    // No directory asked for, no audit.
    Run plain;
    Core::ExecRequest touch = shell(QStringLiteral("echo again > .envrc"));
    touch.workingDirectory = workspace;
    exec(touch, &plain);
    QVERIFY(waitUntil([&] { return plain.finished; }));
    QVERIFY2(plain.result.has_value(), why(plain.result));
    QCOMPARE(plain.result->autorunChanged, QStringList());
    QCOMPARE(plain.result->auditError, QString());

    // A directory that cannot be audited says so.
    Core::ExecRequest missing = shell(QStringLiteral("true"));
    missing.auditDirectory = path(QStringLiteral("no-such-dir"));
    Run failed;
    exec(missing, &failed);
    QVERIFY(waitUntil([&] { return failed.finished; }));
    QVERIFY2(failed.result.has_value(), why(failed.result));
    QVERIFY2(failed.result->auditError.contains(QLatin1String("No such file")),
             qPrintable(failed.result->auditError));
}

void tst_AgentChannel::memoryLimitReachesTheResult()
{
    stopPeer();
    startPeer(agentPath, {QStringLiteral("--memory-limit-mib"), QStringLiteral("100")});
    QVERIFY(waitReady());
    // ulimit -v caps the process whatever happens (KiB).
    Run run;
    exec(shell(QStringLiteral("ulimit -v 400000; dd if=/dev/zero bs=150M count=1 2>/dev/null"
                              " | sleep 60; echo survived")),
         &run);
    QVERIFY(waitUntil([&] { return run.finished; }, 20000));
    QVERIFY2(run.result.has_value(), why(run.result));
    QVERIFY(run.result->memoryLimitExceeded);
    QCOMPARE(run.result->memoryLimitBytes, 100 * MiB);
    QVERIFY2(run.result->memoryPeakBytes > 100 * MiB,
             qPrintable(QString::number(run.result->memoryPeakBytes)));
    QCOMPARE(run.result->signal, int(SIGKILL));
    QVERIFY(!run.result->succeeded());
    QVERIFY(!run.out.contains("survived"));
    QVERIFY2(run.elapsedMs < 10000, qPrintable(QString::number(run.elapsedMs)));

    // A command under the limit is left alone.
    Run small;
    exec(shell(QStringLiteral("echo fine")), &small);
    QVERIFY(waitUntil([&] { return small.finished; }));
    QVERIFY2(small.result.has_value(), why(small.result));
    QVERIFY(!small.result->memoryLimitExceeded);
    QVERIFY(small.result->succeeded());
}

void tst_AgentChannel::ptyCommand()
{
    Core::ExecRequest request = shell(QStringLiteral("tty; stty size; echo to-stderr >&2"));
    request.pty = true;
    Run run;
    exec(request, &run);
    QVERIFY(waitUntil([&] { return run.finished; }));
    QVERIFY(run.result.has_value());
    QCOMPARE(run.result->exitCode, 0);
    QVERIFY2(run.out.contains("/dev/pts/"), run.out.constData());
    QVERIFY2(run.out.contains("50 160"), run.out.constData());
    QVERIFY2(run.out.contains("to-stderr"), "a terminal merges stderr into stdout");
    QVERIFY(run.err.isEmpty());
}

void tst_AgentChannel::backPressure_data()
{
    QTest::addColumn<int>("consumer");
    // The dangerous one: while the slot waits, the event loop runs and QProcess keeps reading.
    QTest::newRow("slot re-enters the event loop") << 0;
    QTest::newRow("slot blocks") << 1;
    QTest::newRow("slow consumer") << 2;
}

void tst_AgentChannel::backPressure()
{
    QFETCH(int, consumer);
    const qint64 residentBefore = residentBytes();
    Vm::AgentExecJob *job =
        m_channel->exec(program({QStringLiteral("cat"), QStringLiteral("/dev/zero")}));
    qint64 received = 0;
    qint64 receivedAfterStall = 0;
    qint64 maxBuffered = 0;
    bool stalled = false;
    connect(job, &Core::ExecJob::outputReceived, scope(),
            [&](Core::OutputStream, const QByteArray &data) {
                received += data.size();
                if (stalled)
                    receivedAfterStall += data.size();
                if (consumer == 2) {
                    QThread::msleep(2); // about 30 MB/s for 64 KiB chunks, far below what cat makes
                } else if (!stalled) {
                    stalled = true;
                    if (consumer == 0)
                        QTest::qWait(1500);
                    else
                        QThread::msleep(1500);
                }
                maxBuffered =
                    std::max(maxBuffered, m_channel->bufferedBytes() + m_process->bytesToWrite());
            });
    QTest::qWait(2500);
    const qint64 residentGrowth = residentBytes() - residentBefore;
    bool finished = false;
    connect(job, &Core::ExecJob::finished, scope(), [&] { finished = true; });
    job->cancel();
    QVERIFY(waitUntil([&] { return finished; }));
    qInfo("received %lld MB, at most %lld KiB buffered, resident memory grew %lld KiB",
          received / 1000000, maxBuffered / 1024, residentGrowth / 1024);
    QVERIFY(job->result().has_value());
    QVERIFY(job->result()->cancelled);
    // One window of base64 in flight, plus what the agent and the pipe hold (about 1 MiB).
    QVERIFY2(maxBuffered < windowOnTheWire + 3 * MiB, qPrintable(QString::number(maxBuffered)));
    QVERIFY2(residentGrowth < 64 * MiB, qPrintable(QString::number(residentGrowth)));
    // Acknowledgements resumed the flow once the consumer returned.
    if (consumer != 2)
        QVERIFY2(receivedAfterStall > 4 * MiB, qPrintable(QString::number(receivedAfterStall)));
    else
        QVERIFY2(received > 4 * MiB, qPrintable(QString::number(received)));
}

void tst_AgentChannel::ptyEchoResizeClose()
{
    Vm::PtyRequest request;
    request.argv = {QStringLiteral("/bin/sh")};
    request.environment.insert(QStringLiteral("PS1"), QStringLiteral("$ "));
    request.columns = 80;
    request.rows = 24;
    const Core::Result<Vm::AgentPtySession *> opened = m_channel->openPty(request);
    QVERIFY(opened.has_value());
    Vm::AgentPtySession *session = *opened;
    QVERIFY(session->isOpen());
    QByteArray screen;
    std::optional<int> exitCode;
    connect(session, &Core::TerminalSession::received, scope(),
            [&](const QByteArray &data) { screen += data; });
    connect(session, &Core::TerminalSession::finished, scope(), [&](int code) { exitCode = code; });

    session->write("echo hi-$((40+2))\n");
    QVERIFY2(waitUntil([&] { return screen.contains("hi-42"); }), screen.constData());
    session->write("stty size\n");
    QVERIFY2(waitUntil([&] { return screen.contains("24 80"); }), screen.constData());
    session->resize(100, 40);
    session->write("stty size\n");
    QVERIFY2(waitUntil([&] { return screen.contains("40 100"); }), screen.constData());

    QElapsedTimer clock;
    clock.start();
    session->close();
    QVERIFY(!session->isOpen());
    session->write("ignored after close\n");
    QVERIFY(waitUntil([&] { return exitCode.has_value(); }, 5000));
    QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(!session->error().has_value());
}

void tst_AgentChannel::ptyExitCode()
{
    Vm::PtyRequest request;
    request.command = QStringLiteral("printf bye; exit 7");
    const Core::Result<Vm::AgentPtySession *> opened = m_channel->openPty(request);
    QVERIFY(opened.has_value());
    QByteArray screen;
    std::optional<int> exitCode;
    connect(*opened, &Core::TerminalSession::received, scope(),
            [&](const QByteArray &data) { screen += data; });
    connect(*opened, &Core::TerminalSession::finished, scope(), [&](int code) { exitCode = code; });
    QVERIFY(waitUntil([&] { return exitCode.has_value(); }));
    QCOMPARE(*exitCode, 7);
    QVERIFY2(screen.contains("bye"), "output before the exit is delivered first");
    QVERIFY(!(*opened)->isOpen());
}

void tst_AgentChannel::ptyCannotStart()
{
    Vm::PtyRequest request;
    request.argv = {QStringLiteral("/no/such/program")};
    const Core::Result<Vm::AgentPtySession *> opened = m_channel->openPty(request);
    QVERIFY(opened.has_value());
    QSignalSpy finished(*opened, &Core::TerminalSession::finished);
    QCOMPARE(finished.size(), 0); // never inside openPty()
    QVERIFY(waitUntil([&] { return finished.size() == 1; }));
    QCOMPARE(finished.at(0).at(0).toInt(), Vm::AgentPtySession::cannotStartExitCode);
    QVERIFY((*opened)->error().has_value());
    QCOMPARE((*opened)->error()->code, Core::ErrorCode::NotFound);
}

void tst_AgentChannel::fileRoundTrip_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<qsizetype>("size");
    QTest::newRow("empty") << QStringLiteral("empty.txt") << qsizetype(0);
    QTest::newRow("small, new directories") << QStringLiteral("a/b/c/small.bin") << qsizetype(1000);
    QTest::newRow("unicode name") << QStringLiteral("d\u00e9j\u00e0 vu \u2713.txt") << qsizetype(5);
    QTest::newRow("exactly one written piece")
        << QStringLiteral("piece.bin") << qsizetype(Vm::AgentChannel::writePieceBytes);
    QTest::newRow("several pieces (10 MiB)")
        << QStringLiteral("big/ten.bin") << qsizetype(10 * MiB);
}

void tst_AgentChannel::fileRoundTrip()
{
    QFETCH(QString, name);
    QFETCH(qsizetype, size);
    const QByteArray data = randomBytes(size);
    Vm::AgentCall *write = m_channel->writeFile(name, data);
    QVERIFY(!write->isFinished());
    QVERIFY(waitForCall(write));
    QVERIFY2(write->result().has_value(), why(write->result()));
    QCOMPARE(write->result()->value(QLatin1String("bytes")).toInteger(), size);

    QFile onDisk(path(name));
    QVERIFY(onDisk.open(QIODevice::ReadOnly));
    QVERIFY(onDisk.readAll() == data);

    // Replacing shrinks the file (no leftover tail from an append).
    Vm::AgentCall *read = m_channel->readFile(path(name), size);
    QVERIFY(waitForCall(read));
    QVERIFY2(read->result().has_value(), why(read->result()));
    QCOMPARE(read->data().size(), data.size());
    QVERIFY(read->data() == data);
    QVERIFY(!read->result()->contains(QLatin1String("data")));

    Vm::AgentCall *replace = m_channel->writeFile(name, "short");
    QVERIFY(waitForCall(replace));
    Vm::AgentCall *reread = m_channel->readFile(name, 100);
    QVERIFY(waitForCall(reread));
    QCOMPARE(reread->data(), QByteArray("short"));
}

void tst_AgentChannel::readLimit()
{
    const QByteArray data = randomBytes(5 * MiB + 3);
    QFile file(path(QStringLiteral("five.bin")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(data);
    file.close();

    Vm::AgentCall *exact = m_channel->readFile(QStringLiteral("five.bin"), data.size());
    Vm::AgentCall *tooSmall = m_channel->readFile(QStringLiteral("five.bin"), data.size() - 1);
    Vm::AgentCall *tiny = m_channel->readFile(QStringLiteral("five.bin"), 10);
    QVERIFY(waitForCall(exact) && waitForCall(tooSmall) && waitForCall(tiny));
    QVERIFY(exact->result().has_value());
    QVERIFY(exact->data() == data);
    for (Vm::AgentCall *call : {tooSmall, tiny}) {
        QVERIFY(!call->result().has_value());
        QCOMPARE(call->result().error().code, Core::ErrorCode::LimitReached);
        QVERIFY(call->data().isEmpty());
    }
}

void tst_AgentChannel::requestAfterLargeAnswer()
{
    // PROTOCOL.md: an fs.read answer may hold 16 MiB, and the agent stops reading requests while
    // more than 4 MiB of its output wait. A request sent once such an answer has arrived must
    // still be served. An answer just above 4 MiB of base64 is the likeliest to drain in one go
    // (1 MiB pipe, host reading along), the case in which an agent may forget to read again.
    // The agent loses that race more often when it is preempted mid-write: keep every CPU busy.
    Run hogs;
    Vm::AgentExecJob *hogJob = exec(
        shell(QStringLiteral("for i in $(seq $(($(nproc) + 1))); do yes > /dev/null & done; wait")),
        &hogs);
    QVERIFY(waitUntil([&] { return hogJob->processId() > 0; }));
    m_groupsToKill.append(hogJob->processId()); // in case the agent can no longer do it
    const auto stopHogs = qScopeGuard([&] {
        hogJob->cancel();
        waitUntil([&] { return hogs.finished; }, 2000);
    });
    const QByteArray data = randomBytes(3 * MiB + 200 * 1024);
    QFile file(path(QStringLiteral("large.bin")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(data);
    file.close();
    for (int round = 0; round < 25; ++round) {
        Vm::AgentCall *read =
            m_channel->call(QStringLiteral("fs.read"),
                            {{QStringLiteral("path"), QStringLiteral("large.bin")},
                             {QStringLiteral("max_bytes"), data.size()}});
        QVERIFY(waitForCall(read));
        QVERIFY2(read->result().has_value(), why(read->result()));
        QVERIFY(read->data() == data);
        Vm::AgentCall *ping = m_channel->ping();
        QVERIFY2(waitForCall(ping, 2000),
                 qPrintable(QStringLiteral("round %1: no answer to a ping sent after a large "
                                           "answer (the agent stopped reading requests)")
                                .arg(round)));
        read->deleteLater();
        ping->deleteLater();
    }
    // The largest answer the protocol allows, which also exceeds the 8 MiB of our own lines.
    const QByteArray largest = randomBytes(16 * MiB);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(largest);
    file.close();
    Vm::AgentCall *read = m_channel->call(QStringLiteral("fs.read"),
                                          {{QStringLiteral("path"), QStringLiteral("large.bin")}});
    QVERIFY(waitForCall(read));
    QVERIFY2(read->result().has_value(), why(read->result()));
    QVERIFY(read->data() == largest);
}

void tst_AgentChannel::statAndList()
{
    for (const char *name : {"b.txt", "a.txt", "c.txt"}) {
        QFile file(path(QStringLiteral("dir/") + QLatin1String(name)));
        QVERIFY(QDir().mkpath(path(QStringLiteral("dir"))));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(name);
    }
    QVERIFY(QDir().mkpath(path(QStringLiteral("dir/sub"))));
    QVERIFY(QFile::link(QStringLiteral("a.txt"), path(QStringLiteral("dir/link"))));

    Vm::AgentCall *stat = m_channel->stat(QStringLiteral("dir/a.txt"));
    Vm::AgentCall *statDir = m_channel->stat(QStringLiteral("dir/sub"));
    Vm::AgentCall *statLink = m_channel->stat(QStringLiteral("dir/link"));
    Vm::AgentCall *list = m_channel->list(QStringLiteral("dir"));
    QVERIFY(waitForCall(stat) && waitForCall(statDir) && waitForCall(statLink)
            && waitForCall(list));
    QVERIFY(stat->result().has_value());
    QCOMPARE(stat->result()->value(QLatin1String("type")).toString(), QStringLiteral("file"));
    QCOMPARE(stat->result()->value(QLatin1String("size")).toInteger(), 5);
    QCOMPARE(statDir->result()->value(QLatin1String("type")).toString(), QStringLiteral("dir"));
    QCOMPARE(statLink->result()->value(QLatin1String("type")).toString(),
             QStringLiteral("symlink"));
    QCOMPARE(statLink->result()->value(QLatin1String("target")).toString(),
             QStringLiteral("a.txt"));

    QVERIFY(list->result().has_value());
    QStringList names;
    const QJsonArray entries = list->result()->value(QLatin1String("entries")).toArray();
    for (const QJsonValue &entry : entries)
        names.append(entry.toObject().value(QLatin1String("name")).toString());
    QCOMPARE(names,
             (QStringList{QStringLiteral("a.txt"), QStringLiteral("b.txt"), QStringLiteral("c.txt"),
                          QStringLiteral("link"), QStringLiteral("sub")}));
}

void tst_AgentChannel::fileErrors_data()
{
    QTest::addColumn<QString>("operation");
    QTest::addColumn<QString>("target");
    QTest::addColumn<Core::ErrorCode>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("read a missing file")
        << QStringLiteral("read") << QStringLiteral("missing") << Core::ErrorCode::NotFound
        << QStringLiteral("No such file or directory");
    QTest::newRow("read a directory")
        << QStringLiteral("read") << QStringLiteral("dir") << Core::ErrorCode::IoError
        << QStringLiteral("Is a directory");
    QTest::newRow("stat a missing file")
        << QStringLiteral("stat") << QStringLiteral("missing") << Core::ErrorCode::NotFound
        << QStringLiteral("No such file or directory");
    QTest::newRow("list a missing directory")
        << QStringLiteral("list") << QStringLiteral("nope/x") << Core::ErrorCode::NotFound
        << QStringLiteral("No such file or directory");
    QTest::newRow("list a file") << QStringLiteral("list") << QStringLiteral("file")
                                 << Core::ErrorCode::IoError << QStringLiteral("Not a directory");
    QTest::newRow("write below a file")
        << QStringLiteral("write") << QStringLiteral("file/x") << Core::ErrorCode::IoError
        << QStringLiteral("Not a directory");
    QTest::newRow("write over a directory")
        << QStringLiteral("write") << QStringLiteral("dir") << Core::ErrorCode::IoError
        << QStringLiteral("Is a directory");
}

void tst_AgentChannel::fileErrors()
{
    QFETCH(QString, operation);
    QFETCH(QString, target);
    QFETCH(Core::ErrorCode, code);
    QFETCH(QString, message);
    QVERIFY(QDir().mkpath(path(QStringLiteral("dir"))));
    QFile file(path(QStringLiteral("file")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();

    Vm::AgentCall *call = nullptr;
    if (operation == QLatin1String("read"))
        call = m_channel->readFile(target, 1000);
    else if (operation == QLatin1String("stat"))
        call = m_channel->stat(target);
    else if (operation == QLatin1String("list"))
        call = m_channel->list(target);
    else
        call = m_channel->writeFile(target, "x");
    QVERIFY(waitForCall(call));
    QVERIFY(!call->result().has_value());
    QCOMPARE(call->result().error().code, code);
    QVERIFY2(call->result().error().message.contains(message),
             qPrintable(call->result().error().message));
}

void tst_AgentChannel::stuckAgentIsGivenUpOn()
{
    // The agent enforces the timeout itself; a stopped (or wedged) agent cannot, so the host's
    // own deadline ends the step and closes the channel instead of waiting forever.
    m_channel->setAnswerGrace(std::chrono::milliseconds(500));
    Core::ExecRequest request = shell(QStringLiteral("echo started; sleep 30"));
    request.timeout = std::chrono::milliseconds(300);
    Run run;
    Vm::AgentExecJob *job = exec(request, &run);
    QVERIFY(waitUntil([&] { return run.out.contains("started"); }));
    m_groupsToKill.append(job->processId());
    QSignalSpy closed(m_channel.get(), &Vm::AgentChannel::closed);
    const pid_t agent = static_cast<pid_t>(m_process->processId());
    QCOMPARE(::kill(agent, SIGSTOP), 0);
    auto resume = qScopeGuard([agent] { ::kill(agent, SIGCONT); });
    QElapsedTimer clock;
    clock.start();
    QVERIFY(waitUntil([&] { return run.finished; }, 5000));
    QVERIFY2(clock.elapsed() < 3000, QByteArray::number(clock.elapsed()));
    QVERIFY(!run.result);
    QCOMPARE(run.result.error().code, Core::ErrorCode::SandboxError);
    QVERIFY2(run.result.error().message.contains(QStringLiteral("not answering")),
             qPrintable(run.result.error().message));
    QCOMPARE(closed.size(), 1);
    QVERIFY(m_channel->isClosed());
}

void tst_AgentChannel::agentKilledMidCommand()
{
    Run run;
    Vm::AgentExecJob *job = exec(shell(QStringLiteral("echo started; sleep 30")), &run);
    QVERIFY(waitUntil([&] { return run.out.contains("started"); }));
    m_groupsToKill.append(job->processId()); // a SIGKILLed agent cleans up nothing
    // One terminal that is up and running, one that the agent has not opened yet.
    Vm::PtyRequest shellRequest;
    shellRequest.argv = {QStringLiteral("/bin/sh")};
    shellRequest.environment.insert(QStringLiteral("PS1"), QStringLiteral("prompt$ "));
    const Core::Result<Vm::AgentPtySession *> pty = m_channel->openPty(shellRequest);
    QVERIFY(pty.has_value());
    QByteArray screen;
    std::optional<int> ptyExit;
    connect(*pty, &Core::TerminalSession::received, scope(),
            [&](const QByteArray &data) { screen += data; });
    connect(*pty, &Core::TerminalSession::finished, scope(), [&](int code) { ptyExit = code; });
    QVERIFY(waitUntil([&] { return screen.contains("prompt$"); }));
    const Core::Result<Vm::AgentPtySession *> unopened = m_channel->openPty(shellRequest);
    QVERIFY(unopened.has_value());
    std::optional<int> unopenedExit;
    connect(*unopened, &Core::TerminalSession::finished, scope(),
            [&](int code) { unopenedExit = code; });
    QSignalSpy closed(m_channel.get(), &Vm::AgentChannel::closed);

    QVERIFY(::kill(static_cast<pid_t>(m_process->processId()), SIGKILL) == 0);
    // Sent after the agent died, before the channel can know it.
    Vm::AgentCall *pending = m_channel->ping();
    QElapsedTimer clock;
    clock.start();
    QVERIFY(waitUntil(
        [&] { return run.finished && pending->isFinished() && ptyExit && unopenedExit; }, 5000));
    QVERIFY2(clock.elapsed() < 1500, qPrintable(QString::number(clock.elapsed())));

    QVERIFY(!run.result.has_value());
    QCOMPARE(run.result.error().code, Core::ErrorCode::SandboxError);
    QVERIFY2(run.result.error().message.contains(QLatin1String("the sandbox's agent went away")),
             qPrintable(run.result.error().message));
    QVERIFY2(run.result.error().message.contains(QLatin1String("signal 9")),
             qPrintable(run.result.error().message));
    QVERIFY(!pending->result().has_value());
    QCOMPARE(pending->result().error().code, Core::ErrorCode::SandboxError);
    QCOMPARE(*ptyExit, Vm::AgentPtySession::channelClosedExitCode);
    QCOMPARE(*unopenedExit, Vm::AgentPtySession::channelClosedExitCode);
    QVERIFY((*pty)->error().has_value());
    QCOMPARE((*pty)->error()->code, Core::ErrorCode::SandboxError);
    QCOMPARE(closed.size(), 1);
    QVERIFY(m_channel->isClosed());
    QVERIFY(!m_channel->isReady());

    // Afterwards everything fails at once, but from the event loop.
    Vm::AgentCall *late = m_channel->readFile(QStringLiteral("x"), 10);
    Run lateRun;
    Vm::AgentExecJob *lateJob = exec(shell(QStringLiteral("true")), &lateRun);
    QVERIFY(!late->isFinished() && !lateJob->isFinished());
    QVERIFY(waitUntil([&] { return late->isFinished() && lateRun.finished; }));
    QVERIFY(!late->result().has_value() && !lateRun.result.has_value());
    QCOMPARE(late->result().error().code, Core::ErrorCode::SandboxError);
    QCOMPARE(lateRun.result.error().code, Core::ErrorCode::SandboxError);
    QVERIFY(!m_channel->openPty(Vm::PtyRequest{}).has_value());
    QCOMPARE(closed.size(), 1);
}

void tst_AgentChannel::garbageFromThePeer()
{
    stopPeer();
    // A peer that is not an agent: leftovers of an earlier connection before it answers the
    // hello (skipped without a word), then one valid line among the noise.
    const QString script = QStringLiteral(
        "echo leftover; echo '{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"exit_code\":0}}';"
        " read hello; echo '{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocol\":1}}';"
        " echo not-json; echo '[1,2,3]'; echo '{\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{}}';"
        " head -c 300 /dev/urandom | tr -d '\\n'; echo;"
        " echo '{\"jsonrpc\":\"2.0\",\"method\":\"exec.output\",\"params\":{\"job\":1,"
        "\"stream\":\"stdout\",\"data\":\"***\"}}';"
        " exec sleep 1"); // exec: nothing outlives the peer holding our stderr
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("not JSON.*not-json")));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("not JSON.*1,2,3")));
    QTest::ignoreMessage(QtWarningMsg,
                         QRegularExpression(QStringLiteral("malformed.*exec.output")));
    // The random bytes: not JSON either (unless astronomically unlucky).
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("not JSON")));
    startPeer(QStringLiteral("sh"), {QStringLiteral("-c"), script});
    QVERIFY(waitReady());
    Vm::AgentCall *ping = m_channel->ping();
    QSignalSpy closed(m_channel.get(), &Vm::AgentChannel::closed);
    QVERIFY(waitUntil([&] { return ping->isFinished(); }, 5000));
    QVERIFY(!ping->result().has_value());
    QCOMPARE(ping->result().error().code, Core::ErrorCode::SandboxError);
    QVERIFY2(ping->result().error().message.contains(QLatin1String("exited with code 0")),
             qPrintable(ping->result().error().message));
    QCOMPARE(closed.size(), 1);
}

void tst_AgentChannel::overlongLineClosesTheChannel()
{
    stopPeer();
    startPeer(QStringLiteral("sh"),
              {QStringLiteral("-c"),
               QStringLiteral("head -c %1 /dev/zero | tr '\\0' x; exec sleep 20")
                   .arg(Vm::AgentChannel::maxIncomingLineBytes + 10)});
    Vm::AgentCall *ping = m_channel->ping();
    QSignalSpy closed(m_channel.get(), &Vm::AgentChannel::closed);
    QElapsedTimer clock;
    clock.start();
    QVERIFY(waitUntil([&] { return ping->isFinished(); }, 10000));
    QVERIFY2(clock.elapsed() < 10000, "closed long before the peer ends");
    QVERIFY(!ping->result().has_value());
    QCOMPARE(ping->result().error().code, Core::ErrorCode::SandboxError);
    QVERIFY2(ping->result().error().message.contains(QLatin1String("longer than")),
             qPrintable(ping->result().error().message));
    QCOMPARE(closed.size(), 1);
    QVERIFY(m_channel->bufferedBytes() <= m_process->bytesAvailable());
    m_process->kill();
}

void tst_AgentChannel::peerThatCannotStart()
{
    stopPeer();
    startPeer(path(QStringLiteral("no-such-agent")), {});
    Vm::AgentCall *ping = m_channel->ping();
    Run run;
    exec(shell(QStringLiteral("true")), &run);
    QVERIFY(waitUntil([&] { return ping->isFinished() && run.finished; }, 5000));
    QVERIFY(!ping->result().has_value() && !run.result.has_value());
    QCOMPARE(ping->result().error().code, Core::ErrorCode::SandboxError);
    QVERIFY2(ping->result().error().message.contains(QLatin1String("could not be started")),
             qPrintable(ping->result().error().message));
    QCOMPARE(run.result.error().code, Core::ErrorCode::SandboxError);
    QVERIFY(m_channel->isClosed());
}

void tst_AgentChannel::closingTheDeviceClosesTheChannel()
{
    Run run;
    Vm::AgentExecJob *job = exec(shell(QStringLiteral("sleep 30")), &run);
    QVERIFY(waitUntil([&] { return job->processId() > 0; }));
    QSignalSpy closed(m_channel.get(), &Vm::AgentChannel::closed);
    m_process->close(); // the owner hangs up (QProcess::close() also kills the agent)
    QCOMPARE(closed.size(), 1); // at once: nothing more can come from a closed device
    QVERIFY(closed.at(0).at(0).value<Core::Error>().message.contains(QLatin1String("closed")));
    QVERIFY(run.finished);
    QVERIFY(!run.result.has_value());
    QCOMPARE(run.result.error().code, Core::ErrorCode::SandboxError);
    m_groupsToKill.append(job->processId()); // a SIGKILLed agent cleans up nothing
}

QTEST_GUILESS_MAIN(tst_AgentChannel)

#include "tst_agentchannel.moc"
