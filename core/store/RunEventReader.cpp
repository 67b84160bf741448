#include "RunEventReader.h"

#include "core/CoreTr.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

namespace Terrarium::Core {

RunEventReader::RunEventReader()
    : m_connection(QStringLiteral("terrarium-runreader-%1")
                       .arg(QUuid::createUuid().toString(QUuid::WithoutBraces)))
{ }

RunEventReader::~RunEventReader()
{
    if (QSqlDatabase::contains(m_connection)) {
        QSqlDatabase::database(m_connection, false).close();
        QSqlDatabase::removeDatabase(m_connection);
    }
}

Result<void> RunEventReader::open(const QString &path)
{
    if (QSqlDatabase::contains(m_connection)) {
        QSqlDatabase::database(m_connection, false).close();
        QSqlDatabase::removeDatabase(m_connection);
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
    if (!db.open())
        return makeError(
            ErrorCode::IoError,
            Tr::tr("Cannot read the run store %1: %2").arg(path, db.lastError().text()));
    return {};
}

bool RunEventReader::isOpen() const
{
    return QSqlDatabase::contains(m_connection)
        && QSqlDatabase::database(m_connection, false).isOpen();
}

QList<RunEvent> RunEventReader::events(const QString &runId) const
{
    // The planner, knowing nothing of how much output a run has, would read it all through the
    // primary key; the index of schema 3 skips it. A result's tails (up to 64 KiB a stream) are
    // output too, and parsing them would cost more than the rest of the run together.
    return select(QStringLiteral("SELECT seq, type, ts, CAST(CASE type WHEN 'step_result' THEN "
                                 "json_remove(payload, '$.stdout', '$.stderr') ELSE payload END "
                                 "AS BLOB) FROM events INDEXED BY events_shown WHERE run_id = ? "
                                 "AND type != 'step_output' ORDER BY seq"),
                  {runId});
}

QList<RunEvent> RunEventReader::stepOutput(const QString &runId, int stepId) const
{
    return select(QStringLiteral("SELECT seq, type, ts, CAST(payload AS BLOB) FROM events "
                                 "INDEXED BY events_output WHERE run_id = ? AND "
                                 "type = 'step_output' AND json_extract(payload, '$.step_id') = ? "
                                 "ORDER BY seq"),
                  {runId, stepId});
}

QList<RunEvent> RunEventReader::select(const QString &sql, const QVariantList &values) const
{
    QList<RunEvent> list;
    if (!isOpen())
        return list;
    QSqlQuery query(QSqlDatabase::database(m_connection, false));
    query.setForwardOnly(true);
    query.prepare(sql);
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (!query.exec())
        return list;
    const QString runId = values.value(0).toString();
    while (query.next()) {
        // The store's own format (see RunStore::commit()), read into typed events directly; the
        // payload as the UTF-8 bytes it is stored as, not through a QString.
        const auto type = RunEvent::typeFromName(query.value(1).toString());
        if (!type)
            continue; // a type of a newer Terrarium, not this one's to show
        list.append(RunEvent{
            .runId = runId,
            .seq = query.value(0).toLongLong(),
            .timestamp = QDateTime::fromString(query.value(2).toString(), Qt::ISODateWithMs),
            .data = RunEvent::dataFromJson(
                *type, QJsonDocument::fromJson(query.value(3).toByteArray()).object())});
    }
    return list;
}

} // namespace Terrarium::Core
