#include "Info.h"

#include "Environment.h"
#include "Passwd.h"
#include "Version.h"

#include <cstdio>
#include <cstring>

#include <limits.h>
#include <sys/utsname.h>
#include <unistd.h>

namespace Terrarium::Guest {

std::string Info::defaultShell()
{
    return ::access("/bin/bash", X_OK) == 0 ? "/bin/bash" : "/bin/sh";
}

std::string Info::osName()
{
    for (const char *path : {"/etc/os-release", "/usr/lib/os-release"}) {
        FILE *file = std::fopen(path, "re");
        if (!file)
            continue;
        std::string name;
        char line[1024];
        while (std::fgets(line, sizeof line, file)) {
            if (std::strncmp(line, "PRETTY_NAME=", 12) != 0)
                continue;
            std::string value = line + 12;
            while (!value.empty() && (value.back() == '\n' || value.back() == '\r'))
                value.pop_back();
            if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'')
                && value.back() == value.front())
                value = value.substr(1, value.size() - 2);
            // Shell-style escapes inside double quotes: \" \\ \$ \`.
            std::string unescaped;
            for (size_t i = 0; i < value.size(); ++i) {
                if (value[i] == '\\' && i + 1 < value.size())
                    ++i;
                unescaped += value[i];
            }
            name = std::move(unescaped);
            break;
        }
        std::fclose(file);
        if (!name.empty())
            return name;
    }
    return "Linux";
}

Json Info::collect(const Environment &env, const std::string &shell)
{
    utsname uts{};
    ::uname(&uts);
    const uid_t uid = ::getuid();
    const auto user = Passwd::findUid(uid);
    char cwd[PATH_MAX];
    if (!::getcwd(cwd, sizeof cwd))
        std::strcpy(cwd, "/");

    Json tools = Json(Json::Object{});
    for (const char *tool : {"bash", "sh", "python3", "pip3", "git", "curl", "wget", "make", "gcc",
                             "cc", "node", "npm", "apt-get", "perl", "tar", "gzip", "unzip"}) {
        if (auto path = env.findExecutable(tool))
            tools.set(tool, std::move(*path));
    }

    std::string home = user ? user->home : std::string(env.value("HOME").value_or("/"));
    return Json(Json::Object{
        {"os", osName()},
        {"arch", std::string(uts.machine)},
        {"kernel", std::string(uts.release)},
        {"hostname", std::string(uts.nodename)},
        {"user", user ? user->name : std::to_string(uid)},
        {"uid", int64_t(uid)},
        {"gid", int64_t(::getgid())},
        {"home", std::move(home)},
        {"shell", shell},
        {"cwd", std::string(cwd)},
        {"tools", std::move(tools)},
        {"agent_version", kAgentVersion},
        {"protocol", kProtocolVersion},
        {"pid", int64_t(::getpid())},
    });
}

} // namespace Terrarium::Guest
