#pragma once

#include "core/Error.h"
#include "core/agent/RunEvent.h"
#include "core/safety/ApprovalDecision.h"
#include "core/store/RunStoreWriter.h"
#include "core/store/StoredApproval.h"
#include "core/store/StoredPlanRevision.h"
#include "core/store/StoredRun.h"
#include "core/store/StoredRunSummary.h"
#include "core/store/StoredSpool.h"
#include "core/store/StoredStep.h"
#include "core/store/StoredUsage.h"

#include <QFuture>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPair>

#include <memory>
#include <optional>

class QSqlQuery;
class QThreadPool;
class QTimer;

namespace Terrarium::Core {

// Every run and its events, in one SQLite database in WAL mode, so that a run survives the
// window closing, a crash or a SIGKILL and can be looked at again. Events are committed in
// groups: one transaction for what arrived within CommitInterval, at once for workflow_complete
// (and on flush()); a commit is synced to disk (synchronous=FULL), so what was committed
// survives a power loss too. committed() says how far each run is on disk. Commits are made on a
// thread of the store's own (RunStoreWriter), one at a time, so that waiting for the disk never
// blocks the caller's thread; flush() waits for them.
//
// Beside the events, tables derived from them as they are stored (plan revisions, steps,
// approvals, usage per role; see EventIndexer) let a past run be listed and summed up without
// replaying it; files holding steps' raw output are referenced and go with their run.
//
// The schema has a version (PRAGMA user_version) and migrations from the first one (schema 2
// fills the derived tables from the events already stored); a database made by a newer
// Terrarium is refused, never changed. Runs left "running" by a process that is gone are marked
// "interrupted" when the store is opened; a store destroyed while a run it began has no end
// marks it so too.
//
// A commit that fails (the database locked by another program, a full disk) keeps its events
// queued and is tried again, less often the longer it fails; what was committed stays.
//
// The store keeps what it is given: events are redacted before they get here (the orchestrator
// replaces secrets in output), and callers store environment values of task files by name only.
// Only a step's output past StepOutputBudget is not kept in its events (see there).
class RunStore : public QObject
{
    Q_OBJECT

public:
    static constexpr int SchemaVersion = 3;
    static constexpr auto CommitInterval = std::chrono::milliseconds(20);
    // Characters of a step's output kept in its step_output events; the rest is only counted
    // (elided_chars) and lives in the step's raw output file (recordSpool), so that a flood of
    // output does not become a flood of database writes.
    static constexpr qint64 StepOutputBudget = 2 * 1024 * 1024;
    // How long a commit waits for another program's lock before it fails (and is retried).
    static constexpr auto LockWait = std::chrono::milliseconds(250);
    static constexpr auto FirstRetry = std::chrono::milliseconds(200);
    static constexpr auto LastRetry = std::chrono::seconds(5);

    explicit RunStore(QObject *parent = nullptr);
    ~RunStore() override;

    // $XDG_DATA_HOME/terrarium/runs.sqlite
    static QString defaultPath();

    // Opens (creating it and its folder when needed) and migrates the database. A file that is
    // not a database Terrarium can read is moved aside (path.corrupt-TIME), never deleted, and a
    // new store is started; notice() says so.
    Result<void> open(const QString &path);
    // What open() did that the user should know (a damaged store moved aside); empty otherwise.
    QString notice() const { return m_notice; }
    bool isOpen() const;
    QString path() const { return m_path; }
    // Where steps' raw output files belong: "spool" beside the database.
    QString spoolFolder() const;

    // A new run, owned by this process until its workflow_complete.
    Result<void> beginRun(const StoredRun &run);
    // Takes up a kept run again under its own id (terrarium --resume): an interrupted or failed
    // run becomes "running", owned by this process, with no end. Refused (InvalidInput, or
    // NotFound for an unknown id) for a run that succeeded, was cancelled or is still going on
    // in a living process. Returns the run as it now is; its events go on from lastSeq + 1.
    Result<StoredRun> resumeRun(const QString &runId);
    // Queues an event of a begun run; committed within CommitInterval, or at once when it is a
    // workflow_complete (which also ends the run with its status).
    void append(const RunEvent &event);
    // Commits what is queued now.
    Result<void> flush();
    // How the user answered the approval of stepId (the events only tell that it ran or was
    // denied). Commits what is queued first.
    Result<void> recordApprovalDecision(const QString &runId, int stepId,
                                        ApprovalDecision decision);
    // The file holding one stream of a step's raw output (see spoolFolder()); recorded again, it
    // replaces what was recorded. The file goes when its run is removed.
    Result<void> recordSpool(const QString &runId, const StoredSpool &spool);
    // Deletes a run that is not going on: its events, what was derived from them and its spool
    // files.
    Result<void> removeRun(const QString &runId);

    // Newest first.
    QList<StoredRun> runs() const;
    std::optional<StoredRun> run(const QString &runId) const;
    // The run's committed events from fromSeq on, in order; at most maxCount of them when it is
    // not negative, and no more once their stored payloads reach maxBytes (when it is not
    // negative; the first event is always in).
    QList<RunEvent> events(const QString &runId, qint64 fromSeq = 1, qint64 maxCount = -1,
                           qint64 maxBytes = -1) const;
    // Derived from the committed events; in order (revision, step id, request).
    QList<StoredPlanRevision> planRevisions(const QString &runId) const;
    QList<StoredStep> steps(const QString &runId) const;
    QList<StoredApproval> approvals(const QString &runId) const;
    QList<StoredUsage> usage(const QString &runId) const; // per role, by role
    QList<StoredSpool> spools(const QString &runId) const;
    std::optional<StoredRunSummary> summary(const QString &runId) const;

Q_SIGNALS:
    // Events of runId up to seq are on disk.
    void committed(const QString &runId, qint64 seq);
    // Commits began to fail (the database locked, the disk full, the file gone), or fail for
    // another reason than before; error names the file and the cause. What was queued stays
    // queued and is tried again (committed() says when it got there).
    void commitFailed(const Terrarium::Core::Error &error);

private:
    Result<void> openFile(const QString &path);
    Result<void> migrate();
    Result<void> markInterrupted();
    // Hands what is queued to the writer thread, unless a commit is in flight already.
    void startCommit();
    // Takes the in-flight commit's result (on the GUI thread): says it, or queues its events
    // again to be retried.
    Result<void> finishCommit(const Result<RunStoreWriter::Written> &written);
    // Reads the database's current row of runs from query (see runColumns).
    static StoredRun runFrom(const QSqlQuery &query);

    QString m_connection;
    QString m_path;
    QString m_notice;
    QList<RunEvent> m_pending;
    std::unique_ptr<RunStoreWriter> m_writer;
    std::unique_ptr<QThreadPool> m_writerThread;
    std::optional<QList<RunEvent>> m_inFlight; // the batch being committed
    QFuture<Result<RunStoreWriter::Written>> m_inFlightResult;
    quint64 m_commitNumber = 0;
    QStringList m_begun; // runs begun through this store
    QTimer *m_commitTimer = nullptr;
    QTimer *m_retryTimer = nullptr; // running while commits fail
    QString m_failure; // the last commit's failure, said once
    RunStoreWriter::OutputCounts m_storedOutput; // output characters kept, per run step
};

} // namespace Terrarium::Core
