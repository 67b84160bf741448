#include "PodmanBackend.h"

#include "core/CoreTr.h"
#include "vm/PodmanCommand.h"
#include "vm/PodmanSandbox.h"
#include "vm/SandboxManager.h"
#include "vm/VmLogging.h"

namespace Terrarium::Vm {

PodmanBackend::PodmanBackend(const Options &options, QObject *parent)
    : SandboxBackend(parent)
    , m_options(options)
    , m_image(options.image.isEmpty() ? PodmanImageBuilder::defaultImage() : options.image)
{ }

PodmanBackend::~PodmanBackend() = default;

void PodmanBackend::prepare(Readiness readiness)
{
    m_readiness = readiness;
    m_host.reset();
    m_phase = Phase::Checking;
    Q_EMIT progress(Stage::Preflight, 0, Core::Tr::tr("Checking Podman"));
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
    // Its warnings reach people once, as notes() of the prepared backend.
    // Listing and removing sandboxes need Podman, not the image or a runtime probe.
    if (m_readiness == Readiness::Listing) {
        m_preflight->deleteLater();
        becomePrepared(*checked);
        return;
    }

    // Only Terrarium's own images are built here; any other image is the user's to provide
    // (Podman pulls it when the container is created).
    if (!m_image.startsWith(QLatin1String("localhost/terrarium/"))) {
        chooseRuntime();
        return;
    }
    m_phase = Phase::BuildingImage;
    m_builder = new PodmanImageBuilder(*checked, m_options.imageBuild, this);
    connect(m_builder, &PodmanImageBuilder::progress, this,
            [this](int percent, const QString &message) {
                Q_EMIT progress(Stage::Image, percent, message);
            });
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
    Q_EMIT progress(Stage::Preflight, 60, Core::Tr::tr("Choosing a container runtime"));
    m_preflight->chooseRuntime(m_image);
}

void PodmanBackend::onRuntimeChosen()
{
    const auto &chosen = m_preflight->result();
    if (!chosen) {
        fail(chosen.error());
        return;
    }
    m_preflight->deleteLater();
    Q_EMIT progress(Stage::Preflight, 100, Core::Tr::tr("Podman is ready"));
    becomePrepared(*chosen);
}

void PodmanBackend::becomePrepared(const PodmanHost &host)
{
    m_phase = Phase::Prepared;
    m_host = host;
    delete m_manager;
    m_manager = new SandboxManager(*m_host, m_options.agentPath, this);
    connect(m_manager, &SandboxManager::listed, this, &SandboxBackend::listed);
    connect(m_manager, &SandboxManager::listFailed, this, &SandboxBackend::listFailed);
    Q_EMIT prepared();
}

QStringList PodmanBackend::notes() const
{
    return m_host ? m_host->warnings : QStringList();
}

void PodmanBackend::refresh()
{
    if (!m_manager) {
        QMetaObject::invokeMethod(
            this,
            [this] {
                Q_EMIT listFailed({Core::ErrorCode::SandboxError,
                                   Core::Tr::tr("Podman has not been checked yet.")});
            },
            Qt::QueuedConnection);
        return;
    }
    m_manager->refresh();
}

QList<SandboxInfo> PodmanBackend::sandboxes() const
{
    return m_manager ? m_manager->sandboxes() : QList<SandboxInfo>();
}

Core::Result<Sandbox *> PodmanBackend::attach(const QString &name, QObject *parent)
{
    if (!m_manager)
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("Podman has not been checked yet."));
    const auto sandbox = m_manager->attach(name, parent);
    if (!sandbox)
        return std::unexpected(sandbox.error());
    return *sandbox;
}

void PodmanBackend::remove(const QString &name)
{
    const auto command = m_manager
        ? m_manager->remove(name)
        : Core::Result<PodmanCommand *>(Core::makeError(
            Core::ErrorCode::SandboxError, Core::Tr::tr("Podman has not been checked yet.")));
    if (!command) {
        QMetaObject::invokeMethod(
            this, [this, name, error = command.error()] { Q_EMIT removeFailed(name, error); },
            Qt::QueuedConnection);
        return;
    }
    connect(*command, &PodmanCommand::finished, this, [this, name, command = *command] {
        if (command->result())
            Q_EMIT removed(name);
        else
            Q_EMIT removeFailed(name, command->result().error());
    });
}

void PodmanBackend::release(Sandbox *sandbox, Release how)
{
    auto *podman = qobject_cast<PodmanSandbox *>(sandbox);
    if (!podman || podman->state() == Sandbox::State::Stopped)
        return;
    if (how == Release::Keep && podman->isRunning()) {
        podman->detach();
        return;
    }
    podman->destroy();
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
