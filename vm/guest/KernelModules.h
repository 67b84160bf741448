#pragma once

#include <expected>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace Terrarium::Guest {

// Loads kernel modules the way modprobe would, without modprobe (a VM's init runs before
// anything else, and the image need not ship kmod): dependencies come from
// ROOT/lib/modules/RELEASE/modules.dep, built-in modules from modules.builtin next to it, and
// each file is loaded with finit_module(2), dependencies first.
class KernelModules
{
public:
    // root: "/" in the VM, a fake tree in the tests. Reads the two files at once (a few hundred
    // KiB); isValid() is false when modules.dep cannot be read.
    KernelModules(std::string root, std::string release);

    // uname -r: the release of the running kernel.
    static std::string runningRelease();
    // "virtio-rng.ko.xz" and "virtio_rng" are both the module virtio_rng.
    static std::string moduleName(std::string_view pathOrName);

    bool isValid() const { return m_valid; }
    const std::string &error() const { return m_error; }
    bool isBuiltIn(std::string_view name) const;

    // The files to load for these modules, as paths under root, each once and every
    // dependency before what needs it (modules.dep lists what a module needs, not in which
    // order: virtio_ring must come before virtio). Built-in modules need no file. An error
    // names a module that is neither built in nor in modules.dep.
    std::expected<std::vector<std::string>, std::string>
    resolve(const std::vector<std::string> &names) const;

    // Resolves and loads them. A module that is already loaded counts as loaded.
    std::expected<void, std::string> load(const std::vector<std::string> &names) const;

private:
    struct Entry
    {
        std::string path; // relative to the release directory, as in modules.dep
        std::vector<std::string> dependencies; // paths
    };

    bool visit(const std::string &path, std::set<std::string> &done, std::set<std::string> &active,
               std::vector<std::string> &order) const;

    std::string m_directory; // ROOT/lib/modules/RELEASE
    bool m_valid = false;
    std::string m_error;
    std::map<std::string, Entry, std::less<>> m_byName;
    std::map<std::string, const Entry *, std::less<>> m_byPath;
    std::set<std::string, std::less<>> m_builtIn;
};

} // namespace Terrarium::Guest
