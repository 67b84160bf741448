#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace Terrarium::Guest {

// The kernel's command line (/proc/cmdline) as the kernel splits it: words separated by
// spaces, double quotes protecting spaces (`foo="a b"`), everything after a lone `--` belonging
// to init. Our initramfs reads root=, rootfstype=, rootflags=, ro/rw and init= from it.
class KernelCommandLine
{
public:
    static KernelCommandLine parse(std::string_view text);
    // ROOT/proc/cmdline; empty when it cannot be read.
    static KernelCommandLine read(const std::string &root = "/");

    // The value of the last key=value parameter before `--`.
    std::optional<std::string> value(std::string_view key) const;
    // Whether a parameter without a value (such as "ro") is there, before `--`.
    bool hasFlag(std::string_view flag) const;
    // The words after `--`.
    const std::vector<std::string> &initArguments() const { return m_initArguments; }

private:
    std::vector<std::string> m_parameters;
    std::vector<std::string> m_initArguments;
};

} // namespace Terrarium::Guest
