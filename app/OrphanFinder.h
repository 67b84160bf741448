#pragma once

#include "app/Orphan.h"
#include "core/config/AppConfig.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <memory>
#include <vector>

class QTimer;

namespace Terrarium::Core {
class RunStore;
}

namespace Terrarium::Vm {
class SandboxBackend;
}

namespace Terrarium::App {

// Finds the sandboxes runs left behind — made for a run, not kept on purpose, held by no living
// Terrarium (a run that was SIGKILLed, or given up with a second Ctrl+C) — and removes them on
// request. Looks through the backends of the given kinds (those whose sandboxes can outlive a
// run), prepared only for listing; the runs come from the run store. Without a window, so
// headless, --clean-orphans and the window share it.
class OrphanFinder : public QObject
{
    Q_OBJECT

public:
    // How long the backends may take to answer before found() reports what is there.
    static constexpr auto Deadline = std::chrono::seconds(60);

    // store: where the runs are looked up (open, not owned); null: the runs are not named.
    OrphanFinder(const Core::AppConfig &config, const QList<Vm::SandboxKind> &kinds,
                 Core::RunStore *store, QObject *parent = nullptr);
    ~OrphanFinder() override;

    // A sandbox never to count as an orphan: the one a run is about to attach to by name.
    void spare(const QString &name) { m_spared = name; }
    // Nor the sandboxes of a run about to be resumed (terrarium --resume).
    void spareRun(const QString &runId) { m_sparedRun = runId; }
    // Looks; found() follows (from the event loop, also when there are none).
    void find();
    const QList<Orphan> &orphans() const { return m_orphans; }
    // Backends that could not be asked (no Podman, no libvirtd, ...), for people.
    const QStringList &problems() const { return m_problems; }
    // Whether finding or removing is under way.
    bool isBusy() const { return m_busy; }
    // Removes every orphan found (after found()); removed() or removeFailed() for each, then
    // removalFinished(). A sandbox some Terrarium took meanwhile is left alone (the backend
    // refuses).
    void removeAll();

    // The orphans among what one backend listed, with their runs from store (may be null).
    // Pure, for tests.
    static QList<Orphan> select(Vm::SandboxKind kind, const QList<Vm::SandboxInfo> &sandboxes,
                                const Core::RunStore *store);
    // One line for people: the sandbox, its kind, its run, the run's status and goal.
    static QString describe(const Orphan &orphan);
    // What the sandboxes have in common, as the first line above their list: a run that ended
    // (succeeded, failed, cancelled) and left its sandbox did end; only Terrarium did not let
    // go of the sandbox (it was killed while holding it for the window's terminals).
    static QString heading(const QList<Orphan> &orphans);

Q_SIGNALS:
    void found(const QList<Terrarium::App::Orphan> &orphans);
    void removed(const Terrarium::App::Orphan &orphan);
    void removeFailed(const Terrarium::App::Orphan &orphan, const QString &reason);
    void removalFinished();

private:
    void onAnswered();
    void report();
    Vm::SandboxBackend *backendOf(Vm::SandboxKind kind) const;

    Core::AppConfig m_config;
    QList<Vm::SandboxKind> m_kinds;
    QPointer<Core::RunStore> m_store;
    std::vector<std::unique_ptr<Vm::SandboxBackend>> m_backends;
    QList<Orphan> m_orphans;
    QString m_spared;
    QString m_sparedRun;
    QStringList m_problems;
    QTimer *m_deadline = nullptr;
    int m_pending = 0;
    bool m_busy = false;
    bool m_reported = false;
};

} // namespace Terrarium::App
