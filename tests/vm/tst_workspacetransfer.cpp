// Copy-mode round trips through real sandboxes: a host folder copied in, commands changing the
// copy, the change set collected with diffs, and applied back. Two kinds of sandbox: the host
// kind (HostSandbox, a temporary folder) and a local terrarium-agent over stdio standing in for
// a container or VM (the same AgentSandbox code, fs.manifest included).

#include "core/exec/ExecJob.h"
#include "core/workspace/WorkspaceManifest.h"
#include "tests/TestPaths.h"
#include "tests/core/workspace/WorkspaceTestTree.h"
#include "vm/AgentSandbox.h"
#include "vm/HostSandbox.h"
#include "vm/SandboxJob.h"
#include "vm/WorkspaceTransfer.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>

using namespace Terrarium;
using namespace Qt::StringLiterals;
using Kind = Core::WorkspaceChange::Kind;

namespace {

const QString kAgentPath = QStringLiteral(TERRARIUM_BINARY_DIR "/vm/guest/terrarium-agent");

bool waitUntil(const std::function<bool()> &done, int timeoutMs = 30000)
{
    QElapsedTimer clock;
    clock.start();
    QTimer tick;
    tick.start(20);
    while (!done()) {
        if (clock.hasExpired(timeoutMs))
            return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    return true;
}

// A sandbox that runs terrarium-agent on this machine over stdio, as `podman exec -i` would.
class LocalAgentSandbox final : public Vm::AgentSandbox
{
public:
    explicit LocalAgentSandbox(Vm::SandboxSpec spec, QObject *parent = nullptr)
        : AgentSandbox(std::move(spec), parent)
    { }
    ~LocalAgentSandbox() override { stop(); }

    Vm::SandboxKind kind() const override { return Vm::SandboxKind::Podman; }
    void start() override
    {
        setState(State::Starting);
        markStarting();
        m_process = new QProcess(this);
        m_process->setProgram(kAgentPath);
        m_process->setWorkingDirectory(spec().workspace);
        m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        openChannel(m_process, std::chrono::seconds(10));
        m_process->start();
    }
    void stop() override
    {
        if (state() == State::Stopped)
            return;
        setState(State::Stopping);
        closeChannel();
        if (m_process) {
            m_process->closeWriteChannel();
            if (!m_process->waitForFinished(5000))
                m_process->kill();
            m_process->waitForFinished(1000);
        }
        setState(State::Stopped);
    }
    void destroy() override { stop(); }
    bool supportsSnapshots() const override { return false; }
    Vm::SandboxJob *snapshot(const QString &) override { return unsupported(); }
    Vm::SandboxJob *rollback(const QString &) override { return unsupported(); }

protected:
    QString defaultWorkingDirectory() const override { return spec().workspace; }
    void onAgentReady() override { setState(State::Running); }
    void onAgentLost(const Core::Error &why) override { fail(why); }

private:
    Vm::SandboxJob *unsupported()
    {
        auto *job = new Vm::SandboxJob(this);
        finishJob(job, Core::makeError(Core::ErrorCode::SandboxError, u"no snapshots"_s));
        return job;
    }

    QProcess *m_process = nullptr;
};

// What one WorkspaceTransfer operation reported.
template<typename T>
struct Outcome
{
    std::optional<Core::Result<T>> result;
};

// The message of a failed result, for QVERIFY2 (which evaluates it even when all is well).
template<typename T>
const char *why(const Core::Result<T> &result)
{
    static QByteArray text;
    text = result ? QByteArray() : result.error().message.toUtf8();
    return text.constData();
}

} // namespace

class tst_WorkspaceTransfer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void copyInKeepsWhatMattersAndReportsTheRest_data();
    void copyInKeepsWhatMattersAndReportsTheRest();
    void roundTrip_data();
    void roundTrip();
    void conflictsAndSubsets_data();
    void conflictsAndSubsets();
    void failuresComeFromTheEventLoop();
    void theHostFolderIsReadOffTheEventLoop();

private:
    void startSandbox(const QString &kind);
    Core::Result<Vm::WorkspaceCopyReport> copyIn();
    Core::Result<Core::WorkspaceChangeSet> collect(const Core::WorkspaceManifest &base);
    Core::Result<Core::WorkspaceApplyReport> apply(const Core::WorkspaceChangeSet &changes,
                                                   const Core::WorkspaceSelection &selection);
    // Runs a shell command in the sandbox's folder; true when it succeeded.
    bool run(const QString &command);

