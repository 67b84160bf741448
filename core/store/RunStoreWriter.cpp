#include "RunStoreWriter.h"

#include "core/CoreTr.h"
#include "core/store/EventIndexer.h"
#include "core/store/RunStore.h"
#include "core/store/StoreSqlError.h"

#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QUuid>

namespace Terrarium::Core {

RunStoreWriter::RunStoreWriter()
    : m_connection(QStringLiteral("terrarium-runstore-writer-%1")
                       .arg(QUuid::createUuid().toString(QUuid::WithoutBraces)))
{ }

RunStoreWriter::~RunStoreWriter() = default;

Result<void> RunStoreWriter::open(const QString &path)
{
    if (path == m_path && QSqlDatabase::contains(m_connection)
        && QSqlDatabase::database(m_connection, false).isOpen())
        return {};
    close();
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(RunStore::LockWait.count()));
    if (!db.open())
        return std::unexpected(StoreSqlError::describe(
            Tr::tr("Cannot open the run store %1").arg(path), db.lastError(), path));
    // Per connection: a commit is on disk when it returns (the file is in WAL mode already).
    QSqlQuery query(db);
    for (const QString &pragma :
         {QStringLiteral("PRAGMA synchronous=FULL"), QStringLiteral("PRAGMA foreign_keys=ON")}) {
        if (!query.exec(pragma)) {
            const Error error = StoreSqlError::describe(
                Tr::tr("Cannot open the run store %1").arg(path), query.lastError(), path);
            db.close();
            return std::unexpected(error);
        }
    }
    m_path = path;
    return {};
}

void RunStoreWriter::close()
{
    if (QSqlDatabase::contains(m_connection)) {
        QSqlDatabase::database(m_connection, false).close();
        QSqlDatabase::removeDatabase(m_connection);
    }
    m_path.clear();
}

Result<RunStoreWriter::Written> RunStoreWriter::write(const Batch &batch)
{
    if (const auto opened = open(batch.path); !opened)
        return std::unexpected(opened.error());
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    const auto fail = [&db, &batch](const QSqlError &error) -> Result<Written> {
        db.rollback();
        return std::unexpected(StoreSqlError::describe(
            Tr::tr("Cannot save the run's events in %1").arg(batch.path), error, batch.path));
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
    EventIndexer indexer(db);
    Written written{.lastSeqs = {}, .storedOutput = batch.storedOutput};
    for (const RunEvent &pendingEvent : batch.events) {
        RunEvent event = pendingEvent;
        // Output past a step's budget is counted, not kept here: the step's raw output file has
        // all of it.
        if (auto *output = std::get_if<Events::StepOutput>(&event.data)) {
            qint64 &stored = written.storedOutput[{event.runId, output->stepId}];
            const qint64 room = std::max<qint64>(0, RunStore::StepOutputBudget - stored);
            if (output->data.size() > room) {
                output->elidedChars += output->data.size() - room;
                output->data.truncate(room);
            }
            stored += output->data.size();
        }
        // The event's JSON form: what the store keeps is what headless prints (but for output
        // past the budget).
        const QJsonObject json = event.toJson();
        const QString type = json.value(QLatin1String("type")).toString();
        const QString timestamp = json.value(QLatin1String("ts")).toString();
        const QJsonObject payload = json.value(QLatin1String("payload")).toObject();
        insert.addBindValue(event.runId);
        insert.addBindValue(event.seq);
        insert.addBindValue(type);
        insert.addBindValue(timestamp);
        insert.addBindValue(
            QString::fromUtf8(QJsonDocument(payload).toJson(QJsonDocument::Compact)));
        if (!insert.exec())
            return fail(insert.lastError());
        // An event stored before (given twice) says nothing new.
        if (insert.numRowsAffected() == 0)
            continue;
        if (EventIndexer::indexes(type)
            && !indexer.add(event.runId, event.seq, type, timestamp, payload))
            return fail(indexer.lastError());
        written.lastSeqs[event.runId] = std::max(written.lastSeqs.value(event.runId), event.seq);
        if (const auto *complete = event.get<Events::WorkflowComplete>()) {
            end.addBindValue(runOutcomeName(complete->status));
            end.addBindValue(timestamp);
            end.addBindValue(event.runId);
            if (!end.exec())
                return fail(end.lastError());
        }
    }
    for (auto it = written.lastSeqs.cbegin(); it != written.lastSeqs.cend(); ++it) {
        progress.addBindValue(it.value());
        progress.addBindValue(it.key());
        if (!progress.exec())
            return fail(progress.lastError());
    }
    if (!db.commit())
        return fail(db.lastError());
    return written;
}

} // namespace Terrarium::Core
