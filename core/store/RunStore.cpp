#include "RunStore.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"
#include "core/store/EventIndexer.h"
#include "core/store/PrivateStorage.h"
#include "core/store/RunStoreWriter.h"
#include "core/store/StoreSqlError.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPromise>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QThreadPool>
#include <QTimer>
#include <QUuid>

#include <cerrno>
#include <csignal>

namespace Terrarium::Core {

namespace {

// A migration takes the schema from the version before it to its own (index + 1): its
// statements, then fill (when there is one) in the same transaction.
struct Migration
{
    QStringList statements;
    bool (*fill)(const QSqlDatabase &db, QSqlError &error) = nullptr;
};

const QList<Migration> migrations = {
    {{
         QStringLiteral("CREATE TABLE runs (run_id TEXT PRIMARY KEY, goal TEXT NOT NULL, "
                        "sandbox TEXT NOT NULL, workspace TEXT NOT NULL, started_at TEXT NOT NULL, "
                        "ended_at TEXT, status TEXT NOT NULL, owner_pid INTEGER NOT NULL, "
                        "last_seq INTEGER NOT NULL DEFAULT 0)"),
         QStringLiteral("CREATE TABLE events (run_id TEXT NOT NULL REFERENCES runs(run_id), "
                        "seq INTEGER NOT NULL, type TEXT NOT NULL, ts TEXT NOT NULL, "
                        "payload TEXT NOT NULL, PRIMARY KEY (run_id, seq)) WITHOUT ROWID"),
     },
     nullptr},
    // 2: what a run's events say, kept so that it need not be replayed to be listed or summed up.
    {{
         QStringLiteral(
             "CREATE TABLE plan_revisions (run_id TEXT NOT NULL REFERENCES runs(run_id) ON DELETE "
             "CASCADE, revision INTEGER NOT NULL, seq INTEGER NOT NULL, at TEXT NOT NULL, "
             "steps TEXT NOT NULL, PRIMARY KEY (run_id, revision)) WITHOUT ROWID"),
         QStringLiteral(
             "CREATE TABLE steps (run_id TEXT NOT NULL REFERENCES runs(run_id) ON DELETE CASCADE, "
             "step_id INTEGER NOT NULL, title TEXT, command TEXT, state TEXT NOT NULL, "
             "exit_code INTEGER, duration_ms INTEGER NOT NULL DEFAULT 0, started_at TEXT, "
             "ended_at TEXT, PRIMARY KEY (run_id, step_id)) WITHOUT ROWID"),
         QStringLiteral(
             "CREATE TABLE approvals (run_id TEXT NOT NULL REFERENCES runs(run_id) ON DELETE "
             "CASCADE, seq INTEGER NOT NULL, step_id INTEGER NOT NULL, command TEXT NOT NULL, "
             "risk TEXT, requested_at TEXT NOT NULL, decision TEXT CHECK (decision IN ('once', "
             "'session', 'always', 'deny', 'approved')), decided_at TEXT, "
             "by_policy INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (run_id, seq)) WITHOUT ROWID"),
         QStringLiteral(
             "CREATE TABLE usage (run_id TEXT NOT NULL REFERENCES runs(run_id) ON DELETE CASCADE, "
             "role TEXT NOT NULL, requests INTEGER NOT NULL, input_tokens INTEGER NOT NULL, "
             "cached_tokens INTEGER NOT NULL DEFAULT 0, output_tokens INTEGER NOT NULL, "
             "cost_usd REAL, PRIMARY KEY (run_id, role)) WITHOUT ROWID"),
         QStringLiteral(
             "CREATE TABLE spools (run_id TEXT NOT NULL REFERENCES runs(run_id) ON DELETE "
             "CASCADE, step_id INTEGER NOT NULL, stream TEXT NOT NULL, path TEXT NOT NULL, "
             "bytes INTEGER NOT NULL, truncated INTEGER NOT NULL DEFAULT 0, "
             "PRIMARY KEY (run_id, step_id, stream)) WITHOUT ROWID"),
     },
     &EventIndexer::indexAll},
    // 3: a past run opens without reading its output, and a step's output without the run's.
    // Partial indexes, so that a flood of output is not indexed twice (RunEventReader names them).
    {{
         QStringLiteral("CREATE INDEX events_shown ON events (run_id, seq) "
                        "WHERE type != 'step_output'"),
         QStringLiteral("CREATE INDEX events_output ON events "
                        "(run_id, json_extract(payload, '$.step_id'), seq) "
                        "WHERE type = 'step_output'"),
     },
     nullptr},
};

const QString runColumns = QStringLiteral(
    "run_id, goal, sandbox, workspace, started_at, ended_at, status, last_seq FROM runs");

QString timeText(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODateWithMs) : QString();
}

QDateTime timeFrom(const QVariant &value)
{
    return QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
}

bool processLives(qint64 pid)
{
    return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM);
}

