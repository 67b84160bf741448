#pragma once

#include "Json.h"

#include <string>

namespace Terrarium::Guest {

class Environment;

// The `info` result: what the host needs to know about the sandbox before planning commands.
class Info
{
public:
    static Json collect(const Environment &env, const std::string &shell);
    // /bin/bash when it exists, else /bin/sh: the shell for `command` strings and terminals.
    static std::string defaultShell();
    // PRETTY_NAME from os-release, "Linux" without one.
    static std::string osName();
};

} // namespace Terrarium::Guest
