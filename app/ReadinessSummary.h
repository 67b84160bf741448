#pragma once

#include "core/config/AppConfig.h"

#include <QString>

#include <functional>

namespace Terrarium::App {

// What the window's empty state says about the next run before it starts: which models and
// which sandbox it will use, and whether what they need is there. Cheap checks only (the
// configuration, executables on PATH); the real checks run when the run starts.
class ReadinessSummary
{
public:
    // Finds an executable on PATH ("" when there is none); tests pass their own.
    using ExecutableFinder = std::function<QString(const QString &name)>;

    static QString describe(const Core::AppConfig &config);
    static QString describe(const Core::AppConfig &config, const ExecutableFinder &find);
};

} // namespace Terrarium::App
