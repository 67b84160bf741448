#include "AppPaths.h"

#include "app/AppLogging.h"
#include "core/store/PrivateStorage.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace Terrarium::App {

namespace {

QString firstExisting(const QStringList &candidates)
{
    for (const QString &candidate : candidates) {
        if (!candidate.isEmpty() && QFileInfo(candidate).isFile())
            return QFileInfo(candidate).absoluteFilePath();
    }
    return candidates.value(candidates.size() - 1);
}

} // namespace

QString AppPaths::agent()
{
    const QString overridden = qEnvironmentVariable("TERRARIUM_AGENT");
    if (!overridden.isEmpty())
        return overridden;
    const QDir appDir(QCoreApplication::applicationDirPath());
    return firstExisting({appDir.filePath(QStringLiteral("../libexec/terrarium/terrarium-agent")),
                          QStringLiteral(TERRARIUM_BUILD_AGENT_PATH)});
}

QString AppPaths::imageBuildScript()
{
    const QDir appDir(QCoreApplication::applicationDirPath());
    return firstExisting({appDir.filePath(QStringLiteral("../share/terrarium/build-image.sh")),
                          QStringLiteral(TERRARIUM_SOURCE_DIR "/scripts/build-image.sh")});
}

QString AppPaths::vmImageBuildScript()
{
    const QDir appDir(QCoreApplication::applicationDirPath());
    return firstExisting({appDir.filePath(QStringLiteral("../share/terrarium/build-vm-image.sh")),
                          QStringLiteral(TERRARIUM_SOURCE_DIR "/scripts/build-vm-image.sh")});
}

void AppPaths::restrictUserFolders()
{
    const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
        + QStringLiteral("/terrarium");
    const QString config = QFileInfo(configFile()).absolutePath();
    for (const Core::Result<void> &done :
         {Core::PrivateStorage::restrict(data),
          Core::PrivateStorage::restrictTree(data + QStringLiteral("/workspace-bases")),
          Core::PrivateStorage::makeFolder(config), Core::PrivateStorage::restrict(configFile())}) {
        if (!done)
            qCWarning(lcApp).noquote() << done.error().message;
    }
}

QString AppPaths::configFile()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
        + QStringLiteral("/terrarium/terrarium.conf");
}

void AppPaths::adoptEarlierConfigFile()
{
    const QString current = configFile();
    const QString earlier = QFileInfo(current).absolutePath() + QStringLiteral("/terrarium.ini");
    if (!QFileInfo(earlier).isFile())
        return;
    if (QFileInfo::exists(current)) {
        qCWarning(lcApp).noquote()
            << QStringLiteral("Both %1 and %2 exist: %1 is read, %2 (the name "
                              "earlier versions used) is not.")
                   .arg(current, earlier);
        return;
    }
    if (!QFile::rename(earlier, current)) {
        qCWarning(lcApp).noquote()
            << QStringLiteral("Could not move %1 to %2: the settings in it are not read.")
                   .arg(earlier, current);
        return;
    }
    qCInfo(lcApp).noquote()
        << QStringLiteral("Moved the configuration from %1 to %2.").arg(earlier, current);
}

QString AppPaths::workspaceBase(const QString &sandboxName)
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
        + QStringLiteral("/terrarium/workspace-bases/") + sandboxName + QStringLiteral(".json");
}

} // namespace Terrarium::App
