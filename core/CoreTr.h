#pragma once

#include <QCoreApplication>

namespace Terrarium::Core {

// Translation context for user-visible text produced by the core layer.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Terrarium::Core)
};

} // namespace Terrarium::Core
