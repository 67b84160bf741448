#pragma once

#include "core/agent/PlanStep.h"

#include <QAbstractListModel>
#include <QList>

namespace Terrarium::Core {

// The plan checklist: one row per step of the current revision. Re-planning keeps the finished
// steps and replaces the rest; each replaced revision stays available through revisions().
class PlanModel : public QAbstractListModel
{
    Q_OBJECT
    Q_PROPERTY(int revision READ revision NOTIFY revisionChanged)

public:
    enum Role {
        IdRole = Qt::UserRole + 1,
        TitleRole,
        StateRole, // StepState as int
        StateNameRole, // "pending", "running", ...
        CommandRole,
        ExitCodeRole, // invalid QVariant until the step ran
        DurationRole, // milliseconds
        RevisionRole,
    };
    Q_ENUM(Role)

    explicit PlanModel(QObject *parent = nullptr);
    ~PlanModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    // The value of one role for a step; PlanSnapshotModel answers with the same.
    static QVariant stepData(const PlanStep &step, int role);
    static QHash<int, QByteArray> stepRoleNames();

    int revision() const { return m_revision; }
    const QList<PlanStep> &steps() const { return m_steps; }
    // The plan as it stood before each re-plan: revisions()[0] is revision 1, and so on.
    const QList<QList<PlanStep>> &revisions() const { return m_history; }
    const PlanStep *step(int id) const;
    // Id of the first pending step, or -1.
    int nextPendingStep() const;
    // Id of the first pending step listed after stepId, or -1.
    int nextPendingStepAfter(int stepId) const;

    // Starts revision 1 with these titles (forgets everything before).
    void setPlan(const QStringList &titles);
    // Keeps finished steps, drops pending ones and appends the new titles as the next revision.
    void revise(const QStringList &remainingTitles);
    void clear();
    // A resumed run's steps that already ran, as revision `revision`: the next revision (the
    // re-plan) goes on after them, with ids after the highest one.
    void restore(const QList<PlanStep> &steps, int revision);

    void setStepState(int id, StepState state);
    void setStepCommand(int id, const QString &command);
    void setStepResult(int id, std::optional<int> exitCode, qint64 durationMs);
    // Marks every pending step skipped (when the run ends early).
    void skipPending();

Q_SIGNALS:
    void revisionChanged(int revision);

private:
    int rowOf(int id) const;
    PlanStep newStep(const QString &title);
    void appendSteps(const QStringList &titles);
    void emitRowChanged(int row, const QList<int> &roles);

    QList<PlanStep> m_steps;
    QList<QList<PlanStep>> m_history;
    int m_revision = 0;
    int m_nextId = 1;
    int m_lastStarted = 0; // the highest id of a step that started, in any revision
};

} // namespace Terrarium::Core
