#pragma once

#include <QList>
#include <QString>

namespace Terrarium::Bench {

// Prints figures and targets in the project's benchmark format (docs/ARCHITECTURE.md, "Testing"):
//   figure: <name> <value> <unit>
//   target: <name> <op> <value>   (followed by "met" or "MISSED")
// exitCode(): 0 when every target is met, 1 when one is not.
class BenchReport
{
public:
    void figure(const QString &name, double value, const QString &unit);
    // op is "<=" or ">="; the figure must have been reported before.
    void target(const QString &name, const QString &op, double limit);
    int exitCode() const { return m_missed ? 1 : 0; }

    // The p-th percentile (0..100) of values (copied and sorted).
    static double percentile(QList<double> values, double p);
    // Prints "error: why" and returns 2: the benchmark could not run.
    static int cannotRun(const QString &why);

private:
    QList<std::pair<QString, double>> m_figures;
    bool m_missed = false;
};

} // namespace Terrarium::Bench
