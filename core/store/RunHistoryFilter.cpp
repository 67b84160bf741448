#include "RunHistoryFilter.h"

#include "core/store/RunHistoryModel.h"

namespace Terrarium::Core {

RunHistoryFilter::RunHistoryFilter(QObject *parent)
    : QSortFilterProxyModel(parent)
{ }

void RunHistoryFilter::setText(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_text)
        return;
    m_text = trimmed;
    invalidateRowsFilter();
}

void RunHistoryFilter::setStatus(const QString &status)
{
    if (status == m_status)
        return;
    m_status = status;
    invalidateRowsFilter();
}

bool RunHistoryFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!m_status.isEmpty() && index.data(RunHistoryModel::StatusRole).toString() != m_status)
        return false;
    if (m_text.isEmpty())
        return true;
    for (const int role : {RunHistoryModel::GoalRole, RunHistoryModel::SandboxRole,
                           RunHistoryModel::WorkspaceRole, RunHistoryModel::RunIdRole}) {
        if (index.data(role).toString().contains(m_text, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

} // namespace Terrarium::Core
