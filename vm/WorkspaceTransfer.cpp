#include "WorkspaceTransfer.h"

#include "core/CoreTr.h"
#include "core/exec/ExecJob.h"
#include "core/exec/ExecRequest.h"
#include "core/workspace/WorkspaceFolder.h"
#include "core/workspace/WorkspacePath.h"
#include "vm/AgentCall.h"
#include "vm/AgentChannel.h"
#include "vm/AgentSandbox.h"
#include "vm/Sandbox.h"
#include "vm/SandboxJob.h"
#include "vm/VmLogging.h"

#include <QCryptographicHash>
#include <QFutureWatcher>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <chrono>

namespace Terrarium::Vm {

namespace {

using Core::WorkspaceEntry;
using Type = Core::WorkspaceEntry::Type;

// Bytes of arguments per command: far below ARG_MAX and the agent's 8 MiB request line.
constexpr qsizetype kArgumentBytes = 128 * 1024;
constexpr auto kCommandTimeout = std::chrono::minutes(10);

// prefix + as many of args as fit, for each batch.
QList<QStringList> batches(const QStringList &prefix, const QStringList &args)
{
    QList<QStringList> result;
    QStringList current;
    qsizetype bytes = 0;
    for (const QString &arg : args) {
        const qsizetype size = arg.toUtf8().size() + 1;
        if (!current.isEmpty() && bytes + size > kArgumentBytes) {
            result.append(prefix + current);
            current.clear();
            bytes = 0;
        }
        current.append(arg);
        bytes += size;
    }
    if (!current.isEmpty())
        result.append(prefix + current);
    return result;
}

QString octal(int mode)
{
    return QStringLiteral("%1").arg(mode & 0777, 4, 8, QLatin1Char('0'));
}

} // namespace

WorkspaceTransfer::WorkspaceTransfer(Sandbox *sandbox, QString sandboxFolder, QObject *parent)
    : QObject(parent)
    , m_sandbox(sandbox)
    , m_sandboxFolder(std::move(sandboxFolder))
{ }

WorkspaceTransfer::~WorkspaceTransfer() = default;

QString WorkspaceTransfer::inSandbox(const QString &path) const
{
    if (m_sandboxFolder.endsWith(QLatin1Char('/')))
        return m_sandboxFolder + path;
    return m_sandboxFolder + QLatin1Char('/') + path;
}

Core::Error WorkspaceTransfer::sandboxGone() const
{
    return {Core::ErrorCode::SandboxError, Core::Tr::tr("The sandbox went away.")};
}

bool WorkspaceTransfer::begin()
{
    if (m_busy)
        return false;
    m_busy = true;
    m_cancelled = false;
    return true;
}

void WorkspaceTransfer::failLater(std::function<void()> emitter)
{
    QTimer::singleShot(0, this, std::move(emitter));
}

void WorkspaceTransfer::cancel()
{
    if (m_busy)
        m_cancelled = true;
}

// ---- the task runner ----

void WorkspaceTransfer::run(QList<Task> tasks, Finish finish)
{
    m_tasks = std::move(tasks);
    m_next = 0;
    m_finish = std::move(finish);
    const quint64 generation = ++m_generation;
    // Never inside the call that started the operation.
    QTimer::singleShot(0, this, [this, generation] {
        if (generation == m_generation)
            pump();
    });
}

void WorkspaceTransfer::pump()
{
    // Tasks that finish inside their call are taken in this loop, not by recursion, so that a
    // long run of them does not grow the stack.
    while (true) {
        if (m_cancelled) {
            finishRun(Core::makeError(Core::ErrorCode::Cancelled,
                                      Core::Tr::tr("The workspace transfer was cancelled.")));
            return;
        }
        if (m_next >= m_tasks.size()) {
            finishRun({});
            return;
        }
        struct State
        {
            bool inCall = true;
            std::optional<Core::Result<void>> result;
        };
        auto state = std::make_shared<State>();
        const quint64 generation = m_generation;
        const Task task = m_tasks.at(m_next);
        task([this, state, generation](Core::Result<void> result) {
            if (state->result)
                return;
            state->result = std::move(result);
            if (!state->inCall)
                taskDone(generation, *state->result);
        });
        state->inCall = false;
        if (!state->result)
            return; // taskDone() follows
        if (!*state->result) {
            finishRun(*state->result);
            return;
        }
        ++m_next;
        Q_EMIT progress(m_next, m_tasks.size());
    }
}

void WorkspaceTransfer::taskDone(quint64 generation, Core::Result<void> result)
{
    if (generation != m_generation || !m_busy)
        return;
    if (!result) {
        finishRun(result);
        return;
    }
    ++m_next;
    Q_EMIT progress(m_next, m_tasks.size());
    pump();
}

void WorkspaceTransfer::finishRun(Core::Result<void> result)
{
    ++m_generation; // late answers of this run are ignored
    m_tasks.clear();
    const Finish finish = std::move(m_finish);
    m_finish = nullptr;
    m_busy = false;
    if (finish)
        finish(result);
}

WorkspaceTransfer::Task WorkspaceTransfer::commandTask(const QStringList &argv)
{
    return [this, argv](Done done) {
        if (!m_sandbox) {
            done(std::unexpected(sandboxGone()));
            return;
        }
        Core::ExecRequest request;
        request.argv = argv;
        request.timeout = kCommandTimeout;
        Core::ExecJob *job = m_sandbox->exec(request);
        auto errors = std::make_shared<QByteArray>();
        connect(job, &Core::ExecJob::outputReceived, this,
                [errors](Core::OutputStream stream, const QByteArray &data) {
                    if (stream == Core::OutputStream::Stderr && errors->size() < 4096)
                        errors->append(data);
                });
        connect(job, &Core::ExecJob::finished, this, [job, argv, errors, done] {
            job->deleteLater();
            const Core::Result<Core::ExecResult> &result = job->result();
            if (!result) {
                done(std::unexpected(result.error()));
                return;
            }
            if (!result->succeeded()) {
                done(Core::makeError(
                    Core::ErrorCode::SandboxError,
                    Core::Tr::tr("%1 failed in the sandbox: %2")
                        .arg(argv.first(),
                             QString::fromUtf8(errors->trimmed()).isEmpty()
                                 ? Core::Tr::tr("exit code %1").arg(result->exitCode)
                                 : QString::fromUtf8(errors->trimmed()))));
                return;
            }
            done({});
        });
    };
}

// ---- copy in ----

void WorkspaceTransfer::copyIn(const QString &hostFolder)
{
    if (!begin()) {
        failLater([this] {
            Q_EMIT copiedIn(Core::makeError(Core::ErrorCode::InvalidInput,
                                            Core::Tr::tr("A workspace transfer is running.")));
        });
        return;
    }
    m_copy = {};
    m_host = std::make_unique<Core::WorkspaceFolder>(hostFolder);
    const Task scan = scanTask(
        hostFolder, [this, hostFolder](Core::Result<Core::WorkspaceManifest> scanned, Done done) {
            if (scanned && scanned->isTruncated())
                scanned =
                    Core::makeError(Core::ErrorCode::LimitReached,
                                    Core::Tr::tr("The folder %1 has more than %2 entries; that "
                                                 "is too many to copy into a sandbox.")
                                        .arg(hostFolder)
                                        .arg(Core::WorkspaceManifest::defaultMaxEntries));
            if (scanned) {
                if (Core::Result<void> opened = m_host->open(); !opened)
                    scanned = std::unexpected(opened.error());
            }
            if (!scanned) {
                done(std::unexpected(scanned.error()));
                return;
            }
            m_tasks.append(copyTasks(*scanned));
            done({});
        });
    run({scan}, [this](Core::Result<void> result) {
        m_host.reset();
        if (!result) {
            Q_EMIT copiedIn(std::unexpected(result.error()));
            return;
        }
        qCInfo(lcVm).noquote() << "copied" << m_copy.files << "files," << m_copy.directories
                               << "folders and" << m_copy.links << "links into" << m_sandboxFolder
                               << "; skipped" << m_copy.skipped.size();
        Q_EMIT copiedIn(m_copy);
    });
}

WorkspaceTransfer::Task
WorkspaceTransfer::scanTask(const QString &folder,
                            std::function<void(Core::Result<Core::WorkspaceManifest>, Done)> then)
{
    return [this, folder, then](Done done) {
        // A large folder takes seconds to walk and hash: never on the caller's (GUI) thread.
        auto *watcher = new QFutureWatcher<Core::Result<Core::WorkspaceManifest>>(this);
        connect(watcher, &QFutureWatcherBase::finished, this, [watcher, then, done] {
            watcher->deleteLater();
            then(watcher->result(), done);
        });
        watcher->setFuture(
            QtConcurrent::run([folder] { return Core::WorkspaceManifest::scan(folder); }));
    };
}

QList<WorkspaceTransfer::Task> WorkspaceTransfer::copyTasks(const Core::WorkspaceManifest &scanned)
{
    m_copy.base = scanned;

    QStringList directories{m_sandboxFolder};
    QList<WorkspaceEntry> files;
    QStringList links; // target, path, target, path, ...
    QList<std::pair<QString, int>> directoryModes;
    QSet<QString> notCopiedFolders;
    const auto skip = [this, &notCopiedFolders](const WorkspaceEntry &entry, const QString &why) {
        m_copy.skipped.append({entry.path, why});
        m_copy.base.setExcluded(entry.path);
        if (entry.type == Type::Directory)
            notCopiedFolders.insert(entry.path);
    };
    for (const WorkspaceEntry &entry : scanned.entries()) {
        const QString parent = Core::WorkspacePath::parentOf(entry.path);
        if (!parent.isEmpty() && notCopiedFolders.contains(parent)) {
            // Below a folder that was not copied: nothing of it is in the sandbox either.
            m_copy.base.setExcluded(entry.path);
            if (entry.type == Type::Directory)
                notCopiedFolders.insert(entry.path);
            continue;
        }
        if (!entry.exactName) {
            skip(entry, Core::Tr::tr("The name is not valid UTF-8."));
            continue;
        }
        switch (entry.type) {
        case Type::Directory:
            if (entry.otherFileSystem) {
                skip(entry, Core::Tr::tr("It is on another file system."));
                continue;
            }
            if (!entry.error.isEmpty())
                m_copy.skipped.append(
                    {entry.path,
                     Core::Tr::tr("Its contents could not be read: %1").arg(entry.error)});
            directories.append(inSandbox(entry.path));
            directoryModes.append({entry.path, entry.mode & 0777});
            ++m_copy.directories;
            break;
        case Type::File:
            if (entry.size > maxFileBytes)
                skip(entry, Core::Tr::tr("It is larger than %1 MiB.").arg(maxFileBytes >> 20));
            else if (!entry.error.isEmpty())
                skip(entry, Core::Tr::tr("It could not be read: %1").arg(entry.error));
            else
                files.append(entry);
            break;
        case Type::Symlink:
            if (!entry.error.isEmpty()) {
                skip(entry, Core::Tr::tr("The link could not be read: %1").arg(entry.error));
            } else if (!Core::WorkspacePath::targetStaysInside(entry.path, entry.target)) {
                skip(entry,
                     Core::Tr::tr("The link points outside the workspace (%1).").arg(entry.target));
            } else {
                links << entry.target << inSandbox(entry.path);
                ++m_copy.links;
            }
            break;
        case Type::Other:
            skip(entry, Core::Tr::tr("It is a special file (a FIFO, socket or device)."));
            break;
        }
    }

    QList<Task> tasks;
    for (const QStringList &argv : batches(
             {QStringLiteral("mkdir"), QStringLiteral("-p"), QStringLiteral("--")}, directories))
        tasks.append(commandTask(argv));
    for (const WorkspaceEntry &file : files)
        tasks.append(copyFileTask(file));
    // Pairs of (target, path): a batch must not split one.
    QList<QStringList> linkBatches;
    for (qsizetype i = 0; i < links.size(); i += 2) {
        if (linkBatches.isEmpty() || linkBatches.last().size() >= 2000)
            linkBatches.append(QStringList());
        linkBatches.last() << links.at(i) << links.at(i + 1);
    }
    for (const QStringList &pairs : linkBatches) {
        tasks.append(commandTask(
            QStringList{QStringLiteral("sh"), QStringLiteral("-c"),
                        QStringLiteral("while [ $# -gt 1 ]; do ln -sfn -- \"$1\" \"$2\" || exit 1; "
                                       "shift 2; done"),
                        QStringLiteral("sh")}
            + pairs));
    }
    // Files' bits first (written files start as 0644 or by umask), folders last and deepest
    // first: a folder that loses write or search access no longer stands in the way.
    tasks.append([this, files](Done done) {
        // Only the files that were really copied (some may have been skipped meanwhile), and
        // before the folders' bits, which come next.
        QMap<int, QStringList> modes;
        for (const WorkspaceEntry &file : files) {
            if (!m_copy.base.find(file.path) || m_copy.base.find(file.path)->excluded)
                continue;
            modes[file.mode & 0777].append(inSandbox(file.path));
        }
        qsizetype at = m_next + 1;
        for (auto it = modes.cbegin(); it != modes.cend(); ++it) {
            for (const QStringList &argv : batches(
                     {QStringLiteral("chmod"), octal(it.key()), QStringLiteral("--")}, it.value()))
                m_tasks.insert(at++, commandTask(argv));
        }
        done({});
    });
    for (qsizetype i = directoryModes.size() - 1; i >= 0;) {
        const int mode = directoryModes.at(i).second;
        QStringList run;
        for (; i >= 0 && directoryModes.at(i).second == mode; --i)
            run.append(inSandbox(directoryModes.at(i).first));
        for (const QStringList &argv :
             batches({QStringLiteral("chmod"), octal(mode), QStringLiteral("--")}, run))
            tasks.append(commandTask(argv));
    }
    return tasks;
}

WorkspaceTransfer::Task WorkspaceTransfer::copyFileTask(const WorkspaceEntry &entry)
{
    return [this, entry](Done done) {
        if (!m_sandbox) {
            done(std::unexpected(sandboxGone()));
            return;
        }
        const Core::Result<QByteArray> data = m_host->readFile(entry.path, maxFileBytes);
        QString problem;
        if (!data)
            problem = Core::Tr::tr("It could not be read: %1").arg(data.error().message);
        else if (QCryptographicHash::hash(*data, QCryptographicHash::Sha256).toHex()
                 != entry.sha256)
            problem = Core::Tr::tr("It changed while the workspace was being copied.");
        if (!problem.isEmpty()) {
            m_copy.skipped.append({entry.path, problem});
            m_copy.base.setExcluded(entry.path);
            done({});
            return;
        }
        SandboxJob *job = m_sandbox->writeFile(inSandbox(entry.path), *data);
        const qint64 size = data->size();
        connect(job, &SandboxJob::finished, this, [this, job, entry, size, done] {
            job->deleteLater();
            if (!job->result()) {
                done(Core::makeError(Core::ErrorCode::SandboxError,
                                     Core::Tr::tr("Cannot copy %1 into the sandbox: %2")
                                         .arg(entry.path, job->result().error().message)));
                return;
            }
            ++m_copy.files;
            m_copy.bytes += size;
            done({});
        });
    };
}

// ---- manifests and changes ----

void WorkspaceTransfer::fetchManifest(
    std::function<void(Core::Result<Core::WorkspaceManifest>)> done)
{
    if (!m_sandbox) {
        done(std::unexpected(sandboxGone()));
        return;
    }
    auto *agent = qobject_cast<AgentSandbox *>(m_sandbox.data());
    if (agent && agent->channel()) {
        fetchManifestPage(std::make_shared<Core::WorkspaceManifest>(), QString(), std::move(done));
        return;
    }
    if (m_sandbox->kind() == SandboxKind::Host) {
        // The host kind's folder is on this machine: walked here, by the same rules.
        auto *watcher = new QFutureWatcher<Core::Result<Core::WorkspaceManifest>>(this);
        connect(watcher, &QFutureWatcherBase::finished, this, [watcher, done] {
            watcher->deleteLater();
            done(watcher->result());
        });
        watcher->setFuture(QtConcurrent::run(
            [folder = m_sandboxFolder] { return Core::WorkspaceManifest::scan(folder); }));
        return;
    }
    done(Core::makeError(Core::ErrorCode::SandboxError,
                         Core::Tr::tr("The files of this sandbox cannot be listed.")));
}

void WorkspaceTransfer::fetchManifestPage(
    const std::shared_ptr<Core::WorkspaceManifest> &manifest, const QString &cursor,
    std::function<void(Core::Result<Core::WorkspaceManifest>)> done)
{
    auto *agent = qobject_cast<AgentSandbox *>(m_sandbox.data());
    if (!agent || !agent->channel()) {
        done(std::unexpected(sandboxGone()));
        return;
    }
    QJsonObject params{
        {QStringLiteral("path"), m_sandboxFolder},
        {QStringLiteral("max_entries"), double(Core::WorkspaceManifest::defaultMaxEntries)}};
    if (!cursor.isEmpty())
        params.insert(QStringLiteral("cursor"), cursor);
    AgentCall *call = agent->channel()->call(QStringLiteral("fs.manifest"), params, this);
    connect(call, &AgentCall::finished, this, [this, call, manifest, done] {
        call->deleteLater();
        if (!call->result()) {
            done(Core::makeError(call->result().error().code,
                                 Core::Tr::tr("Cannot list the files in the sandbox: %1")
                                     .arg(call->result().error().message)));
            return;
        }
        const Core::Result<QString> next = manifest->appendPage(*call->result());
        if (!next) {
            done(std::unexpected(next.error()));
            return;
        }
        if (next->isEmpty())
            done(*manifest);
        else
            fetchManifestPage(manifest, *next, done);
    });
}

WorkspaceTransfer::Task WorkspaceTransfer::manifestTask()
{
    return [this](Done done) {
        fetchManifest([this, done](Core::Result<Core::WorkspaceManifest> manifest) {
            if (!manifest) {
                done(std::unexpected(manifest.error()));
                return;
            }
            m_sandboxManifest = std::move(*manifest);
            done({});
        });
    };
}

void WorkspaceTransfer::takeManifest()
{
    if (!begin()) {
        failLater([this] {
            Q_EMIT manifestTaken(Core::makeError(Core::ErrorCode::InvalidInput,
                                                 Core::Tr::tr("A workspace transfer is running.")));
        });
        return;
    }
    run({manifestTask()}, [this](Core::Result<void> result) {
        if (!result)
            Q_EMIT manifestTaken(std::unexpected(result.error()));
        else
            Q_EMIT manifestTaken(std::move(m_sandboxManifest));
    });
}

void WorkspaceTransfer::collectChanges(const Core::WorkspaceManifest &base,
                                       const QString &hostFolder)
{
    if (!begin()) {
        failLater([this] {
            Q_EMIT changesCollected(Core::makeError(
                Core::ErrorCode::InvalidInput, Core::Tr::tr("A workspace transfer is running.")));
        });
        return;
    }
    m_base = base;
    m_changes = {};
    m_host = std::make_unique<Core::WorkspaceFolder>(hostFolder);
    QList<Task> tasks{manifestTask()};
    tasks.append(
        scanTask(hostFolder, [this](Core::Result<Core::WorkspaceManifest> host, Done done) {
            if (Core::Result<void> opened = m_host->open(); !opened) {
                done(opened);
                return;
            }
            if (!host) {
                done(std::unexpected(host.error()));
                return;
            }
            Core::Result<Core::WorkspaceChangeSet> changes =
                Core::WorkspaceChangeSet::compute(m_base, m_sandboxManifest, *host);
            if (!changes) {
                done(std::unexpected(changes.error()));
                return;
            }
            m_changes = std::move(*changes);
            for (qsizetype i = 0; i < m_changes.changes().size(); ++i)
                m_tasks.append(diffTask(i));
            done({});
        }));
    run(std::move(tasks), [this](Core::Result<void> result) {
        m_host.reset();
        m_sandboxManifest = {};
        if (!result)
            Q_EMIT changesCollected(std::unexpected(result.error()));
        else
            Q_EMIT changesCollected(std::move(m_changes));
    });
}

WorkspaceTransfer::Task WorkspaceTransfer::diffTask(qsizetype index)
{
    return [this, index](Done done) {
        const Core::WorkspaceChange change = m_changes.changes().at(index);
        if (!Core::WorkspaceChangeSet::needsSandboxContent(change, m_limits)) {
            m_changes.setDiff(index,
                              Core::WorkspaceChangeSet::diffFor(change, *m_host, {}, m_limits));
            done({});
            return;
        }
        if (!m_sandbox) {
            done(std::unexpected(sandboxGone()));
            return;
        }
        SandboxJob *job = m_sandbox->readFile(inSandbox(change.path), m_limits.maxFileBytes);
        connect(job, &SandboxJob::finished, this, [this, job, index, change, done] {
            job->deleteLater();
            m_changes.setDiff(
                index, Core::WorkspaceChangeSet::diffFor(change, *m_host, job->result(), m_limits));
            done({});
        });
    };
}

// ---- apply ----

void WorkspaceTransfer::apply(const Core::WorkspaceChangeSet &changes, const QString &hostFolder,
                              const Core::WorkspaceSelection &selection)
{
    if (!begin()) {
        failLater([this] {
            Q_EMIT applied(Core::makeError(Core::ErrorCode::InvalidInput,
                                           Core::Tr::tr("A workspace transfer is running.")));
        });
        return;
    }
    m_changes = changes;
    m_report = {};
    m_host = std::make_unique<Core::WorkspaceFolder>(hostFolder);
    if (Core::Result<void> opened = m_host->open(); !opened) {
        run({}, [this, error = opened.error()](Core::Result<void>) {
            m_host.reset();
            Q_EMIT applied(std::unexpected(error));
        });
        return;
    }
    m_steps = m_changes.plan(selection, &m_report);
    m_failed = QList<bool>(m_changes.changes().size(), false);
    m_stepsLeft = QList<qsizetype>(m_changes.changes().size(), 0);
    QList<Task> tasks;
    for (const Core::WorkspaceApplyStep &step : std::as_const(m_steps)) {
        ++m_stepsLeft[step.change];
        tasks.append(applyTask(step));
    }
    run(std::move(tasks), [this](Core::Result<void> result) { finishApply(result); });
}

WorkspaceTransfer::Task WorkspaceTransfer::applyTask(const Core::WorkspaceApplyStep &step)
{
    return [this, step](Done done) {
        const Core::WorkspaceChange &change = m_changes.changes().at(step.change);
        const auto fail = [this, &step, &change](const QString &why) {
            m_failed[step.change] = true;
            m_report.skipped.append({change.path, why});
        };
        if (m_failed.at(step.change)) {
            --m_stepsLeft[step.change];
            done({});
            return;
        }
        if (step.action != Core::WorkspaceApplyStep::Action::WriteFile) {
            if (const Core::Result<void> result = m_host->apply(step, change); !result)
                fail(result.error().message);
            --m_stepsLeft[step.change];
            done({});
            return;
        }
        if (!m_sandbox) {
            fail(sandboxGone().message);
            --m_stepsLeft[step.change];
            done({});
            return;
        }
        SandboxJob *job = m_sandbox->readFile(inSandbox(change.path), maxFileBytes);
        connect(job, &SandboxJob::finished, this, [this, job, step, done] {
            job->deleteLater();
            const Core::WorkspaceChange &change = m_changes.changes().at(step.change);
            const Core::Result<QByteArray> &content = job->result();
            Core::Result<void> result = content
                ? m_host->apply(step, change, *content)
                : Core::Result<void>(
                    std::unexpected(Core::Error{content.error().code,
                                                Core::Tr::tr("Cannot read %1 in "
                                                             "the sandbox: %2")
                                                    .arg(change.path, content.error().message)}));
            if (!result) {
                m_failed[step.change] = true;
                m_report.skipped.append({change.path, result.error().message});
            }
            --m_stepsLeft[step.change];
            done({});
        });
    };
}

void WorkspaceTransfer::finishApply(const Core::Result<void> &result)
{
    QList<bool> planned(m_changes.changes().size(), false);
    for (const Core::WorkspaceApplyStep &step : std::as_const(m_steps))
        planned[step.change] = true;
    for (qsizetype i = 0; i < m_changes.changes().size(); ++i) {
        if (!planned.at(i) || m_failed.at(i))
            continue;
        if (m_stepsLeft.at(i) == 0)
            m_report.applied.append(m_changes.changes().at(i).path);
        else
            m_report.skipped.append(
                {m_changes.changes().at(i).path,
                 result ? Core::Tr::tr("It was not applied.") : result.error().message});
    }
    m_host.reset();
    m_steps.clear();
    m_changes = {};
    Q_EMIT applied(m_report);
}

} // namespace Terrarium::Vm
