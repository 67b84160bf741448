#pragma once

#include <QCoreApplication>

namespace Terrarium::App {

// Translation context for user-visible text produced by the app layer.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Terrarium::App)
};

} // namespace Terrarium::App
