#pragma once

#include <optional>
#include <string>

#include <sys/types.h>

namespace Terrarium::Guest {

struct PasswdEntry
{
    std::string name;
    uid_t uid = 0;
    gid_t gid = 0;
    std::string home;
    std::string shell;
};

// Reads /etc/passwd directly: getpwuid() goes through NSS, which a static glibc binary cannot
// load, and the images we run in keep their users in the file anyway.
class Passwd
{
public:
    static std::optional<PasswdEntry> findUid(uid_t uid, const char *path = "/etc/passwd");
};

} // namespace Terrarium::Guest
