#pragma once

#include <QByteArray>

namespace Terrarium::Core {

// Keeps the last `capacity` bytes of a stream and counts everything that went through, so a
// command that prints gigabytes costs a bounded amount of memory.
class OutputTail
{
public:
    explicit OutputTail(qsizetype capacity = 64 * 1024);

    void append(QByteArrayView data);
    void clear();

    qint64 totalBytes() const { return m_total; }
    bool isTruncated() const { return m_total > m_data.size(); }
    // The kept bytes, starting at a UTF-8 character boundary.
    QByteArray data() const;
    // The last `bytes` bytes (or fewer), starting at a UTF-8 character boundary.
    QByteArray last(qsizetype bytes) const;

private:
    QByteArray m_data;
    qsizetype m_capacity;
    qint64 m_total = 0;
};

} // namespace Terrarium::Core
