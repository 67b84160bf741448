#pragma once

#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace Terrarium::Guest {

// An environment block ("KEY=VALUE" strings) that commands are started with.
class Environment
{
public:
    // The agent's own environment, with PATH and HOME filled in when missing: as a VM's or a
    // container's first process the agent may have been started with next to nothing.
    static Environment fromProcess();

    std::optional<std::string_view> value(std::string_view key) const;
    void set(std::string_view key, std::string_view value);

    // NULL-terminated pointers into this environment, for exec; valid until it changes.
    std::vector<char *> envp() const;

    // What execvp would run for name (which has no '/') with this PATH; relative PATH entries are
    // relative to cwd. Fails with ENOENT, or EACCES when only non-executable candidates exist.
    std::expected<std::string, int> findExecutable(std::string_view name,
                                                   const std::string &cwd = {}) const;

private:
    std::vector<std::string> m_entries;
};

} // namespace Terrarium::Guest
