#include "InitramfsStage.h"

#include "Clock.h"
#include "Fd.h"
#include "KernelCommandLine.h"
#include "KernelModules.h"
#include "VirtioDevices.h"
#include "VmInit.h"

#include <cerrno>
#include <cstring>
#include <expected>
#include <memory>

#include <dirent.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <poll.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

namespace Terrarium::Guest {

namespace {

constexpr const char *kNewRoot = "/newroot";

std::string failure(const std::string &what)
{
    return what + ": " + std::strerror(errno);
}

// Deletes what is below dirFd on the file system `device`, leaving mount points (the new root)
// alone, as switch_root does: the initramfs would otherwise keep its memory for good.
void removeContents(int dirFd, dev_t device)
{
    const std::unique_ptr<DIR, int (*)(DIR *)> dir(::fdopendir(::dup(dirFd)), ::closedir);
    if (!dir)
        return;
    while (const dirent *entry = ::readdir(dir.get())) {
        const std::string_view name = entry->d_name;
        if (name == "." || name == "..")
            continue;
        struct stat st
        {
        };
        if (::fstatat(dirFd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || st.st_dev != device)
            continue;
        if (S_ISDIR(st.st_mode)) {
            const Fd child(
                ::openat(dirFd, entry->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (child.isValid())
                removeContents(child.get(), device);
            ::unlinkat(dirFd, entry->d_name, AT_REMOVEDIR);
        } else {
            ::unlinkat(dirFd, entry->d_name, 0);
        }
    }
}

bool waitForBlockDevice(const std::string &path, int timeoutMs)
{
    const int64_t deadline = Clock::nowMs() + timeoutMs;
    for (;;) {
        struct stat st
        {
        };
        if (::stat(path.c_str(), &st) == 0 && S_ISBLK(st.st_mode))
            return true;
        if (Clock::nowMs() >= deadline)
            return false;
        ::usleep(10 * 1000);
    }
}

// See InitramfsStage::run(): the agent's port, open (and not close-on-exec), once a host wrote.
std::expected<Fd, std::string> holdForHost(const KernelModules &modules)
{
    if (const auto loaded = modules.load({"virtio_console"}); !loaded)
        return std::unexpected(loaded.error());
    const VirtioDevices devices("/");
    const int64_t deadline = Clock::nowMs() + InitramfsStage::kRootWaitMs;
    std::string device;
    while ((device = devices.findPort(VmInit::kPortName)).empty()) {
        if (Clock::nowMs() >= deadline)
            return std::unexpected(std::string("the port ") + VmInit::kPortName
                                   + " did not appear");
        ::usleep(5 * 1000);
    }
    const std::string path = "/dev/" + device;
    Fd port(::open(path.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK));
    if (!port.isValid())
        return std::unexpected(failure("cannot open " + path));
    static constexpr std::string_view kHolding =
        "{\"jsonrpc\":\"2.0\",\"method\":\"agent.holding\"}\n";
    bool announced = false;
    for (;;) {
        pollfd fd{port.get(), POLLIN, 0};
        if (::poll(&fd, 1, 50) < 0 && errno != EINTR)
            return std::unexpected(failure("poll " + path));
        if (fd.revents & POLLIN)
            return port;
        if (fd.revents & (POLLHUP | POLLERR)) {
            // No host: the next one is told again.
            announced = false;
            ::usleep(10 * 1000);
            continue;
        }
        if (!announced)
            announced =
                ::write(port.get(), kHolding.data(), kHolding.size()) == ssize_t(kHolding.size());
    }
}

} // namespace

bool InitramfsStage::isActive()
{
    struct statfs fs
    {
    };
    if (::getpid() != 1 || ::statfs("/", &fs) != 0)
        return false;
    return fs.f_type == RAMFS_MAGIC || fs.f_type == TMPFS_MAGIC;
}

std::string InitramfsStage::run(const std::vector<std::string> &initArguments)
{
    ::mount("devtmpfs", "/dev", "devtmpfs", MS_NOSUID, "mode=0755");
    if (::mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr) != 0)
        return failure("cannot mount /proc");
    if (::mount("sysfs", "/sys", "sysfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr) != 0)
        return failure("cannot mount /sys");

    const KernelCommandLine cmdline = KernelCommandLine::read();
    const std::string root = cmdline.value("root").value_or("");
    if (!root.starts_with("/dev/"))
        return "the kernel command line needs root=/dev/NAME, not \"" + root + "\"";
    const std::string fsType = cmdline.value("rootfstype").value_or("ext4");
    const std::string flags = cmdline.value("rootflags").value_or("");
    const std::string init = cmdline.value("init").value_or(kDefaultInit);

    std::vector<std::string> arguments;
    bool hold = false;
    for (const std::string &argument : initArguments) {
        if (argument == kHoldArgument)
            hold = true;
        else
            arguments.push_back(argument);
    }

    // The transport first: no virtio device shows before it.
    const KernelModules modules("/", KernelModules::runningRelease());
    if (const auto loaded = modules.load({"virtio_pci"}); !loaded)
        return loaded.error();
    Fd heldPort;
    if (hold) {
        auto port = holdForHost(modules);
        if (!port)
            return port.error();
        heldPort = std::move(*port);
        arguments.push_back(kPortFdArgument);
        arguments.push_back(std::to_string(heldPort.get()));
    }
    if (const auto loaded = modules.load({"virtio_blk"}); !loaded)
        return loaded.error();
    if (!waitForBlockDevice(root, kRootWaitMs))
        return root + " did not appear within " + std::to_string(kRootWaitMs / 1000) + " s";

    ::mkdir(kNewRoot, 0755);
    // Like the kernel: read-only unless the command line says rw.
    const unsigned long mountFlags = cmdline.hasFlag("rw") ? 0 : MS_RDONLY;
    if (::mount(root.c_str(), kNewRoot, fsType.c_str(), mountFlags,
                flags.empty() ? nullptr : flags.c_str())
        != 0)
        return failure("cannot mount " + root + " (" + fsType + ") on " + kNewRoot);
    if (::access((std::string(kNewRoot) + init).c_str(), X_OK) != 0) {
        const std::string why = failure("cannot run " + init + " on " + root);
        ::umount(kNewRoot);
        return why;
    }

    // The second stage mounts what it needs itself, whether it came through here or not.
    ::umount2("/proc", MNT_DETACH);
    ::umount2("/sys", MNT_DETACH);
    ::umount2("/dev", MNT_DETACH);
    struct stat rootStat
    {
    };
    if (::stat("/", &rootStat) == 0) {
        const Fd rootDir(::open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        if (rootDir.isValid())
            removeContents(rootDir.get(), rootStat.st_dev);
    }
    if (::chdir(kNewRoot) != 0 || ::mount(".", "/", nullptr, MS_MOVE, nullptr) != 0
        || ::chroot(".") != 0 || ::chdir("/") != 0)
        return failure("cannot switch to the root file system");

    std::vector<char *> argv;
    argv.push_back(const_cast<char *>(init.c_str()));
    for (const std::string &argument : arguments)
        argv.push_back(const_cast<char *>(argument.c_str()));
    argv.push_back(nullptr);
    ::execv(init.c_str(), argv.data());
    return failure("cannot execute " + init);
}

} // namespace Terrarium::Guest
