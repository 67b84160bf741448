#include "CommittedEventRelay.h"

#include "core/store/RunStore.h"

namespace Terrarium::Core {

CommittedEventRelay::CommittedEventRelay(RunStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
    if (!m_store)
        return;
    connect(m_store, &RunStore::committed, this, &CommittedEventRelay::onCommitted);
    connect(m_store, &RunStore::commitFailed, this, &CommittedEventRelay::onCommitFailed);
}

CommittedEventRelay::~CommittedEventRelay() = default;

void CommittedEventRelay::publish(const RunEvent &event)
{
    if (!m_store) {
        Q_EMIT released(event);
        return;
    }
    if (m_storeFailed) {
        m_store->append(event);
        Q_EMIT released(event);
        return;
    }
    m_held.append(event);
    // May commit (and so hand on) at once: workflow_complete is committed right away.
    m_store->append(event);
}

void CommittedEventRelay::flush()
{
    if (m_store)
        (void)m_store->flush();
    // Whatever could not be committed is handed on all the same: the process is ending.
    releaseAll();
}

void CommittedEventRelay::onCommitted(const QString &runId, qint64 seq)
{
    if (m_storeFailed)
        return;
    qsizetype count = 0;
    while (count < m_held.size() && m_held.at(count).runId == runId && m_held.at(count).seq <= seq)
        ++count;
    const QList<RunEvent> ready = m_held.first(count);
    m_held.remove(0, count);
    for (const RunEvent &event : ready)
        Q_EMIT released(event);
}

void CommittedEventRelay::onCommitFailed(const Error &error)
{
    if (m_storeFailed)
        return;
    // Held back any longer, the run would look frozen: the events reach the user now, and
    // reach the disk when the store manages to commit them.
    m_storeFailed = true;
    Q_EMIT storeLost(error);
    releaseAll();
}

void CommittedEventRelay::releaseAll()
{
    const QList<RunEvent> ready = std::exchange(m_held, {});
    for (const RunEvent &event : ready)
        Q_EMIT released(event);
}

} // namespace Terrarium::Core
