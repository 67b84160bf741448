#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// What applying a change set did: the paths written, removed or changed in the host folder,
// and those left alone, with why. Paths not accepted by the selection appear in neither list.
struct WorkspaceApplyReport
{
    struct Skipped
    {
        QString path;
        QString reason; // user-visible

        bool operator==(const Skipped &) const = default;
    };

    QStringList applied;
    QList<Skipped> skipped;

    bool operator==(const WorkspaceApplyReport &) const = default;

    bool isComplete() const { return skipped.isEmpty(); }
    QString skipReason(const QString &path) const
    {
        for (const Skipped &item : skipped) {
            if (item.path == path)
                return item.reason;
        }
        return QString();
    }
};

} // namespace Terrarium::Core
