#include "RunListing.h"

#include "app/AppTr.h"
#include "core/output/VisibleText.h"

namespace Terrarium::App {

namespace {

constexpr qsizetype GoalChars = 60;

QString durationText(const Core::StoredRun &run)
{
    if (!run.startedAt.isValid() || !run.endedAt.isValid())
        return QStringLiteral("-");
    const qint64 seconds = std::max<qint64>(0, run.startedAt.secsTo(run.endedAt));
    if (seconds < 60)
        return QStringLiteral("%1s").arg(seconds);
    return QStringLiteral("%1m%2s").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

QString RunListing::format(const QList<Core::StoredRun> &runs)
{
    if (runs.isEmpty())
        return {};
    QStringList lines;
    lines << QStringLiteral("%1  %2  %3  %4  %5")
                 .arg(Tr::tr("RUN"), -36)
                 .arg(Tr::tr("STATUS"), -11)
                 .arg(Tr::tr("STARTED"), -16)
                 .arg(Tr::tr("TOOK"), -6)
                 .arg(Tr::tr("GOAL"));
    for (const Core::StoredRun &run : runs) {
        // A goal is the user's or a task file's words: one line, nothing that moves the cursor.
        QString goal = Core::VisibleText::escape(run.goal.simplified());
        if (goal.size() > GoalChars)
            goal = goal.left(GoalChars - 1) + QChar(0x2026);
        lines << QStringLiteral("%1  %2  %3  %4  %5")
                     .arg(run.runId, -36)
                     .arg(run.status, -11)
                     .arg(run.startedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")),
                          -16)
                     .arg(durationText(run), -6)
                     .arg(goal);
    }
    return lines.join(u'\n');
}

} // namespace Terrarium::App
