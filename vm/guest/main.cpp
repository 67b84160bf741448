// terrarium-agent: runs commands inside a sandbox on behalf of Terrarium; see PROTOCOL.md.

#include "Agent.h"
#include "Fd.h"
#include "Init.h"
#include "InitramfsStage.h"
#include "KernelModules.h"
#include "MemoryWatch.h"
#include "Version.h"
#include "VmInit.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/reboot.h>
#include <sys/signalfd.h>
#include <termios.h>
#include <unistd.h>

using namespace Terrarium::Guest;

namespace {

void printUsage(FILE *to)
{
    std::fputs("usage: terrarium-agent [--memory-limit-mib N] [--device PATH]\n"
               "       terrarium-agent [--memory-limit-mib N] --init [COMMAND [ARG...]]\n"
               "       terrarium-agent [--memory-limit-mib N] --vm-init\n"
               "       terrarium-agent --vm-probe [--root DIR] [--release RELEASE]\n"
               "       terrarium-agent --version\n"
               "Serves the Terrarium agent protocol (JSON-RPC lines) on stdin/stdout or PATH;\n"
               "--init runs as a container's PID 1 (reaps children, ends everything on SIGTERM).\n"
               "--vm-init runs as a VM's PID 1 and serves the virtio-serial port\n"
               "org.terrarium.agent.0; --vm-probe shows what it would load and use.\n"
               "--memory-limit-mib kills what makes the sandbox's processes use more than N MiB.\n",
               to);
}

// Commands get fds 0-2 replaced, but an agent started with one of them closed would hand that
// number to the first pipe it makes; occupy them with /dev/null first.
void ensureStandardFds()
{
    for (int fd = 0; fd < 3; ++fd) {
        if (::fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
            const int null = ::open("/dev/null", O_RDWR);
            if (null >= 0 && null != fd) {
                ::dup2(null, fd);
                ::close(null);
            }
        }
    }
}

// SIGCHLD and the termination signals are read from a signalfd by the loop, so they must be
// blocked; SIGPIPE is ignored so that a vanished reader is an EPIPE, not our death.
int setUpSignals(bool vmInit)
{
    ::signal(SIGPIPE, SIG_IGN);
    sigset_t set;
    sigemptyset(&set);
    if (vmInit) {
        set = VmInit::signals();
    } else {
        for (int sig : {SIGCHLD, SIGTERM, SIGINT, SIGHUP})
            sigaddset(&set, sig);
    }
    ::sigprocmask(SIG_BLOCK, &set, nullptr);
    return ::signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

// The first stage could not bring up the root disk: say why on the console and end the VM, so
// that the host sees it stop instead of a kernel panic or a hang.
[[noreturn]] void failBoot(const std::string &why)
{
    std::fprintf(stderr, "terrarium-agent: %s; powering off\n", why.c_str());
    ::sync();
    ::sleep(1);
    ::reboot(RB_POWER_OFF);
    for (;;)
        ::pause();
}

void setNonBlocking(int fd)
{
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

// A positive number of MiB (at most 2^30, a PiB), or 0 if text is not one.
int64_t parseMib(std::string_view text)
{
    int64_t mib = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), mib);
    if (ec != std::errc() || end != text.data() + text.size() || mib < 1 || mib > (1LL << 30))
        return 0;
    return mib;
}

} // namespace

