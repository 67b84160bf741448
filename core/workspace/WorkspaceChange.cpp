#include "WorkspaceChange.h"

namespace Terrarium::Core {

QString WorkspaceChange::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Added:
        return QStringLiteral("added");
    case Kind::Modified:
        return QStringLiteral("modified");
    case Kind::Deleted:
        return QStringLiteral("deleted");
    case Kind::ModeChanged:
        return QStringLiteral("mode_changed");
    case Kind::TypeChanged:
        return QStringLiteral("type_changed");
    }
    return QStringLiteral("modified");
}

} // namespace Terrarium::Core
