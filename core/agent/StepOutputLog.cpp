#include "StepOutputLog.h"

#include <QTimer>

namespace Terrarium::Core {

namespace {

// A prompt longer than this is not a prompt anyone reads; only its end is kept.
constexpr qsizetype PartialLineChars = 1024;

// The last line of text that is not blank, without its newline; null when there is none.
QStringView lastNonBlankLine(QStringView text)
{
    qsizetype end = text.size();
    while (end > 0) {
        const qsizetype newline = text.lastIndexOf(u'\n', end - 1);
        const QStringView line = text.sliced(newline + 1, end - newline - 1);
        if (!line.trimmed().isEmpty())
            return line;
        end = newline < 0 ? 0 : newline;
    }
    return {};
}

} // namespace

StepOutputLog::StepOutputLog(int stepId, const QStringList &secrets, QObject *parent)
    : QObject(parent)
    , m_stepId(stepId)
    , m_flushTimer(new QTimer(this))
{
    m_out.redactor.setSecrets(secrets);
    m_err.redactor.setSecrets(secrets);
    m_flushTimer->setSingleShot(true);
    m_flushTimer->setInterval(FlushInterval);
    connect(m_flushTimer, &QTimer::timeout, this, &StepOutputLog::flushText);
}

StepOutputLog::~StepOutputLog() = default;

void StepOutputLog::append(OutputStream stream, QByteArrayView data)
{
    if (m_finished || data.isEmpty())
        return;
    // Secrets go before anything else sees the bytes: tails (prompts), events, spools.
    const QByteArray masked = channel(stream).redactor.feed(data);
    if (!masked.isEmpty())
        take(stream, masked);
}

void StepOutputLog::take(OutputStream stream, QByteArrayView masked)
{
    Channel &into = channel(stream);
    into.tail.append(masked);
    into.spool.append(masked);
    const QString text = into.decoder.decode(masked);
    if (text.isEmpty())
        return;

    const qsizetype newline = text.lastIndexOf(u'\n');
    const QString joined = m_lastPartialLine + text; // the line this text goes on first
    m_lastPartialLine = newline < 0 ? joined : text.mid(newline + 1);
    if (m_lastPartialLine.size() > PartialLineChars)
        m_lastPartialLine = m_lastPartialLine.right(PartialLineChars);
    if (const QStringView words = lastNonBlankLine(joined); !words.isNull())
        m_lastWords = words.right(PartialLineChars).toString();

    if (!m_pending.isEmpty() && m_pendingStream != stream)
        flushText();
    m_pendingStream = stream;
    m_pending += text;
    if (m_pending.size() >= FlushChars)
        flushText();
    else if (!m_flushTimer->isActive())
        m_flushTimer->start();
}

void StepOutputLog::clearPartialLine()
{
    m_lastPartialLine.clear();
    m_lastWords.clear();
    ++m_answers;
}

void StepOutputLog::flushText()
{
    m_flushTimer->stop();
    if (m_pending.isEmpty())
        return;
    const QString text = std::exchange(m_pending, QString());
    Q_EMIT textReady(m_pendingStream, text);
}

void StepOutputLog::finish()
{
    if (m_finished)
        return;
    for (const auto stream : {OutputStream::Stdout, OutputStream::Stderr}) {
        Channel &from = channel(stream);
        if (const QByteArray held = from.redactor.flush(); !held.isEmpty())
            take(stream, held);
    }
    flushText();
    m_finished = true;
}

bool StepOutputLog::isTruncated() const
{
    return m_out.tail.isTruncated() || m_err.tail.isTruncated();
}

} // namespace Terrarium::Core