// The store, its -wal and -shm, stores moved aside, and the kept step output: the user's alone,
// however an older version left them (0644). A new store is made 0600 before SQLite opens it,
// which gives -wal and -shm the same mode. What cannot be tightened is said in the log.
void restrictStore(const QString &path)
{
    const QFileInfo store(path);
    QStringList failures;
    const auto note = [&failures](const Result<void> &done) {
        if (!done)
            failures.append(done.error().message);
    };
    note(PrivateStorage::makeFile(path));
    const QDir folder = store.absoluteDir();
    for (const QString &name :
         folder.entryList({store.fileName() + u'*'}, QDir::Files | QDir::Hidden | QDir::System))
        note(PrivateStorage::restrict(folder.filePath(name)));
    note(PrivateStorage::restrictTree(folder.filePath(QStringLiteral("spool"))));
    for (const QString &failure : std::as_const(failures))
        qCWarning(lcCore).noquote() << failure;
}

} // namespace

RunStore::RunStore(QObject *parent)
    : QObject(parent)
    , m_connection(QStringLiteral("terrarium-runstore-%1")
                       .arg(QUuid::createUuid().toString(QUuid::WithoutBraces)))
    , m_writer(std::make_unique<RunStoreWriter>())
    , m_writerThread(std::make_unique<QThreadPool>())
    , m_commitTimer(new QTimer(this))
    , m_retryTimer(new QTimer(this))
{
    // One thread, for good: the writer's connection belongs to the thread that opened it.
    m_writerThread->setMaxThreadCount(1);
    m_writerThread->setExpiryTimeout(-1);
    m_commitTimer->setSingleShot(true);
    m_commitTimer->setInterval(CommitInterval);
    connect(m_commitTimer, &QTimer::timeout, this, &RunStore::startCommit);
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, &RunStore::startCommit);
}

RunStore::~RunStore()
{
    if (isOpen()) {
        (void)flush();
        // Runs begun here that never ended: this process lets them go without an end.
        QSqlQuery query(QSqlDatabase::database(m_connection, false));
        query.prepare(QStringLiteral(
            "UPDATE runs SET status = 'interrupted' WHERE run_id = ? AND status = 'running'"));
        for (const QString &runId : std::as_const(m_begun)) {
            query.addBindValue(runId);
            query.exec();
        }
    }
    if (QSqlDatabase::contains(m_connection)) {
        QSqlDatabase::database(m_connection, false).close();
        QSqlDatabase::removeDatabase(m_connection);
    }
    m_writerThread->start([writer = m_writer.get()] { writer->close(); });
    m_writerThread->waitForDone();
}

QString RunStore::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
        + QStringLiteral("/terrarium/runs.sqlite");
}

QString RunStore::spoolFolder() const
{
    return m_path.isEmpty() ? QString()
                            : QFileInfo(m_path).absolutePath() + QStringLiteral("/spool");
}

bool RunStore::isOpen() const
{
    return QSqlDatabase::contains(m_connection)
        && QSqlDatabase::database(m_connection, false).isOpen();
}

