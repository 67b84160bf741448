#include "SettingSource.h"

#include "core/CoreTr.h"

#include <QDir>

namespace Terrarium::Core {

SettingSource SettingSource::configFile(const QString &key, const QString &path)
{
    return {Kind::ConfigFile, key, path};
}

SettingSource SettingSource::environment(const QString &variable)
{
    return {Kind::Environment, variable, QString()};
}

SettingSource SettingSource::commandLine(const QString &option)
{
    return {Kind::CommandLine, option, QString()};
}

SettingSource SettingSource::taskFile(const QString &key)
{
    return {Kind::TaskFile, key, QString()};
}

QString SettingSource::description() const
{
    switch (kind) {
    case Kind::Default:
        return Tr::tr("Terrarium's default");
    case Kind::ConfigFile:
        return Tr::tr("%1 in the config file %2").arg(name, QDir::toNativeSeparators(path));
    case Kind::Environment:
        return Tr::tr("the environment variable %1").arg(name);
    case Kind::CommandLine:
        return Tr::tr("the command line option %1").arg(name);
    case Kind::TaskFile:
        return Tr::tr("%1 in the task file").arg(name);
    }
    return QString();
}

} // namespace Terrarium::Core
