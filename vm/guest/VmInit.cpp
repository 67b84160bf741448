#include "VmInit.h"

#include "Agent.h"
#include "InitramfsStage.h"
#include "KernelCommandLine.h"
#include "KernelModules.h"
#include "NetworkSetup.h"
#include "SerialConsole.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Terrarium::Guest {

namespace {

constexpr const char *kHostname = "terrarium";
constexpr std::string_view kDefaultPath =
    "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

// Messages go to the console (fds 1-2), next to the kernel's.
void log(const std::string &message)
{
    std::fprintf(stderr, "terrarium-agent: %s\n", message.c_str());
}

void mountOnce(const char *source, const char *target, const char *type, unsigned long flags,
               const char *options)
{
    ::mkdir(target, 0755);
    if (::mount(source, target, type, flags, options) != 0 && errno != EBUSY)
        log(std::string("cannot mount ") + type + " on " + target + ": " + std::strerror(errno));
}

bool isStopSignal(int sig)
{
    return sig == SIGTERM || sig == SIGINT;
}

} // namespace

sigset_t VmInit::signals()
{
    // No SIGHUP: to an init it traditionally means "reload", not "stop".
    sigset_t set;
    sigemptyset(&set);
    for (int sig : {SIGCHLD, SIGTERM, SIGINT, SIGIO})
        sigaddset(&set, sig);
    return set;
}

void VmInit::mountFileSystems()
{
    constexpr unsigned long kSafe = MS_NOSUID | MS_NODEV | MS_NOEXEC;
    mountOnce("devtmpfs", "/dev", "devtmpfs", MS_NOSUID, "mode=0755");
    // Without an initramfs and with no /dev/console on the root disk the kernel starts us with
    // nothing on fds 0-2; whatever opens next would get them.
    if (::fcntl(STDIN_FILENO, F_GETFD) < 0) {
        const int console = ::open("/dev/console", O_RDWR | O_NOCTTY);
        if (console >= 0) {
            for (int fd = 0; fd < 3; ++fd) {
                if (fd != console)
                    ::dup2(console, fd);
            }
            if (console > 2)
                ::close(console);
        }
    }
    mountOnce("proc", "/proc", "proc", kSafe, nullptr);
    mountOnce("sysfs", "/sys", "sysfs", kSafe, nullptr);
    mountOnce("devpts", "/dev/pts", "devpts", MS_NOSUID | MS_NOEXEC,
              "gid=5,mode=0620,ptmxmode=0666");
    mountOnce("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777");
    mountOnce("tmpfs", "/run", "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755");
    mountOnce("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777");
    // For tools that look for cgroups (and to read the VM's memory use); optional.
    ::mount("cgroup2", "/sys/fs/cgroup", "cgroup2", kSafe, nullptr);
    ::mkdir("/run/lock", 01777);
    ::chmod("/run/lock", 01777);
    // What udev or systemd would have made: bash's <(...) needs /dev/fd.
    ::symlink("/proc/self/fd", "/dev/fd");
    ::symlink("/proc/self/fd/0", "/dev/stdin");
    ::symlink("/proc/self/fd/1", "/dev/stdout");
    ::symlink("/proc/self/fd/2", "/dev/stderr");
    ::symlink("/proc/kcore", "/dev/core");
}

VmInit::VmInit(int signalFd, std::optional<MemoryWatch> memory)
    : m_signalFd(signalFd)
    , m_memory(memory)
    , m_init(signalFd, {}, std::move(memory))
{ }

