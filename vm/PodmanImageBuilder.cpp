#include "PodmanImageBuilder.h"

#include "core/CoreTr.h"
#include "vm/ImageBuildScript.h"
#include "vm/PodmanCommand.h"
#include "vm/VmLogging.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

namespace Terrarium::Vm {

namespace {

// Bump when the package set or the import changes, so that old images are not reused.
constexpr int ImageRecipe = 2;

} // namespace

QString PodmanImageBuilder::defaultImage()
{
    return QStringLiteral("localhost/terrarium/debian:bookworm-%1").arg(ImageRecipe);
}

PodmanImageBuilder::PodmanImageBuilder(const PodmanHost &host, const Options &options,
                                       QObject *parent)
    : QObject(parent)
    , m_host(host)
    , m_options(options)
{ }

PodmanImageBuilder::~PodmanImageBuilder()
{
    cancel();
}

const Core::Result<void> &PodmanImageBuilder::result() const
{
    static const Core::Result<void> pending = Core::makeError(
        Core::ErrorCode::SandboxError, Core::Tr::tr("the image build has not finished"));
    return m_result ? *m_result : pending;
}

void PodmanImageBuilder::ensure(const QString &image)
{
    m_image = image;
    m_result.reset();
    m_command =
        new PodmanCommand(m_host, {QStringLiteral("image"), QStringLiteral("exists"), image}, this);
    connect(m_command, &PodmanCommand::finished, this, [this] {
        m_command->deleteLater();
        if (m_command->result()) {
            finish({});
            return;
        }
        // Exit code 1 means "no such image"; anything else is Podman failing.
        if (m_command->exitCode() != 1) {
            finish(Core::makeError(Core::ErrorCode::SandboxError,
                                   Core::Tr::tr("Cannot look for the image %1: %2")
                                       .arg(m_image, m_command->result().error().message)));
            return;
        }
        build(m_image);
    });
    m_command->start();
}

void PodmanImageBuilder::build(const QString &image)
{
    m_image = image;
    m_result.reset();
    if (!QFileInfo(m_options.buildScript).isExecutable()) {
        finish(Core::makeError(
            Core::ErrorCode::Configuration,
            Core::Tr::tr("The image build script %1 is missing.").arg(m_options.buildScript)));
        return;
    }
    runScript();
}

void PodmanImageBuilder::runScript()
{
    const QString directory =
        m_options.workDirectory.isEmpty() ? QDir::tempPath() : m_options.workDirectory;
    QDir().mkpath(directory);
    m_archive = QDir(directory).filePath(
        QStringLiteral("terrarium-rootfs-%1.tar").arg(QCoreApplication::applicationPid()));
    QStringList arguments{QStringLiteral("--output"), m_archive, QStringLiteral("--suite"),
                          m_options.suite};
    if (!m_options.mirror.isEmpty())
        arguments << QStringLiteral("--mirror") << m_options.mirror;
    if (!m_options.extraPackages.isEmpty())
        arguments << QStringLiteral("--include") << m_options.extraPackages;

    Q_EMIT progress(
        0, Core::Tr::tr("Building the sandbox image %1 from Debian packages").arg(m_image));
    // mmdebstrap needs the basics and any proxy to reach the mirror, nothing more of ours.
    m_script =
        new ImageBuildScript(m_options.buildScript, arguments, m_host.processEnvironment(), this);
    // The import takes the last stretch of the bar.
    connect(m_script, &ImageBuildScript::progress, this,
            [this](int percent, const QString &message) {
                Q_EMIT progress(percent * 90 / 100, message);
            });
    connect(m_script, &ImageBuildScript::finished, this, [this](const Core::Result<void> &result) {
        m_script->deleteLater();
        if (!result) {
            // The script removes it itself, unless it was killed.
            QFile::remove(m_archive + QStringLiteral(".partial"));
            finish(Core::makeError(
                Core::ErrorCode::SandboxError,
                Core::Tr::tr("Building the sandbox image failed: %1").arg(result.error().message)));
            return;
        }
        import();
    });
    m_script->start();
}

void PodmanImageBuilder::import()
{
    Q_EMIT progress(92, Core::Tr::tr("Importing the root filesystem into Podman"));
    m_command = new PodmanCommand(
        m_host,
        {QStringLiteral("import"), QStringLiteral("--change"),
         QStringLiteral("ENV=PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"),
         QStringLiteral("--change"), QStringLiteral("ENV=LANG=C.UTF-8"), QStringLiteral("--change"),
         QStringLiteral("WORKDIR=/workspace"), QStringLiteral("--change"),
         QStringLiteral("LABEL=org.terrarium.image=%1").arg(ImageRecipe), m_archive, m_image},
        this);
    m_command->setTimeout(std::chrono::minutes(10));
    connect(m_command, &PodmanCommand::finished, this, [this] {
        m_command->deleteLater();
        QFile::remove(m_archive);
        if (!m_command->result()) {
            finish(Core::makeError(Core::ErrorCode::SandboxError,
                                   Core::Tr::tr("Importing the sandbox image failed: %1")
                                       .arg(m_command->result().error().message)));
            return;
        }
        m_built = true;
        Q_EMIT progress(98, Core::Tr::tr("The sandbox image %1 is ready").arg(m_image));
        finish({});
    });
    m_command->start();
}

void PodmanImageBuilder::cancel()
{
    if (m_script && m_script->isRunning()) {
        m_script->cancel();
        QFile::remove(m_archive + QStringLiteral(".partial"));
    }
    if (m_command)
        m_command->abort();
    if (!m_result)
        m_result = Core::makeError(Core::ErrorCode::Cancelled,
                                   Core::Tr::tr("the image build was cancelled"));
}

void PodmanImageBuilder::finish(Core::Result<void> result)
{
    if (m_result)
        return;
    if (!result)
        qCWarning(lcVm).noquote() << result.error().message;
    m_result = std::move(result);
    QMetaObject::invokeMethod(this, &PodmanImageBuilder::finished, Qt::QueuedConnection);
}

} // namespace Terrarium::Vm
