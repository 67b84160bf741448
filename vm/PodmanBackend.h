#pragma once

#include "core/Error.h"
#include "vm/PodmanHost.h"
#include "vm/PodmanImageBuilder.h"
#include "vm/PodmanPreflight.h"
#include "vm/SandboxSpec.h"

#include <QObject>
#include <QPointer>

#include <optional>

namespace Terrarium::Vm {

class PodmanSandbox;
class SandboxManager;

// Everything between "the user wants a Podman sandbox" and a PodmanSandbox to start: the
// preflight, the base image (built when missing, with progress), the OCI runtime probe, and a
// SandboxManager for what earlier runs left. prepare() once per process; then create or attach
// as often as needed.
class PodmanBackend : public QObject
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

    void prepare();
    void cancel();
    bool isPrepared() const { return m_host.has_value(); }
    // Valid once prepared().
    const PodmanHost &host() const { return *m_host; }
    QString image() const { return m_image; }
    SandboxManager *manager() const { return m_manager; }

    // A new container sandbox (not started yet). The spec's image defaults to image().
    PodmanSandbox *create(SandboxSpec spec, QObject *parent = nullptr);

Q_SIGNALS:
    void progress(int percent, const QString &message);
    void prepared();
    void failed(const Terrarium::Core::Error &error);

private:
    enum class Phase { Idle, Checking, BuildingImage, ChoosingRuntime, Prepared, Failed };

    void onChecked();
    void chooseRuntime();
    void onRuntimeChosen();
    void fail(const Core::Error &error);

    Options m_options;
    QString m_image;
    QPointer<PodmanPreflight> m_preflight;
    QPointer<PodmanImageBuilder> m_builder;
    SandboxManager *m_manager = nullptr;
    std::optional<PodmanHost> m_host;
    Phase m_phase = Phase::Idle;
};

} // namespace Terrarium::Vm
