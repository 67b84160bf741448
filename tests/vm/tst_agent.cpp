// Runs the real static terrarium-agent and speaks raw JSON-RPC lines to it (vm/guest/PROTOCOL.md).

#include "tests/TestPaths.h"
#include "tests/vm/ProcessProbe.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include <elf.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Terrarium;
using namespace Qt::StringLiterals;

namespace {

const QString kAgentPath = QStringLiteral(TERRARIUM_BINARY_DIR "/vm/guest/terrarium-agent");
constexpr qint64 kDefaultWindow = 4 * 1024 * 1024;

// Everything one exec job produced, in the order the protocol promises.
struct JobRun
{
    qint64 pid = -1;
    bool started = false;
    bool outputBeforeStarted = false;
    QByteArray out;
    QByteArray err;
    qint64 received = 0; // raw bytes of both streams
    qint64 unacked = 0;
    bool autoAck = true;
    bool keepOutput = true; // false: count the bytes without decoding them (throughput runs)
    std::optional<QJsonObject> response; // the whole response message
    bool outputAfterResponse = false;

    QJsonObject result() const
    {
        return response ? response->value(u"result").toObject() : QJsonObject();
    }
};

struct PtyRun
{
    QByteArray data;
    std::optional<int> exitCode;
};

qint64 rssKiB(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

QByteArray processState(qint64 pid)
{
    const QList<QByteArray> fields = Tests::procStatFields(pid);
    return fields.isEmpty() ? QByteArray() : fields.first();
}

bool procEntryExists(qint64 pid)
{
    return QFileInfo::exists(QStringLiteral("/proc/%1").arg(pid));
}

// How to start the agent so that it and its commands lack CAP_SYS_PTRACE, CAP_SYS_ADMIN and
// CAP_PERFMON, as in a sandbox (any of them opens a non-dumpable process's /proc entries all the
// same). Unprivileged, there is nothing to drop; as root, setpriv drops them. An empty program:
// it cannot be arranged.
std::pair<QString, QStringList> unprivilegedAgent(const QStringList &args = {})
{
    if (::geteuid() != 0)
        return {kAgentPath, args};
    const QString setpriv = QStandardPaths::findExecutable(u"setpriv"_s);
    if (setpriv.isEmpty())
        return {};
    return {setpriv,
            QStringList{u"--bounding-set"_s, u"-sys_ptrace,-sys_admin,-perfmon"_s, kAgentPath}
                + args};
}

// Whether unshare can give the agent a PID namespace of its own (as a container does).
bool canUnsharePidNamespace()
{
    QProcess unshare;
    unshare.start(
        u"unshare"_s,
        {u"--user"_s, u"--map-root-user"_s, u"--pid"_s, u"--fork"_s, u"--mount-proc"_s, u"true"_s});
    return unshare.waitForFinished(5000) && unshare.exitStatus() == QProcess::NormalExit
        && unshare.exitCode() == 0;
}

QStringList jsonStrings(const QJsonValue &value)
{
    QStringList strings;
    for (const QJsonValue &item : value.toArray())
        strings.append(item.toString());
    return strings;
}

mode_t fileMode(const QString &path)
{
    struct stat st
    {
    };
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return 0;
    return st.st_mode & 07777;
}

// Writes a file of a fake root tree (a sysfs, /lib/modules) with its parent directories.
bool writeTreeFile(const QString &path, const QByteArray &contents)
{
    if (!QDir().mkpath(QFileInfo(path).path()))
        return false;
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(contents) == contents.size();
}

// One agent process and the client half of the protocol, written against the raw line format.
class AgentProcess
{
public:
    // program: what to start; for a wrapper (setpriv, unshare), args name the agent.
    explicit AgentProcess(const QStringList &args = {}, const QString &program = kAgentPath)
    {
        m_process.setProgram(program);
        m_process.setArguments(args);
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        m_process.start();
    }
    ~AgentProcess()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.closeWriteChannel();
            if (!m_process.waitForFinished(5000)) {
                m_process.kill();
                m_process.waitForFinished(2000);
            }
        }
    }

    QProcess &process() { return m_process; }
    qint64 pid() const { return m_process.processId(); }
    const QList<QJsonObject> &notifications() const { return m_notifications; }
    QHash<qint64, JobRun> &jobs() { return m_jobs; }
    QHash<qint64, PtyRun> &ptys() { return m_ptys; }
    int unparsedLines() const { return m_unparsedLines; }

    bool waitForReady()
    {
        return waitUntil([this] { return m_ready.has_value(); }, 5000);
    }
    const QJsonObject &ready() const { return *m_ready; }

    void sendLine(const QByteArray &line) { m_process.write(line + '\n'); }
    void send(const QJsonObject &message)
    {
        sendLine(QJsonDocument(message).toJson(QJsonDocument::Compact));
    }
    qint64 request(const QString &method, const QJsonObject &params = {})
    {
        const qint64 id = m_nextId++;
        QJsonObject message{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"method"_s, method}};
        if (!params.isEmpty())
            message.insert(u"params", params);
        send(message);
        return id;
    }
    void notify(const QString &method, const QJsonObject &params)
    {
        send(QJsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"method"_s, method}, {u"params"_s, params}});
    }

    // The whole response to id, or nullopt after timeoutMs.
    std::optional<QJsonObject> response(qint64 id, int timeoutMs = 10000)
    {
        if (!waitUntil([&] { return m_responses.contains(id); }, timeoutMs))
            return std::nullopt;
        return m_responses.value(id);
    }
    QJsonObject call(const QString &method, const QJsonObject &params = {}, int timeoutMs = 10000)
    {
        return response(request(method, params), timeoutMs).value_or(QJsonObject());
    }

    // Starts an exec; its output collects in jobs()[id].
    qint64 startExec(const QJsonObject &params, bool autoAck = true)
    {
        const qint64 id = m_nextId++;
        m_jobs[id].autoAck = autoAck;
        send(QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                         {u"id"_s, id},
                         {u"method"_s, u"exec"_s},
                         {u"params"_s, params}});
        return id;
    }
    bool waitForJob(qint64 id, int timeoutMs = 10000)
    {
        return waitUntil([&] { return m_jobs.value(id).response.has_value(); }, timeoutMs);
    }
    JobRun runExec(const QJsonObject &params, int timeoutMs = 10000)
    {
        const qint64 id = startExec(params);
        waitForJob(id, timeoutMs);
        return m_jobs.take(id);
    }
    void ack(qint64 id)
    {
        JobRun &job = m_jobs[id];
        if (job.unacked > 0)
            notify(u"exec.ack"_s, {{u"job"_s, id}, {u"bytes"_s, job.unacked}});
        job.unacked = 0;
    }

    // Reads and handles what the agent sends until cond holds or timeoutMs pass.
    bool waitUntil(const std::function<bool()> &cond, int timeoutMs)
    {
        QElapsedTimer clock;
        clock.start();
        while (!cond()) {
            const qint64 left = timeoutMs - clock.elapsed();
            if (left <= 0)
                return false;
            if (m_process.state() == QProcess::NotRunning) {
                readAvailable();
                return cond();
            }
            m_process.waitForReadyRead(int(qMin<qint64>(left, 100)));
            readAvailable();
        }
        return true;
    }
    void readAvailable()
    {
        m_buffer += m_process.readAllStandardOutput();
        qsizetype start = 0;
        for (;;) {
            const qsizetype newline = m_buffer.indexOf('\n', start);
            if (newline < 0)
                break;
            handleLine(QByteArrayView(m_buffer).sliced(start, newline - start));
            start = newline + 1;
        }
        m_buffer.remove(0, start);
        for (auto it = m_jobs.begin(); it != m_jobs.end(); ++it) {
            if (it->autoAck && it->unacked > 0)
                ack(it.key());
        }
        for (auto it = m_ptyUnacked.begin(); it != m_ptyUnacked.end(); ++it) {
            if (it.value() > 0)
                notify(u"pty.ack"_s, {{u"pty"_s, it.key()}, {u"bytes"_s, it.value()}});
            it.value() = 0;
        }
    }

private:
    // exec.output lines are most of the traffic: take them apart by hand (the agent writes a
    // fixed member order), anything else goes through QJsonDocument.
    bool handleOutputFast(QByteArrayView line)
    {
        static const QByteArray prefix =
            R"({"jsonrpc":"2.0","method":"exec.output","params":{"job":)";
        if (!line.startsWith(prefix))
            return false;
        const qsizetype comma = line.indexOf(',', prefix.size());
        const QByteArrayView rest = line.sliced(comma + 1);
        static const QByteArray outMarker = R"("stream":"stdout","data":")";
        static const QByteArray errMarker = R"("stream":"stderr","data":")";
        const bool isOut = rest.startsWith(outMarker);
        if (!isOut && !rest.startsWith(errMarker))
            return false;
        if (!rest.endsWith("\"}}"))
            return false;
        bool ok = false;
        const qint64 id = line.sliced(prefix.size(), comma - prefix.size()).toLongLong(&ok);
        if (!ok)
            return false;
        const QByteArrayView base64 =
            rest.sliced(outMarker.size(), rest.size() - outMarker.size() - 3);
        JobRun &job = m_jobs[id];
        if (!job.keepOutput && job.started && !job.response) {
            const qint64 size = base64.size() / 4 * 3
                - (base64.endsWith("==")      ? 2
                       : base64.endsWith('=') ? 1
                                              : 0);
            job.received += size;
            job.unacked += size;
            return true;
        }
        addOutput(id, isOut,
                  QByteArray::fromBase64(QByteArray::fromRawData(base64.data(), base64.size())));
        return true;
    }

    void addOutput(qint64 id, bool isOut, const QByteArray &data)
    {
        JobRun &job = m_jobs[id];
        if (!job.started)
            job.outputBeforeStarted = true;
        if (job.response)
            job.outputAfterResponse = true;
        (isOut ? job.out : job.err) += data;
        job.received += data.size();
        job.unacked += data.size();
    }

    void handleLine(QByteArrayView line)
    {
        if (handleOutputFast(line))
            return;
        const QJsonDocument document = QJsonDocument::fromJson(line.toByteArray());
        if (!document.isObject()) {
            ++m_unparsedLines;
            return;
        }
        const QJsonObject message = document.object();
        if (message.contains(u"id")) {
            const qint64 id = message.value(u"id").toInteger(-1);
            m_responses.insert(id, message);
            if (m_jobs.contains(id))
                m_jobs[id].response = message;
            return;
        }
        const QString method = message.value(u"method").toString();
        const QJsonObject params = message.value(u"params").toObject();
        if (method == u"agent.ready") {
            m_ready = params;
        } else if (method == u"exec.started") {
            JobRun &job = m_jobs[params.value(u"job").toInteger()];
            job.started = true;
            job.pid = params.value(u"pid").toInteger();
        } else if (method == u"exec.output") {
            addOutput(params.value(u"job").toInteger(),
                      params.value(u"stream").toString() == u"stdout",
                      QByteArray::fromBase64(params.value(u"data").toString().toLatin1()));
        } else if (method == u"pty.output") {
            const qint64 id = params.value(u"pty").toInteger();
            const QByteArray data =
                QByteArray::fromBase64(params.value(u"data").toString().toLatin1());
            m_ptys[id].data += data;
            m_ptyUnacked[id] += data.size();
        } else if (method == u"pty.exit") {
            m_ptys[params.value(u"pty").toInteger()].exitCode = params.value(u"exit_code").toInt();
        }
        m_notifications.append(message);
    }

    QProcess m_process;
    QByteArray m_buffer;
    qint64 m_nextId = 1;
    std::optional<QJsonObject> m_ready;
    QHash<qint64, QJsonObject> m_responses;
    QHash<qint64, JobRun> m_jobs;
    QHash<qint64, PtyRun> m_ptys;
    QHash<qint64, qint64> m_ptyUnacked;
    QList<QJsonObject> m_notifications;
    int m_unparsedLines = 0;
};

