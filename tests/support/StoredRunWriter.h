#pragma once

#include "core/agent/RunEvent.h"
#include "core/store/StoredRun.h"

#include <QDateTime>
#include <QJsonObject>
#include <QTimeZone>

namespace Terrarium::Core {
class RunStore;
}

namespace Terrarium::Tests {

// Writes a run into a real RunStore the way a run does (beginRun, then its events in order
// through append), with timestamps that move on by what each call says, so tests of the history
// know exactly what the store holds and how long things took.
class StoredRunWriter
{
public:
    StoredRunWriter(Core::RunStore &store, const QString &runId, const QString &goal,
                    const QString &sandbox = QStringLiteral("podman"),
                    const QDateTime &startedAt = QDateTime(QDate(2024, 5, 6), QTime(9, 30),
                                                           QTimeZone::utc()),
                    const QString &workspace = {});

    bool isBegun() const { return m_begun; }
    // The clock of the next event moves on by ms.
    StoredRunWriter &wait(qint64 ms);
    StoredRunWriter &event(Core::RunEventType type, const QJsonObject &payload);

    StoredRunWriter &setup(qint64 ms);
    StoredRunWriter &plan(const QStringList &titles, int revision = 1, int firstId = 1);
    StoredRunWriter &usage(const QString &role, qint64 input, qint64 output);
    // A step's command from step_executing to step_result, its output in chunks meanwhile.
    StoredRunWriter &step(int stepId, const QString &title, const QString &command,
                          const QStringList &stdoutChunks, int exitCode, qint64 ms,
                          const QStringList &stderrChunks = {});
    StoredRunWriter &approval(int stepId, const QString &title, const QString &command,
                              qint64 waitMs);
    StoredRunWriter &failure(int stepId, const QString &title, const QString &error);
    StoredRunWriter &replan(int attempt);
    StoredRunWriter &inputRequired(int stepId, const QString &prompt);
    // workflow_complete; the store ends the run with status and commits it at once.
    void complete(const QString &status, const QString &error = {});
    // Commits what was appended, leaving the run as it is (running, or interrupted later).
    void flush();

private:
    Core::RunStore &m_store;
    QString m_runId;
    QDateTime m_clock;
    qint64 m_seq = 0;
    bool m_begun = false;
};

} // namespace Terrarium::Tests
