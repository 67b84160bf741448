#pragma once

#include "core/agent/RunEvent.h"

#include <QString>

namespace Terrarium::App {

// The short human-readable log a headless run writes to stderr, one event at a time.
class HumanLog
{
public:
    // Empty for events that are not worth a line (output chunks, usage).
    static QString format(const Core::RunEvent &event);
};

} // namespace Terrarium::App
