#include "VmImage.h"

#include "core/CoreTr.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace Terrarium::Vm {

Core::Result<VmImage> VmImage::load(const QString &directory)
{
    const QDir dir(directory);
    QFile manifestFile(dir.filePath(QStringLiteral("manifest.json")));
    if (!manifestFile.open(QIODevice::ReadOnly))
        return Core::makeError(Core::ErrorCode::NotFound,
                               Core::Tr::tr("There is no VM image in %1.").arg(directory));
    const QJsonObject manifest = QJsonDocument::fromJson(manifestFile.readAll()).object();
    const QJsonObject files = manifest.value(QLatin1String("files")).toObject();
    VmImage image;
    image.directory = dir.absolutePath();
    image.diskPath = dir.filePath(files.value(QLatin1String("disk")).toString());
    image.kernelPath = dir.filePath(files.value(QLatin1String("kernel")).toString());
    const QString initrd = files.value(QLatin1String("initrd")).toString();
    image.initrdPath = initrd.isEmpty() ? QString() : dir.filePath(initrd);
    image.kernelCommandLine = manifest.value(QLatin1String("cmdline")).toString();
    image.kernelRelease = manifest.value(QLatin1String("kernel"))
                              .toObject()
                              .value(QLatin1String("release"))
                              .toString();
    image.agentSourceSha256 = manifest.value(QLatin1String("agent"))
                                  .toObject()
                                  .value(QLatin1String("source_sha256"))
                                  .toString();
    image.builderSha256 = manifest.value(QLatin1String("builder"))
                              .toObject()
                              .value(QLatin1String("sha256"))
                              .toString();
    for (const QString &path : {image.diskPath, image.kernelPath, image.initrdPath}) {
        if (path == image.initrdPath && path.isEmpty())
            continue;
        if (!QFileInfo(path).isFile())
            return Core::makeError(Core::ErrorCode::NotFound,
                                   Core::Tr::tr("The VM image in %1 is incomplete: %2 is missing.")
                                       .arg(directory, path));
    }
    if (image.kernelCommandLine.isEmpty())
        return Core::makeError(Core::ErrorCode::MalformedResponse,
                               Core::Tr::tr("The VM image in %1 has no kernel command line in its "
                                            "manifest.")
                                   .arg(directory));
    return image;
}

QString VmImage::fileSha256(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace Terrarium::Vm
