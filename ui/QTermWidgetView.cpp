#include "QTermWidgetView.h"

#include "core/terminal/TerminalPaste.h"
#include "core/terminal/TerminalSession.h"
#include "core/terminal/TerminalSizeSender.h"
#include "ui/UiLogging.h"

#include "ui/QTermWidgetHeader.h"

#include <QBuffer>
#include <QEvent>
#include <QFontDatabase>
#include <QSocketNotifier>
#include <QTimer>
#include <QVBoxLayout>

#include <cerrno>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

namespace Terrarium::Widgets {

namespace {

constexpr int ScrollbackLines = 10'000;

} // namespace

QTermWidgetView::QTermWidgetView(QWidget *parent)
    : QWidget(parent)
    , m_term(new QTermWidget(0, this))
    , m_sizeSender(new Core::TerminalSizeSender(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_term);
    setFocusProxy(m_term);

    m_term->setTerminalFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_term->setScrollBarPosition(QTermWidget::ScrollBarRight);
    m_term->setHistorySize(ScrollbackLines);
    // ^S and ^Q are the program's, as in TerminalView.
    m_term->setFlowControlEnabled(false);
    followPalette();

    m_term->startTerminalTeletype();
    m_slaveFd = m_term->getPtySlaveFd();
    if (m_slaveFd >= 0) {
        // The bytes are the program's terminal output already: the line discipline must pass
        // them as they are (no "\n" -> "\r\n"), and a full pty must not block the GUI thread.
        termios mode{};
        if (::tcgetattr(m_slaveFd, &mode) == 0) {
            mode.c_oflag &= ~tcflag_t(OPOST);
            ::tcsetattr(m_slaveFd, TCSANOW, &mode);
        }
        ::fcntl(m_slaveFd, F_SETFL, ::fcntl(m_slaveFd, F_GETFL) | O_NONBLOCK);
        m_slaveWritable = new QSocketNotifier(qintptr(m_slaveFd), QSocketNotifier::Write, this);
        m_slaveWritable->setEnabled(false);
        connect(m_slaveWritable, &QSocketNotifier::activated, this, &QTermWidgetView::writePending);
    } else {
        qCWarning(lcUi) << "QTermWidget opened no pseudo terminal; the pane stays empty";
    }

    connect(m_term, &QTermWidget::sendData, this, [this](const char *data, int size) {
        if (m_session) {
            m_sizeSender->flush();
            // QTermWidget brackets a paste with the clipboard's ESCs and all in it.
            m_session->write(Core::TerminalPaste::rebracketed(QByteArray(data, size)));
        }
    });
    connect(m_term, &QTermWidget::titleChanged, this,
            [this] { Q_EMIT titleChanged(m_term->title()); });
    connect(m_term, &QTermWidget::termGetFocus, this, &QTermWidgetView::focusReceived);
    m_term->installEventFilter(this);
}

QTermWidgetView::~QTermWidgetView()
{
    // Before QTermWidget closes the pty the notifier watches.
    delete m_slaveWritable;
    m_slaveWritable = nullptr;
}

void QTermWidgetView::setSession(Core::TerminalSession *session)
{
    if (m_session == session)
        return;
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    m_sizeSender->setSession(session);
    if (!session)
        return;
    connect(session, &Core::TerminalSession::received, this, &QTermWidgetView::display);
    connect(session, &Core::TerminalSession::finished, this, &QTermWidgetView::finished);
    passSizeOn();
}

Core::TerminalSession *QTermWidgetView::session() const
{
    return m_session;
}

int QTermWidgetView::columns() const
{
    return m_term->screenColumnsCount();
}

int QTermWidgetView::rows() const
{
    return m_term->screenLinesCount();
}

QString QTermWidgetView::text() const
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    m_term->saveHistory(&buffer);
    return QString::fromUtf8(buffer.data());
}

bool QTermWidgetView::eventFilter(QObject *watched, QEvent *event)
{
    // After QTermWidget has laid out its cells for the new size.
    if (watched == m_term && event->type() == QEvent::Resize)
        QTimer::singleShot(0, this, &QTermWidgetView::passSizeOn);
    return QWidget::eventFilter(watched, event);
}

void QTermWidgetView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        followPalette();
}

void QTermWidgetView::display(const QByteArray &data)
{
    if (m_slaveFd < 0)
        return;
    m_pending.append(data);
    if (m_pending.size() > m_pendingLimit) {
        const qsizetype skipped = m_pending.size() - PendingKeptOnSkip;
        // Attributes reset, so that the note is readable whatever the skipped part set.
        const QByteArray note = "\r\n\x1b[0m"
            + tr("[%1 MiB of output skipped: the terminal could not keep up]")
                  .arg(double(skipped) / (1024 * 1024), 0, 'f', 1)
                  .toUtf8()
            + "\r\n";
        m_pending = note + m_pending.right(PendingKeptOnSkip);
        Q_EMIT outputSkipped(skipped);
    }
    writePending();
}

void QTermWidgetView::writePending()
{
    while (!m_pending.isEmpty()) {
        const ssize_t written = ::write(m_slaveFd, m_pending.constData(), size_t(m_pending.size()));
        if (written > 0) {
            m_pending.remove(0, written);
            continue;
        }
        if (written < 0 && errno == EINTR)
            continue;
        if (written < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            qCWarning(lcUi) << "QTermWidget's pseudo terminal refused output:"
                            << qt_error_string(errno);
            m_pending.clear();
        }
        break;
    }
    // Full: QTermWidget reads it on this thread's event loop; the rest goes once it did.
    m_slaveWritable->setEnabled(!m_pending.isEmpty());
}

void QTermWidgetView::passSizeOn()
{
    m_sizeSender->setSize(m_term->screenColumnsCount(), m_term->screenLinesCount());
}

void QTermWidgetView::followPalette()
{
    // QTermWidget has colour schemes, not the palette: the one of the same lightness.
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    m_term->setColorScheme(dark ? QStringLiteral("WhiteOnBlack") : QStringLiteral("BlackOnWhite"));
}

} // namespace Terrarium::Widgets