    std::unique_ptr<QTemporaryDir> m_hostDir;
    std::unique_ptr<QTemporaryDir> m_sandboxDir;
    std::unique_ptr<Tests::WorkspaceTestTree> m_host;
    std::unique_ptr<Tests::WorkspaceTestTree> m_inside;
    std::unique_ptr<Vm::Sandbox> m_sandbox;
    std::unique_ptr<Vm::WorkspaceTransfer> m_transfer;
};

void tst_WorkspaceTransfer::initTestCase()
{
    QVERIFY2(QFile::exists(kAgentPath), qPrintable(kAgentPath));
}

void tst_WorkspaceTransfer::init()
{
    m_hostDir = std::make_unique<QTemporaryDir>();
    m_sandboxDir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_hostDir->isValid() && m_sandboxDir->isValid());
    m_host = std::make_unique<Tests::WorkspaceTestTree>(m_hostDir->path());
    // The copy goes into a folder the sandbox has to make itself.
    m_inside = std::make_unique<Tests::WorkspaceTestTree>(m_sandboxDir->filePath(u"ws"_s));
}

void tst_WorkspaceTransfer::cleanup()
{
    m_transfer.reset();
    if (m_sandbox)
        m_sandbox->stop();
    m_sandbox.reset();
    // Folders a test made read-only must not stop QTemporaryDir.
    QProcess::execute(u"chmod"_s, {u"-R"_s, u"u+rwx"_s, m_hostDir->path(), m_sandboxDir->path()});
    m_inside.reset();
    m_host.reset();
    m_sandboxDir.reset();
    m_hostDir.reset();
}

void tst_WorkspaceTransfer::startSandbox(const QString &kind)
{
    Vm::SandboxSpec spec;
    spec.name = u"transfer-test"_s;
    if (kind == u"host") {
        // The host kind's workspace must exist; the agent's is made by the copy.
        QVERIFY(QDir().mkpath(m_inside->root()));
        spec.workspace = m_inside->root();
        m_sandbox = std::make_unique<Vm::HostSandbox>(spec);
    } else {
        spec.workspace = m_sandboxDir->path();
        m_sandbox = std::make_unique<LocalAgentSandbox>(spec);
    }
    m_sandbox->start();
    QVERIFY(waitUntil([this] {
        return m_sandbox->state() == Vm::Sandbox::State::Running
            || m_sandbox->state() == Vm::Sandbox::State::Failed;
    }));
    QCOMPARE(m_sandbox->state(), Vm::Sandbox::State::Running);
    m_transfer = std::make_unique<Vm::WorkspaceTransfer>(m_sandbox.get(), m_inside->root());
}

Core::Result<Vm::WorkspaceCopyReport> tst_WorkspaceTransfer::copyIn()
{
    Outcome<Vm::WorkspaceCopyReport> outcome;
    QObject scope;
    connect(m_transfer.get(), &Vm::WorkspaceTransfer::copiedIn, &scope,
            [&outcome](const Core::Result<Vm::WorkspaceCopyReport> &result) {
                outcome.result = result;
            });
    m_transfer->copyIn(m_hostDir->path());
    if (outcome.result)
        return Core::makeError(Core::ErrorCode::Unknown, u"reported inside the call"_s);
    if (!waitUntil([&] { return outcome.result.has_value(); }, 60000))
        return Core::makeError(Core::ErrorCode::Timeout, u"copyIn did not finish"_s);
    return *outcome.result;
}

Core::Result<Core::WorkspaceChangeSet>
tst_WorkspaceTransfer::collect(const Core::WorkspaceManifest &base)
{
    Outcome<Core::WorkspaceChangeSet> outcome;
    QObject scope;
    connect(m_transfer.get(), &Vm::WorkspaceTransfer::changesCollected, &scope,
            [&outcome](const Core::Result<Core::WorkspaceChangeSet> &result) {
                outcome.result = result;
            });
    m_transfer->collectChanges(base, m_hostDir->path());
    if (!waitUntil([&] { return outcome.result.has_value(); }, 60000))
        return Core::makeError(Core::ErrorCode::Timeout, u"collectChanges did not finish"_s);
    return *outcome.result;
}

