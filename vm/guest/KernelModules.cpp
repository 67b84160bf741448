#include "KernelModules.h"

#include "Fd.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>

#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

namespace Terrarium::Guest {

namespace {

// finit_module's flag for a compressed file (Linux 6.2); older kernels refuse it with EINVAL.
constexpr unsigned kCompressedFile = 4;

std::vector<std::string> splitWords(std::string_view text)
{
    std::vector<std::string> words;
    size_t pos = 0;
    while (pos < text.size()) {
        const size_t start = text.find_first_not_of(" \t", pos);
        if (start == std::string_view::npos)
            break;
        const size_t end = std::min(text.find_first_of(" \t", start), text.size());
        words.emplace_back(text.substr(start, end - start));
        pos = end;
    }
    return words;
}

bool readLines(const std::string &path, std::vector<std::string> &lines)
{
    std::ifstream file(path);
    if (!file)
        return false;
    for (std::string line; std::getline(file, line);)
        lines.push_back(std::move(line));
    return true;
}

} // namespace

KernelModules::KernelModules(std::string root, std::string release)
    : m_directory((root == "/" ? std::string() : std::move(root)) + "/lib/modules/"
                  + std::move(release))
{
    std::vector<std::string> lines;
    if (!readLines(m_directory + "/modules.dep", lines)) {
        m_error = "cannot read " + m_directory + "/modules.dep: " + std::strerror(errno);
        return;
    }
    for (const std::string &line : lines) {
        const size_t colon = line.find(':');
        if (colon == std::string::npos || colon == 0)
            continue;
        Entry entry{line.substr(0, colon), splitWords(std::string_view(line).substr(colon + 1))};
        // The first line wins, as with modprobe (depmod writes each module once anyway).
        m_byName.try_emplace(moduleName(entry.path), std::move(entry));
    }
    for (const auto &[name, entry] : m_byName)
        m_byPath.emplace(entry.path, &entry);

    // Missing on some trees (and in the tests): then nothing counts as built in.
    std::vector<std::string> builtIn;
    if (readLines(m_directory + "/modules.builtin", builtIn)) {
        for (const std::string &path : builtIn) {
            if (!path.empty())
                m_builtIn.insert(moduleName(path));
        }
    }
    m_valid = true;
}

std::string KernelModules::runningRelease()
{
    utsname names{};
    if (::uname(&names) != 0)
        return {};
    return names.release;
}

std::string KernelModules::moduleName(std::string_view pathOrName)
{
    if (const size_t slash = pathOrName.rfind('/'); slash != std::string_view::npos)
        pathOrName.remove_prefix(slash + 1);
    if (const size_t ko = pathOrName.find(".ko"); ko != std::string_view::npos)
        pathOrName = pathOrName.substr(0, ko);
    std::string name(pathOrName);
    for (char &c : name) {
        if (c == '-')
            c = '_';
    }
    return name;
}

bool KernelModules::isBuiltIn(std::string_view name) const
{
    return m_builtIn.contains(moduleName(name));
}

std::expected<std::vector<std::string>, std::string>
KernelModules::resolve(const std::vector<std::string> &names) const
{
    if (!m_valid)
        return std::unexpected(m_error);
    std::vector<std::string> order;
    std::set<std::string> done;
    std::set<std::string> active;
    for (const std::string &requested : names) {
        const std::string name = moduleName(requested);
        // Built in wins: a stale .ko next to the kernel would only fail to load.
        if (m_builtIn.contains(name))
            continue;
        const auto it = m_byName.find(name);
        if (it == m_byName.end())
            return std::unexpected("module " + name + " is neither built in nor in " + m_directory
                                   + "/modules.dep");
        if (!visit(it->second.path, done, active, order))
            return std::unexpected("modules.dep has a dependency cycle through " + name);
    }
    for (std::string &path : order)
        path = m_directory + "/" + path;
    return order;
}

bool KernelModules::visit(const std::string &path, std::set<std::string> &done,
                          std::set<std::string> &active, std::vector<std::string> &order) const
{
    if (done.contains(path))
        return true;
    if (!active.insert(path).second)
        return false;
    if (const auto it = m_byPath.find(path); it != m_byPath.end()) {
        for (const std::string &dependency : it->second->dependencies) {
            if (!visit(dependency, done, active, order))
                return false;
        }
    }
    // A dependency without a line of its own is loaded as it is: depmod always writes one, so
    // this only happens with hand-made files.
    active.erase(path);
    done.insert(path);
    order.push_back(path);
    return true;
}

std::expected<void, std::string> KernelModules::load(const std::vector<std::string> &names) const
{
    const auto files = resolve(names);
    if (!files)
        return std::unexpected(files.error());
    for (const std::string &file : *files) {
        const Fd fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC));
        if (!fd.isValid())
            return std::unexpected("cannot open " + file + ": " + std::strerror(errno));
        const bool compressed = !file.ends_with(".ko");
        if (::syscall(SYS_finit_module, fd.get(), "", compressed ? kCompressedFile : 0u) != 0
            && errno != EEXIST)
            return std::unexpected("cannot load " + file + ": " + std::strerror(errno));
    }
    return {};
}

} // namespace Terrarium::Guest