Result<void> RunStore::open(const QString &path)
{
    m_notice.clear();
    const auto opened = openFile(path);
    if (opened || opened.error().code != ErrorCode::MalformedResponse)
        return opened;
    // Not a database (or a damaged one): kept for whoever wants to look, never deleted; runs
    // from now on go into a new one. The connection to it is gone first.
    QSqlDatabase::removeDatabase(m_connection);
    const QString aside =
        QStringLiteral("%1.corrupt-%2")
            .arg(path, QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    if (!QFile::rename(path, aside))
        return opened;
    for (const char *suffix : {"-wal", "-shm"})
        QFile::rename(path + QLatin1String(suffix), aside + QLatin1String(suffix));
    m_notice = Tr::tr("The run store %1 could not be read (%2); it was moved aside to %3 and a "
                      "new one started.")
                   .arg(path, opened.error().message, aside);
    qCWarning(lcCore).noquote() << m_notice;
    return openFile(path);
}

Result<void> RunStore::openFile(const QString &path)
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
        return makeError(ErrorCode::Configuration,
                         Tr::tr("Qt's SQLite driver is missing (Debian: libqt6sql6-sqlite); runs "
                                "cannot be kept."));
    if (!PrivateStorage::makeFolder(QFileInfo(path).absolutePath()))
        return makeError(ErrorCode::IoError,
                         Tr::tr("Cannot make the folder of the run store %1.").arg(path));
    restrictStore(path);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(path);
    // Another program's lock is waited for briefly, not for Qt's default 5 s in the GUI thread;
    // a commit that fails is retried.
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(LockWait.count()));
    if (!db.open())
        return std::unexpected(StoreSqlError::describe(
            Tr::tr("Cannot open the run store %1").arg(path), db.lastError(), path));
    m_path = path;
    QSqlQuery query(db);
    // WAL: readers never wait for the writer; FULL: a commit is on disk when it returns.
    for (const QString &pragma :
         {QStringLiteral("PRAGMA journal_mode=WAL"), QStringLiteral("PRAGMA synchronous=FULL"),
          QStringLiteral("PRAGMA foreign_keys=ON")}) {
        if (!query.exec(pragma)) {
            Error error = StoreSqlError::describe(
                Tr::tr("The run store %1 is not a database Terrarium can use").arg(path),
                query.lastError(), path);
            if (StoreSqlError::isDamaged(query.lastError()))
                error.code = ErrorCode::MalformedResponse; // to be moved aside
            else
                error.message =
                    StoreSqlError::describe(Tr::tr("Cannot open the run store %1").arg(path),
                                            query.lastError(), path)
                        .message;
            db.close();
            return std::unexpected(error);
        }
    }
    if (const auto migrated = migrate(); !migrated) {
        db.close();
        return migrated;
    }
    return markInterrupted();
}

Result<void> RunStore::migrate()
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery query(db);
    if (!query.exec(QStringLiteral("PRAGMA user_version")) || !query.next()) {
        Error error = StoreSqlError::describe(
            Tr::tr("The run store %1 is not a database Terrarium can use").arg(m_path),
            query.lastError(), m_path);
        if (StoreSqlError::isDamaged(query.lastError()))
            error.code = ErrorCode::MalformedResponse; // to be moved aside
        return std::unexpected(error);
    }
    const int version = query.value(0).toInt();
    if (version > SchemaVersion)
        return makeError(ErrorCode::Configuration,
                         Tr::tr("The run store %1 was made by a newer Terrarium (schema %2; this "
                                "one knows %3); it is left as it is.")
                             .arg(m_path)
                             .arg(version)
                             .arg(SchemaVersion));
    for (int next = version; next < SchemaVersion; ++next) {
        const QString failed =
            Tr::tr("Cannot migrate the run store %1 to schema %2").arg(m_path).arg(next + 1);
        if (!db.transaction())
            return std::unexpected(StoreSqlError::describe(failed, db.lastError(), m_path));
        const Migration &migration = migrations.at(next);
        QSqlError error;
        bool done = true;
        for (const QString &statement : migration.statements) {
            if (!query.exec(statement)) {
                error = query.lastError();
                done = false;
                break;
            }
        }
        if (done && migration.fill)
            done = migration.fill(db, error);
        if (done && !query.exec(QStringLiteral("PRAGMA user_version=%1").arg(next + 1))) {
            error = query.lastError();
            done = false;
        }
        if (done && !db.commit()) {
            error = db.lastError();
            done = false;
        }
        if (!done) {
            // All of one migration or none of it: the file stays at the version it had.
            db.rollback();
            return std::unexpected(StoreSqlError::describe(failed, error, m_path));
        }
        qCDebug(lcCore) << "run store migrated to schema" << next + 1;
    }
    return {};
}