QJsonObject shell(const QString &command)
{
    return {{u"command"_s, command}};
}

QJsonObject argv(const QStringList &args)
{
    return {{u"argv"_s, QJsonArray::fromStringList(args)}};
}

int errorCode(const QJsonObject &response)
{
    return response.value(u"error").toObject().value(u"code").toInt();
}

int errorErrno(const QJsonObject &response)
{
    return response.value(u"error").toObject().value(u"data").toObject().value(u"errno").toInt();
}

} // namespace

class tst_Agent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void binaryIsStatic();
    void versionFlag();
    void readyAndPing();
    void info();
    void execArgvAndShell_data();
    void execArgvAndShell();
    void processLifeIsMeasuredApartFromItsOutput();
    void waitingForStdinIsReported();
    void stdoutAndStderrAreSeparate();
    void exitCodes_data();
    void exitCodes();
    void signalEndsCommand();
    void unicodeAndBinaryOutputIsByteExact();
    void largeOutputArrivesComplete();
    void throughput();
    void floodStopsAtTheWindowUntilAcked();
    void hostNotReadingBoundsAgentMemory();
    void execRoundTripIsFast();
    void cwdAndEnv();
    void stdinWriteAndEof();
    void stdinNull();
    void timeoutKillsGrandchildren();
    void timeoutEscalatesToSigkill();
    void execSignalCancels();
    void startFailures_data();
    void startFailures();
    void concurrentJobs();
    void ptyExec();
    void ptyResizeAndExit();
    void ptyClose();
    void fsWriteReadBinary();
    void fsReadLimits();
    void fsWriteIsAtomicReplace();
    void fsStatAndList();
    void fsErrors();
    void malformedLinesAreAnsweredAndServingGoesOn();
    void invalidRequests();
    void endOfInputKillsJobsAndExits();
    void sigtermKillsJobsAndExits();
    void initReapsAdoptedZombie();
    void initForwardsSigtermAndExits();
    void initWithoutCommandStopsPromptlyAndIgnoresStdin();
    void commandsCannotReachIntoTheAgent();
    void memoryLimitOptions();
    void memoryLimitKillsTheBiggestJob();
    void memoryLimitKillsTheLargestGroupOutsideJobs();
    void initEnforcesTheMemoryLimit();
    void auditClearsSetidAndListsAutorunFiles();
    void auditLimitsAndErrors();
    void helloAnswersWithTheReadyParams();
    void powerOffIsOnlyForAVm();
    void vmInitRefusesToRunOutsidePid1();
    void vmProbe_data();
    void vmProbe();

private:
    QTemporaryDir m_dir;
};

void tst_Agent::initTestCase()
{
    QVERIFY2(QFileInfo(kAgentPath).isExecutable(), qPrintable(kAgentPath));
    QVERIFY(m_dir.isValid());
}

