#include "EventIndexer.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Terrarium::Core {

namespace {

QString text(const QJsonObject &payload, const char *key)
{
    return payload.value(QLatin1String(key)).toString();
}

int number(const QJsonObject &payload, const char *key)
{
    return payload.value(QLatin1String(key)).toInt();
}

bool flag(const QJsonObject &payload, const char *key)
{
    return payload.value(QLatin1String(key)).toBool();
}

// NULL for SQL when there is nothing.
QVariant orNull(const QString &value)
{
    return value.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(value);
}

} // namespace

EventIndexer::EventIndexer(const QSqlDatabase &db)
    : m_db(db)
{ }

bool EventIndexer::indexes(const QString &type)
{
    static const QStringList types{
        QStringLiteral("plan_generated"), QStringLiteral("approval_required"),
        QStringLiteral("step_executing"), QStringLiteral("step_result"),
        QStringLiteral("error_detected"), QStringLiteral("usage"),
        QStringLiteral("step_undone")};
    return types.contains(type);
}

bool EventIndexer::add(const QString &runId, qint64 seq, const QString &type,
                       const QString &timestamp, const QJsonObject &payload)
{
    if (type == QLatin1String("plan_generated"))
        return planGenerated(runId, seq, timestamp, payload);
    if (type == QLatin1String("approval_required"))
        return approvalRequired(runId, seq, timestamp, payload);
    if (type == QLatin1String("step_executing"))
        return stepExecuting(runId, timestamp, payload);
    if (type == QLatin1String("step_result"))
        return stepResult(runId, timestamp, payload);
    if (type == QLatin1String("error_detected"))
        return errorDetected(runId, seq, timestamp, payload);
    if (type == QLatin1String("usage"))
        return usage(runId, payload);
    if (type == QLatin1String("step_undone"))
        return stepUndone(runId, payload);
    return true;
}

bool EventIndexer::indexAll(const QSqlDatabase &db, QSqlError &error)
{
    QSqlQuery select(db);
    select.setForwardOnly(true);
    if (!select.exec(QStringLiteral(
            "SELECT run_id, seq, type, ts, payload FROM events WHERE type IN ('plan_generated', "
            "'approval_required', 'step_executing', 'step_result', 'error_detected', 'usage', "
            "'step_undone') ORDER BY run_id, seq"))) {
        error = select.lastError();
        return false;
    }
    EventIndexer indexer(db);
    while (select.next()) {
        const QJsonObject payload =
            QJsonDocument::fromJson(select.value(4).toString().toUtf8()).object();
        if (!indexer.add(select.value(0).toString(), select.value(1).toLongLong(),
                         select.value(2).toString(), select.value(3).toString(), payload)) {
            error = indexer.lastError();
            return false;
        }
    }
    return true;
}

QSqlQuery &EventIndexer::prepared(const QString &sql)
{
    auto found = m_queries.find(sql);
    if (found == m_queries.end()) {
        found = m_queries.emplace(sql, QSqlQuery(m_db)).first;
        found->second.prepare(sql);
    }
    return found->second;
}

bool EventIndexer::run(QSqlQuery &query)
{
    if (query.exec())
        return true;
    m_error = query.lastError();
    return false;
}

bool EventIndexer::upsertStep(const QString &runId, int stepId, const QString &title,
                              const QString &command, const QString &state,
                              const QString &startedAt)
{
    // What an event does not say (an empty title or command) keeps what an earlier one said.
    QSqlQuery &query = prepared(QStringLiteral(
        "INSERT INTO steps (run_id, step_id, title, command, state, started_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (run_id, step_id) DO UPDATE SET "
        "title = coalesce(excluded.title, title), command = coalesce(excluded.command, command), "
        "state = excluded.state, started_at = coalesce(excluded.started_at, started_at)"));
    query.addBindValue(runId);
    query.addBindValue(stepId);
    query.addBindValue(orNull(title));
    query.addBindValue(orNull(command));
    query.addBindValue(state);
    query.addBindValue(orNull(startedAt));
    return run(query);
}

