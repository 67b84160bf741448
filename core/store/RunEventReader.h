#pragma once

#include "core/Error.h"
#include "core/agent/RunEvent.h"

#include <QList>
#include <QString>

namespace Terrarium::Core {

// Reads a stored run back in parts, on a read-only connection of its own to the run store's
// file (WAL: it never waits for the store writing a run in progress). A run of 10,000 events
// is mostly output: events() leaves it out, and stepOutput() gives one step's when
// its console is looked at, so a past run shows without reading all of its output first.
class RunEventReader
{
public:
    RunEventReader();
    ~RunEventReader();
    RunEventReader(const RunEventReader &) = delete;
    RunEventReader &operator=(const RunEventReader &) = delete;

    Result<void> open(const QString &path);
    bool isOpen() const;

    // The run's events in order, its step_output events left out and its step results without
    // their output tails.
    QList<RunEvent> events(const QString &runId) const;
    // The step_output events of one step, in order.
    QList<RunEvent> stepOutput(const QString &runId, int stepId) const;

private:
    QList<RunEvent> select(const QString &sql, const QVariantList &values) const;

    QString m_connection;
};

} // namespace Terrarium::Core
