#include "SseParser.h"

#include <cstring>

namespace Terrarium::Core {

namespace {

constexpr char Bom[] = {'\xEF', '\xBB', '\xBF'};

bool isAsciiDigits(QByteArrayView value)
{
    if (value.isEmpty())
        return false;
    for (char c : value) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

} // namespace

SseParser::SseParser(qsizetype maxEventSize)
    : m_maxEventSize(maxEventSize > 0 ? maxEventSize : DefaultMaxEventSize)
{ }

void SseParser::feed(QByteArrayView bytes)
{
    if (m_error || m_finished)
        return;

    const char *const begin = bytes.data();
    const qsizetype size = bytes.size();
    qsizetype pos = 0;

    // The BOM may itself arrive split across feeds; hold back the matched prefix until decided.
    while (!m_bomDone && pos < size) {
        if (begin[pos] == Bom[m_bomMatched]) {
            ++pos;
            if (++m_bomMatched == 3)
                m_bomDone = true;
        } else {
            m_bomDone = true;
            appendToLine(QByteArrayView(Bom, m_bomMatched));
        }
    }

    while (pos < size && !m_error) {
        if (m_skipLf) {
            m_skipLf = false;
            if (begin[pos] == '\n') {
                ++pos;
                continue;
            }
        }
        // memchr twice is faster than a byte loop and keeps long data lines cheap.
        const void *lf = std::memchr(begin + pos, '\n', size_t(size - pos));
        const void *cr = std::memchr(begin + pos, '\r', size_t(size - pos));
        const char *end = static_cast<const char *>(lf);
        if (cr && (!end || static_cast<const char *>(cr) < end))
            end = static_cast<const char *>(cr);
        if (!end) {
            appendToLine(QByteArrayView(begin + pos, size - pos));
            break;
        }
        appendToLine(QByteArrayView(begin + pos, end - (begin + pos)));
        if (m_error)
            break;
        m_skipLf = (*end == '\r');
        pos = (end - begin) + 1;
        processLine();
    }
}

void SseParser::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_error)
        return;
    if (!m_bomDone) {
        m_bomDone = true;
        appendToLine(QByteArrayView(Bom, m_bomMatched));
    }
    if (!m_line.isEmpty())
        processLine();
    dispatch();
}

QList<SseEvent> SseParser::takeEvents()
{
    QList<SseEvent> events;
    events.swap(m_events);
    return events;
}

void SseParser::appendToLine(QByteArrayView bytes)
{
    if (m_line.size() + bytes.size() > m_maxEventSize) {
        m_error = true;
        m_line.clear();
        m_data.clear();
        return;
    }
    m_line.append(bytes);
}

void SseParser::processLine()
{
    const QByteArrayView line(m_line);
    if (line.isEmpty()) {
        dispatch();
        return;
    }
    if (line.front() == ':') {
        m_line.clear();
        return;
    }

    QByteArrayView field = line;
    QByteArrayView value;
    if (const qsizetype colon = line.indexOf(':'); colon >= 0) {
        field = line.first(colon);
        value = line.sliced(colon + 1);
        if (value.startsWith(' '))
            value = value.sliced(1);
    }

    if (field == "data") {
        if (m_data.size() + value.size() + 1 > m_maxEventSize) {
            m_error = true;
            m_data.clear();
        } else {
            m_data.append(value);
            m_data.append('\n');
        }
    } else if (field == "event") {
        m_eventType = value.toByteArray();
    } else if (field == "id") {
        if (!value.contains('\0'))
            m_lastEventId = value.toByteArray();
    } else if (field == "retry") {
        if (isAsciiDigits(value) && value.size() <= 12)
            m_retryMs = value.toByteArray().toLongLong();
    }
    m_line.clear();
}

void SseParser::dispatch()
{
    if (m_data.isEmpty()) {
        m_eventType.clear();
        return;
    }
    m_data.chop(1); // the '\n' appended after the last data line
    SseEvent event;
    event.event = m_eventType.isEmpty() ? QByteArrayLiteral("message") : m_eventType;
    event.data = m_data;
    event.id = m_lastEventId;
    m_events.append(std::move(event));
    m_data.clear();
    m_eventType.clear();
}

} // namespace Terrarium::Core
