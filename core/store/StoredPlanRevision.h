#pragma once

#include <QDateTime>
#include <QList>
#include <QString>

namespace Terrarium::Core {

// One plan_generated of a stored run: the plan as it stood after revision N (steps done before
// it first, then the ones planned).
struct StoredPlanRevision
{
    struct Step
    {
        int id = 0;
        QString title;
    };

    int revision = 0;
    qint64 seq = 0; // its event
    QDateTime at;
    QList<Step> steps;
};

} // namespace Terrarium::Core