int VmInit::run()
{
    setUpSystem();
    loadDrivers();
    setUpNetwork();
    struct stat st
    {
    };
    if (::stat(kConsole, &st) == 0 && SerialConsole::start(kConsole) < 0)
        log(std::string("cannot start the console shell: ") + std::strerror(errno));

    bool stopping = false;
    while (!stopping) {
        if (!m_port.isValid() && openPort() == Wait::Stop)
            break;
        if (waitForHost() == Wait::Stop)
            break;
        Agent agent(m_port.get(), m_port.get(), m_signalFd, m_memory);
        agent.setServingVm(true);
        agent.setInitialInput(std::exchange(m_carriedInput, {}));
        agent.run();
        switch (agent.stopReason()) {
        case Agent::StopReason::EndOfInput:
            break; // the host closed its end: wait for the next connection
        case Agent::StopReason::Reconnected:
            // The host closed and reopened its end too quickly for the port to show it; its
            // agent.hello said so.
            m_carriedInput = agent.takeUnreadInput();
            break;
        case Agent::StopReason::HostGone:
            // Writing failed. The port stays open unless it was unplugged (waitForHost looks):
            // closing it makes the kernel drop what a new host may already have sent.
            break;
        case Agent::StopReason::Signal:
        case Agent::StopReason::PowerOff:
            stopping = true;
            break;
        }
    }
    powerOff();
    return 1;
}

void VmInit::setUpSystem()
{
    // The kernel hands init HOME=/ and TERM=linux; commands get what a login would give them.
    ::clearenv();
    ::setenv("PATH", std::string(kDefaultPath).c_str(), 1);
    ::setenv("HOME", "/root", 1);
    if (::chdir("/") != 0)
        log(std::string("chdir /: ") + std::strerror(errno));
    // Ctrl-Alt-Del (a host's "send key") then becomes SIGINT to us, a clean power-off,
    // instead of the kernel's immediate reboot.
    ::reboot(RB_DISABLE_CAD);
    if (::sethostname(kHostname, std::strlen(kHostname)) != 0)
        log(std::string("cannot set the hostname: ") + std::strerror(errno));
    if (const auto up = NetworkSetup::bringUpLoopback(); !up)
        log(up.error());
}

void VmInit::loadDrivers()
{
    const KernelModules modules("/", KernelModules::runningRelease());
    if (!m_transportLoaded) {
        // The transport first: before it there are no virtio devices to look at.
        if (const auto loaded = modules.load({"virtio_pci"}); !loaded) {
            log(loaded.error());
            return;
        }
        m_transportLoaded = true;
    }
    for (const int type : m_devices.types()) {
        if (!m_loadedTypes.insert(type).second)
            continue;
        const std::vector<std::string> drivers = VirtioDevices::modulesFor({type});
        if (drivers.empty())
            continue;
        if (const auto loaded = modules.load(drivers); !loaded)
            log(loaded.error());
    }
}

void VmInit::setUpNetwork()
{
    if (m_networkUp)
        return;
    const std::vector<std::string> interfaces = m_devices.networkInterfaces();
    if (interfaces.empty())
        return; // the policy gave the VM no network
    m_networkUp = true;
    if (const auto configured = NetworkSetup::configure(interfaces.front()); !configured) {
        log(configured.error());
        return;
    }
    if (const auto written = NetworkSetup::writeResolvConf("/etc/resolv.conf"); !written)
        log(written.error());
}

void VmInit::adoptPort(int fd)
{
    // Its device's name, for waitForHost()'s look at whether it was unplugged.
    std::string target(256, '\0');
    const ssize_t length =
        ::readlink(("/proc/self/fd/" + std::to_string(fd)).c_str(), target.data(), target.size());
    if (length <= 0 || ::fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) {
        log("the port handed over (fd " + std::to_string(fd) + ") is not usable; opening it again");
        ::close(fd);
        return;
    }
    target.resize(size_t(length));
    m_portDevice = target.substr(target.rfind('/') + 1);
    m_port.reset(fd);
    watchPort();
}

void VmInit::watchPort()
{
    // SIGIO when the host connects or disconnects (and when data arrives): a port whose host end
    // is closed polls as POLLHUP at once, so poll(2) cannot wait for the host to come back.
    ::fcntl(m_port.get(), F_SETOWN, ::getpid());
    ::fcntl(m_port.get(), F_SETFL, ::fcntl(m_port.get(), F_GETFL) | O_ASYNC);
}

