#include "WorkspaceEntry.h"

namespace Terrarium::Core {

bool WorkspaceEntry::sameState(const WorkspaceEntry &other) const
{
    if (type != other.type)
        return false;
    // A folder's error only hides its contents, which are entries of their own.
    switch (type) {
    case Type::File:
        return (mode & 0777) == (other.mode & 0777) && error.isEmpty() && other.error.isEmpty()
            && !sha256.isEmpty() && sha256 == other.sha256;
    case Type::Symlink:
        return error.isEmpty() && other.error.isEmpty() && target == other.target
            && exactName == other.exactName;
    case Type::Directory:
    case Type::Other:
        return (mode & 0777) == (other.mode & 0777);
    }
    return false;
}

QString WorkspaceEntry::typeName(Type type)
{
    switch (type) {
    case Type::File:
        return QStringLiteral("file");
    case Type::Directory:
        return QStringLiteral("dir");
    case Type::Symlink:
        return QStringLiteral("symlink");
    case Type::Other:
        return QStringLiteral("other");
    }
    return QStringLiteral("other");
}

std::optional<WorkspaceEntry::Type> WorkspaceEntry::typeFromName(QStringView name)
{
    if (name == u"file")
        return Type::File;
    if (name == u"dir")
        return Type::Directory;
    if (name == u"symlink")
        return Type::Symlink;
    if (name == u"other")
        return Type::Other;
    return std::nullopt;
}

} // namespace Terrarium::Core
