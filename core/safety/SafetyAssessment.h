#pragma once

#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// What the safety rules found in one command. ruleIds and reasons run in parallel: one
// translated sentence per rule that fired, in the order found, each rule once.
struct SafetyAssessment
{
    // "" when nothing fired, else the worst level found: "medium", "high" or "critical".
    QString risk;
    QStringList reasons;
    // Stable identifiers ("recursive-delete") for tests, logs and clients.
    QStringList ruleIds;

    bool isRisky() const { return !risk.isEmpty(); }
};

} // namespace Terrarium::Core