Result<void> RunStore::markInterrupted()
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery select(db);
    if (!select.exec(QStringLiteral("SELECT run_id, owner_pid FROM runs WHERE status = 'running'")))
        return std::unexpected(StoreSqlError::describe(
            Tr::tr("Cannot read the run store %1").arg(m_path), select.lastError(), m_path));
    QStringList orphans;
    while (select.next()) {
        const qint64 owner = select.value(1).toLongLong();
        if (owner != QCoreApplication::applicationPid() && !processLives(owner))
            orphans << select.value(0).toString();
    }
    QSqlQuery update(db);
    update.prepare(QStringLiteral("UPDATE runs SET status = 'interrupted' WHERE run_id = ?"));
    for (const QString &runId : orphans) {
        update.addBindValue(runId);
        if (!update.exec())
            return std::unexpected(StoreSqlError::describe(
                Tr::tr("Cannot update the run store %1").arg(m_path), update.lastError(), m_path));
    }
    return {};
}

Result<void> RunStore::beginRun(const StoredRun &run)
{
    if (!isOpen())
        return makeError(ErrorCode::IoError, Tr::tr("The run store is not open."));
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.prepare(QStringLiteral(
        "INSERT INTO runs (run_id, goal, sandbox, workspace, started_at, status, owner_pid) "
        "VALUES (?, ?, ?, ?, ?, 'running', ?)"));
    query.addBindValue(run.runId);
    query.addBindValue(run.goal);
    query.addBindValue(run.sandbox);
    query.addBindValue(run.workspace);
    query.addBindValue(
        timeText(run.startedAt.isValid() ? run.startedAt : QDateTime::currentDateTimeUtc()));
    query.addBindValue(QCoreApplication::applicationPid());
    if (!query.exec())
        return std::unexpected(
            StoreSqlError::describe(Tr::tr("Cannot record the run %1 in %2").arg(run.runId, m_path),
                                    query.lastError(), m_path));
    m_begun.append(run.runId);
    return {};
}

Result<StoredRun> RunStore::resumeRun(const QString &runId)
{
    if (!isOpen())
        return makeError(ErrorCode::IoError, Tr::tr("The run store is not open."));
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery select(db);
    select.prepare(QStringLiteral("SELECT owner_pid FROM runs WHERE run_id = ?"));
    select.addBindValue(runId);
    if (!select.exec())
        return std::unexpected(StoreSqlError::describe(
            Tr::tr("Cannot read the run store %1").arg(m_path), select.lastError(), m_path));
    if (!select.next())
        return makeError(
            ErrorCode::NotFound,
            Tr::tr("There is no kept run %1 (terrarium --list-runs lists them).").arg(runId));
    const qint64 owner = select.value(0).toLongLong();
    (void)flush();
    std::optional<StoredRun> stored = run(runId);
    if (!stored)
        return makeError(ErrorCode::NotFound, Tr::tr("There is no kept run %1.").arg(runId));
    if (stored->status == QLatin1String("running")
        && (owner == QCoreApplication::applicationPid() || processLives(owner)))
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("The run %1 is still going on (process %2); it cannot be resumed.")
                             .arg(runId)
                             .arg(owner));
    if (stored->status == QLatin1String("success"))
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("The run %1 succeeded; there is nothing to resume.").arg(runId));
    if (stored->status == QLatin1String("cancelled"))
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("The run %1 was cancelled; it is not resumed.").arg(runId));
    QSqlQuery update(db);
    update.prepare(QStringLiteral("UPDATE runs SET status = 'running', ended_at = NULL, "
                                  "owner_pid = ? WHERE run_id = ?"));
    update.addBindValue(QCoreApplication::applicationPid());
    update.addBindValue(runId);
    if (!update.exec())
        return std::unexpected(StoreSqlError::describe(
            Tr::tr("Cannot update the run store %1").arg(m_path), update.lastError(), m_path));
    m_begun.append(runId);
    stored->status = QStringLiteral("running");
    stored->endedAt = {};
    return *stored;
}

