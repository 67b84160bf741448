#include "StallMeter.h"

#include "BenchReport.h"

#include <QFile>
#include <QTimer>

#include <algorithm>

namespace Terrarium::Bench {

double StallMeter::rssMiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    }
    return 0;
}

void StallMeter::start(QObject *context)
{
    m_peakRss = m_startRss = rssMiB();
    m_timer = new QTimer(context);
    m_timer->setTimerType(Qt::PreciseTimer);
    m_timer->setInterval(TickMs);
    QObject::connect(m_timer, &QTimer::timeout, context, [this] {
        const qint64 now = m_clock.nsecsElapsed();
        m_gaps.append(double(now - m_last) / 1e6);
        m_last = now;
        if (m_gaps.size() % 10 == 0)
            m_peakRss = std::max(m_peakRss, rssMiB());
    });
    m_clock.start();
    m_last = 0;
    m_timer->start();
}

void StallMeter::stop()
{
    m_timer->stop();
    m_peakRss = std::max(m_peakRss, rssMiB());
}

double StallMeter::longest() const
{
    return m_gaps.isEmpty() ? 0 : *std::ranges::max_element(m_gaps);
}

double StallMeter::percentile(double p) const
{
    return BenchReport::percentile(m_gaps, p);
}

} // namespace Terrarium::Bench
