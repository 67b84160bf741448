#pragma once

#include "vm/HostSandbox.h"
#include "vm/SandboxBackend.h"

namespace Terrarium::Vm {

// The host kind of SandboxBackend: nothing to check or build, nothing that outlives a run.
// Opt-in only; HostSandbox says loudly what it does not confine.
class HostBackend final : public SandboxBackend
{
    Q_OBJECT

public:
    using SandboxBackend::SandboxBackend;

    SandboxKind kind() const override { return SandboxKind::Host; }
    void prepare(Readiness readiness = Readiness::Running) override;
    void cancel() override { m_cancelled = true; }
    bool isPrepared() const override { return m_prepared; }
    HostSandbox *create(SandboxSpec spec, QObject *parent = nullptr) override;

    bool canKeep() const override { return false; }
    void refresh() override;
    QList<SandboxInfo> sandboxes() const override { return {}; }
    Core::Result<Sandbox *> attach(const QString &name, QObject *parent = nullptr) override;
    void remove(const QString &name) override;
    void release(Sandbox *sandbox, Release how) override;

private:
    bool m_prepared = false;
    bool m_cancelled = false;
};

} // namespace Terrarium::Vm