void tst_Agent::binaryIsStatic()
{
#ifdef TERRARIUM_SANITIZE
    QSKIP("AddressSanitizer cannot link statically: the sanitizer build's agent is dynamic (the "
          "regular build checks this)");
#endif
    // What `ldd` checks: a dynamic executable has a PT_INTERP (the loader) and a PT_DYNAMIC.
    QFile file(kAgentPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray elf = file.readAll();
    QVERIFY(size_t(elf.size()) > sizeof(Elf64_Ehdr));
    Elf64_Ehdr header;
    memcpy(&header, elf.constData(), sizeof header);
    QVERIFY(memcmp(header.e_ident, ELFMAG, SELFMAG) == 0);
    QCOMPARE(header.e_ident[EI_CLASS], ELFCLASS64);
    QVERIFY(header.e_phnum > 0);
    for (int i = 0; i < header.e_phnum; ++i) {
        Elf64_Phdr phdr;
        const qsizetype offset = qsizetype(header.e_phoff + size_t(i) * header.e_phentsize);
        QVERIFY(offset + qsizetype(sizeof phdr) <= elf.size());
        memcpy(&phdr, elf.constData() + offset, sizeof phdr);
        QVERIFY2(phdr.p_type != PT_INTERP, "the agent has a program interpreter");
        QVERIFY2(phdr.p_type != PT_DYNAMIC, "the agent has a dynamic section");
    }
    // And ldd agrees, where it is installed.
    QProcess ldd;
    ldd.start(u"ldd"_s, {kAgentPath});
    if (ldd.waitForFinished(5000)) {
        const QByteArray said = ldd.readAllStandardOutput() + ldd.readAllStandardError();
        QVERIFY2(said.contains("not a dynamic executable") || said.contains("statically linked"),
                 said.constData());
    }
}

void tst_Agent::versionFlag()
{
    QProcess agent;
    agent.start(kAgentPath, {u"--version"_s});
    QVERIFY(agent.waitForFinished(5000));
    QCOMPARE(agent.exitCode(), 0);
    QVERIFY(agent.readAllStandardOutput().startsWith("terrarium-agent 0."));
}

void tst_Agent::readyAndPing()
{
    AgentProcess agent;
    QVERIFY(agent.waitForReady());
    QCOMPARE(agent.ready().value(u"protocol").toInt(), 1);
    QCOMPARE(agent.ready().value(u"pid").toInteger(), agent.pid());
    QVERIFY(!agent.ready().value(u"version").toString().isEmpty());

    const QJsonObject pong = agent.call(u"ping"_s);
    QCOMPARE(pong.value(u"jsonrpc").toString(), u"2.0"_s);
    QCOMPARE(pong.value(u"result").toObject().value(u"pong").toBool(), true);
}

void tst_Agent::info()
{
    AgentProcess agent;
    QVERIFY(agent.waitForReady());
    const QJsonObject info = agent.call(u"info"_s).value(u"result").toObject();
    for (const char *key :
         {"os", "arch", "kernel", "hostname", "user", "home", "shell", "cwd", "agent_version"})
        QVERIFY2(!info.value(QLatin1String(key)).toString().isEmpty(), key);
    QCOMPARE(info.value(u"uid").toInteger(), qint64(getuid()));
    QCOMPARE(info.value(u"gid").toInteger(), qint64(getgid()));
    QCOMPARE(info.value(u"protocol").toInt(), 1);
    QCOMPARE(info.value(u"pid").toInteger(), agent.pid());
    QCOMPARE(info.value(u"cwd").toString(), QDir::currentPath());
    QVERIFY(info.value(u"shell").toString() == u"/bin/bash"
            || info.value(u"shell").toString() == u"/bin/sh");
    const QJsonObject tools = info.value(u"tools").toObject();
    QVERIFY(QFileInfo(tools.value(u"sh").toString()).isExecutable());
    QVERIFY(!tools.contains(u"terrarium-no-such-tool"));
}

void tst_Agent::execArgvAndShell_data()
{
    QTest::addColumn<QJsonObject>("params");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("argv") << argv({u"echo"_s, u"hello world"_s, u"$HOME"_s})
                          << QByteArray("hello world $HOME\n");
    QTest::newRow("shell string") << shell(u"echo abc | tr a-c x-z; echo $((6 * 7))"_s)
                                  << QByteArray("xyz\n42\n");
    QTest::newRow("argv with path")
        << argv({u"/bin/sh"_s, u"-c"_s, u"printf %s \"$0\""_s, u"zero"_s}) << QByteArray("zero");
}

void tst_Agent::execArgvAndShell()
{
    QFETCH(QJsonObject, params);
    QFETCH(QByteArray, expected);
    AgentProcess agent;
    const JobRun run = agent.runExec(params);
    QVERIFY(run.response);
    QVERIFY(run.started);
    QVERIFY(run.pid > 0);
    QVERIFY(!run.outputBeforeStarted);
    QCOMPARE(run.out, expected);
    QCOMPARE(run.err, QByteArray());
    QCOMPARE(run.result().value(u"exit_code").toInt(), 0);
    QCOMPARE(run.result().value(u"signal").toInt(), 0);
    QCOMPARE(run.result().value(u"timed_out").toBool(), false);
    QVERIFY(run.result().value(u"duration_ms").toInteger() >= 0);
}

void tst_Agent::processLifeIsMeasuredApartFromItsOutput()
{
    // The shell ends after 0.2 s; the sleep it leaves behind holds stdout for a second more.
    AgentProcess agent;
    const JobRun run = agent.runExec(
        QJsonObject{{u"command"_s, u"sleep 1.2 & sleep 0.2"_s}, {u"timeout_ms"_s, 20000}});
    QVERIFY(run.response);
    const qint64 processUs = run.result().value(u"process_us").toInteger(-1);
    QVERIFY2(processUs >= 200000 && processUs < 1000000, qPrintable(QString::number(processUs)));
    QVERIFY(run.result().value(u"duration_ms").toInteger() >= 1200);
}

void tst_Agent::waitingForStdinIsReported()
{
    AgentProcess agent;
    QVERIFY(agent.waitForReady());
    const auto stdinWaits = [&agent](qint64 job) {
        int count = 0;
        for (const QJsonObject &message : agent.notifications()) {
            if (message.value(u"method").toString() == u"exec.stdin_wait"_s
                && message.value(u"params").toObject().value(u"job").toInteger() == job)
                ++count;
        }
        return count;
    };
    // Busy, with a partial line, but reading nothing: never reported.
    const qint64 busy =
        agent.startExec(QJsonObject{{u"command"_s, u"printf 'Downloading 45%%'; sleep 1.5"_s}});
    QVERIFY(agent.waitForJob(busy));
    QCOMPARE(stdinWaits(busy), 0);

    // A reader, without a prompt: reported once per wait, again once its line was read.
    const qint64 reader =
        agent.startExec(QJsonObject{{u"command"_s, u"read a; read b; echo \"$a $b\""_s}});
    QVERIFY(agent.waitUntil([&] { return stdinWaits(reader) == 1; }, 5000));
    QVERIFY(!agent.waitUntil([&] { return stdinWaits(reader) > 1; }, 800));
    agent.call(u"exec.stdin"_s,
               QJsonObject{{u"job"_s, reader},
                           {u"data"_s, QString::fromLatin1(QByteArray("x\n").toBase64())}});
    QVERIFY(agent.waitUntil([&] { return stdinWaits(reader) == 2; }, 5000));
    agent.call(u"exec.stdin"_s,
               QJsonObject{{u"job"_s, reader},
                           {u"data"_s, QString::fromLatin1(QByteArray("y\n").toBase64())},
                           {u"eof"_s, true}});
    QVERIFY(agent.waitForJob(reader));
    QCOMPARE(agent.jobs().value(reader).out, QByteArray("x y\n"));
    QCOMPARE(stdinWaits(reader), 2);
}

void tst_Agent::stdoutAndStderrAreSeparate()
{
    AgentProcess agent;
    const JobRun run =
        agent.runExec(shell(u"echo out1; echo err1 >&2; echo out2; echo err2 >&2"_s));
    QCOMPARE(run.out, QByteArray("out1\nout2\n"));
    QCOMPARE(run.err, QByteArray("err1\nerr2\n"));
    QVERIFY(!run.outputAfterResponse);
}

void tst_Agent::exitCodes_data()
{
    QTest::addColumn<int>("code");
    for (int code : {0, 1, 42, 255})
        QTest::addRow("exit %d", code) << code;
}

void tst_Agent::exitCodes()
{
    QFETCH(int, code);
    AgentProcess agent;
    const JobRun run = agent.runExec(shell(u"exit %1"_s.arg(code)));
    QCOMPARE(run.result().value(u"exit_code").toInt(), code);
    QCOMPARE(run.result().value(u"signal").toInt(), 0);
}

void tst_Agent::signalEndsCommand()
{
    AgentProcess agent;
    const JobRun run = agent.runExec(shell(u"echo before; kill -TERM $$; echo after"_s));
    QCOMPARE(run.out, QByteArray("before\n"));
    QCOMPARE(run.result().value(u"exit_code").toInt(), -1);
    QCOMPARE(run.result().value(u"signal").toInt(), int(SIGTERM));
    QCOMPARE(run.result().value(u"timed_out").toBool(), false);
}

void tst_Agent::unicodeAndBinaryOutputIsByteExact()
{
    QByteArray binary;
    for (int round = 0; round < 300; ++round) {
        for (int byte = 0; byte < 256; ++byte)
            binary += char((byte + round) & 0xff);
    }
    const QByteArray unicode =
        "h\xc3\xa9llo w\xc3\xb6rld \xe2\x9c\x93 \xf0\x9f\x9a\x80 \xe6\x97\xa5\xe6\x9c\xac\n";
    const QString path = m_dir.filePath(u"binary.bin"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(binary + unicode);
    file.close();

    AgentProcess agent;
    const JobRun cat = agent.runExec(argv({u"cat"_s, path}));
    QCOMPARE(cat.out.size(), binary.size() + unicode.size());
    QCOMPARE(cat.out, binary + unicode);
    // Bytes the shell itself writes, including ones that are not UTF-8, on stderr too.
    const JobRun printed = agent.runExec(
        shell(u"printf 'h\\303\\251 \\342\\234\\223\\n'; printf '\\377\\000\\001' >&2"_s));
    QCOMPARE(printed.out, QByteArray("h\xc3\xa9 \xe2\x9c\x93\n"));
    QCOMPARE(printed.err, QByteArray("\xff\x00\x01", 3));
}

void tst_Agent::largeOutputArrivesComplete()
{
    // 100 MB through base64 lines and acks; the command hashes what it wrote, on stderr.
    AgentProcess agent;
    QVERIFY(agent.waitForReady());
    QElapsedTimer clock;
    clock.start();
    const qint64 id =
        agent.startExec(shell(u"head -c 100000000 /dev/urandom | tee >(sha256sum >&2)"_s));
    agent.jobs()[id].out.reserve(100000000);
    QVERIFY(agent.waitForJob(id, 60000));
    const qint64 elapsed = qMax<qint64>(1, clock.elapsed());
    const JobRun run = agent.jobs().take(id);
    QCOMPARE(run.result().value(u"exit_code").toInt(), 0);
    QCOMPARE(run.out.size(), qsizetype(100000000));
    const QByteArray hash = QCryptographicHash::hash(run.out, QCryptographicHash::Sha256).toHex();
    QCOMPARE(run.err.left(64), hash);
    qInfo("100 MB of output in %lld ms: %.0f MB/s raw, %.0f MB/s of base64 JSON (test client "
          "included)",
          elapsed, 100000000.0 / 1000.0 / double(elapsed),
          100000000.0 * 4 / 3 / 1000.0 / double(elapsed));
}

void tst_Agent::throughput()
{
    // The agent's own pace: zeros cost the command nothing and this client only counts the
    // bytes (the other tests check contents), so this measures the agent reading, encoding and
    // writing, plus the client splitting lines.
    AgentProcess agent;
    QVERIFY(agent.waitForReady());
    QVERIFY(agent.call(u"agent.window"_s, {{u"bytes"_s, 64 << 20}}).contains(u"result"));
    const qint64 total = 300000000;
    QElapsedTimer clock;
    clock.start();
    const qint64 id =
        agent.startExec(argv({u"head"_s, u"-c"_s, QString::number(total), u"/dev/zero"_s}));
    agent.jobs()[id].keepOutput = false;
    QVERIFY(agent.waitForJob(id, 60000));
    const qint64 elapsed = qMax<qint64>(1, clock.elapsed());
    QCOMPARE(agent.jobs()[id].received, total);
    const double rawMBs = double(total) / 1000.0 / double(elapsed);
    qInfo("%lld MB of zeros in %lld ms: %.0f MB/s raw, %.0f MB/s of base64 JSON", total / 1000000,
          elapsed, rawMBs, rawMBs * 4 / 3);
    QVERIFY2(rawMBs > 20, qPrintable(QString::number(rawMBs)));
}

void tst_Agent::floodStopsAtTheWindowUntilAcked()
{
    AgentProcess agent;
    QVERIFY(agent.waitForReady());
    const qint64 total = 50000000;
    const qint64 id =
        agent.startExec(argv({u"head"_s, u"-c"_s, QString::number(total), u"/dev/zero"_s}),
                        /*autoAck=*/false);
    QVERIFY(agent.waitUntil([&] { return agent.jobs()[id].received >= kDefaultWindow; }, 10000));
    // Give it every chance to overshoot.
    agent.waitUntil([] { return false; }, 500);
    const JobRun &job = agent.jobs()[id];
    QCOMPARE(job.received, kDefaultWindow);
    QVERIFY(!job.response);
    // The command is blocked on its full pipe, not finished, and the agent holds little.
    QVERIFY(job.pid > 0);
    QCOMPARE(processState(job.pid), QByteArray("S"));
    const qint64 rss = rssKiB(agent.pid());
    QVERIFY2(rss > 0 && rss < 32 * 1024, qPrintable(u"agent RSS %1 KiB"_s.arg(rss)));

    agent.jobs()[id].autoAck = true;
    agent.ack(id);
    QVERIFY(agent.waitForJob(id, 30000));
    QCOMPARE(agent.jobs()[id].received, total);
    QCOMPARE(agent.jobs()[id].out, QByteArray(total, '\0'));
    QCOMPARE(agent.jobs()[id].result().value(u"exit_code").toInt(), 0);
}

void tst_Agent::hostNotReadingBoundsAgentMemory()
{
    // A window far larger than the output: only "stdout to the host is full" can stop the agent.
    AgentProcess agent;
    QVERIFY(agent.waitForReady());
    QVERIFY(agent.call(u"agent.window"_s, {{u"bytes"_s, 1 << 30}}).contains(u"result"));
    const qint64 total = 200000000;
    const qint64 id =
        agent.startExec(argv({u"head"_s, u"-c"_s, QString::number(total), u"/dev/zero"_s}));
    QVERIFY(agent.waitUntil([&] { return agent.jobs()[id].started; }, 5000));
    const qint64 pid = agent.jobs()[id].pid;
    QThread::msleep(1000); // not reading: the agent's stdout pipe fills
    const qint64 rss = rssKiB(agent.pid());
    QVERIFY2(rss > 0 && rss < 32 * 1024, qPrintable(u"agent RSS %1 KiB"_s.arg(rss)));
    QCOMPARE(processState(pid), QByteArray("S"));
    QVERIFY(agent.waitForJob(id, 30000));
    QCOMPARE(agent.jobs()[id].received, total);
    QCOMPARE(agent.jobs()[id].result().value(u"exit_code").toInt(), 0);
}

void tst_Agent::execRoundTripIsFast()
{
    AgentProcess agent;
    QVERIFY(agent.waitForReady());
    QVERIFY(agent.runExec(argv({u"true"_s})).response); // warm up
    const int rounds = 200;
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < rounds; ++i) {
        const JobRun run =
            agent.runExec(QJsonObject{{u"argv"_s, QJsonArray{u"true"_s}}, {u"stdin"_s, u"null"_s}});
        QCOMPARE(run.result().value(u"exit_code").toInt(), 0);
    }
    const double perExecMs = double(clock.nsecsElapsed()) / 1e6 / rounds;
    qInfo("exec of `true`, request to response: %.2f ms", perExecMs);
    QVERIFY2(perExecMs < 20, qPrintable(QString::number(perExecMs)));
}

void tst_Agent::cwdAndEnv()
{
    AgentProcess agent;
    const QString dir = QFileInfo(m_dir.path()).canonicalFilePath();
    QJsonObject params = shell(u"pwd; echo \"$FOO|$BAR\"; echo \"$PATH\" | grep -c /"_s);
    params.insert(u"cwd", dir);
    params.insert(u"env", QJsonObject{{u"FOO"_s, u"foo value"_s}, {u"BAR"_s, u"b\u00e4r"_s}});
    const JobRun run = agent.runExec(params);
    QCOMPARE(run.result().value(u"exit_code").toInt(), 0);
    QCOMPARE(QString::fromUtf8(run.out), dir + u"\nfoo value|b\u00e4r\n1\n"_s);
}

void tst_Agent::stdinWriteAndEof()
{
    AgentProcess agent;
    const qint64 id =
        agent.startExec(shell(u"read first; echo \"got $first\"; tr a-z A-Z; echo done"_s));
    QVERIFY(agent.waitUntil([&] { return agent.jobs()[id].started; }, 5000));
    QJsonObject written = agent.call(
        u"exec.stdin"_s,
        {{u"job"_s, id}, {u"data"_s, QString::fromLatin1(QByteArray("hello\n").toBase64())}});
    QVERIFY(written.contains(u"result"));
    QVERIFY(agent.waitUntil([&] { return agent.jobs()[id].out == "got hello\n"; }, 5000));
    // A big write, more than a pipe holds, queued in the agent while tr works through it.
    const QByteArray big(3 * 1024 * 1024, 'x');
    written = agent.call(
        u"exec.stdin"_s,
        {{u"job"_s, id}, {u"data"_s, QString::fromLatin1(big.toBase64())}, {u"eof"_s, true}});
    QVERIFY(written.contains(u"result"));
    QVERIFY(agent.waitForJob(id));
    const JobRun &run = agent.jobs()[id];
    QCOMPARE(run.out, "got hello\n" + QByteArray(big.size(), 'X') + "done\n");
    QCOMPARE(run.result().value(u"exit_code").toInt(), 0);

    // The job is gone now, and a job whose stdin was closed refuses more.
    QCOMPARE(errorCode(agent.call(u"exec.stdin"_s, {{u"job"_s, id}, {u"data"_s, u"eA=="_s}})), 3);
    const qint64 sleeper = agent.startExec(shell(u"exec 0<&-; sleep 5"_s));
    QVERIFY(agent.waitUntil([&] { return agent.jobs()[sleeper].started; }, 5000));
    const QJsonObject eof = agent.call(u"exec.stdin"_s, {{u"job"_s, sleeper}, {u"eof"_s, true}});
    QVERIFY(eof.contains(u"result"));
    const QJsonObject after =
        agent.call(u"exec.stdin"_s, {{u"job"_s, sleeper}, {u"data"_s, u"eA=="_s}});
    QCOMPARE(errorCode(after), 1);
    QCOMPARE(errorErrno(after), EPIPE);
    QCOMPARE(errorCode(
                 agent.call(u"exec.stdin"_s, {{u"job"_s, sleeper}, {u"data"_s, u"not base64!"_s}})),
             -32602);
    agent.call(u"exec.signal"_s, {{u"job"_s, sleeper}, {u"signal"_s, u"KILL"_s}});
    QVERIFY(agent.waitForJob(sleeper));
}

void tst_Agent::stdinNull()
{
    AgentProcess agent;
    const JobRun run = agent.runExec(
        QJsonObject{{u"argv"_s, QJsonArray{u"cat"_s}}, {u"stdin"_s, u"null"_s}}, 5000);
    QVERIFY(run.response);
    QCOMPARE(run.out, QByteArray());
    QCOMPARE(run.result().value(u"exit_code").toInt(), 0);
}

void tst_Agent::timeoutKillsGrandchildren()
{
    AgentProcess agent;
    const QString pidFile = m_dir.filePath(u"grandchild.pid"_s);
    QJsonObject params = shell(u"sleep 100 & echo $! > '%1'; wait"_s.arg(pidFile));
    params.insert(u"timeout_ms", 300);
    QElapsedTimer clock;
    clock.start();
    const JobRun run = agent.runExec(params);
    QVERIFY(run.response);
    QVERIFY(clock.elapsed() < 2000);
    QCOMPARE(run.result().value(u"timed_out").toBool(), true);
    QCOMPARE(run.result().value(u"exit_code").toInt(), -1);
    QCOMPARE(run.result().value(u"signal").toInt(), int(SIGTERM));
    QFile file(pidFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const qint64 grandchild = file.readAll().trimmed().toLongLong();
    QVERIFY(grandchild > 0);
    QTRY_VERIFY_WITH_TIMEOUT(Tests::isProcessGone(grandchild), 3000);
}

void tst_Agent::timeoutEscalatesToSigkill()
{
    AgentProcess agent;
    QJsonObject params = shell(u"trap '' TERM; sleep 100"_s);
    params.insert(u"timeout_ms", 200);
    QElapsedTimer clock;
    clock.start();
    const JobRun run = agent.runExec(params);
    QVERIFY(run.response);
    QVERIFY(clock.elapsed() >= 2000);
    QVERIFY(clock.elapsed() < 5000);
    QCOMPARE(run.result().value(u"timed_out").toBool(), true);
    QCOMPARE(run.result().value(u"signal").toInt(), int(SIGKILL));
}

void tst_Agent::execSignalCancels()
{
    AgentProcess agent;
    const qint64 id = agent.startExec(shell(u"sleep 100; echo never"_s));
    QVERIFY(agent.waitUntil([&] { return agent.jobs()[id].started; }, 5000));
    QElapsedTimer clock;
    clock.start();
    QVERIFY(agent.call(u"exec.signal"_s, {{u"job"_s, id}, {u"signal"_s, u"TERM"_s}})
                .contains(u"result"));
    QVERIFY(agent.waitForJob(id, 5000));
    QVERIFY(clock.elapsed() < 1500);
    QCOMPARE(agent.jobs()[id].result().value(u"signal").toInt(), int(SIGTERM));
    QCOMPARE(agent.jobs()[id].out, QByteArray());

    QCOMPARE(errorCode(agent.call(u"exec.signal"_s, {{u"job"_s, id}, {u"signal"_s, u"TERM"_s}})),
             3);
    const qint64 other = agent.startExec(argv({u"sleep"_s, u"100"_s}));
    QVERIFY(agent.waitUntil([&] { return agent.jobs()[other].started; }, 5000));
    QCOMPARE(errorCode(agent.call(u"exec.signal"_s, {{u"job"_s, other}, {u"signal"_s, u"NOPE"_s}})),
             -32602);
    QVERIFY(
        agent.call(u"exec.signal"_s, {{u"job"_s, other}, {u"signal"_s, 9}}).contains(u"result"));
    QVERIFY(agent.waitForJob(other, 5000));
    QCOMPARE(agent.jobs()[other].result().value(u"signal").toInt(), int(SIGKILL));
}

void tst_Agent::startFailures_data()
{
    QTest::addColumn<QJsonObject>("params");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("not found") << argv({u"terrarium-no-such-command"_s}) << 127
                               << QByteArray("terrarium-no-such-command: command not found");
    QTest::newRow("no such path") << argv({u"/no/such/program"_s}) << 127
                                  << QByteArray("No such file");
    QTest::newRow("not executable")
        << argv({u"/dev/null"_s}) << 126 << QByteArray("Permission denied");
    QTest::newRow("directory") << argv({u"/tmp"_s}) << 126 << QByteArray("Permission denied");
    QJsonObject missingCwd = argv({u"true"_s});
    missingCwd.insert(u"cwd", u"/no/such/dir"_s);
    QTest::newRow("no such cwd") << missingCwd << 127 << QByteArray("/no/such/dir");
}

void tst_Agent::startFailures()
{
    QFETCH(QJsonObject, params);
    QFETCH(int, exitCode);
    QFETCH(QByteArray, message);
    AgentProcess agent;
    const JobRun run = agent.runExec(params);
    QVERIFY(run.response);
    QVERIFY(run.started);
    QCOMPARE(run.pid, 0);
    QVERIFY2(run.err.contains(message), run.err.constData());
    QCOMPARE(run.result().value(u"exit_code").toInt(), exitCode);
}

void tst_Agent::concurrentJobs()
{
    AgentProcess agent;
    const qint64 slow = agent.startExec(shell(u"sleep 0.3; echo slow"_s));
    const qint64 fast = agent.startExec(shell(u"echo fast"_s));
    QVERIFY(agent.waitForJob(fast));
    QVERIFY(!agent.jobs()[slow].response);
    QVERIFY(agent.waitForJob(slow));
    QCOMPARE(agent.jobs()[slow].out, QByteArray("slow\n"));
    QCOMPARE(agent.jobs()[fast].out, QByteArray("fast\n"));

    // Ids name jobs: a running job's id cannot be reused, and it must be an integer.
    const qint64 sleeper = agent.startExec(argv({u"sleep"_s, u"5"_s}));
    QVERIFY(agent.waitUntil([&] { return agent.jobs()[sleeper].started; }, 5000));
    agent.send({{u"jsonrpc"_s, u"2.0"_s},
                {u"id"_s, sleeper},
                {u"method"_s, u"exec"_s},
                {u"params"_s, argv({u"true"_s})}});
    QVERIFY(agent.waitUntil([&] { return agent.jobs()[sleeper].response.has_value(); }, 5000));
    QCOMPARE(errorCode(*agent.jobs()[sleeper].response), -32600);
    agent.send({{u"jsonrpc"_s, u"2.0"_s},
                {u"id"_s, u"text"_s},
                {u"method"_s, u"exec"_s},
                {u"params"_s, argv({u"true"_s})}});
    // (responses() files ids that are not integers under -1)
    const std::optional<QJsonObject> textId = agent.response(-1);
    QVERIFY(textId);
    QCOMPARE(errorCode(*textId), -32600);
    QCOMPARE(textId->value(u"id").toString(), u"text"_s);
    agent.call(u"exec.signal"_s, {{u"job"_s, sleeper}, {u"signal"_s, u"KILL"_s}});
    QVERIFY(agent.waitForJob(sleeper));
}

void tst_Agent::ptyExec()
{
    AgentProcess agent;
    QJsonObject params = shell(
        u"[ -t 0 ] && [ -t 1 ] && [ -t 2 ] && echo is-a-tty; stty size; echo $TERM; echo err >&2"_s);
    params.insert(u"pty", true);
    params.insert(u"cols", 120);
    params.insert(u"rows", 30);
    const JobRun run = agent.runExec(params);
    QCOMPARE(run.result().value(u"exit_code").toInt(), 0);
    QCOMPARE(run.out, QByteArray("is-a-tty\r\n30 120\r\nxterm-256color\r\nerr\r\n"));
    QCOMPARE(run.err, QByteArray());

    // On a terminal, eof is the EOF character: cat sees end of input and exits.
    QJsonObject catParams = argv({u"cat"_s});
    catParams.insert(u"pty", true);
    const qint64 id = agent.startExec(catParams);
    QVERIFY(agent.waitUntil([&] { return agent.jobs()[id].started; }, 5000));
    agent.call(u"exec.stdin"_s,
               {{u"job"_s, id},
                {u"data"_s, QString::fromLatin1(QByteArray("abc\n").toBase64())},
                {u"eof"_s, true}});
    QVERIFY(agent.waitForJob(id, 5000));
    QCOMPARE(agent.jobs()[id].result().value(u"exit_code").toInt(), 0);
    QCOMPARE(agent.jobs()[id].out, QByteArray("abc\r\nabc\r\n"));
}

void tst_Agent::ptyResizeAndExit()
{
    AgentProcess agent;
    const QJsonObject opened =
        agent.call(u"pty.open"_s,
                   {{u"command"_s, u"stty size; read line; stty size; exit 3"_s},
                    {u"cols"_s, 80},
                    {u"rows"_s, 24}});
    const qint64 pty = opened.value(u"result").toObject().value(u"pty").toInteger(-1);
    QVERIFY2(pty >= 0, QJsonDocument(opened).toJson().constData());
    QVERIFY(agent.waitUntil([&] { return agent.ptys()[pty].data.contains("24 80\r\n"); }, 5000));
    QVERIFY(agent.call(u"pty.resize"_s, {{u"pty"_s, pty}, {u"cols"_s, 100}, {u"rows"_s, 40}})
                .contains(u"result"));
    QVERIFY(
        agent
            .call(u"pty.write"_s,
                  {{u"pty"_s, pty}, {u"data"_s, QString::fromLatin1(QByteArray("\n").toBase64())}})
            .contains(u"result"));
    QVERIFY(agent.waitUntil([&] { return agent.ptys()[pty].exitCode.has_value(); }, 5000));
    QVERIFY2(agent.ptys()[pty].data.contains("40 100\r\n"), agent.ptys()[pty].data.constData());
    QCOMPARE(*agent.ptys()[pty].exitCode, 3);
    QCOMPARE(errorCode(agent.call(u"pty.write"_s, {{u"pty"_s, pty}, {u"data"_s, u"eA=="_s}})), 3);
}

void tst_Agent::ptyClose()
{
    AgentProcess agent;
    const qint64 sleeper =
        agent.call(u"pty.open"_s, {{u"argv"_s, QJsonArray{u"sleep"_s, u"100"_s}}})
            .value(u"result")
            .toObject()
            .value(u"pty")
            .toInteger(-1);
    QVERIFY(sleeper >= 0);
    QVERIFY(agent.call(u"pty.close"_s, {{u"pty"_s, sleeper}}).contains(u"result"));
    QVERIFY(agent.waitUntil([&] { return agent.ptys()[sleeper].exitCode.has_value(); }, 3000));
    QCOMPARE(*agent.ptys()[sleeper].exitCode, 128 + SIGHUP);

    // The default program is the login shell; it runs what it is sent and closes on request.
    const qint64 shellPty =
        agent.call(u"pty.open"_s).value(u"result").toObject().value(u"pty").toInteger(-1);
    QVERIFY(shellPty >= 0);
    agent.call(
        u"pty.write"_s,
        {{u"pty"_s, shellPty},
         {u"data"_s, QString::fromLatin1(QByteArray("echo $((40 + 2))-marker\n").toBase64())}});
    QVERIFY(
        agent.waitUntil([&] { return agent.ptys()[shellPty].data.contains("42-marker"); }, 5000));
    QElapsedTimer clock;
    clock.start();
    QVERIFY(agent.call(u"pty.close"_s, {{u"pty"_s, shellPty}}).contains(u"result"));
    QVERIFY(agent.waitUntil([&] { return agent.ptys()[shellPty].exitCode.has_value(); }, 5000));
    QVERIFY(clock.elapsed() < 3000);
    QCOMPARE(errorCode(agent.call(u"pty.close"_s, {{u"pty"_s, shellPty}})), 3);
    QCOMPARE(errorCode(agent.call(u"pty.open"_s,
                                  {{u"argv"_s, QJsonArray{u"terrarium-no-such-command"_s}}})),
             1);
}

void tst_Agent::fsWriteReadBinary()
{
    AgentProcess agent;
    QByteArray data;
    for (int i = 0; i < 70000; ++i)
        data += char((i * 7 + i / 256) & 0xff);
    const QString path = m_dir.filePath(u"fs/a/b/data.bin"_s);
    const QJsonObject written = agent.call(
        u"fs.write"_s, {{u"path"_s, path}, {u"data"_s, QString::fromLatin1(data.toBase64())}});
    QCOMPARE(written.value(u"result").toObject().value(u"bytes").toInteger(), data.size());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), data);
    QCOMPARE(QFileInfo(path).permissions() & 0x7777,
             QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser
                 | QFileDevice::WriteUser | QFileDevice::ReadGroup | QFileDevice::ReadOther);

    const QJsonObject read =
        agent.call(u"fs.read"_s, {{u"path"_s, path}}).value(u"result").toObject();
    QCOMPARE(QByteArray::fromBase64(read.value(u"data").toString().toLatin1()), data);
    QCOMPARE(read.value(u"size").toInteger(), data.size());
    QCOMPARE(read.value(u"eof").toBool(), true);

    const QJsonObject middle = agent
                                   .call(u"fs.read"_s,
                                         {{u"path"_s, path},
                                          {u"offset"_s, 1000},
                                          {u"max_bytes"_s, 10},
                                          {u"partial"_s, true}})
                                   .value(u"result")
                                   .toObject();
    QCOMPARE(QByteArray::fromBase64(middle.value(u"data").toString().toLatin1()),
             data.mid(1000, 10));
    QCOMPARE(middle.value(u"eof").toBool(), false);
    QCOMPARE(middle.value(u"size").toInteger(), data.size());

    const QJsonObject appended =
        agent.call(u"fs.write"_s,
                   {{u"path"_s, path},
                    {u"data"_s, QString::fromLatin1(QByteArray("tail").toBase64())},
                    {u"append"_s, true}});
    QCOMPARE(appended.value(u"result").toObject().value(u"bytes").toInteger(), 4);
    file.seek(0);
    QCOMPARE(file.readAll(), data + "tail");

    const QJsonObject empty = agent.call(
        u"fs.write"_s,
        {{u"path"_s, m_dir.filePath(u"fs/empty"_s)}, {u"data"_s, u""_s}, {u"mode"_s, 0600}});
    QCOMPARE(empty.value(u"result").toObject().value(u"bytes").toInteger(), 0);
    QCOMPARE(QFileInfo(m_dir.filePath(u"fs/empty"_s)).size(), 0);
    struct stat st
    {
    };
    QCOMPARE(::stat(QFile::encodeName(m_dir.filePath(u"fs/empty"_s)).constData(), &st), 0);
    QCOMPARE(int(st.st_mode & 07777), 0600);
}

