#include "SignalWatcher.h"

#include "app/AppLogging.h"

#include <QSocketNotifier>

#include <csignal>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace Terrarium::App {

namespace {

// The write end of the self-pipe; the handler may only touch async-signal-safe state.
int s_signalFd[2] = {-1, -1};

extern "C" void handleSignal(int signalNumber)
{
    const unsigned char byte = static_cast<unsigned char>(signalNumber);
    [[maybe_unused]] const ssize_t written = ::write(s_signalFd[0], &byte, 1);
}

} // namespace

SignalWatcher::SignalWatcher(QObject *parent)
    : QObject(parent)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, s_signalFd) != 0) {
        qCWarning(lcApp) << "cannot create the signal socket pair; Ctrl+C will not cancel cleanly";
        return;
    }
    m_notifier = new QSocketNotifier(s_signalFd[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &SignalWatcher::onReadable);

    struct sigaction action = {};
    action.sa_handler = handleSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
}

SignalWatcher::~SignalWatcher()
{
    if (!m_notifier)
        return;
    struct sigaction action = {};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
    ::close(s_signalFd[0]);
    ::close(s_signalFd[1]);
    s_signalFd[0] = s_signalFd[1] = -1;
}

void SignalWatcher::onReadable()
{
    unsigned char byte = 0;
    while (::read(s_signalFd[1], &byte, 1) == 1)
        Q_EMIT interrupted(byte);
}

} // namespace Terrarium::App
