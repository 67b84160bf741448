#include "VmImageBuilder.h"

#include "core/CoreTr.h"
#include "core/exec/CommandEnvironment.h"
#include "vm/ImageBuildScript.h"
#include "vm/VmLogging.h"

#include <QDir>
#include <QFileInfo>
#include <QProcessEnvironment>

namespace Terrarium::Vm {

VmImageBuilder::VmImageBuilder(const Options &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
{ }

VmImageBuilder::~VmImageBuilder()
{
    cancel();
}

const Core::Result<VmImage> &VmImageBuilder::result() const
{
    static const Core::Result<VmImage> pending = Core::makeError(
        Core::ErrorCode::SandboxError, Core::Tr::tr("the VM image check has not finished"));
    return m_result ? *m_result : pending;
}

void VmImageBuilder::ensure(bool rebuild)
{
    m_result.reset();
    if (!rebuild) {
        const auto image = VmImage::load(m_options.directory);
        // An image made with another agent would speak another protocol version at worst, and
        // run code this build does not know at best; one made by another build script may lack
        // what this build expects of it (a kernel it can start faster, a folder): rebuilt.
        const bool sameAgent =
            image && image->agentSourceSha256 == VmImage::fileSha256(m_options.agentPath);
        const bool sameBuilder =
            image && image->builderSha256 == VmImage::fileSha256(m_options.buildScript);
        if (sameAgent && sameBuilder) {
            finish(*image);
            return;
        }
        if (image)
            qCInfo(lcVm)
                << (sameAgent ? "the VM image was made by another build script; building it again"
                              : "the VM image carries another agent; building it again");
    }
    build();
}

void VmImageBuilder::build()
{
    if (!QFileInfo(m_options.buildScript).isExecutable()) {
        finish(Core::makeError(
            Core::ErrorCode::Configuration,
            Core::Tr::tr("The VM image build script %1 is missing.").arg(m_options.buildScript)));
        return;
    }
    if (!QFileInfo(m_options.agentPath).isExecutable()) {
        finish(Core::makeError(Core::ErrorCode::Configuration,
                               Core::Tr::tr("The sandbox agent %1 is missing; build Terrarium "
                                            "again.")
                                   .arg(m_options.agentPath)));
        return;
    }
    // Built next to where it goes, then swapped in: a half-built image is never used.
    m_staging = m_options.directory + QStringLiteral(".building");
    QDir(m_staging).removeRecursively();
    QDir().mkpath(QFileInfo(m_options.directory).path());
    QStringList arguments{QStringLiteral("--output"), m_staging,
                          QStringLiteral("--suite"),  m_options.suite,
                          QStringLiteral("--agent"),  m_options.agentPath};
    if (!m_options.mirror.isEmpty())
        arguments << QStringLiteral("--mirror") << m_options.mirror;

    Q_EMIT progress(0, Core::Tr::tr("Building the VM image from Debian packages"));
    m_script = new ImageBuildScript(
        m_options.buildScript, arguments,
        Core::CommandEnvironment::forPodman(QProcessEnvironment::systemEnvironment()), this);
    connect(m_script, &ImageBuildScript::progress, this,
            [this](int percent, const QString &message) {
                Q_EMIT progress(percent * 95 / 100, message);
            });
    connect(m_script, &ImageBuildScript::finished, this, [this](const Core::Result<void> &result) {
        m_script->deleteLater();
        if (!result) {
            QDir(m_staging).removeRecursively();
            finish(Core::makeError(
                Core::ErrorCode::SandboxError,
                Core::Tr::tr("Building the VM image failed: %1").arg(result.error().message)));
            return;
        }
        QDir(m_options.directory).removeRecursively();
        if (!QDir().rename(m_staging, m_options.directory)) {
            finish(Core::makeError(
                Core::ErrorCode::IoError,
                Core::Tr::tr("Cannot move the new VM image to %1.").arg(m_options.directory)));
            return;
        }
        m_built = true;
        Q_EMIT progress(100, Core::Tr::tr("The VM image is ready"));
        finish(VmImage::load(m_options.directory));
    });
    m_script->start();
}

void VmImageBuilder::cancel()
{
    if (m_script && m_script->isRunning()) {
        m_script->cancel();
        QDir(m_staging).removeRecursively();
    }
    if (!m_result)
        m_result = Core::makeError(Core::ErrorCode::Cancelled,
                                   Core::Tr::tr("the VM image build was cancelled"));
}

void VmImageBuilder::finish(Core::Result<VmImage> result)
{
    if (m_result)
        return;
    if (!result)
        qCWarning(lcVm).noquote() << result.error().message;
    m_result = std::move(result);
    QMetaObject::invokeMethod(this, &VmImageBuilder::finished, Qt::QueuedConnection);
}

} // namespace Terrarium::Vm