void tst_Agent::fsReadLimits()
{
    AgentProcess agent;
    const QString path = m_dir.filePath(u"limit.txt"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(1000, 'l'));
    file.close();

    const QJsonObject tooBig = agent.call(u"fs.read"_s, {{u"path"_s, path}, {u"max_bytes"_s, 999}});
    QCOMPARE(errorCode(tooBig), 2);
    QCOMPARE(tooBig.value(u"error").toObject().value(u"data").toObject().value(u"size").toInteger(),
             1000);
    const QJsonObject exact = agent.call(u"fs.read"_s, {{u"path"_s, path}, {u"max_bytes"_s, 1000}});
    QCOMPARE(QByteArray::fromBase64(
                 exact.value(u"result").toObject().value(u"data").toString().toLatin1()),
             QByteArray(1000, 'l'));
    const QJsonObject rest =
        agent.call(u"fs.read"_s, {{u"path"_s, path}, {u"max_bytes"_s, 999}, {u"offset"_s, 1}});
    QCOMPARE(rest.value(u"result").toObject().value(u"eof").toBool(), true);
    // A /proc file says size 0 and still has contents.
    const QJsonObject proc =
        agent.call(u"fs.read"_s, {{u"path"_s, u"/proc/self/status"_s}}).value(u"result").toObject();
    QVERIFY(QByteArray::fromBase64(proc.value(u"data").toString().toLatin1()).contains("Pid:"));
    QVERIFY(proc.value(u"size").toInteger() > 0);
}

