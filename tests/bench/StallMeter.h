#pragma once

#include <QElapsedTimer>
#include <QList>

class QObject;
class QTimer;

namespace Terrarium::Bench {

// Gaps between the ticks of a 5 ms timer in the GUI thread: anything beyond 5 ms is time the
// event loop could not run (input, paint) because something else held it. VmRSS is sampled too.
class StallMeter
{
public:
    static constexpr int TickMs = 5;

    void start(QObject *context);
    void stop();
    double longest() const;
    double percentile(double p) const;
    double rssGrowth() const { return m_peakRss - m_startRss; }
    qsizetype ticks() const { return m_gaps.size(); }

    // VmRSS of this process, in MiB.
    static double rssMiB();

private:
    QTimer *m_timer = nullptr;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    QList<double> m_gaps;
    double m_startRss = 0;
    double m_peakRss = 0;
};

} // namespace Terrarium::Bench
