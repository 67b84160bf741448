#include "PodmanBackend.h"

#include "core/CoreTr.h"
#include "vm/PodmanSandbox.h"
#include "vm/SandboxManager.h"
#include "vm/VmLogging.h"

namespace Terrarium::Vm {

PodmanBackend::PodmanBackend(const Options &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_image(options.image.isEmpty() ? PodmanImageBuilder::defaultImage() : options.image)
{ }

PodmanBackend::~PodmanBackend() = default;

void PodmanBackend::prepare()
{
    m_host.reset();
    m_phase = Phase::Checking;
    Q_EMIT progress(0, Core::Tr::tr("Checking Podman"));
    m_preflight = new PodmanPreflight(m_options.preflight, this);
    connect(m_preflight, &PodmanPreflight::finished, this, [this] {
        if (m_phase == Phase::Checking)
            onChecked();
        else if (m_phase == Phase::ChoosingRuntime)
            onRuntimeChosen();
    });
    m_preflight->check();
}

void PodmanBackend::onChecked()
{
    const auto &checked = m_preflight->result();
    if (!checked) {
        fail(checked.error());
        return;
    }
    for (const QString &warning : checked->warnings)
        qCWarning(lcVm).noquote() << warning;

    // Only Terrarium's own images are built here; any other image is the user's to provide
    // (Podman pulls it when the container is created).
    if (!m_image.startsWith(QLatin1String("localhost/terrarium/"))) {
        chooseRuntime();
        return;
    }
    m_phase = Phase::BuildingImage;
    m_builder = new PodmanImageBuilder(*checked, m_options.imageBuild, this);
    connect(m_builder, &PodmanImageBuilder::progress, this, &PodmanBackend::progress);
    connect(m_builder, &PodmanImageBuilder::finished, this, [this] {
        m_builder->deleteLater();
        if (!m_builder->result()) {
            fail(m_builder->result().error());
            return;
        }
        chooseRuntime();
    });
    if (m_options.rebuildImage)
        m_builder->build(m_image);
    else
        m_builder->ensure(m_image);
}

void PodmanBackend::chooseRuntime()
{
    m_phase = Phase::ChoosingRuntime;
    Q_EMIT progress(99, Core::Tr::tr("Choosing a container runtime"));
    m_preflight->chooseRuntime(m_image);
}

void PodmanBackend::onRuntimeChosen()
{
    const auto &chosen = m_preflight->result();
    if (!chosen) {
        fail(chosen.error());
        return;
    }
    m_phase = Phase::Prepared;
    m_host = *chosen;
    m_manager = new SandboxManager(*m_host, m_options.agentPath, this);
    m_preflight->deleteLater();
    Q_EMIT progress(100, Core::Tr::tr("Podman is ready"));
    Q_EMIT prepared();
}

void PodmanBackend::cancel()
{
    if (m_builder)
        m_builder->cancel();
    if (m_preflight)
        m_preflight->disconnect(this);
    m_phase = Phase::Failed;
}

PodmanSandbox *PodmanBackend::create(SandboxSpec spec, QObject *parent)
{
    if (spec.image.isEmpty())
        spec.image = m_image;
    return new PodmanSandbox(std::move(spec), *m_host, m_options.agentPath,
                             PodmanSandbox::Mode::Create, parent);
}

void PodmanBackend::fail(const Core::Error &error)
{
    m_phase = Phase::Failed;
    Q_EMIT failed(error);
}

} // namespace Terrarium::Vm