int main(int argc, char **argv)
{
    // Commands run as our uid, which alone would let them open /proc/<agent>/fd/* (and write
    // forged protocol lines into our channel), read our environ and memory, or ptrace us. A
    // non-dumpable process passes those checks only for CAP_SYS_PTRACE, which sandboxed commands
    // lack. Children are not affected: execve() of an ordinary binary makes them dumpable again.
    ::prctl(PR_SET_DUMPABLE, 0);

    std::string device;
    int heldPortFd = -1; // the initramfs stage's port (--port-fd)
    bool init = false;
    bool vmInit = false;
    int64_t memoryLimitMib = 0;
    std::vector<std::string> initCommand;
    auto badLimit = [](const char *text) {
        std::fprintf(stderr,
                     "terrarium-agent: --memory-limit-mib needs a positive number, not %s\n", text);
        return 2;
    };
    // The kernel hands init every word of its command line that it does not know itself: as a
    // VM's init, an unknown argument must not make us exit (the kernel would panic).
    const bool lenient = std::any_of(argv + 1, argv + argc, [](const char *arg) {
        return std::string_view(arg) == "--vm-init";
    });
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--version") {
            std::printf("terrarium-agent %s\n", kAgentVersion);
            return 0;
        }
        if (arg == "--help" || arg == "-h") {
            printUsage(stdout);
            return 0;
        }
        if (arg == "--init") {
            init = true;
            int first = i + 1;
            // Options may follow --init too (before the command), so that a container's command
            // line can just be extended.
            while (first + 1 < argc && std::string_view(argv[first]) == "--memory-limit-mib") {
                memoryLimitMib = parseMib(argv[first + 1]);
                if (memoryLimitMib == 0)
                    return badLimit(argv[first + 1]);
                first += 2;
            }
            if (first < argc && std::string_view(argv[first]) == "--")
                ++first;
            for (int j = first; j < argc; ++j)
                initCommand.emplace_back(argv[j]);
            break;
        }
        if (arg == "--vm-init") {
            vmInit = true;
            continue;
        }
        if (arg == "--vm-probe") {
            std::string root = "/";
            std::string release = KernelModules::runningRelease();
            for (int j = i + 1; j < argc; j += 2) {
                const std::string_view option = argv[j];
                if (option == "--root" && j + 1 < argc) {
                    root = argv[j + 1];
                } else if (option == "--release" && j + 1 < argc) {
                    release = argv[j + 1];
                } else {
                    std::fprintf(stderr, "terrarium-agent: unknown argument %s\n", argv[j]);
                    return 2;
                }
            }
            return VmInit::probe(root, release, stdout);
        }
        if (arg == "--device" && i + 1 < argc) {
            device = argv[++i];
            continue;
        }
        if (arg == InitramfsStage::kPortFdArgument && i + 1 < argc) {
            heldPortFd = std::atoi(argv[++i]);
            continue;
        }
        if (arg == "--memory-limit-mib" && i + 1 < argc) {
            memoryLimitMib = parseMib(argv[++i]);
            if (memoryLimitMib == 0)
                return badLimit(argv[i]);
            continue;
        }
        std::fprintf(stderr, "terrarium-agent: unknown argument %s\n", argv[i]);
        if (lenient)
            continue;
        printUsage(stderr);
        return 2;
    }

    if (vmInit) {
        // Mounting and powering off are for a VM's PID 1 only, never for a host's root shell.
        if (::getpid() != 1 || init || !device.empty()) {
            std::fputs("terrarium-agent: --vm-init runs only as a VM's init (PID 1), alone\n",
                       stderr);
            return 2;
        }
        if (InitramfsStage::isActive()) {
            std::vector<std::string> arguments(argv + 1, argv + argc);
            failBoot(InitramfsStage::run(arguments));
        }
        VmInit::mountFileSystems();
    }

    ensureStandardFds();
    const Fd signalFd(setUpSignals(vmInit));
    if (!signalFd.isValid()) {
        std::fprintf(stderr, "terrarium-agent: signalfd: %s\n", std::strerror(errno));
        return 1;
    }

    std::optional<MemoryWatch> memory;
    if (memoryLimitMib > 0)
        memory.emplace(memoryLimitMib * 1024 * 1024, MemoryWatch::detectScope(!device.empty()));

    if (init)
        return Init(signalFd.get(), std::move(initCommand), std::move(memory)).run();
    if (vmInit) {
        VmInit vm(signalFd.get(), std::move(memory));
        if (heldPortFd > 2)
            vm.adoptPort(heldPortFd);
        return vm.run();
    }

    if (!device.empty()) {
        const Fd port(::open(device.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK));
        if (!port.isValid()) {
            std::fprintf(stderr, "terrarium-agent: cannot open %s: %s\n", device.c_str(),
                         std::strerror(errno));
            return 1;
        }
        // A serial console instead of a virtio port: bytes must pass through untouched.
        termios raw{};
        if (::tcgetattr(port.get(), &raw) == 0) {
            ::cfmakeraw(&raw);
            ::tcsetattr(port.get(), TCSANOW, &raw);
        }
        return Agent(port.get(), port.get(), signalFd.get(), std::move(memory)).run();
    }

    // The flags belong to the open file description, which the caller may share (a terminal);
    // put them back on the way out.
    const int inFlags = ::fcntl(STDIN_FILENO, F_GETFL);
    const int outFlags = ::fcntl(STDOUT_FILENO, F_GETFL);
    setNonBlocking(STDIN_FILENO);
    setNonBlocking(STDOUT_FILENO);
    // A bigger pipe to the host means fewer wake-ups for streamed output (no effect elsewhere).
    ::fcntl(STDOUT_FILENO, F_SETPIPE_SZ, 1024 * 1024);
    const int status = Agent(STDIN_FILENO, STDOUT_FILENO, signalFd.get(), std::move(memory)).run();
    ::fcntl(STDIN_FILENO, F_SETFL, inFlags);
    ::fcntl(STDOUT_FILENO, F_SETFL, outFlags);
    return status;
}
