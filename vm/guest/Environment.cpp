#include "Environment.h"

#include "Passwd.h"

#include <cerrno>

#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

namespace Terrarium::Guest {

namespace {
constexpr std::string_view kDefaultPath =
    "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
} // namespace

Environment Environment::fromProcess()
{
    Environment env;
    for (char **entry = environ; entry && *entry; ++entry)
        env.m_entries.emplace_back(*entry);
    if (!env.value("PATH"))
        env.set("PATH", kDefaultPath);
    if (!env.value("HOME")) {
        const auto user = Passwd::findUid(::getuid());
        env.set("HOME", user && !user->home.empty() ? user->home : std::string("/"));
    }
    return env;
}

std::optional<std::string_view> Environment::value(std::string_view key) const
{
    for (const std::string &entry : m_entries) {
        if (entry.size() > key.size() && entry[key.size()] == '=' && entry.starts_with(key))
            return std::string_view(entry).substr(key.size() + 1);
    }
    return std::nullopt;
}

void Environment::set(std::string_view key, std::string_view value)
{
    std::string entry;
    entry.reserve(key.size() + 1 + value.size());
    entry.append(key).append("=").append(value);
    for (std::string &existing : m_entries) {
        if (existing.size() > key.size() && existing[key.size()] == '='
            && existing.starts_with(key)) {
            existing = std::move(entry);
            return;
        }
    }
    m_entries.push_back(std::move(entry));
}

std::vector<char *> Environment::envp() const
{
    std::vector<char *> pointers;
    pointers.reserve(m_entries.size() + 1);
    for (const std::string &entry : m_entries)
        pointers.push_back(const_cast<char *>(entry.c_str()));
    pointers.push_back(nullptr);
    return pointers;
}

std::expected<std::string, int> Environment::findExecutable(std::string_view name,
                                                            const std::string &cwd) const
{
    if (name.empty())
        return std::unexpected(ENOENT);
    const std::string_view path = value("PATH").value_or(kDefaultPath);
    int error = ENOENT;
    size_t start = 0;
    for (;;) {
        const size_t colon = path.find(':', start);
        std::string_view dir =
            path.substr(start, colon == std::string_view::npos ? colon : colon - start);
        std::string candidate;
        if (dir.empty() || dir.front() != '/') {
            // An empty entry means the current directory, i.e. the command's cwd.
            if (!cwd.empty())
                candidate.append(cwd).append("/");
        }
        if (!dir.empty())
            candidate.append(dir).append("/");
        candidate.append(name);
        struct stat st
        {
        };
        if (::stat(candidate.c_str(), &st) == 0 && !S_ISDIR(st.st_mode)) {
            if (::access(candidate.c_str(), X_OK) == 0)
                return candidate;
            error = EACCES;
        }
        if (colon == std::string_view::npos)
            break;
        start = colon + 1;
    }
    return std::unexpected(error);
}

} // namespace Terrarium::Guest
