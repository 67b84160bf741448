#include "BenchReport.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace Terrarium::Bench {

void BenchReport::figure(const QString &name, double value, const QString &unit)
{
    m_figures.append({name, value});
    std::printf("figure: %s %.3f %s\n", qPrintable(name), value, qPrintable(unit));
    std::fflush(stdout);
}

void BenchReport::target(const QString &name, const QString &op, double limit)
{
    double value = std::nan("");
    for (const auto &[figure, measured] : m_figures) {
        if (figure == name)
            value = measured;
    }
    const bool met = op == QLatin1String("<=") ? value <= limit : value >= limit;
    m_missed = m_missed || !met;
    std::printf("target: %s %s %g %s\n", qPrintable(name), qPrintable(op), limit,
                met ? "met" : "MISSED");
    std::fflush(stdout);
}

double BenchReport::percentile(QList<double> values, double p)
{
    if (values.isEmpty())
        return std::nan("");
    std::sort(values.begin(), values.end());
    const double rank = p / 100.0 * double(values.size() - 1);
    const qsizetype low = qsizetype(std::floor(rank));
    const qsizetype high = std::min<qsizetype>(low + 1, values.size() - 1);
    return values.at(low) + (values.at(high) - values.at(low)) * (rank - double(low));
}

int BenchReport::cannotRun(const QString &why)
{
    std::printf("error: %s\n", qPrintable(why));
    std::fflush(stdout);
    return 2;
}

} // namespace Terrarium::Bench
