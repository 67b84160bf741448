#include "StdinReadProbe.h"

#include "vm/UniqueFd.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace Terrarium::Vm {

namespace {

bool isReadCall(long number)
{
    // Blocking reads of a pipe; poll/select waits are not told apart from waiting on output.
    return number == SYS_read || number == SYS_readv || number == SYS_pread64
        || number == SYS_preadv;
}

std::string readSmallFile(const std::string &path)
{
    const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd.isValid())
        return {};
    std::array<char, 256> buffer{};
    const ssize_t size = ::read(fd.get(), buffer.data(), buffer.size() - 1);
    return size > 0 ? std::string(buffer.data(), size_t(size)) : std::string();
}

} // namespace

StdinReadProbe::StdinReadProbe(int writeFd, std::string procRoot)
    : m_procRoot(std::move(procRoot))
{
    struct stat st
    {
    };
    if (writeFd >= 0 && ::fstat(writeFd, &st) == 0 && S_ISFIFO(st.st_mode)) {
        m_inode = st.st_ino;
        m_link = "pipe:[" + std::to_string(m_inode) + "]";
    }
}

StdinReadProbe StdinReadProbe::ofReader(pid_t pid, std::string procRoot)
{
    StdinReadProbe probe;
    probe.m_procRoot = std::move(procRoot);
    std::array<char, 64> link{};
    const std::string path = probe.m_procRoot + "/" + std::to_string(pid) + "/fd/0";
    const ssize_t length = ::readlink(path.c_str(), link.data(), link.size() - 1);
    const std::string target(link.data(), length > 0 ? size_t(length) : 0);
    if (target.starts_with("pipe:[") && target.ends_with("]")) {
        probe.m_inode = ino_t(std::strtoull(target.c_str() + 6, nullptr, 10));
        probe.m_link = target;
    }
    return probe;
}

bool StdinReadProbe::waitBegan()
{
    if (!someoneIsWaiting()) {
        inputGiven();
        return false;
    }
    if (++m_seen < 2 || m_reported)
        return false;
    m_reported = true;
    return true;
}

bool StdinReadProbe::waitsOnOurPipe(const std::string &pidDirectory) const
{
    // "NR ARG1 ARG2 ..." while blocked in a system call; "running" or "-1 ..." otherwise.
    const std::string syscall = readSmallFile(pidDirectory + "/syscall");
    if (syscall.empty() || syscall[0] < '0' || syscall[0] > '9')
        return false;
    char *end = nullptr;
    const long number = std::strtol(syscall.c_str(), &end, 10);
    if (!isReadCall(number) || !end)
        return false;
    const unsigned long fd = std::strtoul(end, nullptr, 16);
    std::array<char, 64> link{};
    const ssize_t length = ::readlink((pidDirectory + "/fd/" + std::to_string(fd)).c_str(),
                                      link.data(), link.size() - 1);
    return length > 0 && std::string(link.data(), size_t(length)) == m_link;
}

bool StdinReadProbe::inOurSession(const std::string &pidDirectory) const
{
    if (m_session <= 0)
        return true;
    // "PID (COMM) STATE PPID PGRP SESSION ...": COMM may hold spaces and parentheses.
    const std::string stat = readSmallFile(pidDirectory + "/stat");
    const size_t commEnd = stat.rfind(')');
    if (commEnd == std::string::npos)
        return false;
    long fields[4] = {};
    return std::sscanf(stat.c_str() + commEnd + 1, " %*c %ld %ld %ld", &fields[0], &fields[1],
                       &fields[2])
        == 3
        && fields[2] == m_session;
}

bool StdinReadProbe::someoneIsWaiting() const
{
    if (!isValid())
        return false;
    const std::unique_ptr<DIR, int (*)(DIR *)> dir(::opendir(m_procRoot.c_str()), ::closedir);
    if (!dir)
        return false;
    while (const dirent *entry = ::readdir(dir.get())) {
        if (entry->d_name[0] < '1' || entry->d_name[0] > '9')
            continue;
        const std::string directory = m_procRoot + "/" + entry->d_name;
        if (inOurSession(directory) && waitsOnOurPipe(directory))
            return true;
    }
    return false;
}

} // namespace Terrarium::Vm
