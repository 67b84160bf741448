#include "RunStore.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QStorageInfo>
#include <QTimer>
#include <QUuid>

#include <cerrno>
#include <csignal>

namespace Terrarium::Core {

namespace {

// Each entry takes the schema from the version before it to its own (index + 1).
const QList<QStringList> migrations = {
    {
        QStringLiteral("CREATE TABLE runs (run_id TEXT PRIMARY KEY, goal TEXT NOT NULL, "
                       "sandbox TEXT NOT NULL, workspace TEXT NOT NULL, started_at TEXT NOT NULL, "
                       "ended_at TEXT, status TEXT NOT NULL, owner_pid INTEGER NOT NULL, "
                       "last_seq INTEGER NOT NULL DEFAULT 0)"),
        QStringLiteral("CREATE TABLE events (run_id TEXT NOT NULL REFERENCES runs(run_id), "
                       "seq INTEGER NOT NULL, type TEXT NOT NULL, ts TEXT NOT NULL, "
                       "payload TEXT NOT NULL, PRIMARY KEY (run_id, seq)) WITHOUT ROWID"),
    },
};

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

// SQLite's primary result codes (Qt passes them on as the native error code).
enum SqliteCode {
    Corrupt = 11,
    Busy = 5,
    Locked = 6,
    ReadOnly = 8,
    IoErr = 10,
    Full = 13,
    CantOpen = 14,
    NotADb = 26
};

int sqliteCode(const QSqlError &error)
{
    return error.nativeErrorCode().toInt() & 0xff;
}

// What went wrong, in words, for a file at path.
QString causeOf(const QSqlError &error, const QString &path)
{
    const QString detail = error.databaseText().isEmpty() ? error.text() : error.databaseText();
    switch (sqliteCode(error)) {
    case Busy:
    case Locked:
        return Tr::tr("another program holds it locked (%1)").arg(detail);
    case Full:
        return Tr::tr("the disk is full (%1)").arg(detail);
    case ReadOnly:
        return Tr::tr("it cannot be written to (%1)").arg(detail);
    case IoErr:
        // SQLite says "disk I/O error" for a write that found no room, too.
        if (QStorageInfo(QFileInfo(path).absolutePath()).bytesAvailable() < 64 * 1024)
            return Tr::tr("the disk is full (%1)").arg(detail);
        return Tr::tr("reading or writing it failed (%1)").arg(detail);
    case CantOpen:
        return Tr::tr("it cannot be opened (%1)").arg(detail);
    default:
        return error.text();
    }
}

Error sqlError(const QString &what, const QSqlError &error, const QString &path)
{
    return Error{ErrorCode::IoError, Tr::tr("%1: %2").arg(what, causeOf(error, path))};
}

// A file that is not a database, or a damaged one (not one that is merely locked or on a full
// disk): to be moved aside.
bool isDamaged(const QSqlError &error)
{
    return sqliteCode(error) == NotADb || sqliteCode(error) == Corrupt;
}

} // namespace

RunStore::RunStore(QObject *parent)
    : QObject(parent)
    , m_connection(QStringLiteral("terrarium-runstore-%1")
                       .arg(QUuid::createUuid().toString(QUuid::WithoutBraces)))
    , m_commitTimer(new QTimer(this))
    , m_retryTimer(new QTimer(this))
{
    m_commitTimer->setSingleShot(true);
    m_commitTimer->setInterval(CommitInterval);
    connect(m_commitTimer, &QTimer::timeout, this, [this] { (void)commit(); });
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, [this] { (void)commit(); });
}

