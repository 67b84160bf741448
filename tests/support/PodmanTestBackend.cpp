#include "PodmanTestBackend.h"

#include "tests/TestPaths.h"

#include <QDir>
#include <QElapsedTimer>
#include <QSignalSpy>

namespace Terrarium::Tests {

QString PodmanTestBackend::agentPath()
{
    return QStringLiteral(TERRARIUM_BINARY_DIR "/vm/guest/terrarium-agent");
}

Vm::PodmanBackend::Options PodmanTestBackend::options()
{
    Vm::PodmanBackend::Options options;
    options.agentPath = agentPath();
    options.imageBuild.buildScript = QStringLiteral(TERRARIUM_SOURCE_DIR "/scripts/build-image.sh");
    options.imageBuild.workDirectory = QDir::tempPath();
    return options;
}

std::unique_ptr<Vm::PodmanBackend> PodmanTestBackend::prepare(int timeoutMs)
{
    auto backend = std::make_unique<Vm::PodmanBackend>(options());
    QSignalSpy prepared(backend.get(), &Vm::PodmanBackend::prepared);
    QSignalSpy failed(backend.get(), &Vm::PodmanBackend::failed);
    backend->prepare();
    QElapsedTimer clock;
    clock.start();
    while (prepared.isEmpty() && failed.isEmpty() && clock.elapsed() < timeoutMs)
        prepared.wait(100);
    if (!prepared.isEmpty())
        return backend;
    qWarning().noquote() << "Podman backend not ready:"
                         << (failed.isEmpty()
                                 ? QStringLiteral("timed out")
                                 : failed.first().first().value<Core::Error>().message);
    return nullptr;
}

} // namespace Terrarium::Tests
