#pragma once

namespace Terrarium::Vm {

// libvirt's own event loop (virEventRegisterDefaultImpl) on a thread of its own, which stream
// callbacks (a VM's console) and connection keepalives need. libvirt keeps one event
// implementation per process and it must be in place before the first connection opens, so this
// is process-wide by necessity: ensureRunning() registers it and starts the thread once, and
// does nothing on later calls. The thread stays until the process ends; it only sleeps in poll()
// while nothing happens.
class LibvirtEventLoop final
{
public:
    // False when libvirt refused the registration (the reason is logged).
    static bool ensureRunning();

    LibvirtEventLoop() = delete;
};

} // namespace Terrarium::Vm
