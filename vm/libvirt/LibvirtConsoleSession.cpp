#include "LibvirtConsoleSession.h"

#include "core/CoreTr.h"
#include "vm/VmLogging.h"
#include "vm/libvirt/LibvirtError.h"
#include "vm/libvirt/LibvirtHandles.h"

#include <QMetaObject>

#include <array>
#include <mutex>

namespace Terrarium::Vm {

namespace {

constexpr int ReadEvents =
    VIR_STREAM_EVENT_READABLE | VIR_STREAM_EVENT_ERROR | VIR_STREAM_EVENT_HANGUP;
// Reads per event before others get a turn (a flood keeps the stream readable).
constexpr int MaxReadsPerEvent = 16;

} // namespace

struct LibvirtConsoleSession::Stream
{
    std::mutex mutex; // everything below; libvirt calls on the stream happen under it
    LibvirtStreamHandle handle;
    LibvirtConsoleSession *session = nullptr; // null once the session is gone
    QByteArray pending; // input libvirt has not taken yet
    bool ended = false;

    // The stream is over (end of file, an error, close()): no more callbacks, no more calls.
    void endLocked()
    {
        if (ended)
            return;
        ended = true;
        virStreamEventRemoveCallback(handle.get());
        virStreamAbort(handle.get());
        if (session)
            QMetaObject::invokeMethod(
                session, [target = session] { target->end(); }, Qt::QueuedConnection);
    }

    void deliverLocked(QByteArray data)
    {
        if (session)
            QMetaObject::invokeMethod(
                session,
                [target = session, data = std::move(data)] { Q_EMIT target->received(data); },
                Qt::QueuedConnection);
    }

    void flushLocked()
    {
        while (!ended && !pending.isEmpty()) {
            const int sent =
                virStreamSend(handle.get(), pending.constData(), size_t(pending.size()));
            if (sent == -2) {
                // Full: the rest goes when libvirt says the stream takes more.
                virStreamEventUpdateCallback(handle.get(), ReadEvents | VIR_STREAM_EVENT_WRITABLE);
                return;
            }
            if (sent < 0) {
                qCWarning(lcVm).noquote()
                    << LibvirtError::last(QStringLiteral("writing to a VM's console")).message;
                endLocked();
                return;
            }
            pending.remove(0, sent);
        }
        if (!ended)
            virStreamEventUpdateCallback(handle.get(), ReadEvents);
    }

    // libvirt's event loop thread.
    static void onEvent(virStreamPtr, int events, void *opaque)
    {
        const std::shared_ptr<Stream> stream = *static_cast<std::shared_ptr<Stream> *>(opaque);
        const std::lock_guard lock(stream->mutex);
        if (stream->ended)
            return;
        if (events & VIR_STREAM_EVENT_READABLE) {
            std::array<char, 65536> buffer;
            for (int i = 0; i < MaxReadsPerEvent; ++i) {
                const int read = virStreamRecv(stream->handle.get(), buffer.data(), buffer.size());
                if (read == -2)
                    break;
                if (read <= 0) {
                    if (read < 0)
                        qCWarning(lcVm).noquote()
                            << LibvirtError::last(QStringLiteral("reading a VM's console")).message;
                    stream->endLocked();
                    return;
                }
                stream->deliverLocked(QByteArray(buffer.data(), read));
            }
        }
        if (events & VIR_STREAM_EVENT_WRITABLE)
            stream->flushLocked();
        if (events & (VIR_STREAM_EVENT_ERROR | VIR_STREAM_EVENT_HANGUP))
            stream->endLocked();
    }

    static void freeOpaque(void *opaque) { delete static_cast<std::shared_ptr<Stream> *>(opaque); }
};

Core::Result<LibvirtConsoleSession *>
LibvirtConsoleSession::open(virDomainPtr domain, const QString &name, QObject *parent)
{
    auto stream = std::make_shared<Stream>();
    stream->handle.reset(virStreamNew(virDomainGetConnect(domain), VIR_STREAM_NONBLOCK));
    if (!stream->handle)
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot open the console of the VM %1").arg(name));
    if (virDomainOpenConsole(domain, nullptr, stream->handle.get(), VIR_DOMAIN_CONSOLE_SAFE) < 0)
        return LibvirtError::lastUnexpected(
            Core::Tr::tr("Cannot open the console of the VM %1 (is it open in another pane or in "
                         "virsh console?)")
                .arg(name));
    auto *session = new LibvirtConsoleSession(stream, parent);
    const std::lock_guard lock(stream->mutex);
    if (virStreamEventAddCallback(stream->handle.get(), ReadEvents, &Stream::onEvent,
                                  new std::shared_ptr<Stream>(stream), &Stream::freeOpaque)
        < 0) {
        const Core::Error error = LibvirtError::last(
            Core::Tr::tr("Cannot follow the console of the VM %1 (libvirt's event loop is not "
                         "running)")
                .arg(name));
        stream->ended = true;
        virStreamAbort(stream->handle.get());
        stream->session = nullptr;
        delete session;
        return std::unexpected(error);
    }
    return session;
}

LibvirtConsoleSession::LibvirtConsoleSession(std::shared_ptr<Stream> stream, QObject *parent)
    : Core::TerminalSession(parent)
    , m_stream(std::move(stream))
{
    m_stream->session = this;
}

LibvirtConsoleSession::~LibvirtConsoleSession()
{
    const std::lock_guard lock(m_stream->mutex);
    m_stream->session = nullptr;
    m_stream->endLocked();
}

void LibvirtConsoleSession::write(const QByteArray &data)
{
    const std::lock_guard lock(m_stream->mutex);
    if (m_stream->ended)
        return;
    m_stream->pending += data;
    m_stream->flushLocked();
}

void LibvirtConsoleSession::resize(int, int) { }

void LibvirtConsoleSession::close()
{
    const std::lock_guard lock(m_stream->mutex);
    m_stream->endLocked();
}

bool LibvirtConsoleSession::isOpen() const
{
    const std::lock_guard lock(m_stream->mutex);
    return !m_stream->ended;
}

void LibvirtConsoleSession::end()
{
    if (m_finished)
        return;
    m_finished = true;
    Q_EMIT finished(0);
}

} // namespace Terrarium::Vm
