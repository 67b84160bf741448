#pragma once

#include "core/agent/StepRecord.h"
#include "core/exec/SandboxFacts.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// What the executor model is asked: one shell command for one plan step.
struct TranslationRequest
{
    QString goal;
    SandboxFacts facts;
    QStringList plan; // every step title of the current plan, in order
    QList<int> planStepIds; // the ids of those steps, in the same order: their numbers
    QString step; // the step to translate
    QList<StepRecord> history; // most recent executed steps, oldest first
};

} // namespace Terrarium::Core