void tst_Agent::fsWriteIsAtomicReplace()
{
    AgentProcess agent;
    const QString dir = m_dir.filePath(u"atomic"_s);
    const QString path = dir + u"/file.txt"_s;
    QVERIFY(agent
                .call(u"fs.write"_s,
                      {{u"path"_s, path},
                       {u"data"_s, QString::fromLatin1(QByteArray("old contents").toBase64())},
                       {u"mode"_s, 0640}})
                .contains(u"result"));
    struct stat before
    {
    };
    QCOMPARE(::stat(QFile::encodeName(path).constData(), &before), 0);
    // A reader holding the old file keeps seeing all of the old contents.
    QFile reader(path);
    QVERIFY(reader.open(QIODevice::ReadOnly));

    QVERIFY(agent
                .call(u"fs.write"_s,
                      {{u"path"_s, path},
                       {u"data"_s, QString::fromLatin1(QByteArray("new").toBase64())}})
                .contains(u"result"));
    struct stat after
    {
    };
    QCOMPARE(::stat(QFile::encodeName(path).constData(), &after), 0);
    QVERIFY(before.st_ino != after.st_ino); // renamed into place, not rewritten
    QCOMPARE(int(after.st_mode & 07777), 0640); // the replaced file's mode is kept
    QCOMPARE(reader.readAll(), QByteArray("old contents"));
    QFile current(path);
    QVERIFY(current.open(QIODevice::ReadOnly));
    QCOMPARE(current.readAll(), QByteArray("new"));
    QCOMPARE(QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList{u"file.txt"_s});

    // Through a symlink: the target is replaced, the link stays.
    const QString link = dir + u"/link"_s;
    QVERIFY(QFile::link(path, link));
    QVERIFY(agent
                .call(u"fs.write"_s,
                      {{u"path"_s, link},
                       {u"data"_s, QString::fromLatin1(QByteArray("via link").toBase64())}})
                .contains(u"result"));
    QVERIFY(QFileInfo(link).isSymLink());
    QFile target(path);
    QVERIFY(target.open(QIODevice::ReadOnly));
    QCOMPARE(target.readAll(), QByteArray("via link"));
}

void tst_Agent::fsStatAndList()
{
    AgentProcess agent;
    const QString dir = m_dir.filePath(u"listing"_s);
    QVERIFY(QDir().mkpath(dir + u"/subdir"_s));
    QFile file(dir + u"/b.txt"_s);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("12345");
    file.close();
    QVERIFY(QFile::link(u"b.txt"_s, dir + u"/a-link"_s));
    QFile odd(dir + QString::fromUtf8("/\xc3\xa9t\xc3\xa9"));
    QVERIFY(odd.open(QIODevice::WriteOnly));
    odd.close();

    const QJsonObject stat = agent.call(u"fs.stat"_s, {{u"path"_s, QString(dir + u"/b.txt"_s)}})
                                 .value(u"result")
                                 .toObject();
    QCOMPARE(stat.value(u"type").toString(), u"file"_s);
    QCOMPARE(stat.value(u"size").toInteger(), 5);
    QVERIFY(stat.value(u"mtime_ms").toInteger() > 1600000000000LL);
    QVERIFY(stat.value(u"mode").toInt() > 0 && stat.value(u"mode").toInt() <= 07777);
    const QJsonObject linkStat =
        agent.call(u"fs.stat"_s, {{u"path"_s, QString(dir + u"/a-link"_s)}})
            .value(u"result")
            .toObject();
    QCOMPARE(linkStat.value(u"type").toString(), u"symlink"_s);
    QCOMPARE(linkStat.value(u"target").toString(), u"b.txt"_s);
    QCOMPARE(agent.call(u"fs.stat"_s, {{u"path"_s, dir}})
                 .value(u"result")
                 .toObject()
                 .value(u"type")
                 .toString(),
             u"dir"_s);

    const QJsonArray entries = agent.call(u"fs.list"_s, {{u"path"_s, dir}})
                                   .value(u"result")
                                   .toObject()
                                   .value(u"entries")
                                   .toArray();
    QCOMPARE(entries.size(), 4);
    QStringList names, types;
    for (const QJsonValue &entry : entries) {
        names << entry.toObject().value(u"name").toString();
        types << entry.toObject().value(u"type").toString();
    }
    QCOMPARE(names,
             (QStringList{u"a-link"_s, u"b.txt"_s, u"subdir"_s,
                          QString::fromUtf8("\xc3\xa9t\xc3\xa9")}));
    QCOMPARE(types, (QStringList{u"symlink"_s, u"file"_s, u"dir"_s, u"file"_s}));
    QCOMPARE(entries.at(1).toObject().value(u"size").toInteger(), 5);
}

void tst_Agent::fsErrors()
{
    AgentProcess agent;
    const QJsonObject missing =
        agent.call(u"fs.read"_s, {{u"path"_s, m_dir.filePath(u"no-such-file"_s)}});
    QCOMPARE(errorCode(missing), 1);
    QCOMPARE(errorErrno(missing), ENOENT);
    QCOMPARE(errorErrno(agent.call(u"fs.stat"_s, {{u"path"_s, m_dir.filePath(u"no-such-file"_s)}})),
             ENOENT);
    QCOMPARE(errorErrno(agent.call(u"fs.list"_s, {{u"path"_s, m_dir.filePath(u"no-such-dir"_s)}})),
             ENOENT);
    QCOMPARE(errorErrno(agent.call(u"fs.read"_s, {{u"path"_s, m_dir.path()}})), EISDIR);
    QCOMPARE(errorCode(agent.call(u"fs.read"_s, {{u"path"_s, 5}})), -32602);
    QCOMPARE(errorCode(agent.call(u"fs.write"_s,
                                  {{u"path"_s, m_dir.filePath(u"x"_s)}, {u"data"_s, u"%%%"_s}})),
             -32602);
    const QJsonObject noDirs = agent.call(
        u"fs.write"_s,
        {{u"path"_s, m_dir.filePath(u"new-dir/x"_s)}, {u"data"_s, u""_s}, {u"mkdirs"_s, false}});
    QCOMPARE(errorErrno(noDirs), ENOENT);
}