void RunStore::append(const RunEvent &event)
{
    m_pending.append(event);
    // While commits fail, the retry takes what is queued; trying more often would only block.
    if (m_retryTimer->isActive())
        return;
    // A run's end is on disk when this returns: what lists or resumes runs may look at once.
    if (event.type() == RunEventType::WorkflowComplete) {
        (void)flush();
        return;
    }
    // While a commit is in flight, what came meanwhile is committed as soon as it is done.
    if (m_inFlight)
        return;
    if (!m_commitTimer->isActive())
        m_commitTimer->start();
}

Result<void> RunStore::flush()
{
    if (!isOpen())
        return m_pending.isEmpty() && !m_inFlight
            ? Result<void>{}
            : makeError(ErrorCode::IoError, Tr::tr("The run store is not open."));
    Result<void> result;
    while (result) {
        if (!m_inFlight)
            startCommit();
        if (!m_inFlight)
            break; // nothing left to commit
        m_inFlightResult.waitForFinished();
        result = finishCommit(m_inFlightResult.result());
    }
    return result;
}

void RunStore::startCommit()
{
    m_commitTimer->stop();
    m_retryTimer->stop();
    if (m_inFlight || m_pending.isEmpty() || !isOpen())
        return;
    m_inFlight = std::exchange(m_pending, {});
    const quint64 number = ++m_commitNumber;
    auto promise = std::make_shared<QPromise<Result<RunStoreWriter::Written>>>();
    m_inFlightResult = promise->future();
    m_writerThread->start([this, number, writer = m_writer.get(), promise,
                           batch = RunStoreWriter::Batch{.path = m_path,
                                                         .events = *m_inFlight,
                                                         .storedOutput = m_storedOutput}] {
        promise->start();
        promise->addResult(writer->write(batch));
        promise->finish();
        // Always queued, never inside startCommit() or flush(); dropped with the store. The
        // result is taken here unless flush() took it first.
        QMetaObject::invokeMethod(
            this,
            [this, number] {
                if (number == m_commitNumber && m_inFlight)
                    (void)finishCommit(m_inFlightResult.result());
            },
            Qt::QueuedConnection);
    });
}

Result<void> RunStore::finishCommit(const Result<RunStoreWriter::Written> &written)
{
    const QList<RunEvent> batch = std::move(*m_inFlight);
    m_inFlight.reset();
    if (!written) {
        // Nothing of the batch is on disk: it goes first again.
        m_pending = batch + m_pending;
        // Tried again, less often the longer it fails; said when it starts failing or fails
        // differently, not at every try.
        const auto previous = std::chrono::milliseconds(m_retryTimer->interval());
        m_retryTimer->start(m_failure.isEmpty()
                                ? FirstRetry
                                : std::min<std::chrono::milliseconds>(previous * 2, LastRetry));
        if (written.error().message != m_failure) {
            m_failure = written.error().message;
            qCWarning(lcCore).noquote() << m_failure;
            Q_EMIT commitFailed(written.error());
        }
        return std::unexpected(written.error());
    }
    m_storedOutput = written->storedOutput;
    if (!m_failure.isEmpty()) {
        qCInfo(lcCore).noquote() << "run store" << m_path << "saves events again";
        m_failure.clear();
    }
    for (auto it = written->lastSeqs.cbegin(); it != written->lastSeqs.cend(); ++it)
        Q_EMIT committed(it.key(), it.value());
    // What came while this commit was in flight has waited long enough.
    if (!m_pending.isEmpty() && !m_retryTimer->isActive())
        startCommit();
    return {};
}

