#pragma once

#include "core/Error.h"
#include "core/terminal/TerminalSession.h"
#include "vm/UniqueFd.h"

#include <QByteArray>

#include <memory>

class QSocketNotifier;

namespace Terrarium::Vm {

class PtyReader;

// A terminal device someone else drives, as a Core::TerminalSession: the host end of a VM's
// serial console (QEMU's pty, as the running domain's XML names it). Nothing is started or
// stopped here; close() only lets go of the device, and so does the other side's hang-up.
// Raw mode: every byte goes through as it is; the guest's own line discipline does the rest.
class TtySession final : public Core::TerminalSession
{
    Q_OBJECT

public:
    explicit TtySession(QObject *parent = nullptr);
    ~TtySession() override;

    Core::Result<void> open(const QString &path);

    void write(const QByteArray &data) override;
    // A serial line has no window size to tell; the guest's shell keeps its own.
    void resize(int columns, int rows) override;
    void close() override;
    bool isOpen() const override { return m_fd.isValid(); }

private:
    void readAvailable();
    void flushWrites();

    UniqueFd m_fd;
    std::unique_ptr<PtyReader> m_reader;
    QSocketNotifier *m_writeNotifier = nullptr;
    QByteArray m_pendingWrite;
    bool m_finished = false;
};

} // namespace Terrarium::Vm