Core::Result<Core::WorkspaceApplyReport>
tst_WorkspaceTransfer::apply(const Core::WorkspaceChangeSet &changes,
                             const Core::WorkspaceSelection &selection)
{
    Outcome<Core::WorkspaceApplyReport> outcome;
    QObject scope;
    connect(m_transfer.get(), &Vm::WorkspaceTransfer::applied, &scope,
            [&outcome](const Core::Result<Core::WorkspaceApplyReport> &result) {
                outcome.result = result;
            });
    m_transfer->apply(changes, m_hostDir->path(), selection);
    if (!waitUntil([&] { return outcome.result.has_value(); }, 60000))
        return Core::makeError(Core::ErrorCode::Timeout, u"apply did not finish"_s);
    return *outcome.result;
}

bool tst_WorkspaceTransfer::run(const QString &command)
{
    Core::ExecRequest request;
    request.argv = QStringList{u"sh"_s, u"-c"_s, command};
    request.workingDirectory = m_inside->root();
    Core::ExecJob *job = m_sandbox->exec(request);
    QByteArray errors;
    connect(job, &Core::ExecJob::outputReceived, job,
            [&errors](Core::OutputStream, const QByteArray &data) { errors += data; });
    if (!waitUntil([job] { return job->isFinished(); }))
        return false;
    const bool ok = job->result() && job->result()->succeeded();
    if (!ok)
        qWarning().noquote() << command << "failed:" << errors;
    job->deleteLater();
    return ok;
}

void tst_WorkspaceTransfer::copyInKeepsWhatMattersAndReportsTheRest_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("host") << u"host"_s;
    QTest::newRow("agent") << u"agent"_s;
}

void tst_WorkspaceTransfer::copyInKeepsWhatMattersAndReportsTheRest()
{
    QFETCH(QString, kind);
    QVERIFY(m_host->file(u"README.md"_s, "hello\n"));
    QVERIFY(m_host->file(u".env"_s, "SECRET=1\n", 0600));
    QVERIFY(m_host->file(u"bin/run"_s, "#!/bin/sh\necho run\n", 0755));
    QVERIFY(m_host->file(u"bin/tool"_s, "t", 04755));
    QVERIFY(m_host->dir(u"empty/nested"_s));
    QVERIFY(m_host->dir(u"shared"_s, 0775));
    QVERIFY(m_host->file(u"Überprojekt/日本語.txt"_s, "ユニコード\n"));
    QVERIFY(m_host->file(u"-starts-with-dash"_s, "d"));
    QVERIFY(m_host->link(u"latest"_s, u"bin/run"_s));
    QVERIFY(m_host->link(u"bin/up"_s, u"../README.md"_s));
    QVERIFY(m_host->link(u"etc"_s, u"/etc"_s));
    QVERIFY(m_host->link(u"bin/escape"_s, u"../../outside"_s));
    QVERIFY(m_host->fifo(u"pipe"_s));
    startSandbox(kind);

    const Core::Result<Vm::WorkspaceCopyReport> report = copyIn();
    QVERIFY2(report, why(report));
    QCOMPARE(report->files, 6);
    QCOMPARE(report->links, 2);
    QStringList skipped;
    for (const Vm::WorkspaceCopyReport::Skipped &item : report->skipped)
        skipped.append(item.path);
    skipped.sort();
    QCOMPARE(skipped, (QStringList{u"bin/escape"_s, u"etc"_s, u"pipe"_s}));
    QVERIFY(report->base.find(u"etc"_s)->excluded);
    QVERIFY(!report->base.find(u"README.md"_s)->excluded);

    QCOMPARE(m_inside->read(u"README.md"_s), QByteArray("hello\n"));
    QCOMPARE(m_inside->mode(u".env"_s), 0600);
    QCOMPARE(m_inside->mode(u"bin/run"_s), 0755);
    QCOMPARE(m_inside->mode(u"bin/tool"_s), 0755); // setuid is never copied
    QCOMPARE(m_inside->mode(u"shared"_s), 0775);
    QVERIFY(QFileInfo(m_inside->path(u"empty/nested"_s)).isDir());
    QCOMPARE(m_inside->read(u"Überprojekt/日本語.txt"_s), QByteArray("ユニコード\n"));
    QCOMPARE(m_inside->read(u"-starts-with-dash"_s), QByteArray("d"));
    QCOMPARE(m_inside->linkTarget(u"latest"_s), u"bin/run"_s);
    QCOMPARE(m_inside->linkTarget(u"bin/up"_s), u"../README.md"_s);
    QVERIFY(!m_inside->exists(u"etc"_s));
    QVERIFY(!m_inside->exists(u"bin/escape"_s));
    QVERIFY(!m_inside->exists(u"pipe"_s));

    // Straight after the copy, nothing is to be applied (the setuid bit is no change).
    const Core::Result<Core::WorkspaceChangeSet> changes = collect(report->base);
    QVERIFY2(changes, why(changes));
    QVERIFY2(changes->isEmpty(), qPrintable(changes->changes().value(0).path));
}

