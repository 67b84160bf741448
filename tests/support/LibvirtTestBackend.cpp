#include "LibvirtTestBackend.h"

#include "tests/TestPaths.h"
#include "tests/support/PodmanTestBackend.h"

#include <QElapsedTimer>
#include <QSignalSpy>

namespace Terrarium::Tests {

Vm::LibvirtBackend::Options LibvirtTestBackend::options()
{
    Vm::LibvirtBackend::Options options;
    options.agentPath = PodmanTestBackend::agentPath();
    options.buildScript = QStringLiteral(TERRARIUM_SOURCE_DIR "/scripts/build-vm-image.sh");
    return options;
}

std::unique_ptr<Vm::LibvirtBackend> LibvirtTestBackend::prepare(int timeoutMs)
{
    auto backend = std::make_unique<Vm::LibvirtBackend>(options());
    QSignalSpy prepared(backend.get(), &Vm::SandboxBackend::prepared);
    QSignalSpy failed(backend.get(), &Vm::SandboxBackend::failed);
    backend->prepare();
    QElapsedTimer clock;
    clock.start();
    while (prepared.isEmpty() && failed.isEmpty() && clock.elapsed() < timeoutMs)
        prepared.wait(100);
    if (!prepared.isEmpty())
        return backend;
    qWarning().noquote() << "libvirt backend not ready:"
                         << (failed.isEmpty()
                                 ? QStringLiteral("timed out")
                                 : failed.first().first().value<Core::Error>().message);
    return nullptr;
}

} // namespace Terrarium::Tests