Result<void> RunStore::recordApprovalDecision(const QString &runId, int stepId,
                                              ApprovalDecision decision)
{
    if (const auto flushed = flush(); !flushed)
        return flushed;
    if (!isOpen())
        return makeError(ErrorCode::IoError, Tr::tr("The run store is not open."));
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    // The latest request of the step: a step is asked about once per command.
    query.prepare(QStringLiteral(
        "UPDATE approvals SET decision = ?, decided_at = coalesce(decided_at, ?) "
        "WHERE run_id = ? AND step_id = ? AND by_policy = 0 AND seq = (SELECT max(seq) FROM "
        "approvals WHERE run_id = ? AND step_id = ? AND by_policy = 0)"));
    query.addBindValue(approvalDecisionName(decision));
    query.addBindValue(timeText(QDateTime::currentDateTimeUtc()));
    query.addBindValue(runId);
    query.addBindValue(stepId);
    query.addBindValue(runId);
    query.addBindValue(stepId);
    if (!query.exec())
        return std::unexpected(StoreSqlError::describe(
            Tr::tr("Cannot record the approval in %1").arg(m_path), query.lastError(), m_path));
    if (query.numRowsAffected() == 0)
        return makeError(
            ErrorCode::NotFound,
            Tr::tr("The run %1 has no approval asked for step %2.").arg(runId).arg(stepId));
    return {};
}

Result<void> RunStore::recordSpool(const QString &runId, const StoredSpool &spool)
{
    if (!isOpen())
        return makeError(ErrorCode::IoError, Tr::tr("The run store is not open."));
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.prepare(
        QStringLiteral("INSERT OR REPLACE INTO spools (run_id, step_id, stream, path, bytes, "
                       "truncated) VALUES (?, ?, ?, ?, ?, ?)"));
    query.addBindValue(runId);
    query.addBindValue(spool.stepId);
    query.addBindValue(spool.stream);
    query.addBindValue(QFileInfo(spool.path).absoluteFilePath());
    query.addBindValue(spool.bytes);
    query.addBindValue(spool.truncated ? 1 : 0);
    if (!query.exec())
        return std::unexpected(StoreSqlError::describe(
            Tr::tr("Cannot record the output file %1 in %2").arg(spool.path, m_path),
            query.lastError(), m_path));
    return {};
}

Result<void> RunStore::removeRun(const QString &runId)
{
    if (!isOpen())
        return makeError(ErrorCode::IoError, Tr::tr("The run store is not open."));
    // Its queued events would come back without their run (and fail the commit) otherwise.
    if (const auto flushed = flush(); !flushed)
        return flushed;
    const auto stored = run(runId);
    if (!stored)
        return makeError(ErrorCode::NotFound,
                         Tr::tr("There is no run %1 in %2.").arg(runId, m_path));
    if (stored->status == QLatin1String("running"))
        return makeError(
            ErrorCode::InvalidInput,
            Tr::tr("The run %1 is still going; it can be deleted once it ends.").arg(runId));
    const QList<StoredSpool> files = spools(runId);
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    const QString failed = Tr::tr("Cannot delete the run %1 from %2").arg(runId, m_path);
    if (!db.transaction())
        return std::unexpected(StoreSqlError::describe(failed, db.lastError(), m_path));
    QSqlQuery query(db);
    // The derived tables go with the run (ON DELETE CASCADE); events were there before them.
    for (const QString &statement : {QStringLiteral("DELETE FROM events WHERE run_id = ?"),
                                     QStringLiteral("DELETE FROM runs WHERE run_id = ?")}) {
        query.prepare(statement);
        query.addBindValue(runId);
        if (!query.exec()) {
            const QSqlError error = query.lastError();
            db.rollback();
            return std::unexpected(StoreSqlError::describe(failed, error, m_path));
        }
    }
    if (!db.commit()) {
        const QSqlError error = db.lastError();
        db.rollback();
        return std::unexpected(StoreSqlError::describe(failed, error, m_path));
    }
    m_begun.removeAll(runId);
    // After the commit: a file left behind is litter, a reference to a file gone would be worse.
    QStringList left;
    for (const StoredSpool &spool : files) {
        if (QFileInfo::exists(spool.path) && !QFile::remove(spool.path))
            left << spool.path;
    }
    if (!left.isEmpty())
        return makeError(ErrorCode::IoError,
                         Tr::tr("The run %1 was deleted, but not its output files %2.")
                             .arg(runId, left.join(QStringLiteral(", "))));
    return {};
}

