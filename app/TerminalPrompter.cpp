#include "TerminalPrompter.h"

#include "core/output/VisibleText.h"

#include <QSocketNotifier>

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace Terrarium::App {

TerminalPrompter::TerminalPrompter(const QString &terminalPath, QObject *parent)
    : QObject(parent)
{
    m_fd =
        ::open(terminalPath.toLocal8Bit().constData(), O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    if (m_fd < 0)
        return;
    m_notifier = new QSocketNotifier(m_fd, QSocketNotifier::Read, this);
    m_notifier->setEnabled(false);
    connect(m_notifier, &QSocketNotifier::activated, this, &TerminalPrompter::onReadable);
}

TerminalPrompter::~TerminalPrompter()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

void TerminalPrompter::ask(const QString &question)
{
    if (m_fd < 0)
        return;
    // Questions quote commands and prompts from the sandbox: nothing in them may steer the
    // terminal the user answers on.
    const QByteArray bytes = Core::VisibleText::escape(question).toUtf8();
    qsizetype offset = 0;
    while (offset < bytes.size()) {
        const ssize_t written =
            ::write(m_fd, bytes.constData() + offset, size_t(bytes.size() - offset));
        if (written <= 0)
            break;
        offset += written;
    }
    m_buffer.clear();
    m_asking = true;
    m_notifier->setEnabled(true);
}

void TerminalPrompter::onReadable()
{
    char chunk[512];
    for (;;) {
        const ssize_t count = ::read(m_fd, chunk, sizeof chunk);
        if (count > 0) {
            m_buffer.append(chunk, count);
            continue;
        }
        if (count < 0 && (errno == EAGAIN || errno == EINTR))
            break; // wait for more
        // End of file, or EIO once the terminal hung up.
        m_notifier->setEnabled(false);
        m_asking = false;
        Q_EMIT closed();
        return;
    }
    const qsizetype newline = m_buffer.indexOf('\n');
    if (newline < 0)
        return;
    const QString line = QString::fromUtf8(m_buffer.left(newline)).trimmed();
    m_buffer.clear();
    m_notifier->setEnabled(false);
    m_asking = false;
    Q_EMIT answered(line);
}

} // namespace Terrarium::App