VmInit::Wait VmInit::openPort()
{
    // The port appears a little after virtio_console is loaded, and its name a little after
    // that (the host sends it): look often at first, then once a second.
    int delayMs = 5;
    int64_t waitedMs = 0;
    bool reported = false;
    for (;;) {
        m_portDevice = m_devices.findPort(kPortName);
        if (!m_portDevice.empty()) {
            const std::string path = "/dev/" + m_portDevice;
            m_port.reset(::open(path.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC));
            if (m_port.isValid()) {
                watchPort();
                return Wait::Ready;
            }
            if (errno != ENOENT)
                log("cannot open " + path + ": " + std::strerror(errno));
        }
        if (!reported && waitedMs >= 5000) {
            log(std::string("waiting for the virtio-serial port ") + kPortName);
            reported = true;
        }
        if (idle(delayMs) == Wait::Stop)
            return Wait::Stop;
        waitedMs += delayMs;
        delayMs = std::min(delayMs * 2, kRecheckMs);
        // A device hot-plugged later needs its driver too.
        if (delayMs == kRecheckMs) {
            loadDrivers();
            setUpNetwork();
        }
    }
}

bool VmInit::isHostConnected() const
{
    pollfd fd{m_port.get(), POLLIN, 0};
    if (::poll(&fd, 1, 0) < 0)
        return false;
    return (fd.revents & (POLLHUP | POLLERR | POLLNVAL)) == 0;
}

VmInit::Wait VmInit::waitForHost()
{
    for (;;) {
        if (!m_devices.portExists(m_portDevice)) {
            m_port.reset();
            if (openPort() == Wait::Stop)
                return Wait::Stop;
        }
        if (isHostConnected())
            return Wait::Ready;
        m_carriedInput.clear();
        if (idle(kRecheckMs) == Wait::Stop)
            return Wait::Stop;
    }
}

VmInit::Wait VmInit::idle(int timeoutMs)
{
    std::vector<int> signals;
    if (!m_init.step(timeoutMs, signals)) {
        // poll(2) on a signalfd does not fail for anything but EINVAL/ENOMEM; do not spin.
        ::usleep(useconds_t(timeoutMs) * 1000);
        return Wait::Ready;
    }
    return std::any_of(signals.begin(), signals.end(), isStopSignal) ? Wait::Stop : Wait::Ready;
}

void VmInit::powerOff()
{
    log("powering off");
    m_port.reset();
    m_init.endEverything();
    ::sync();
    if (::mount(nullptr, "/", nullptr, MS_REMOUNT | MS_RDONLY, nullptr) != 0)
        log(std::string("cannot remount / read-only: ") + std::strerror(errno));
    ::reboot(RB_POWER_OFF);
    log(std::string("power-off failed: ") + std::strerror(errno));
}

int VmInit::probe(const std::string &root, const std::string &release, FILE *out)
{
    const KernelModules modules(root, release);
    const VirtioDevices devices(root);
    std::vector<std::string> names{"virtio_pci"};
    for (std::string &driver : VirtioDevices::modulesFor(devices.types()))
        names.push_back(std::move(driver));
    const auto files = modules.resolve(names);
    const std::string prefix = root == "/" ? std::string() : root;
    int status = 0;
    if (files) {
        for (const std::string &file : *files)
            std::fprintf(out, "module %s\n", file.substr(prefix.size()).c_str());
    } else {
        std::fprintf(out, "error: %s\n", files.error().c_str());
        status = 1;
    }
    const std::string port = devices.findPort(kPortName);
    std::fprintf(out, "port %s\n", port.empty() ? "none" : ("/dev/" + port).c_str());
    for (const std::string &interface : devices.networkInterfaces())
        std::fprintf(out, "network %s\n", interface.c_str());

    const KernelCommandLine cmdline = KernelCommandLine::read(root);
    if (const auto device = cmdline.value("root")) {
        std::fprintf(out, "root %s %s %s\n", device->c_str(),
                     cmdline.value("rootfstype").value_or("ext4").c_str(),
                     cmdline.hasFlag("rw") ? "rw" : "ro");
    }
    std::string init = cmdline.value("init").value_or(InitramfsStage::kDefaultInit);
    for (const std::string &argument : cmdline.initArguments())
        init += " " + argument;
    std::fprintf(out, "init %s\n", init.c_str());
    return status;
}

} // namespace Terrarium::Guest