void tst_WorkspaceTransfer::roundTrip_data()
{
    copyInKeepsWhatMattersAndReportsTheRest_data();
}

void tst_WorkspaceTransfer::roundTrip()
{
    QFETCH(QString, kind);
    QVERIFY(m_host->file(u"src/main.c"_s, "int main()\n{\n    return 0;\n}\n"));
    QVERIFY(m_host->file(u"src/old.c"_s, "old\n"));
    QVERIFY(m_host->file(u"build/a.o"_s,
                         QByteArray("\x7f"
                                    "ELF\0\0",
                                    6)));
    QVERIFY(m_host->file(u"build/deep/b.o"_s, "b"));
    QVERIFY(m_host->file(u"run.sh"_s, "echo\n"));
    QVERIFY(m_host->file(u"logo.png"_s, QByteArray("\x89PNG\0\1", 6)));
    QVERIFY(m_host->link(u"etc"_s, u"/etc"_s)); // not copied; must survive
    startSandbox(kind);
    const Core::Result<Vm::WorkspaceCopyReport> copied = copyIn();
    QVERIFY2(copied, why(copied));

    // What an agent's commands might do.
    QVERIFY(run(u"printf 'int main()\\n{\\n    return 1;\\n}\\n' > src/main.c"_s));
    QVERIFY(run(u"rm src/old.c && rm -r build && chmod +x run.sh"_s));
    QVERIFY(run(u"mkdir -p docs/api && printf 'new\\n' > docs/api/index.md"_s));
    QVERIFY(run(u"printf '\\211PNG\\0\\2\\3' > logo.png && ln -s docs/api/index.md index"_s));
    QVERIFY(run(u"ln -s /etc/shadow shadow && ln -s ../../x docs/escape && mkfifo fifo"_s));
    QVERIFY(run(u"printf '#!/bin/sh\\n' > suid && chmod 4755 suid"_s));
    QVERIFY(run(u"mkdir locked && printf x > locked/f && chmod 555 locked"_s));

    const Core::Result<Core::WorkspaceChangeSet> changes = collect(copied->base);
    QVERIFY2(changes, why(changes));
    const auto kindOf = [&](const QString &path) {
        const Core::WorkspaceChange *change = changes->find(path);
        return change ? Core::WorkspaceChange::kindName(change->kind) : u"-"_s;
    };
    QCOMPARE(kindOf(u"src/main.c"_s), u"modified"_s);
    QCOMPARE(kindOf(u"src/old.c"_s), u"deleted"_s);
    QCOMPARE(kindOf(u"build"_s), u"deleted"_s);
    QCOMPARE(kindOf(u"build/deep/b.o"_s), u"deleted"_s);
    QCOMPARE(kindOf(u"run.sh"_s), u"mode_changed"_s);
    QCOMPARE(kindOf(u"docs/api/index.md"_s), u"added"_s);
    QCOMPARE(kindOf(u"index"_s), u"added"_s);
    QCOMPARE(kindOf(u"etc"_s), u"-"_s);
    QVERIFY(changes->find(u"shadow"_s)->isBlocked());
    QVERIFY(changes->find(u"docs/escape"_s)->isBlocked());
    QVERIFY(changes->find(u"fifo"_s)->isBlocked());
    QCOMPARE(changes->conflictCount(), 0);

    const Core::WorkspaceDiff &diff = changes->find(u"src/main.c"_s)->diff;
    QCOMPARE(diff.kind(), Core::WorkspaceDiff::Kind::Text);
    QCOMPARE(diff.text(),
             u"--- a/src/main.c\n+++ b/src/main.c\n@@ -1,4 +1,4 @@\n int main()\n "
             u"{\n-    return 0;\n+    return 1;\n }\n"_s);
    QCOMPARE(changes->find(u"logo.png"_s)->diff.kind(), Core::WorkspaceDiff::Kind::Binary);
    QCOMPARE(changes->find(u"docs/api/index.md"_s)->diff.text(),
             u"--- /dev/null\n+++ b/docs/api/index.md\n@@ -0,0 +1 @@\n+new\n"_s);
    QCOMPARE(changes->find(u"src/old.c"_s)->diff.text(),
             u"--- a/src/old.c\n+++ /dev/null\n@@ -1 +0,0 @@\n-old\n"_s);

    const Core::Result<Core::WorkspaceApplyReport> report =
        apply(*changes, Core::WorkspaceSelection::everything());
    QVERIFY2(report, why(report));
    QStringList skipped;
    for (const Core::WorkspaceApplyReport::Skipped &item : report->skipped)
        skipped.append(item.path);
    skipped.sort();
    QCOMPARE(skipped, (QStringList{u"docs/escape"_s, u"fifo"_s, u"shadow"_s}));

    QCOMPARE(m_host->read(u"src/main.c"_s), QByteArray("int main()\n{\n    return 1;\n}\n"));
    QVERIFY(!m_host->exists(u"src/old.c"_s));
    QVERIFY(!m_host->exists(u"build"_s));
    QCOMPARE(m_host->mode(u"run.sh"_s), 0755);
    QCOMPARE(m_host->read(u"docs/api/index.md"_s), QByteArray("new\n"));
    QCOMPARE(m_host->read(u"logo.png"_s), QByteArray("\x89PNG\0\2\3", 7));
    QCOMPARE(m_host->linkTarget(u"index"_s), u"docs/api/index.md"_s);
    QCOMPARE(m_host->mode(u"suid"_s), 0755); // the setuid bit is never applied
    QCOMPARE(m_host->mode(u"locked"_s), 0555);
    QCOMPARE(m_host->read(u"locked/f"_s), QByteArray("x"));
    QVERIFY(!m_host->exists(u"shadow"_s));
    QVERIFY(!m_host->exists(u"fifo"_s));
    QCOMPARE(m_host->linkTarget(u"etc"_s), u"/etc"_s);

    // The host now matches the sandbox, apart from what was refused.
    const Core::Result<Core::WorkspaceChangeSet> again = collect(copied->base);
    QVERIFY(again);
    QStringList left;
    for (const Core::WorkspaceChange &change : again->changes())
        left.append(change.path);
    QCOMPARE(left, (QStringList{u"docs/escape"_s, u"fifo"_s, u"shadow"_s}));
}

