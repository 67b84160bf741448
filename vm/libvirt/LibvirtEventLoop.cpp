#include "LibvirtEventLoop.h"

#include "vm/VmLogging.h"
#include "vm/libvirt/LibvirtError.h"

#include <libvirt/libvirt.h>

#include <mutex>
#include <thread>

namespace Terrarium::Vm {

bool LibvirtEventLoop::ensureRunning()
{
    static std::once_flag once;
    static bool running = false;
    std::call_once(once, [] {
        LibvirtError::installHandler();
        if (virEventRegisterDefaultImpl() < 0) {
            qCWarning(lcVm).noquote()
                << "libvirt's event loop is not available:"
                << LibvirtError::last(QStringLiteral("virEventRegisterDefaultImpl")).message;
            return;
        }
        running = true;
        std::thread([] {
            for (;;) {
                if (virEventRunDefaultImpl() < 0)
                    qCWarning(lcVm).noquote()
                        << LibvirtError::last(QStringLiteral("libvirt's event loop")).message;
            }
        }).detach();
    });
    return running;
}

} // namespace Terrarium::Vm
