#include "Passwd.h"

#include <charconv>
#include <cstdio>
#include <string_view>
#include <vector>

namespace Terrarium::Guest {

std::optional<PasswdEntry> Passwd::findUid(uid_t uid, const char *path)
{
    FILE *file = std::fopen(path, "re");
    if (!file)
        return std::nullopt;
    std::optional<PasswdEntry> found;
    char *line = nullptr;
    size_t capacity = 0;
    ssize_t length;
    while (!found && (length = ::getline(&line, &capacity, file)) > 0) {
        std::string_view rest(line, size_t(length));
        if (rest.back() == '\n')
            rest.remove_suffix(1);
        // name:password:uid:gid:gecos:home:shell
        std::vector<std::string_view> fields;
        for (;;) {
            const size_t colon = rest.find(':');
            fields.push_back(rest.substr(0, colon));
            if (colon == std::string_view::npos)
                break;
            rest.remove_prefix(colon + 1);
        }
        if (fields.size() < 7)
            continue;
        unsigned long entryUid = 0;
        unsigned long entryGid = 0;
        if (std::from_chars(fields[2].data(), fields[2].data() + fields[2].size(), entryUid).ec
                != std::errc()
            || entryUid != uid)
            continue;
        std::from_chars(fields[3].data(), fields[3].data() + fields[3].size(), entryGid);
        found = PasswdEntry{std::string(fields[0]), uid, gid_t(entryGid), std::string(fields[5]),
                            std::string(fields[6])};
    }
    std::free(line);
    std::fclose(file);
    return found;
}

} // namespace Terrarium::Guest
