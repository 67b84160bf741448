#pragma once

// Set by CMake from the project version; the fallback keeps a stray compile working.
#ifndef TERRARIUM_AGENT_VERSION
#define TERRARIUM_AGENT_VERSION "0.0.0"
#endif

namespace Terrarium::Guest {

inline constexpr const char *kAgentVersion = TERRARIUM_AGENT_VERSION;
inline constexpr int kProtocolVersion = 1;

} // namespace Terrarium::Guest
