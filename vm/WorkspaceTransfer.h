#pragma once

#include "core/Error.h"
#include "core/workspace/WorkspaceApplyReport.h"
#include "core/workspace/WorkspaceChangeSet.h"
#include "core/workspace/WorkspaceDiff.h"
#include "core/workspace/WorkspaceManifest.h"
#include "core/workspace/WorkspaceSelection.h"
#include "vm/WorkspaceCopyReport.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace Terrarium::Core {
class WorkspaceFolder;
}

namespace Terrarium::Vm {

class Sandbox;

// Moves a workspace between a host folder and any running Sandbox, for copy mode
// (docs/ARCHITECTURE.md, "Sandboxes"): copyIn() at the start, collectChanges() at the end for the
// user to review, apply() for what they accepted. Only Sandbox's own operations are used
// (writeFile, readFile, exec of mkdir/ln/chmod), plus the agent's fs.manifest where the sandbox
// runs terrarium-agent; the host kind's folder is listed directly. So a VM and a Podman container
// copy alike.
//
// One operation at a time; each ends with its signal, always from the event loop (never inside
// the call), also when it fails at once. Files move one at a time, so memory holds one file (at
// most maxFileBytes). Cost: copyIn() and collectChanges() walk and hash the host folder on a
// worker thread (one read of every file up to maxFileBytes, larger ones are not hashed;
// fs.manifest does the same in the sandbox, blocking its agent meanwhile), so the event loop
// goes on while a large workspace is read. On the host side nothing is read or written through a
// symlink (Core::WorkspaceFolder). The transfer is a QObject child of whoever owns it; it watches
// the sandbox through a QPointer and fails (SandboxError) when the sandbox goes away.
class WorkspaceTransfer final : public QObject
{
    Q_OBJECT

public:
    static constexpr qint64 maxFileBytes = Core::WorkspaceChangeSet::maxFileBytes;

    // sandboxFolder: the workspace as the sandbox sees it, absolute ("/workspace" in a VM; the
    // spec's workspace for the host kind).
    WorkspaceTransfer(Sandbox *sandbox, QString sandboxFolder, QObject *parent = nullptr);
    ~WorkspaceTransfer() override;

    const QString &sandboxFolder() const { return m_sandboxFolder; }
    bool isBusy() const { return m_busy; }
    // What collectChanges() shows as diffs (the default: text files up to 1 MiB).
    void setDiffLimits(const Core::WorkspaceDiff::Limits &limits) { m_limits = limits; }

    // Copies hostFolder into the sandbox folder: folders (mkdir -p), regular files with their
    // permission bits (0777; setuid and setgid never), and links whose target stays inside the
    // workspace. Skipped, and reported: links that lead out, special files, unreadable files,
    // files above maxFileBytes, names that are not valid UTF-8, other file systems. Ends in
    // copiedIn(), whose report holds the base manifest to keep until collectChanges().
    void copyIn(const QString &hostFolder);
    // The sandbox folder's manifest (paged fs.manifest, or a local walk for the host kind);
    // ends in manifestTaken().
    void takeManifest();
    // The change set between base (from copyIn()), the sandbox now and hostFolder now, with the
    // diffs filled in (the sandbox's files within the diff limits are read for it); ends in
    // changesCollected().
    void collectChanges(const Core::WorkspaceManifest &base, const QString &hostFolder);
    // Applies what selection accepts of changes to hostFolder, each file fetched from the sandbox
    // and checked against its SHA-256 first; ends in applied() with what was done and what not.
    // Fails as a whole only when hostFolder cannot be opened.
    void apply(const Core::WorkspaceChangeSet &changes, const QString &hostFolder,
               const Core::WorkspaceSelection &selection);
    // Stops after the file in flight; the operation ends with ErrorCode::Cancelled (apply():
    // with its report, what was not done skipped as cancelled).
    void cancel();

Q_SIGNALS:
    // done of total steps (files, commands, diffs) of the running operation.
    void progress(qint64 done, qint64 total);
    void copiedIn(const Terrarium::Core::Result<Terrarium::Vm::WorkspaceCopyReport> &result);
    void manifestTaken(const Terrarium::Core::Result<Terrarium::Core::WorkspaceManifest> &result);
    void
    changesCollected(const Terrarium::Core::Result<Terrarium::Core::WorkspaceChangeSet> &result);
    void applied(const Terrarium::Core::Result<Terrarium::Core::WorkspaceApplyReport> &result);

private:
    using Done = std::function<void(Core::Result<void>)>;
    using Task = std::function<void(Done)>;
    using Finish = std::function<void(Core::Result<void>)>;

    // Runs tasks one after another from the event loop; the first error (or a cancel) ends the
    // run. Tasks may be appended while it runs.
    void run(QList<Task> tasks, Finish finish);
    void pump();
    void taskDone(quint64 generation, Core::Result<void> result);
    void finishRun(Core::Result<void> result);
    // Reports a failure of an operation that could not start, from the event loop.
    void failLater(std::function<void()> emitter);
    bool begin();

    QString inSandbox(const QString &path) const;
    Core::Error sandboxGone() const;
    Task commandTask(const QStringList &argv);
    Task copyFileTask(const Core::WorkspaceEntry &entry);
    // Walks and hashes folder on a worker thread, then hands the manifest to then().
    Task scanTask(const QString &folder,
                  std::function<void(Core::Result<Core::WorkspaceManifest>, Done)> then);
    // What copies a scanned host folder in (fills m_copy as it decides).
    QList<Task> copyTasks(const Core::WorkspaceManifest &scanned);
    Task manifestTask();
    Task diffTask(qsizetype index);
    Task applyTask(const Core::WorkspaceApplyStep &step);
    void fetchManifest(std::function<void(Core::Result<Core::WorkspaceManifest>)> done);
    void fetchManifestPage(const std::shared_ptr<Core::WorkspaceManifest> &manifest,
                           const QString &cursor,
                           std::function<void(Core::Result<Core::WorkspaceManifest>)> done);
    void finishApply(const Core::Result<void> &result);

    QPointer<Sandbox> m_sandbox;
    const QString m_sandboxFolder;
    Core::WorkspaceDiff::Limits m_limits;
    bool m_busy = false;
    bool m_cancelled = false;

    QList<Task> m_tasks;
    qsizetype m_next = 0;
    Finish m_finish;
    quint64 m_generation = 0;

    // The operation's data.
    std::unique_ptr<Core::WorkspaceFolder> m_host;
    WorkspaceCopyReport m_copy;
    Core::WorkspaceManifest m_base;
    Core::WorkspaceManifest m_sandboxManifest;
    Core::WorkspaceChangeSet m_changes;
    QList<Core::WorkspaceApplyStep> m_steps;
    Core::WorkspaceApplyReport m_report;
    QList<bool> m_failed; // per change of m_changes
    QList<qsizetype> m_stepsLeft; // per change: steps not yet carried out
};

} // namespace Terrarium::Vm