bool EventIndexer::planGenerated(const QString &runId, qint64 seq, const QString &timestamp,
                                 const QJsonObject &payload)
{
    QSqlQuery &query = prepared(
        QStringLiteral("INSERT OR REPLACE INTO plan_revisions (run_id, revision, seq, at, steps) "
                       "VALUES (?, ?, ?, ?, ?)"));
    query.addBindValue(runId);
    query.addBindValue(number(payload, "revision"));
    query.addBindValue(seq);
    query.addBindValue(timestamp);
    query.addBindValue(
        QString::fromUtf8(QJsonDocument(payload.value(QLatin1String("steps")).toArray())
                              .toJson(QJsonDocument::Compact)));
    return run(query);
}

bool EventIndexer::approvalRequired(const QString &runId, qint64 seq, const QString &timestamp,
                                    const QJsonObject &payload)
{
    const int stepId = number(payload, "step_id");
    QSqlQuery &query = prepared(
        QStringLiteral("INSERT OR IGNORE INTO approvals (run_id, seq, step_id, command, risk, "
                       "requested_at) VALUES (?, ?, ?, ?, ?, ?)"));
    query.addBindValue(runId);
    query.addBindValue(seq);
    query.addBindValue(stepId);
    query.addBindValue(text(payload, "command"));
    query.addBindValue(orNull(text(payload, "risk")));
    query.addBindValue(timestamp);
    return run(query)
        && upsertStep(runId, stepId, text(payload, "step"), text(payload, "command"),
                      QStringLiteral("awaiting_approval"), {});
}

bool EventIndexer::stepExecuting(const QString &runId, const QString &timestamp,
                                 const QJsonObject &payload)
{
    const int stepId = number(payload, "step_id");
    // It runs after approval_required: someone allowed it. How (once, for the session, always)
    // only recordApprovalDecision() knows; an answer recorded so is kept.
    QSqlQuery &approved =
        prepared(QStringLiteral("UPDATE approvals SET decision = 'approved', decided_at = ? "
                                "WHERE run_id = ? AND step_id = ? AND decision IS NULL"));
    approved.addBindValue(timestamp);
    approved.addBindValue(runId);
    approved.addBindValue(stepId);
    return run(approved)
        && upsertStep(runId, stepId, text(payload, "step"), text(payload, "command"),
                      QStringLiteral("running"), timestamp);
}

bool EventIndexer::stepResult(const QString &runId, const QString &timestamp,
                              const QJsonObject &payload)
{
    const int exitCode = number(payload, "exit_code");
    const QString state = flag(payload, "cancelled") ? QStringLiteral("cancelled")
        : flag(payload, "timed_out")                 ? QStringLiteral("timed_out")
        : exitCode == 0                              ? QStringLiteral("done")
                                                     : QStringLiteral("failed");
    QSqlQuery &query = prepared(QStringLiteral(
        "INSERT INTO steps (run_id, step_id, state, exit_code, duration_ms, ended_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (run_id, step_id) DO UPDATE SET "
        "state = excluded.state, exit_code = excluded.exit_code, "
        "duration_ms = excluded.duration_ms, ended_at = excluded.ended_at"));
    query.addBindValue(runId);
    query.addBindValue(number(payload, "step_id"));
    query.addBindValue(state);
    query.addBindValue(exitCode);
    query.addBindValue(payload.value(QLatin1String("duration_ms")).toInteger());
    query.addBindValue(timestamp);
    return run(query);
}