void tst_Agent::malformedLinesAreAnsweredAndServingGoesOn()
{
    AgentProcess agent;
    QVERIFY(agent.waitForReady());
    agent.sendLine("{\"jsonrpc\":\"2.0\",\"id\":77,\"method\":");
    agent.sendLine(QByteArray(9 * 1024 * 1024, 'a')); // over the 8 MiB line limit
    agent.sendLine("");
    const qint64 id = agent.request(u"ping"_s);
    QVERIFY(agent.response(id).has_value());
    QCOMPARE(agent.notifications().size(), 1); // agent.ready, and no agent.log
    // Both bad lines got a parse error with a null id (responses() holds them under id -1).
    const std::optional<QJsonObject> parseError = agent.response(-1, 100);
    QVERIFY(parseError);
    QCOMPARE(errorCode(*parseError), -32700);
    QVERIFY(parseError->value(u"id").isNull());
    QCOMPARE(agent.unparsedLines(), 0);
}

void tst_Agent::invalidRequests()
{
    AgentProcess agent;
    QCOMPARE(errorCode(agent.call(u"no.such.method"_s)), -32601);
    agent.sendLine(R"({"jsonrpc":"2.0","id":500,"params":{}})");
    QCOMPARE(errorCode(agent.response(500).value_or(QJsonObject())), -32600);
    agent.sendLine(R"({"jsonrpc":"1.0","id":501,"method":"ping"})");
    QCOMPARE(errorCode(agent.response(501).value_or(QJsonObject())), -32600);
    agent.sendLine(R"({"jsonrpc":"2.0","id":502,"method":"ping","params":[1]})");
    QCOMPARE(errorCode(agent.response(502).value_or(QJsonObject())), -32602);
    QCOMPARE(errorCode(agent.call(u"exec"_s, {{u"argv"_s, QJsonArray{}}})), -32602);
    QCOMPARE(errorCode(agent.call(u"exec"_s, {{u"argv"_s, QJsonArray{1, 2}}})), -32602);
    QCOMPARE(errorCode(agent.call(
                 u"exec"_s, {{u"command"_s, u"true"_s}, {u"env"_s, QJsonObject{{u"A"_s, 1}}}})),
             -32602);
    QCOMPARE(errorCode(agent.call(u"agent.window"_s, {{u"bytes"_s, 0}})), -32602);
    QCOMPARE(errorCode(agent.call(u"exec.stdin"_s, {{u"job"_s, 123456}, {u"data"_s, u""_s}})), 3);
    QCOMPARE(errorCode(
                 agent.call(u"pty.resize"_s, {{u"pty"_s, 123456}, {u"cols"_s, 1}, {u"rows"_s, 1}})),
             3);
    // A notification never gets an answer, not even for an unknown method.
    agent.notify(u"no.such.notification"_s, {});
    agent.notify(u"exec.ack"_s, {{u"job"_s, 999}, {u"bytes"_s, 5}});
    QVERIFY(agent.call(u"ping"_s).contains(u"result"));
}