void tst_WorkspaceTransfer::conflictsAndSubsets_data()
{
    copyInKeepsWhatMattersAndReportsTheRest_data();
}

void tst_WorkspaceTransfer::conflictsAndSubsets()
{
    QFETCH(QString, kind);
    QVERIFY(m_host->file(u"mine.txt"_s, "base\n"));
    QVERIFY(m_host->file(u"a.txt"_s, "a\n"));
    QVERIFY(m_host->file(u"b.txt"_s, "b\n"));
    startSandbox(kind);
    const Core::Result<Vm::WorkspaceCopyReport> copied = copyIn();
    QVERIFY2(copied, why(copied));
    QVERIFY(run(u"echo sandbox > mine.txt && echo A > a.txt && echo B > b.txt"_s));
    QVERIFY(m_host->file(u"mine.txt"_s, "the user's edit\n"));

    Core::Result<Core::WorkspaceChangeSet> changes = collect(copied->base);
    QVERIFY2(changes, why(changes));
    QCOMPARE(changes->changes().size(), 3);
    QVERIFY(changes->find(u"mine.txt"_s)->conflict);
    // The diff shows what accepting would do to the user's file.
    QCOMPARE(changes->find(u"mine.txt"_s)->diff.text(),
             u"--- a/mine.txt\n+++ b/mine.txt\n@@ -1 +1 @@\n-the user's edit\n+sandbox\n"_s);

    Core::Result<Core::WorkspaceApplyReport> report =
        apply(*changes, Core::WorkspaceSelection::only({u"a.txt"_s, u"mine.txt"_s}));
    QVERIFY2(report, why(report));
    QCOMPARE(report->applied, QStringList{u"a.txt"_s});
    QVERIFY(report->skipReason(u"mine.txt"_s).contains(u"changed on the host"));
    QCOMPARE(m_host->read(u"a.txt"_s), QByteArray("A\n"));
    QCOMPARE(m_host->read(u"b.txt"_s), QByteArray("b\n"));
    QCOMPARE(m_host->read(u"mine.txt"_s), QByteArray("the user's edit\n"));

    Core::WorkspaceSelection overwrite = Core::WorkspaceSelection::only({u"mine.txt"_s});
    overwrite.overwrite.insert(u"mine.txt"_s);
    report = apply(*changes, overwrite);
    QVERIFY(report);
    QCOMPARE(report->applied, QStringList{u"mine.txt"_s});
    QCOMPARE(m_host->read(u"mine.txt"_s), QByteArray("sandbox\n"));

    // A file the sandbox changes after the list was made is not taken unseen.
    QVERIFY(run(u"echo again > b.txt"_s));
    report = apply(*changes, Core::WorkspaceSelection::only({u"b.txt"_s}));
    QVERIFY(report);
    QVERIFY(report->applied.isEmpty());
    QVERIFY(report->skipReason(u"b.txt"_s).contains(u"sandbox"));
    QCOMPARE(m_host->read(u"b.txt"_s), QByteArray("b\n"));
}

