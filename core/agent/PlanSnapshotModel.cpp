#include "PlanSnapshotModel.h"

#include "core/agent/PlanModel.h"

namespace Terrarium::Core {

PlanSnapshotModel::PlanSnapshotModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

PlanSnapshotModel::~PlanSnapshotModel() = default;

void PlanSnapshotModel::setSteps(const QList<PlanStep> &steps, int revision)
{
    beginResetModel();
    m_steps = steps;
    m_revision = revision;
    endResetModel();
}

int PlanSnapshotModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_steps.size());
}

QVariant PlanSnapshotModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    return PlanModel::stepData(m_steps.at(index.row()), role);
}

QHash<int, QByteArray> PlanSnapshotModel::roleNames() const
{
    return PlanModel::stepRoleNames();
}

} // namespace Terrarium::Core
