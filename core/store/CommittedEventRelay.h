#pragma once

#include "core/Error.h"
#include "core/agent/RunEvent.h"

#include <QList>
#include <QObject>
#include <QPointer>

namespace Terrarium::Core {

class RunStore;

// Hands a run's events on only once the run store has them on disk, so that nothing is shown,
// printed or sent that a crash could take back: what a user (or a script reading --headless)
// saw is what the next start finds. The store commits in groups of at most
// RunStore::CommitInterval, so events arrive here at most that much later.
//
// A store that cannot keep them (full disk, the file locked by another program) must not stop
// the run: after the first failed commit the relay hands on what it held and everything after
// at once, and says so with storeLost(). The store still gets every event and keeps trying, so
// nothing is lost once the disk has room again.
class CommittedEventRelay : public QObject
{
    Q_OBJECT

public:
    // store: open, not owned; none means events are handed on at once.
    explicit CommittedEventRelay(RunStore *store, QObject *parent = nullptr);
    ~CommittedEventRelay() override;

    // Whether events wait for the store (no commit has failed).
    bool isHolding() const { return !m_store.isNull() && !m_storeFailed; }
    // Events given but not yet handed on.
    qsizetype heldCount() const { return m_held.size(); }

    // Gives the store the event; committed() hands it on.
    void publish(const Terrarium::Core::RunEvent &event);
    // Commits what the store holds now and hands it on (the process is about to exit).
    void flush();

Q_SIGNALS:
    // The event, now on disk (or, once the store is lost, as it comes).
    void released(const Terrarium::Core::RunEvent &event);
    // The store could not keep the events (said once); the run goes on, events are no longer
    // held for the store.
    void storeLost(const Terrarium::Core::Error &error);

private:
    void onCommitted(const QString &runId, qint64 seq);
    void onCommitFailed(const Error &error);
    void releaseAll();

    QPointer<RunStore> m_store;
    QList<RunEvent> m_held;
    bool m_storeFailed = false;
};

} // namespace Terrarium::Core