void tst_Agent::endOfInputKillsJobsAndExits()
{
    auto agent = std::make_unique<AgentProcess>();
    const qint64 id = agent->startExec(argv({u"sleep"_s, u"100"_s}));
    QVERIFY(agent->waitUntil([&] { return agent->jobs()[id].started; }, 5000));
    const qint64 sleeper = agent->jobs()[id].pid;
    QVERIFY(!Tests::isProcessGone(sleeper));
    QElapsedTimer clock;
    clock.start();
    agent->process().closeWriteChannel();
    QVERIFY(agent->process().waitForFinished(5000));
    QVERIFY(clock.elapsed() < 2000);
    QCOMPARE(agent->process().exitStatus(), QProcess::NormalExit);
    QCOMPARE(agent->process().exitCode(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(Tests::isProcessGone(sleeper), 2000);
}

void tst_Agent::sigtermKillsJobsAndExits()
{
    auto agent = std::make_unique<AgentProcess>();
    const qint64 id = agent->startExec(argv({u"sleep"_s, u"100"_s}));
    const qint64 pty = agent->call(u"pty.open"_s, {{u"argv"_s, QJsonArray{u"sleep"_s, u"100"_s}}})
                           .value(u"result")
                           .toObject()
                           .value(u"pty")
                           .toInteger(-1);
    QVERIFY(pty >= 0);
    QVERIFY(agent->waitUntil([&] { return agent->jobs()[id].started; }, 5000));
    const qint64 job = agent->jobs()[id].pid;
    QList<qint64> ptySleepers = Tests::childProcesses(agent->pid(), "sleep");
    ptySleepers.removeAll(job);
    QCOMPARE(ptySleepers.size(), 1);
    agent->process().terminate();
    QVERIFY(agent->process().waitForFinished(5000));
    QCOMPARE(agent->process().exitStatus(), QProcess::NormalExit);
    QCOMPARE(agent->process().exitCode(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(Tests::isProcessGone(job), 2000);
    QTRY_VERIFY_WITH_TIMEOUT(Tests::isProcessGone(ptySleepers.first()), 2000);
}

void tst_Agent::initReapsAdoptedZombie()
{
    // The subshell starts a short sleep and exits at once: the sleep is orphaned, and the init
    // (a child subreaper here, PID 1 in a container) adopts it and must reap it when it ends.
    const QString pidFile = m_dir.filePath(u"orphan.pid"_s);
    QFile::remove(pidFile);
    AgentProcess init(
        {u"--init"_s, u"--"_s, u"/bin/sh"_s, u"-c"_s,
         u"(sleep 0.5 & echo $! > '%1.tmp'; mv '%1.tmp' '%1'); exec sleep 100"_s.arg(pidFile)});
    QVERIFY(init.process().waitForStarted(5000));
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(pidFile), 5000);
    QFile file(pidFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const qint64 orphan = file.readAll().trimmed().toLongLong();
    QVERIFY(orphan > 0);
    QTRY_COMPARE_WITH_TIMEOUT(Tests::procStatFields(orphan).value(1).toLongLong(), init.pid(),
                              2000);
    // Without reaping it would stay a zombie under the init; reaped, it leaves /proc.
    QTRY_VERIFY_WITH_TIMEOUT(!procEntryExists(orphan), 3000);
    QCOMPARE(init.process().state(), QProcess::Running);

    init.process().terminate();
    QVERIFY(init.process().waitForFinished(3000));
    QCOMPARE(init.process().exitCode(), 0);
}

void tst_Agent::initForwardsSigtermAndExits()
{
    const QString pidFile = m_dir.filePath(u"init-child.pid"_s);
    QFile::remove(pidFile);
    // The command itself and an adopted orphan both get SIGTERM and must be gone after.
    AgentProcess init(
        {u"--init"_s, u"/bin/sh"_s, u"-c"_s,
         u"(sleep 100 & echo $! > '%1.tmp'; mv '%1.tmp' '%1'); exec sleep 100"_s.arg(pidFile)});
    QVERIFY(init.process().waitForStarted(5000));
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(pidFile), 5000);
    QFile file(pidFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const qint64 orphan = file.readAll().trimmed().toLongLong();
    QTRY_COMPARE_WITH_TIMEOUT(Tests::procStatFields(orphan).value(1).toLongLong(), init.pid(),
                              2000);
    // The exec'd command and the adopted orphan. The shell execs its sleep only after the
    // subshell is gone, so under load the orphan can be adopted while the shell is still "sh".
    QList<qint64> command;
    QTRY_COMPARE_WITH_TIMEOUT((command = Tests::childProcesses(init.pid(), "sleep")).size(), 2,
                              2000);

    QElapsedTimer clock;
    clock.start();
    ::kill(pid_t(init.pid()), SIGTERM);
    QVERIFY(init.process().waitForFinished(3000));
    QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(init.process().exitStatus(), QProcess::NormalExit);
    QCOMPARE(init.process().exitCode(), 0);
    for (qint64 pid : command)
        QVERIFY(!procEntryExists(pid) || Tests::isProcessGone(pid));
}

void tst_Agent::initWithoutCommandStopsPromptlyAndIgnoresStdin()
{
    AgentProcess init({u"--init"_s});
    QVERIFY(init.process().waitForStarted(5000));
    init.sendLine(R"({"jsonrpc":"2.0","id":1,"method":"ping"})");
    QVERIFY(!init.process().waitForReadyRead(300));
    QCOMPARE(init.process().state(), QProcess::Running);
    QElapsedTimer clock;
    clock.start();
    init.process().terminate();
    QVERIFY(init.process().waitForFinished(3000));
    QVERIFY(clock.elapsed() < 1000);
    QCOMPARE(init.process().exitCode(), 0);

    // The command's status is the init's when the command ends on its own.
    AgentProcess withCommand({u"--init"_s, u"sh"_s, u"-c"_s, u"exit 7"_s});
    QVERIFY(withCommand.process().waitForFinished(3000));
    QCOMPARE(withCommand.process().exitCode(), 7);
}

void tst_Agent::commandsCannotReachIntoTheAgent()
{
    const auto [program, args] = unprivilegedAgent();
    if (program.isEmpty())
        QSKIP("running as root, and setpriv (to drop CAP_SYS_PTRACE) is not installed");
    AgentProcess agent(args, program);
    QVERIFY(agent.waitForReady());
    const qint64 agentPid = agent.ready().value(u"pid").toInteger();
    QCOMPARE(agentPid, agent.pid());
    // A forged line written into the agent's stdout would reach the host as the agent's word.
    const JobRun run = agent.runExec(shell(
        uR"(echo '{"jsonrpc":"2.0","method":"agent.log","params":{"message":"forged"}}' > /proc/%1/fd/1 && echo fd-opened
cat /proc/%1/environ > /dev/null && echo environ-read
sleep 30 & child=$!
cat /proc/$child/environ > /dev/null && echo child-environ-read
kill $child
exit 0)"_s.arg(agentPid)));
    QVERIFY(run.response);
    QVERIFY2(!run.out.contains("fd-opened"), run.out.constData());
    QCOMPARE(run.out, QByteArray("child-environ-read\n")); // the command's own children are normal
    QCOMPARE(run.err.count("Permission denied"), 2);
    QVERIFY(agent.call(u"ping"_s).contains(u"result"));
    for (const QJsonObject &notification : agent.notifications())
        QVERIFY(notification.value(u"method").toString() != u"agent.log");
}

void tst_Agent::memoryLimitOptions()
{
    auto run = [](const QStringList &args, QByteArray *err = nullptr) {
        QProcess agent;
        agent.start(kAgentPath, args);
        agent.closeWriteChannel();
        if (!agent.waitForFinished(5000)) {
            agent.kill();
            agent.waitForFinished();
            return -1;
        }
        if (err)
            *err = agent.readAllStandardError();
        return agent.exitCode();
    };
    QByteArray err;
    QCOMPARE(run({u"--memory-limit-mib"_s, u"0"_s}, &err), 2);
    QVERIFY2(err.contains("positive number"), err.constData());
    QCOMPARE(run({u"--memory-limit-mib"_s, u"lots"_s}), 2);
    QCOMPARE(run({u"--memory-limit-mib"_s, u"-5"_s}), 2);
    // With --device: parsed, then the device is what fails.
    QCOMPARE(run({u"--memory-limit-mib"_s, u"100"_s, u"--device"_s, u"/nonexistent/port"_s}, &err),
             1);
    QVERIFY2(err.contains("cannot open /nonexistent/port"), err.constData());
    QCOMPARE(run({u"--device"_s, u"/nonexistent/port"_s, u"--memory-limit-mib"_s, u"100"_s}), 1);
    // With --init, before it or right after it.
    QCOMPARE(run({u"--memory-limit-mib"_s, u"100"_s, u"--init"_s, u"sh"_s, u"-c"_s, u"exit 7"_s}),
             7);
    QCOMPARE(run({u"--init"_s, u"--memory-limit-mib"_s, u"100"_s, u"--"_s, u"sh"_s, u"-c"_s,
                  u"exit 8"_s}),
             8);
    // Serving with a limit and nothing running: an ordinary agent.
    AgentProcess agent({u"--memory-limit-mib"_s, u"100"_s});
    QVERIFY(agent.waitForReady());
    QCOMPARE(agent.runExec(shell(u"echo ok"_s)).out, QByteArray("ok\n"));
}

void tst_Agent::memoryLimitKillsTheBiggestJob()
{
    // Every process caps its own address space (ulimit -v, KiB): whatever goes wrong, this test
    // cannot take more than a few hundred MB of the machine.
    AgentProcess agent({u"--memory-limit-mib"_s, u"200"_s});
    QVERIFY(agent.waitForReady());

    // One 100 MB process: under the limit, untouched.
    const JobRun under = agent.runExec(
        shell(
            u"ulimit -v 400000; dd if=/dev/zero bs=100M count=1 2>/dev/null | sleep 1; echo done"_s),
        15000);
    QVERIFY(under.response);
    QCOMPARE(under.out, QByteArray("done\n"));
    QCOMPARE(under.result().value(u"exit_code").toInt(), 0);
    QVERIFY(!under.result().contains(u"killed_by"));

    // Three of them, each a dd holding its 100 MB buffer while the pipe to sleep stays full.
    // A quiet job beside it holds next to nothing and must survive.
    const qint64 bystander = agent.startExec(shell(u"sleep 3; echo still here"_s));
    QElapsedTimer clock;
    clock.start();
    const qint64 id =
        agent.startExec({{u"command"_s,
                          u"ulimit -v 400000; for i in 1 2 3; do dd if=/dev/zero bs=100M count=1 "
                          u"2>/dev/null | sleep 60 & done; wait; echo survived"_s},
                         {u"timeout_ms"_s, 60000}});
    QVERIFY(agent.waitForJob(id, 20000));
    const qint64 elapsed = clock.elapsed();
    const JobRun over = agent.jobs().take(id);
    QVERIFY2(elapsed < 10000, qPrintable(QString::number(elapsed)));
    QCOMPARE(over.result().value(u"killed_by").toString(), u"memory_limit"_s);
    QCOMPARE(over.result().value(u"signal").toInt(), int(SIGKILL));
    QCOMPARE(over.result().value(u"exit_code").toInt(), -1);
    QCOMPARE(over.result().value(u"timed_out").toBool(), false);
    QCOMPARE(over.result().value(u"memory_limit_bytes").toInteger(), 200LL * 1024 * 1024);
    const qint64 peak = over.result().value(u"memory_peak_bytes").toInteger();
    QVERIFY2(peak > 200LL * 1024 * 1024 && peak < 400LL * 1024 * 1024,
             qPrintable(QString::number(peak)));
    QVERIFY(!over.out.contains("survived"));
    QTRY_VERIFY_WITH_TIMEOUT(Tests::liveSessionMembers(over.pid).isEmpty(), 3000);

    QVERIFY(agent.waitForJob(bystander, 10000));
    QCOMPARE(agent.jobs().value(bystander).out, QByteArray("still here\n"));
    QVERIFY(!agent.jobs().value(bystander).result().contains(u"killed_by"));
}

void tst_Agent::memoryLimitKillsTheLargestGroupOutsideJobs()
{
    // As in a container: the agent is PID 1 of its own PID namespace and counts everything in it,
    // including a process group that left its job's session.
    if (!canUnsharePidNamespace())
        QSKIP("unshare cannot make a user and PID namespace here");
    AgentProcess agent({u"--user"_s, u"--map-root-user"_s, u"--pid"_s, u"--fork"_s,
                        u"--mount-proc"_s, kAgentPath, u"--memory-limit-mib"_s, u"100"_s},
                       u"unshare"_s);
    QVERIFY(agent.waitForReady());
    QCOMPARE(agent.ready().value(u"pid").toInteger(), 1);
    QElapsedTimer clock;
    clock.start();
    const JobRun run = agent.runExec(
        shell(u"setsid sh -c 'ulimit -v 400000; dd if=/dev/zero bs=150M count=1 2>/dev/null | "
              u"sleep 60' </dev/null >/dev/null 2>&1 & wait $!; echo status=$?"_s),
        20000);
    QVERIFY(run.response);
    QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(run.out, QByteArray("status=137\n")); // 128 + SIGKILL
    QCOMPARE(run.result().value(u"exit_code").toInt(), 0);
    QVERIFY(!run.result().contains(u"killed_by")); // the job itself was not the culprit
    bool warned = false;
    for (const QJsonObject &notification : agent.notifications()) {
        const QString message =
            notification.value(u"params").toObject().value(u"message").toString();
        warned = warned
            || (notification.value(u"method").toString() == u"agent.log"
                && message.contains(u"memory limit of 100 MiB exceeded")
                && message.contains(u"killed process group"));
    }
    QVERIFY(warned);
}

void tst_Agent::initEnforcesTheMemoryLimit()
{
    QProcess init;
    init.start(kAgentPath,
               {u"--init"_s, u"--memory-limit-mib"_s, u"100"_s, u"sh"_s, u"-c"_s,
                u"setsid sh -c 'ulimit -v 400000; dd if=/dev/zero bs=150M count=1 2>/dev/null | "
                u"sleep 60' & wait $!; echo status=$?"_s});
    QElapsedTimer clock;
    clock.start();
    QVERIFY(init.waitForFinished(20000));
    QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(init.exitCode(), 0);
    QCOMPARE(init.readAllStandardOutput(), QByteArray("status=137\n"));
    const QByteArray log = init.readAllStandardError();
    QVERIFY2(log.contains("memory limit of 100 MiB exceeded")
                 && log.contains("killed process group"),
             log.constData());
}

void tst_Agent::auditClearsSetidAndListsAutorunFiles()
{
    const QString ws = m_dir.filePath(u"audit-ws"_s);
    QVERIFY(QDir().mkpath(ws + u"/.git/hooks"_s));
    auto write = [](const QString &path, const QByteArray &data) {
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write(data) == data.size();
    };
    // Before the command: a hook and a config that stay as they are, and a setuid file outside
    // the workspace that a symlink inside will point to.
    QVERIFY(write(ws + u"/.git/hooks/pre-push"_s, "#!/bin/sh\n"));
    QVERIFY(write(ws + u"/.git/config"_s, "[core]\n"));
    QVERIFY(write(ws + u"/.git/description"_s, "unchanged\n"));
    const QString outside = m_dir.filePath(u"outside-setuid"_s);
    QVERIFY(write(outside, "#!/bin/sh\n"));
    QCOMPARE(::chmod(QFile::encodeName(outside).constData(), 04755), 0);
    // File times come from a clock that ticks every few ms: let it move past the files above.
    QThread::msleep(50);

    AgentProcess agent;
    const JobRun run = agent.runExec({{u"command"_s, uR"(set -e
cp /bin/true tool && chmod 755 tool && chmod u+s tool
mkdir -p bin && cp /bin/true bin/gtool && chmod 2750 bin/gtool
echo notes > notes.txt && chmod 4644 notes.txt
printf '#!/bin/sh\nexit 0\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit
echo 'sample' > .git/hooks/pre-rebase.sample
printf '\thooksPath = /tmp\n' >> .git/config
ln -s '%1' .git/hooks/post-checkout
ln -s '%1' not-a-hook
echo 'export X=1' > .envrc
mkdir -p sub/home && echo 'echo hi' > sub/home/.bashrc
echo data > .env
echo done)"_s.arg(outside)},
                                      {u"cwd"_s, ws},
                                      {u"audit"_s, ws}});
    QVERIFY(run.response);
    QCOMPARE(run.out, QByteArray("done\n"));
    QCOMPARE(run.result().value(u"exit_code").toInt(), 0);
    const QJsonObject audit = run.result().value(u"audit").toObject();
    QCOMPARE(jsonStrings(audit.value(u"setid_cleared")),
             (QStringList{u"bin/gtool"_s, u"notes.txt"_s, u"tool"_s}));
    QCOMPARE(jsonStrings(audit.value(u"setid_failed")), QStringList());
    QCOMPARE(jsonStrings(audit.value(u"autorun_changed")),
             (QStringList{u".envrc"_s, u".git/config"_s, u".git/hooks/post-checkout"_s,
                          u".git/hooks/pre-commit"_s, u"sub/home/.bashrc"_s}));
    QCOMPARE(audit.value(u"truncated").toBool(), false);
    QVERIFY(!audit.contains(u"error"));

    // The bits are gone and nothing else changed; the symlinks' target was not touched.
    QCOMPARE(int(fileMode(ws + u"/tool"_s)), 0755);
    QCOMPARE(int(fileMode(ws + u"/bin/gtool"_s)), 0750);
    QCOMPARE(int(fileMode(ws + u"/notes.txt"_s)), 0644);
    QCOMPARE(int(fileMode(outside)), 04755);

    // A second command that changes nothing lists nothing.
    QThread::msleep(50);
    const JobRun again = agent.runExec({{u"command"_s, u"true"_s}, {u"audit"_s, ws}});
    const QJsonObject quiet = again.result().value(u"audit").toObject();
    QCOMPARE(jsonStrings(quiet.value(u"setid_cleared")), QStringList());
    QCOMPARE(jsonStrings(quiet.value(u"autorun_changed")), QStringList());
}

void tst_Agent::auditLimitsAndErrors()
{
    AgentProcess agent;
    QCOMPARE(errorCode(agent.call(u"exec"_s, {{u"command"_s, u"true"_s}, {u"audit"_s, 5}})),
             -32602);
    QCOMPARE(errorCode(agent.call(u"exec"_s, {{u"command"_s, u"true"_s}, {u"audit"_s, u""_s}})),
             -32602);

    // A directory that is not there, or a symlink put where it was: an error, nothing walked.
    const QString missing = m_dir.filePath(u"no-such-workspace"_s);
    const QJsonObject gone = agent.runExec({{u"command"_s, u"true"_s}, {u"audit"_s, missing}})
                                 .result()
                                 .value(u"audit")
                                 .toObject();
    QVERIFY2(gone.value(u"error").toString().contains(u"No such file"),
             qPrintable(gone.value(u"error").toString()));
    const QString link = m_dir.filePath(u"workspace-link"_s);
    QVERIFY(QFile::link(m_dir.path(), link));
    const QJsonObject linked = agent.runExec({{u"command"_s, u"true"_s}, {u"audit"_s, link}})
                                   .result()
                                   .value(u"audit")
                                   .toObject();
    QVERIFY(!linked.value(u"error").toString().isEmpty());
    QCOMPARE(jsonStrings(linked.value(u"setid_cleared")), QStringList());

    // A command that cannot start is audited all the same.
    const QString empty = m_dir.filePath(u"empty-workspace"_s);
    QVERIFY(QDir().mkpath(empty));
    const QJsonObject notStarted =
        agent
            .runExec({{u"argv"_s, QJsonArray{u"no-such-command-tst-agent"_s}}, {u"audit"_s, empty}})
            .result()
            .value(u"audit")
            .toObject();
    QCOMPARE(notStarted.value(u"truncated").toBool(), false);

    // Deeper than the walk goes: what is below is not looked at, and the audit says so.
    const QString deep = m_dir.filePath(u"deep"_s);
    QString path = deep;
    for (int level = 0; level < 300; ++level)
        path += u"/d"_s;
    QVERIFY(QDir().mkpath(path));
    QVERIFY(QFile::copy(u"/bin/true"_s, path + u"/hidden"_s));
    QCOMPARE(::chmod(QFile::encodeName(path + u"/hidden"_s).constData(), 04755), 0);
    const QJsonObject truncated = agent.runExec({{u"command"_s, u"true"_s}, {u"audit"_s, deep}})
                                      .result()
                                      .value(u"audit")
                                      .toObject();
    QCOMPARE(truncated.value(u"truncated").toBool(), true);
    QCOMPARE(jsonStrings(truncated.value(u"setid_cleared")), QStringList());
}

void tst_Agent::helloAnswersWithTheReadyParams()
{
    // Outside a VM there is no reconnecting host: a hello after other requests is answered too.
    AgentProcess agent;
    QVERIFY(agent.waitForReady());
    const QJsonObject first = agent.call(u"agent.hello"_s).value(u"result").toObject();
    QCOMPARE(first, agent.ready());
    QVERIFY(agent.call(u"ping"_s).contains(u"result"));
    QCOMPARE(agent.call(u"agent.hello"_s).value(u"result").toObject(), agent.ready());
    QCOMPARE(agent.process().state(), QProcess::Running);
}

void tst_Agent::powerOffIsOnlyForAVm()
{
    AgentProcess agent;
    QVERIFY(agent.waitForReady());
    const QJsonObject reply = agent.call(u"system.poweroff"_s);
    QCOMPARE(reply.value(u"error").toObject().value(u"code").toInt(), -32601);
    // Setting the clock is the VM init's too: never a host's or a container's.
    const QJsonObject renew =
        agent.call(u"system.renew"_s,
                   QJsonObject{{u"time_s"_s, 0},
                               {u"time_ns"_s, 0},
                               {u"data"_s, QString::fromLatin1(QByteArray(64, 'x').toBase64())}});
    QCOMPARE(renew.value(u"error").toObject().value(u"code").toInt(), -32601);
    QVERIFY(agent.call(u"ping"_s).contains(u"result"));
}

void tst_Agent::vmInitRefusesToRunOutsidePid1()
{
    // It mounts file systems and powers the machine off: never on a host, root or not.
    QProcess agent;
    agent.start(kAgentPath, {u"--vm-init"_s});
    QVERIFY(agent.waitForFinished(5000));
    QCOMPARE(agent.exitCode(), 2);
    QVERIFY(agent.readAllStandardError().contains("PID 1"));
}

void tst_Agent::vmProbe_data()
{
    // A fake root: the modules.dep of Debian's cloud kernel 6.1 (dependencies listed, not
    // ordered; virtio and virtio_ring need each other in neither direction there), a sysfs
    // with a virtio-serial port, disk, NIC and an input device, and a kernel command line.
    QTest::addColumn<QByteArray>("modulesDep");
    QTest::addColumn<QByteArray>("builtIn");
    QTest::addColumn<QStringList>("deviceTypes");
    QTest::addColumn<QByteArray>("cmdline");
    QTest::addColumn<int>("status");
    QTest::addColumn<QStringList>("output");

    const QByteArray cloudDep =
        "kernel/drivers/block/virtio_blk.ko: kernel/drivers/virtio/"
        "virtio_ring.ko kernel/drivers/virtio/virtio.ko\n"
        "kernel/drivers/virtio/virtio.ko:\n"
        "kernel/drivers/virtio/virtio_pci.ko: "
        "kernel/drivers/virtio/virtio_pci_legacy_dev.ko "
        "kernel/drivers/virtio/virtio_pci_modern_dev.ko "
        "kernel/drivers/virtio/virtio_ring.ko "
        "kernel/drivers/virtio/virtio.ko\n"
        "kernel/drivers/virtio/virtio_pci_legacy_dev.ko:\n"
        "kernel/drivers/virtio/virtio_pci_modern_dev.ko:\n"
        "kernel/drivers/virtio/virtio_ring.ko:\n"
        "kernel/drivers/char/virtio_console.ko: "
        "kernel/drivers/virtio/virtio_ring.ko kernel/drivers/virtio/virtio.ko\n"
        "kernel/drivers/net/virtio_net.ko: kernel/drivers/net/net_failover.ko "
        "kernel/net/core/failover.ko kernel/drivers/virtio/virtio_ring.ko "
        "kernel/drivers/virtio/virtio.ko\n"
        "kernel/drivers/net/net_failover.ko: kernel/net/core/failover.ko\n"
        "kernel/net/core/failover.ko:\n"
        "kernel/drivers/char/hw_random/virtio-rng.ko: "
        "kernel/drivers/virtio/virtio_ring.ko kernel/drivers/virtio/virtio.ko\n";
    const QString k = u"module /lib/modules/6.1.0-test/kernel/"_s;
    const QStringList transport{
        k + u"drivers/virtio/virtio_pci_legacy_dev.ko"_s,
        k + u"drivers/virtio/virtio_pci_modern_dev.ko"_s, k + u"drivers/virtio/virtio_ring.ko"_s,
        k + u"drivers/virtio/virtio.ko"_s, k + u"drivers/virtio/virtio_pci.ko"_s};
    const QByteArray cmdline = "console=ttyS0 root=/dev/vda rw quiet init=/sbin/terrarium-agent "
                               "-- --vm-init --memory-limit-mib 512\n";
    const QStringList tail{u"port /dev/vport1p2"_s, u"network eth0"_s, u"root /dev/vda ext4 rw"_s,
                           u"init /sbin/terrarium-agent --vm-init --memory-limit-mib 512"_s};

    QTest::newRow("net, disk, console; dependencies first, each once")
        << cloudDep << QByteArray()
        << QStringList{u"0x0003"_s, u"0x0002"_s, u"0x0001"_s, u"0x0012"_s} << cmdline << 0
        << transport
            + QStringList{k + u"net/core/failover.ko"_s, k + u"drivers/net/net_failover.ko"_s,
                          k + u"drivers/net/virtio_net.ko"_s, k + u"drivers/block/virtio_blk.ko"_s,
                          k + u"drivers/char/virtio_console.ko"_s}
            + tail;
    QTest::newRow("built-in drivers need no file; virtio-rng.ko is virtio_rng")
        << cloudDep << QByteArray("kernel/drivers/block/virtio_blk.ko\nkernel/fs/ext4/ext4.ko\n")
        << QStringList{u"0x0002"_s, u"0x0004"_s, u"0x0003"_s} << cmdline << 0
        << transport
            + QStringList{k + u"drivers/char/virtio_console.ko"_s,
                          k + u"drivers/char/hw_random/virtio-rng.ko"_s}
            + tail;
    QTest::newRow("a driver that is nowhere is an error")
        << cloudDep.left(cloudDep.indexOf("kernel/drivers/char/virtio_console.ko")) << QByteArray()
        << QStringList{u"0x0003"_s} << QByteArray("root=\"/dev/vdb\" ro rootfstype=xfs\n") << 1
        << QStringList{u"error: module virtio_console is neither built in nor in %1/lib/modules/"
                       "6.1.0-test/modules.dep"_s,
                       u"port /dev/vport1p2"_s, u"network eth0"_s, u"root /dev/vdb xfs ro"_s,
                       u"init /sbin/terrarium-agent"_s};
}

void tst_Agent::vmProbe()
{
    QFETCH(QByteArray, modulesDep);
    QFETCH(QByteArray, builtIn);
    QFETCH(QStringList, deviceTypes);
    QFETCH(QByteArray, cmdline);
    QFETCH(int, status);
    QFETCH(QStringList, output);

    QTemporaryDir root;
    QVERIFY(root.isValid());
    const QString r = root.path();
    QVERIFY(writeTreeFile(r + u"/lib/modules/6.1.0-test/modules.dep"_s, modulesDep));
    QVERIFY(writeTreeFile(r + u"/lib/modules/6.1.0-test/modules.builtin"_s, builtIn));
    for (qsizetype i = 0; i < deviceTypes.size(); ++i) {
        QVERIFY(writeTreeFile(r + u"/sys/bus/virtio/devices/virtio%1/device"_s.arg(i),
                              deviceTypes[i].toLatin1() + '\n'));
    }
    // Ports in the order the host named them; only one is ours.
    QVERIFY(
        writeTreeFile(r + u"/sys/class/virtio-ports/vport1p1/name"_s, "org.qemu.guest_agent.0\n"));
    QVERIFY(
        writeTreeFile(r + u"/sys/class/virtio-ports/vport1p2/name"_s, "org.terrarium.agent.0\n"));
    QVERIFY(writeTreeFile(r + u"/sys/class/virtio-ports/vport1p3/name"_s, ""));
    QVERIFY(writeTreeFile(r + u"/sys/bus/virtio/drivers/virtio_net/bind"_s, ""));
    QVERIFY(QDir().mkpath(r + u"/sys/bus/virtio/drivers/virtio_net/virtio2/net/eth0"_s));
    QVERIFY(writeTreeFile(r + u"/proc/cmdline"_s, cmdline));

    QProcess probe;
    probe.start(kAgentPath, {u"--vm-probe"_s, u"--root"_s, r, u"--release"_s, u"6.1.0-test"_s});
    QVERIFY(probe.waitForFinished(5000));
    const QString said = QString::fromUtf8(probe.readAllStandardOutput());
    QVERIFY2(probe.exitCode() == status, probe.readAllStandardError().constData());
    QStringList expected;
    for (const QString &line : output)
        expected.append(line.contains(u"%1"_s) ? line.arg(r) : line);
    QCOMPARE(said.split(u'\n', Qt::SkipEmptyParts), expected);
}

QTEST_GUILESS_MAIN(tst_Agent)

#include "tst_agent.moc"
