#pragma once

#include "core/agent/PlanStep.h"

#include <QAbstractListModel>
#include <QList>

namespace Terrarium::Core {

// A read-only list model over one earlier plan revision (PlanModel::revisions()), with the same
// roles as PlanModel, so the checklist can show a replaced revision with the same delegate.
class PlanSnapshotModel : public QAbstractListModel
{
    Q_OBJECT

public:
    explicit PlanSnapshotModel(QObject *parent = nullptr);
    ~PlanSnapshotModel() override;

    void setSteps(const QList<PlanStep> &steps, int revision);
    int revision() const { return m_revision; }

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    QList<PlanStep> m_steps;
    int m_revision = 0;
};

} // namespace Terrarium::Core