void tst_WorkspaceTransfer::failuresComeFromTheEventLoop()
{
    startSandbox(u"host"_s);
    const QString missing = m_hostDir->filePath(u"does-not-exist"_s);
    Outcome<Vm::WorkspaceCopyReport> outcome;
    connect(m_transfer.get(), &Vm::WorkspaceTransfer::copiedIn, this,
            [&outcome](const Core::Result<Vm::WorkspaceCopyReport> &result) {
                outcome.result = result;
            });
    m_transfer->copyIn(missing);
    QVERIFY(!outcome.result); // never inside the call
    QVERIFY(waitUntil([&] { return outcome.result.has_value(); }));
    QVERIFY(!*outcome.result);

    // A stopped sandbox: the copy fails, it does not hang.
    m_sandbox->stop();
    QVERIFY(waitUntil([this] { return m_sandbox->state() == Vm::Sandbox::State::Stopped; }));
    outcome.result.reset();
    QVERIFY(m_host->file(u"f"_s, "x"));
    m_transfer->copyIn(m_hostDir->path());
    QVERIFY(waitUntil([&] { return outcome.result.has_value(); }));
    QVERIFY(!*outcome.result);
    QVERIFY(!m_transfer->isBusy());
}

void tst_WorkspaceTransfer::theHostFolderIsReadOffTheEventLoop()
{
    // Hashing the host folder takes as long as its disk does; meanwhile the window must go on
    // drawing. Four files just under the size that is still compared (holes: quick to make,
    // read like any others), and a timer that ticks every 10 ms while the changes are collected.
    startSandbox(u"agent"_s);
    QVERIFY(m_host->file(u"a.txt"_s, "a"));
    for (int i = 0; i < 4; ++i) {
        QFile file(m_host->path(u"big-%1.img"_s.arg(i)));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(Core::WorkspaceManifest::maxHashedBytes - 1));
    }
    QElapsedTimer scanClock;
    scanClock.start();
    const Core::Result<Core::WorkspaceManifest> base =
        Core::WorkspaceManifest::scan(m_hostDir->path());
    const qint64 scanMs = scanClock.elapsed();
    QVERIFY(base);
    QVERIFY(m_inside->file(u"a.txt"_s, "changed"));

    qint64 longestGap = 0;
    QElapsedTimer sinceTick;
    sinceTick.start();
    QTimer ticker;
    ticker.setInterval(10);
    connect(&ticker, &QTimer::timeout, this,
            [&] { longestGap = std::max(longestGap, sinceTick.restart()); });
    ticker.start();
    const Core::Result<Core::WorkspaceChangeSet> changes = collect(*base);
    ticker.stop();
    QVERIFY2(changes, changes ? "" : qPrintable(changes.error().message));
    QVERIFY(changes->find(u"a.txt"_s));
    // The event loop never waited for the walk (which took scanMs when done here directly).
    QVERIFY2(longestGap * 4 < scanMs,
             qPrintable(u"longest gap %1 ms, the scan alone %2 ms"_s.arg(longestGap).arg(scanMs)));
}

QTEST_GUILESS_MAIN(tst_WorkspaceTransfer)

#include "tst_workspacetransfer.moc"
