#pragma once

#include "vm/UniqueFd.h"

namespace Terrarium::Guest {

// The same owning fd wrapper as the host side's: plain C++, no Qt, so the agent shares it.
using Fd = Vm::UniqueFd;

} // namespace Terrarium::Guest
