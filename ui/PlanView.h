#pragma once

#include <QPointer>
#include <QWidget>

class QComboBox;
class QListView;
class QTimer;

namespace Terrarium::Core {
class PlanModel;
class PlanSnapshotModel;
} // namespace Terrarium::Core

namespace Terrarium::Widgets {

class PlanStepDelegate;

// The plan checklist over the orchestrator's PlanModel, with a revision picker: after a re-plan
// the current revision shows by default and earlier ones stay inspectable.
class PlanView : public QWidget
{
    Q_OBJECT

public:
    explicit PlanView(QWidget *parent = nullptr);
    ~PlanView() override;

    void setPlanModel(Core::PlanModel *model);
    QListView *listView() const { return m_list; }
    QComboBox *revisionPicker() const { return m_revisions; }
    // The revision on screen (the current one unless the user picked an earlier one).
    int shownRevision() const;

private:
    void refreshRevisions();
    void showRevision(int comboIndex);
    void updateSpinner();

    QPointer<Core::PlanModel> m_model;
    Core::PlanSnapshotModel *m_snapshot = nullptr;
    QListView *m_list = nullptr;
    QComboBox *m_revisions = nullptr;
    PlanStepDelegate *m_delegate = nullptr;
    QTimer *m_spinner = nullptr;
    int m_angle = 0;
};

} // namespace Terrarium::Widgets