bool EventIndexer::errorDetected(const QString &runId, qint64 seq, const QString &timestamp,
                                 const QJsonObject &payload)
{
    const QString kind = text(payload, "kind");
    const int stepId = number(payload, "step_id");
    if (kind == QLatin1String("sandbox")) {
        QSqlQuery &query =
            prepared(QStringLiteral("UPDATE steps SET state = 'failed', ended_at = ? "
                                    "WHERE run_id = ? AND step_id = ? AND state = 'running'"));
        query.addBindValue(timestamp);
        query.addBindValue(runId);
        query.addBindValue(stepId);
        return run(query);
    }
    // Refused as a repeat of a failure: never run, like a denied step, yet nobody said no.
    if (kind == QLatin1String("repeated"))
        return upsertStep(runId, stepId, text(payload, "failed_step"), text(payload, "command"),
                          QStringLiteral("denied"), {});
    if (kind != QLatin1String("denied"))
        return true;
    if (!upsertStep(runId, stepId, text(payload, "failed_step"), text(payload, "command"),
                    QStringLiteral("denied"), {}))
        return false;
    QSqlQuery &denied =
        prepared(QStringLiteral("UPDATE approvals SET decision = 'deny', decided_at = ? "
                                "WHERE run_id = ? AND step_id = ? AND decision IS NULL"));
    denied.addBindValue(timestamp);
    denied.addBindValue(runId);
    denied.addBindValue(stepId);
    if (!run(denied))
        return false;
    // Nobody was asked: the safety policy denied it outright.
    QSqlQuery &byPolicy = prepared(QStringLiteral(
        "INSERT OR IGNORE INTO approvals (run_id, seq, step_id, command, requested_at, decision, "
        "decided_at, by_policy) SELECT ?, ?, ?, ?, ?, 'deny', ?, 1 WHERE NOT EXISTS "
        "(SELECT 1 FROM approvals WHERE run_id = ? AND step_id = ?)"));
    for (const QVariant &value :
         {QVariant(runId), QVariant(seq), QVariant(stepId), QVariant(text(payload, "command")),
          QVariant(timestamp), QVariant(timestamp), QVariant(runId), QVariant(stepId)})
        byPolicy.addBindValue(value);
    return run(byPolicy);
}

bool EventIndexer::usage(const QString &runId, const QJsonObject &payload)
{
    // cached_tokens and cost_usd only when the provider says them.
    const QJsonValue cost = payload.value(QLatin1String("cost_usd"));
    QSqlQuery &query = prepared(QStringLiteral(
        "INSERT INTO usage (run_id, role, requests, input_tokens, cached_tokens, output_tokens, "
        "cost_usd) VALUES (?, ?, 1, ?, ?, ?, ?) ON CONFLICT (run_id, role) DO UPDATE SET "
        "requests = requests + 1, input_tokens = input_tokens + excluded.input_tokens, "
        "cached_tokens = cached_tokens + excluded.cached_tokens, "
        "output_tokens = output_tokens + excluded.output_tokens, "
        "cost_usd = CASE WHEN excluded.cost_usd IS NULL THEN cost_usd "
        "ELSE coalesce(cost_usd, 0) + excluded.cost_usd END"));
    query.addBindValue(runId);
    query.addBindValue(text(payload, "role"));
    query.addBindValue(payload.value(QLatin1String("input_tokens")).toInteger());
    query.addBindValue(payload.value(QLatin1String("cached_tokens")).toInteger());
    query.addBindValue(payload.value(QLatin1String("output_tokens")).toInteger());
    query.addBindValue(cost.isDouble() ? QVariant(cost.toDouble())
                                       : QVariant(QMetaType::fromType<double>()));
    return run(query);
}

bool EventIndexer::stepUndone(const QString &runId, const QJsonObject &payload)
{
    QSqlQuery &query = prepared(
        QStringLiteral("UPDATE steps SET state = 'undone' WHERE run_id = ? AND step_id = ?"));
    for (const QJsonValue &step : payload.value(QLatin1String("steps")).toArray()) {
        query.addBindValue(runId);
        query.addBindValue(step.toInt());
        if (!run(query))
            return false;
    }
    return true;
}

} // namespace Terrarium::Core
