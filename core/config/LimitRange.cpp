#include "LimitRange.h"

namespace Terrarium::Core {

LimitRange LimitRange::forName(const QString &name)
{
    if (name == QLatin1String("cpus"))
        return cpus();
    if (name == QLatin1String("memory_mib"))
        return memoryMiB();
    if (name == QLatin1String("pids"))
        return pids();
    if (name == QLatin1String("max_steps"))
        return maxSteps();
    if (name == QLatin1String("max_replans"))
        return maxReplans();
    return stepTimeoutSeconds();
}

} // namespace Terrarium::Core
