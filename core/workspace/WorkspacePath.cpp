#include "WorkspacePath.h"

#include "core/CoreTr.h"

#include <QStringList>

namespace Terrarium::Core {

std::optional<QString> WorkspacePath::problem(const QString &path)
{
    if (path.isEmpty())
        return Tr::tr("The path is empty.");
    if (path.contains(QChar(0)))
        return Tr::tr("The path \"%1\" contains a NUL character.").arg(path);
    if (path.startsWith(QLatin1Char('/')))
        return Tr::tr("The path \"%1\" is absolute.").arg(path);
    const QStringList parts = path.split(QLatin1Char('/'));
    for (const QString &part : parts) {
        if (part.isEmpty())
            return Tr::tr("The path \"%1\" has an empty component.").arg(path);
        if (part == QLatin1String(".") || part == QLatin1String(".."))
            return Tr::tr("The path \"%1\" contains \"%2\".").arg(path, part);
    }
    return std::nullopt;
}

std::optional<QString> WorkspacePath::resolveTarget(const QString &linkPath, const QString &target)
{
    if (target.isEmpty() || target.contains(QChar(0)) || target.startsWith(QLatin1Char('/')))
        return std::nullopt;
    QStringList resolved = parentOf(linkPath).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    bool leading = true;
    for (const QString &part : target.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        if (part == QLatin1String("."))
            continue;
        if (part == QLatin1String("..")) {
            // After a name, ".." would step back out of something that may itself be a link.
            if (!leading || resolved.isEmpty())
                return std::nullopt;
            resolved.removeLast();
            continue;
        }
        leading = false;
        resolved.append(part);
    }
    return resolved.join(QLatin1Char('/'));
}

bool WorkspacePath::targetStaysInside(const QString &linkPath, const QString &target)
{
    return resolveTarget(linkPath, target).has_value();
}

QString WorkspacePath::parentOf(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    return slash < 0 ? QString() : path.left(slash);
}

bool WorkspacePath::isBelow(const QString &path, const QString &folder)
{
    if (folder.isEmpty())
        return !path.isEmpty();
    return path.size() > folder.size() + 1 && path.startsWith(folder)
        && path.at(folder.size()) == QLatin1Char('/');
}

int WorkspacePath::depth(const QString &path)
{
    return path.isEmpty() ? 0 : int(path.count(QLatin1Char('/'))) + 1;
}

} // namespace Terrarium::Core
