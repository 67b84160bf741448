#include "ConsoleLogCap.h"

#include "core/CoreTr.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>

namespace Terrarium::Vm {

QString ConsoleLogCap::previousPath(const QString &path)
{
    const QFileInfo info(path);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral(".previous.")
                               + info.suffix());
}

Core::Result<bool> ConsoleLogCap::apply(const QString &path, qint64 maxBytes)
{
    QFile log(path);
    if (!log.exists() || log.size() <= maxBytes)
        return false;
    auto cannot = [&path](const QString &why) {
        return Core::makeError(
            Core::ErrorCode::SandboxError,
            Core::Tr::tr("Cannot limit the VM's console log %1: %2").arg(path, why));
    };
    if (!log.open(QIODevice::ReadWrite))
        return cannot(log.errorString());
    // The newest maxBytes move, however far past the limit the log got since the last look.
    const qint64 size = log.size();
    log.seek(std::max<qint64>(0, size - maxBytes));
    const QByteArray newest = log.read(maxBytes);
    QSaveFile previous(previousPath(path));
    if (!previous.open(QIODevice::WriteOnly) || previous.write(newest) != newest.size()
        || !previous.commit())
        return cannot(previous.errorString());
    // The writer appends (O_APPEND): its next line starts the emptied file.
    if (!log.resize(0))
        return cannot(log.errorString());
    return true;
}

} // namespace Terrarium::Vm