RunStore::~RunStore()
{
    if (isOpen()) {
        (void)commit();
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
}

QString RunStore::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
        + QStringLiteral("/terrarium/runs.sqlite");
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
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return makeError(ErrorCode::IoError,
                         Tr::tr("Cannot make the folder of the run store %1.").arg(path));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(path);
    // Another program's lock is waited for briefly, not for Qt's default 5 s in the GUI thread;
    // a commit that fails is retried.
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(LockWait.count()));
    if (!db.open())
        return std::unexpected(
            sqlError(Tr::tr("Cannot open the run store %1").arg(path), db.lastError(), path));
    m_path = path;
    QSqlQuery query(db);
    // WAL: readers never wait for the writer; FULL: a commit is on disk when it returns.
    for (const QString &pragma :
         {QStringLiteral("PRAGMA journal_mode=WAL"), QStringLiteral("PRAGMA synchronous=FULL"),
          QStringLiteral("PRAGMA foreign_keys=ON")}) {
        if (!query.exec(pragma)) {
            Error error =
                sqlError(Tr::tr("The run store %1 is not a database Terrarium can use").arg(path),
                         query.lastError(), path);
            if (isDamaged(query.lastError()))
                error.code = ErrorCode::MalformedResponse; // to be moved aside
            else
                error.message = sqlError(Tr::tr("Cannot open the run store %1").arg(path),
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
        Error error =
            sqlError(Tr::tr("The run store %1 is not a database Terrarium can use").arg(m_path),
                     query.lastError(), m_path);
        if (isDamaged(query.lastError()))
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
            return std::unexpected(sqlError(failed, db.lastError(), m_path));
        QSqlError error;
        bool done = true;
        for (const QString &statement : migrations.at(next)) {
            if (!query.exec(statement)) {
                error = query.lastError();
                done = false;
                break;
            }
        }
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
            return std::unexpected(sqlError(failed, error, m_path));
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
        return std::unexpected(sqlError(Tr::tr("Cannot read the run store %1").arg(m_path),
                                        select.lastError(), m_path));
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
            return std::unexpected(sqlError(Tr::tr("Cannot update the run store %1").arg(m_path),
                                            update.lastError(), m_path));
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
            sqlError(Tr::tr("Cannot record the run %1 in %2").arg(run.runId, m_path),
                     query.lastError(), m_path));
    m_begun.append(run.runId);
    return {};
}

void RunStore::append(const RunEvent &event)
{
    m_pending.append(event);
    // While commits fail, the retry takes what is queued; trying more often would only block.
    if (m_retryTimer->isActive())
        return;
    if (event.type == RunEventType::WorkflowComplete) {
        (void)commit();
        return;
    }
    if (!m_commitTimer->isActive())
        m_commitTimer->start();
}

Result<void> RunStore::flush()
{
    return commit();
}

Result<void> RunStore::commit()
{
    m_commitTimer->stop();
    m_retryTimer->stop();
    if (m_pending.isEmpty())
        return {};
    if (!isOpen())
        return makeError(ErrorCode::IoError, Tr::tr("The run store is not open."));
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    const auto fail = [this, &db](const QSqlError &error) -> Result<void> {
        db.rollback();
        const Error failure =
            sqlError(Tr::tr("Cannot save the run's events in %1").arg(m_path), error, m_path);
        // Tried again, less often the longer it fails; said when it starts failing or fails
        // differently, not at every try.
        const auto previous = std::chrono::milliseconds(m_retryTimer->interval());
        m_retryTimer->start(m_failure.isEmpty()
                                ? FirstRetry
                                : std::min<std::chrono::milliseconds>(previous * 2, LastRetry));
        if (failure.message != m_failure) {
            m_failure = failure.message;
            qCWarning(lcCore).noquote() << failure.message;
            Q_EMIT commitFailed(failure);
        }
        return std::unexpected(failure);
    };
    if (!db.transaction())
        return fail(db.lastError());
    QSqlQuery insert(db);
    insert.prepare(QStringLiteral(
        "INSERT OR IGNORE INTO events (run_id, seq, type, ts, payload) VALUES (?, ?, ?, ?, ?)"));
    QSqlQuery progress(db);
    progress.prepare(
        QStringLiteral("UPDATE runs SET last_seq = max(last_seq, ?) WHERE run_id = ?"));
    QSqlQuery end(db);
    end.prepare(QStringLiteral("UPDATE runs SET status = ?, ended_at = ? WHERE run_id = ?"));
    QHash<QString, qint64> lastSeqs;
    for (const RunEvent &event : std::as_const(m_pending)) {
        insert.addBindValue(event.runId);
        insert.addBindValue(event.seq);
        insert.addBindValue(RunEvent::typeName(event.type));
        insert.addBindValue(timeText(event.timestamp));
        insert.addBindValue(
            QString::fromUtf8(QJsonDocument(event.payload).toJson(QJsonDocument::Compact)));
        if (!insert.exec())
            return fail(insert.lastError());
        lastSeqs[event.runId] = std::max(lastSeqs.value(event.runId), event.seq);
        if (event.type == RunEventType::WorkflowComplete) {
            end.addBindValue(event.payload.value(QLatin1String("status")).toString());
            end.addBindValue(timeText(event.timestamp));
            end.addBindValue(event.runId);
            if (!end.exec())
                return fail(end.lastError());
        }
    }
    for (auto it = lastSeqs.cbegin(); it != lastSeqs.cend(); ++it) {
        progress.addBindValue(it.value());
        progress.addBindValue(it.key());
        if (!progress.exec())
            return fail(progress.lastError());
    }
    if (!db.commit())
        return fail(db.lastError());
    m_pending.clear();
    if (!m_failure.isEmpty()) {
        qCInfo(lcCore).noquote() << "run store" << m_path << "saves events again";
        m_failure.clear();
    }
    for (auto it = lastSeqs.cbegin(); it != lastSeqs.cend(); ++it)
        Q_EMIT committed(it.key(), it.value());
    return {};
}

QList<StoredRun> RunStore::runs() const
{
    QList<StoredRun> list;
    if (!isOpen())
        return list;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    if (!query.exec(QStringLiteral("SELECT run_id, goal, sandbox, workspace, started_at, ended_at, "
                                   "status, last_seq FROM runs ORDER BY started_at DESC")))
        return list;
    while (query.next()) {
        StoredRun run;
        run.runId = query.value(0).toString();
        run.goal = query.value(1).toString();
        run.sandbox = query.value(2).toString();
        run.workspace = query.value(3).toString();
        run.startedAt = timeFrom(query.value(4));
        run.endedAt = timeFrom(query.value(5));
        run.status = query.value(6).toString();
        run.lastSeq = query.value(7).toLongLong();
        list.append(run);
    }
    return list;
}

std::optional<StoredRun> RunStore::run(const QString &runId) const
{
    for (const StoredRun &stored : runs()) {
        if (stored.runId == runId)
            return stored;
    }
    return std::nullopt;
}

QList<RunEvent> RunStore::events(const QString &runId, qint64 fromSeq) const
{
    QList<RunEvent> list;
    if (!isOpen())
        return list;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.prepare(QStringLiteral("SELECT seq, type, ts, payload FROM events WHERE run_id = ? AND "
                                 "seq >= ? ORDER BY seq"));
    query.addBindValue(runId);
    query.addBindValue(fromSeq);
    if (!query.exec())
        return list;
    while (query.next()) {
        const auto type = RunEvent::typeFromName(query.value(1).toString());
        if (!type)
            continue; // a type of a newer Terrarium: not this one's to show
        RunEvent event;
        event.type = *type;
        event.runId = runId;
        event.seq = query.value(0).toLongLong();
        event.timestamp = timeFrom(query.value(2));
        event.payload = QJsonDocument::fromJson(query.value(3).toString().toUtf8()).object();
        list.append(event);
    }
    return list;
}

} // namespace Terrarium::Core
