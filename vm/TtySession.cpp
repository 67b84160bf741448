#include "TtySession.h"

#include "core/CoreTr.h"
#include "vm/PtyReader.h"
#include "vm/VmLogging.h"

#include <QFile>
#include <QSocketNotifier>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

namespace Terrarium::Vm {

namespace {

constexpr qsizetype ReadBufferCapacity = 1024 * 1024;

} // namespace

TtySession::TtySession(QObject *parent)
    : Core::TerminalSession(parent)
{ }

TtySession::~TtySession()
{
    if (m_reader)
        m_reader->stop();
}

Core::Result<void> TtySession::open(const QString &path)
{
    const int fd =
        ::open(QFile::encodeName(path).constData(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return Core::makeError(Core::ErrorCode::SandboxError,
                               Core::Tr::tr("Cannot open the console %1: %2")
                                   .arg(path, QString::fromLocal8Bit(std::strerror(errno))));
    m_fd.reset(fd);
    termios mode{};
    if (::tcgetattr(fd, &mode) == 0) {
        ::cfmakeraw(&mode);
        ::tcsetattr(fd, TCSANOW, &mode);
    }
    m_reader = std::make_unique<PtyReader>(fd, ReadBufferCapacity);
    connect(m_reader.get(), &PtyReader::dataAvailable, this, &TtySession::readAvailable,
            Qt::QueuedConnection);
    m_reader->start();
    m_writeNotifier = new QSocketNotifier(fd, QSocketNotifier::Write, this);
    m_writeNotifier->setEnabled(false);
    connect(m_writeNotifier, &QSocketNotifier::activated, this, [this] { flushWrites(); });
    return {};
}

void TtySession::readAvailable()
{
    if (!m_reader)
        return;
    const QByteArray data = m_reader->take();
    if (!data.isEmpty())
        Q_EMIT received(data);
    if (m_reader->isAtEnd())
        close();
}

void TtySession::write(const QByteArray &data)
{
    if (!isOpen() || data.isEmpty())
        return;
    m_pendingWrite.append(data);
    flushWrites();
}

void TtySession::flushWrites()
{
    while (!m_pendingWrite.isEmpty() && m_fd.isValid()) {
        const ssize_t n = ::write(m_fd.get(), m_pendingWrite.constData(),
                                  static_cast<size_t>(m_pendingWrite.size()));
        if (n > 0) {
            m_pendingWrite.remove(0, n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN) {
            m_writeNotifier->setEnabled(true);
            return;
        }
        qCDebug(lcVm) << "console: write failed:" << strerror(errno);
        close();
        return;
    }
    if (m_writeNotifier)
        m_writeNotifier->setEnabled(false);
}

void TtySession::resize(int columns, int rows)
{
    Q_UNUSED(columns)
    Q_UNUSED(rows)
}

void TtySession::close()
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_reader)
        m_reader->stop();
    if (m_writeNotifier)
        m_writeNotifier->setEnabled(false);
    m_fd.reset();
    QMetaObject::invokeMethod(
        this, [this] { Q_EMIT finished(0); }, Qt::QueuedConnection);
}

} // namespace Terrarium::Vm
