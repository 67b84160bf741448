#include "OutputTail.h"

namespace Terrarium::Core {

namespace {

QByteArray fromCharBoundary(QByteArrayView data)
{
    qsizetype start = 0;
    // Skip UTF-8 continuation bytes left over from a cut through a character (at most 3).
    while (start < data.size() && start < 3 && (quint8(data[start]) & 0xC0) == 0x80)
        ++start;
    return data.sliced(start).toByteArray();
}

} // namespace

OutputTail::OutputTail(qsizetype capacity)
    : m_capacity(capacity)
{ }

void OutputTail::append(QByteArrayView data)
{
    m_total += data.size();
    if (data.size() >= m_capacity) {
        m_data = data.last(m_capacity).toByteArray();
        return;
    }
    m_data.append(data);
    if (m_data.size() > m_capacity)
        m_data.remove(0, m_data.size() - m_capacity);
}

void OutputTail::clear()
{
    m_data.clear();
    m_total = 0;
}

QByteArray OutputTail::data() const
{
    return isTruncated() ? fromCharBoundary(m_data) : m_data;
}

QByteArray OutputTail::last(qsizetype bytes) const
{
    if (bytes >= m_data.size())
        return data();
    return fromCharBoundary(QByteArrayView(m_data).last(bytes));
}

} // namespace Terrarium::Core
