#pragma once

#include "core/Error.h"
#include "core/terminal/TerminalSession.h"

#include <libvirt/libvirt.h>

#include <memory>

namespace Terrarium::Vm {

// A VM's serial console through libvirt (virDomainOpenConsole): a non-blocking stream whose
// events libvirt's event loop thread (LibvirtEventLoop) delivers; what it reads reaches this
// object's thread as received(). Works wherever the connection goes, qemu+ssh:// included.
// Raw bytes both ways; the guest's line discipline does the rest, and a serial line has no window
// size to tell. Opened in libvirt's "safe" mode: refused while another client (a second pane,
// virsh console) has the console, rather than taking it from them.
class LibvirtConsoleSession final : public Core::TerminalSession
{
    Q_OBJECT

public:
    // The connection of domain must have been opened after LibvirtEventLoop::ensureRunning()
    // (LibvirtConnection::open() does that). name: the VM's, for messages.
    static Core::Result<LibvirtConsoleSession *> open(virDomainPtr domain, const QString &name,
                                                      QObject *parent = nullptr);
    ~LibvirtConsoleSession() override;

    void write(const QByteArray &data) override;
    void resize(int columns, int rows) override;
    void close() override;
    bool isOpen() const override;

    struct Stream; // shared with libvirt's event loop thread

private:
    LibvirtConsoleSession(std::shared_ptr<Stream> stream, QObject *parent);
    void end();

    std::shared_ptr<Stream> m_stream;
    bool m_finished = false;
};

} // namespace Terrarium::Vm