StoredRun RunStore::runFrom(const QSqlQuery &query)
{
    StoredRun run;
    run.runId = query.value(0).toString();
    run.goal = query.value(1).toString();
    run.sandbox = query.value(2).toString();
    run.workspace = query.value(3).toString();
    run.startedAt = timeFrom(query.value(4));
    run.endedAt = timeFrom(query.value(5));
    run.status = query.value(6).toString();
    run.lastSeq = query.value(7).toLongLong();
    return run;
}

QList<StoredRun> RunStore::runs() const
{
    QList<StoredRun> list;
    if (!isOpen())
        return list;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    if (!query.exec(QStringLiteral("SELECT %1 ORDER BY started_at DESC").arg(runColumns)))
        return list;
    while (query.next())
        list.append(runFrom(query));
    return list;
}

std::optional<StoredRun> RunStore::run(const QString &runId) const
{
    if (!isOpen())
        return std::nullopt;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.prepare(QStringLiteral("SELECT %1 WHERE run_id = ?").arg(runColumns));
    query.addBindValue(runId);
    if (!query.exec() || !query.next())
        return std::nullopt;
    return runFrom(query);
}

QList<RunEvent> RunStore::events(const QString &runId, qint64 fromSeq, qint64 maxCount,
                                 qint64 maxBytes) const
{
    QList<RunEvent> list;
    if (!isOpen())
        return list;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT seq, type, ts, payload FROM events WHERE run_id = ? AND "
                                 "seq >= ? ORDER BY seq LIMIT ?"));
    query.addBindValue(runId);
    query.addBindValue(fromSeq);
    query.addBindValue(maxCount); // SQLite: a negative limit is none
    if (!query.exec())
        return list;
    qint64 bytes = 0;
    while ((maxBytes < 0 || bytes < maxBytes) && query.next()) {
        const auto type = RunEvent::typeFromName(query.value(1).toString());
        if (!type)
            continue; // a type of a newer Terrarium: not this one's to show
        const QByteArray payload = query.value(3).toString().toUtf8();
        bytes += payload.size();
        list.append(RunEvent{
            .runId = runId,
            .seq = query.value(0).toLongLong(),
            .timestamp = timeFrom(query.value(2)),
            .data = RunEvent::dataFromJson(*type, QJsonDocument::fromJson(payload).object())});
    }
    return list;
}

QList<StoredPlanRevision> RunStore::planRevisions(const QString &runId) const
{
    QList<StoredPlanRevision> list;
    if (!isOpen())
        return list;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.prepare(QStringLiteral("SELECT revision, seq, at, steps FROM plan_revisions "
                                 "WHERE run_id = ? ORDER BY revision"));
    query.addBindValue(runId);
    if (!query.exec())
        return list;
    while (query.next()) {
        StoredPlanRevision revision;
        revision.revision = query.value(0).toInt();
        revision.seq = query.value(1).toLongLong();
        revision.at = timeFrom(query.value(2));
        const QJsonArray steps =
            QJsonDocument::fromJson(query.value(3).toString().toUtf8()).array();
        for (const QJsonValue &step : steps)
            revision.steps.append(
                {step[QLatin1String("id")].toInt(), step[QLatin1String("title")].toString()});
        list.append(revision);
    }
    return list;
}

QList<StoredStep> RunStore::steps(const QString &runId) const
{
    QList<StoredStep> list;
    if (!isOpen())
        return list;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.prepare(
        QStringLiteral("SELECT step_id, title, command, state, exit_code, duration_ms, "
                       "started_at, ended_at FROM steps WHERE run_id = ? ORDER BY step_id"));
    query.addBindValue(runId);
    if (!query.exec())
        return list;
    while (query.next()) {
        StoredStep step;
        step.stepId = query.value(0).toInt();
        step.title = query.value(1).toString();
        step.command = query.value(2).toString();
        step.state = query.value(3).toString();
        if (!query.value(4).isNull())
            step.exitCode = query.value(4).toInt();
        step.durationMs = query.value(5).toLongLong();
        step.startedAt = timeFrom(query.value(6));
        step.endedAt = timeFrom(query.value(7));
        list.append(step);
    }
    return list;
}

