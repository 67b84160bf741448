#pragma once

#include "core/Error.h"
#include "vm/PodmanHost.h"
#include "vm/PodmanImageBuilder.h"
#include "vm/PodmanPreflight.h"
#include "vm/PodmanSandbox.h"
#include "vm/SandboxBackend.h"
#include "vm/SandboxSpec.h"

#include <QObject>
#include <QPointer>

#include <optional>

namespace Terrarium::Vm {

class SandboxManager;

// The Podman kind of SandboxBackend: the preflight, the base image (built when missing, with
// progress), the OCI runtime probe, and a SandboxManager for what earlier runs left. prepare()
// once per process; then create or attach as often as needed.
class PodmanBackend final : public SandboxBackend
{
    Q_OBJECT

public:
    struct Options
    {
        QString agentPath; // terrarium-agent on the host, mounted into every container
        QString image; // empty: PodmanImageBuilder::defaultImage()
        PodmanPreflight::Options preflight;
        PodmanImageBuilder::Options imageBuild;
        bool rebuildImage = false; // build even if the image exists
    };

    explicit PodmanBackend(const Options &options, QObject *parent = nullptr);
    ~PodmanBackend() override;

    SandboxKind kind() const override { return SandboxKind::Podman; }
    void prepare(Readiness readiness = Readiness::Running) override;
    void cancel() override;
    bool isPrepared() const override { return m_phase == Phase::Prepared; }
    QStringList notes() const override;

    // A new container sandbox (not started yet). The spec's image defaults to image().
    PodmanSandbox *create(SandboxSpec spec, QObject *parent = nullptr) override;

    bool canKeep() const override { return true; }
    void refresh() override;
    QList<SandboxInfo> sandboxes() const override;
    Core::Result<Sandbox *> attach(const QString &name, QObject *parent = nullptr) override;
    void remove(const QString &name) override;
    // Keep detaches (the container keeps running, its lock is let go); Destroy removes it.
    void release(Sandbox *sandbox, Release how) override;

    // Valid once prepared.
    const PodmanHost &host() const { return *m_host; }
    QString image() const { return m_image; }
    SandboxManager *manager() const { return m_manager; }

private:
    enum class Phase { Idle, Checking, BuildingImage, ChoosingRuntime, Prepared, Failed };
    void onChecked();
    void chooseRuntime();
    void onRuntimeChosen();
    void becomePrepared(const PodmanHost &host);
    void fail(const Core::Error &error);

    Options m_options;
    QString m_image;
    Readiness m_readiness = Readiness::Running;
    QPointer<PodmanPreflight> m_preflight;
    QPointer<PodmanImageBuilder> m_builder;
    SandboxManager *m_manager = nullptr;
    std::optional<PodmanHost> m_host;
    Phase m_phase = Phase::Idle;
};

} // namespace Terrarium::Vm
