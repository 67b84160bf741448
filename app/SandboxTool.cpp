#include "SandboxTool.h"

#include "app/AppPaths.h"
#include "app/AppTr.h"
#include "app/SandboxFactory.h"
#include "core/config/ConfigLoader.h"
#include "vm/PodmanBackend.h"
#include "vm/PodmanCommand.h"
#include "vm/PodmanPreflight.h"
#include "vm/SandboxManager.h"

#include <QSettings>

#include <unistd.h>

namespace Terrarium::App {

SandboxTool::SandboxTool(const CommandLineOptions &options, QSettings *settings, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_settings(settings)
{
    m_stdout.open(STDOUT_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered,
                  QFileDevice::DontCloseHandle);
    m_stderr.open(STDERR_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered,
                  QFileDevice::DontCloseHandle);
}

SandboxTool::~SandboxTool() = default;

void SandboxTool::start()
{
    if (m_options.buildImage || m_options.rebuildImage)
        buildImage();
    else
        withManager();
}

void SandboxTool::buildImage()
{
    const auto config = Core::ConfigLoader::load(
        *m_settings, QProcessEnvironment::systemEnvironment(), m_options.overrides);
    if (!config) {
        print(m_stderr, config.error().message);
        finish(2);
        return;
    }
    Vm::PodmanBackend::Options options = SandboxFactory::podmanOptions(*config);
    options.rebuildImage = m_options.rebuildImage;
    m_backend = std::make_unique<Vm::PodmanBackend>(options);
    connect(m_backend.get(), &Vm::PodmanBackend::progress, this,
            [this](int percent, const QString &message) {
                print(m_stderr, QStringLiteral("[%1%] %2").arg(percent, 3).arg(message));
            });
    connect(m_backend.get(), &Vm::PodmanBackend::failed, this, [this](const Core::Error &error) {
        print(m_stderr, error.message);
        finish(1);
    });
    connect(m_backend.get(), &Vm::PodmanBackend::prepared, this, [this] {
        print(m_stdout, Tr::tr("The sandbox image %1 is ready.").arg(m_backend->image()));
        finish(0);
    });
    m_backend->prepare();
}

void SandboxTool::withManager()
{
    // Listing and removing need Podman, not the image: the preflight is enough.
    m_preflight = std::make_unique<Vm::PodmanPreflight>(Vm::PodmanPreflight::Options());
    connect(m_preflight.get(), &Vm::PodmanPreflight::finished, this, [this] {
        const auto &host = m_preflight->result();
        if (!host) {
            print(m_stderr, host.error().message);
            finish(2);
            return;
        }
        m_manager = std::make_unique<Vm::SandboxManager>(*host, AppPaths::agent());
        connect(m_manager.get(), &Vm::SandboxManager::listFailed, this,
                [this](const Core::Error &error) {
                    print(m_stderr, error.message);
                    finish(1);
                });
        connect(m_manager.get(), &Vm::SandboxManager::listed, this, [this] {
            if (m_options.listSandboxes)
                list();
            else
                remove();
        });
        m_manager->refresh();
    });
    m_preflight->check();
}

void SandboxTool::list()
{
    const auto &sandboxes = m_manager->sandboxes();
    if (sandboxes.isEmpty()) {
        print(m_stderr, Tr::tr("No Terrarium sandboxes."));
        finish(0);
        return;
    }
    print(m_stdout,
          QStringLiteral("%1  %2  %3  %4  %5")
              .arg(Tr::tr("NAME"), -24)
              .arg(Tr::tr("STATE"), -9)
              .arg(Tr::tr("IN USE"), -6)
              .arg(Tr::tr("NETWORK"), -8)
              .arg(Tr::tr("WORKSPACE")));
    for (const Vm::SandboxInfo &info : sandboxes) {
        print(m_stdout,
              QStringLiteral("%1  %2  %3  %4  %5")
                  .arg(info.name, -24)
                  .arg(info.state, -9)
                  .arg(info.inUse ? Tr::tr("yes") : Tr::tr("no"), -6)
                  .arg(Vm::networkPolicyName(info.spec.networkPolicy), -8)
                  .arg(info.spec.workspace));
    }
    finish(0);
}

void SandboxTool::remove()
{
    if (!m_manager->find(m_options.removeSandbox)) {
        print(m_stderr,
              Tr::tr("There is no Terrarium sandbox named %1.").arg(m_options.removeSandbox));
        finish(1);
        return;
    }
    const auto command = m_manager->remove(m_options.removeSandbox);
    if (!command) {
        print(m_stderr, command.error().message);
        finish(1);
        return;
    }
    connect(*command, &Vm::PodmanCommand::finished, this, [this, command = *command] {
        if (!command->result()) {
            print(m_stderr, command->result().error().message);
            finish(1);
            return;
        }
        print(m_stdout, Tr::tr("Removed %1.").arg(m_options.removeSandbox));
        finish(0);
    });
}

void SandboxTool::finish(int exitCode)
{
    if (m_finished)
        return;
    m_finished = true;
    QMetaObject::invokeMethod(
        this, [this, exitCode] { Q_EMIT finished(exitCode); }, Qt::QueuedConnection);
}

void SandboxTool::print(QFile &stream, const QString &text)
{
    stream.write(text.toUtf8() + '\n');
}

} // namespace Terrarium::App
