#pragma once

#include "core/agent/RunEvent.h"

#include <QObject>

namespace Terrarium::Core {

// The one place a run's events get their run id and gap-free seq. A run session publishes its
// setup events (setup_progress) here before the orchestrator exists, and the orchestrator
// publishes the rest through the same stream, so whoever follows the stream sees one sequence
// from the first setup step to the end. The stream ends with exactly one workflow_complete:
// anything published after it is dropped, but for terminal_opened and terminal_closed (a
// sandbox the window holds after the run gets terminals then too).
class RunEventStream : public QObject
{
    Q_OBJECT

public:
    explicit RunEventStream(QObject *parent = nullptr);
    ~RunEventStream() override;

    // Starts a new run: a new run id, seq from 1 again.
    void begin();
    // Continues a kept run (resumed): its id, seq from lastSeq + 1, not complete.
    void continueRun(const QString &runId, qint64 lastSeq);
    QString runId() const { return m_runId; }
    // The last seq published (0 before the first event).
    qint64 lastSeq() const { return m_seq; }
    bool isBegun() const { return !m_runId.isEmpty(); }
    // workflow_complete was published; nothing more will be.
    bool isComplete() const { return m_complete; }

    // Publishes an event of the current run (begin() first). Returns false, publishing nothing,
    // once the run is complete (terminal events excepted).
    bool publish(RunEventData data);

Q_SIGNALS:
    void eventEmitted(const Terrarium::Core::RunEvent &event);

private:
    QString m_runId;
    qint64 m_seq = 0;
    bool m_complete = false;
};

} // namespace Terrarium::Core