QList<StoredApproval> RunStore::approvals(const QString &runId) const
{
    QList<StoredApproval> list;
    if (!isOpen())
        return list;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.prepare(QStringLiteral("SELECT seq, step_id, command, risk, requested_at, decision, "
                                 "decided_at, by_policy FROM approvals WHERE run_id = ? "
                                 "ORDER BY seq"));
    query.addBindValue(runId);
    if (!query.exec())
        return list;
    while (query.next()) {
        StoredApproval approval;
        approval.seq = query.value(0).toLongLong();
        approval.stepId = query.value(1).toInt();
        approval.command = query.value(2).toString();
        approval.risk = query.value(3).toString();
        approval.requestedAt = timeFrom(query.value(4));
        approval.decision = query.value(5).toString();
        approval.decidedAt = timeFrom(query.value(6));
        approval.byPolicy = query.value(7).toInt() != 0;
        list.append(approval);
    }
    return list;
}

QList<StoredUsage> RunStore::usage(const QString &runId) const
{
    QList<StoredUsage> list;
    if (!isOpen())
        return list;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.prepare(QStringLiteral("SELECT role, requests, input_tokens, cached_tokens, "
                                 "output_tokens, cost_usd FROM usage WHERE run_id = ? "
                                 "ORDER BY role"));
    query.addBindValue(runId);
    if (!query.exec())
        return list;
    while (query.next()) {
        StoredUsage usage;
        usage.role = query.value(0).toString();
        usage.requests = query.value(1).toLongLong();
        usage.inputTokens = query.value(2).toLongLong();
        usage.cachedTokens = query.value(3).toLongLong();
        usage.outputTokens = query.value(4).toLongLong();
        if (!query.value(5).isNull())
            usage.costUsd = query.value(5).toDouble();
        list.append(usage);
    }
    return list;
}

QList<StoredSpool> RunStore::spools(const QString &runId) const
{
    QList<StoredSpool> list;
    if (!isOpen())
        return list;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.prepare(QStringLiteral("SELECT step_id, stream, path, bytes, truncated FROM spools "
                                 "WHERE run_id = ? ORDER BY step_id, stream"));
    query.addBindValue(runId);
    if (!query.exec())
        return list;
    while (query.next()) {
        list.append(StoredSpool{.stepId = query.value(0).toInt(),
                                .stream = query.value(1).toString(),
                                .path = query.value(2).toString(),
                                .bytes = query.value(3).toLongLong(),
                                .truncated = query.value(4).toInt() != 0});
    }
    return list;
}

std::optional<StoredRunSummary> RunStore::summary(const QString &runId) const
{
    const auto stored = run(runId);
    if (!stored)
        return std::nullopt;
    StoredRunSummary summary;
    summary.run = *stored;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.prepare(
        QStringLiteral("SELECT (SELECT count(*) FROM events WHERE run_id = ?), "
                       "(SELECT count(*) FROM plan_revisions WHERE run_id = ?), "
                       "(SELECT count(*) FROM approvals WHERE run_id = ? AND by_policy = 0), "
                       "count(*), total(state = 'done'), total(state IN ('failed', 'timed_out')), "
                       "total(state = 'denied'), total(duration_ms) FROM steps WHERE run_id = ?"));
    for (int i = 0; i < 4; ++i)
        query.addBindValue(runId);
    if (query.exec() && query.next()) {
        summary.events = query.value(0).toLongLong();
        summary.planRevisions = query.value(1).toInt();
        summary.approvalsAsked = query.value(2).toInt();
        summary.steps = query.value(3).toInt();
        summary.succeeded = query.value(4).toInt();
        summary.failed = query.value(5).toInt();
        summary.denied = query.value(6).toInt();
        summary.commandMs = query.value(7).toLongLong();
    }
    summary.usage = usage(runId);
    for (const StoredUsage &role : std::as_const(summary.usage)) {
        summary.inputTokens += role.inputTokens;
        summary.outputTokens += role.outputTokens;
        if (role.costUsd)
            summary.costUsd = summary.costUsd.value_or(0) + *role.costUsd;
    }
    return summary;
}

} // namespace Terrarium::Core
