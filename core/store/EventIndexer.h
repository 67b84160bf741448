#pragma once

#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>

#include <map>

namespace Terrarium::Core {

// Keeps the run store's derived tables (plan_revisions, steps, approvals, usage) up to date with
// the events as they are stored, inside the caller's transaction, so that a past run can be
// listed and summed up without replaying its events. Reads events as their JSON edge form (type
// name and payload), the same whether they come from a RunEvent or from the events table.
class EventIndexer
{
public:
    explicit EventIndexer(const QSqlDatabase &db);

    // Whether events of this type add anything (most events, step_output, do not).
    static bool indexes(const QString &type);
    // Adds what one newly stored event says; false with lastError() when the database refused.
    bool add(const QString &runId, qint64 seq, const QString &type, const QString &timestamp,
             const QJsonObject &payload);
    QSqlError lastError() const { return m_error; }

    // Fills the derived tables from every stored event (the migration to schema 2).
    static bool indexAll(const QSqlDatabase &db, QSqlError &error);

private:
    // The prepared statement for sql, made once per indexer.
    QSqlQuery &prepared(const QString &sql);
    bool run(QSqlQuery &query);
    bool upsertStep(const QString &runId, int stepId, const QString &title, const QString &command,
                    const QString &state, const QString &startedAt);
    bool planGenerated(const QString &runId, qint64 seq, const QString &timestamp,
                       const QJsonObject &payload);
    bool approvalRequired(const QString &runId, qint64 seq, const QString &timestamp,
                          const QJsonObject &payload);
    bool stepExecuting(const QString &runId, const QString &timestamp, const QJsonObject &payload);
    bool stepResult(const QString &runId, const QString &timestamp, const QJsonObject &payload);
    bool errorDetected(const QString &runId, qint64 seq, const QString &timestamp,
                       const QJsonObject &payload);
    bool usage(const QString &runId, const QJsonObject &payload);
    bool stepUndone(const QString &runId, const QJsonObject &payload);

    QSqlDatabase m_db;
    std::map<QString, QSqlQuery> m_queries; // references stay valid as it grows
    QSqlError m_error;
};

} // namespace Terrarium::Core
