#include "PlanModel.h"

namespace Terrarium::Core {

PlanModel::PlanModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

PlanModel::~PlanModel() = default;

int PlanModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_steps.size());
}

QVariant PlanModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    return stepData(m_steps.at(index.row()), role);
}

QHash<int, QByteArray> PlanModel::roleNames() const
{
    return stepRoleNames();
}

QVariant PlanModel::stepData(const PlanStep &step, int role)
{
    switch (role) {
    case Qt::DisplayRole:
    case TitleRole:
        return step.title;
    case Qt::ToolTipRole:
        return step.command.isEmpty() ? step.title : step.command;
    case Qt::AccessibleTextRole:
        return QStringLiteral("%1 (%2)").arg(step.title, PlanStep::stateName(step.state));
    case IdRole:
        return step.id;
    case StateRole:
        return int(step.state);
    case StateNameRole:
        return PlanStep::stateName(step.state);
    case CommandRole:
        return step.command;
    case ExitCodeRole:
        return step.exitCode ? QVariant(*step.exitCode) : QVariant();
    case DurationRole:
        return step.durationMs;
    case RevisionRole:
        return step.revision;
    default:
        return {};
    }
}

QHash<int, QByteArray> PlanModel::stepRoleNames()
{
    QHash<int, QByteArray> names{{Qt::DisplayRole, "display"}, {Qt::ToolTipRole, "toolTip"}};
    names.insert(IdRole, "stepId");
    names.insert(TitleRole, "title");
    names.insert(StateRole, "state");
    names.insert(StateNameRole, "stateName");
    names.insert(CommandRole, "command");
    names.insert(ExitCodeRole, "exitCode");
    names.insert(DurationRole, "durationMs");
    names.insert(RevisionRole, "revision");
    return names;
}

const PlanStep *PlanModel::step(int id) const
{
    const int row = rowOf(id);
    return row >= 0 ? &m_steps.at(row) : nullptr;
}

int PlanModel::nextPendingStep() const
{
    for (const PlanStep &step : m_steps) {
        if (step.state == StepState::Pending)
            return step.id;
    }
    return -1;
}

int PlanModel::nextPendingStepAfter(int stepId) const
{
    bool after = false;
    for (const PlanStep &step : m_steps) {
        if (after && step.state == StepState::Pending)
            return step.id;
        after = after || step.id == stepId;
    }
    return -1;
}

void PlanModel::setPlan(const QStringList &titles)
{
    beginResetModel();
    m_steps.clear();
    m_history.clear();
    m_revision = 1;
    m_nextId = 1;
    m_lastStarted = 0;
    for (const QString &title : titles)
        m_steps.append(newStep(title));
    endResetModel();
    Q_EMIT revisionChanged(m_revision);
}

void PlanModel::revise(const QStringList &remainingTitles)
{
    m_history.append(m_steps);
    // Drop every step that has not run; finished ones stay as the record of what happened.
    // The numbers go on from the last step that started: a step dropped before it started has
    // no card, no events and no output, and a gap (1, 3, 4) would make the user look for it.
    int lastStarted = m_lastStarted;
    for (int row = int(m_steps.size()) - 1; row >= 0; --row) {
        const PlanStep &step = m_steps.at(row);
        const bool started = step.state != StepState::Pending && step.state != StepState::Skipped;
        if (started)
            lastStarted = std::max(lastStarted, step.id);
        if (!started || step.state == StepState::Running
            || step.state == StepState::AwaitingApproval) {
            beginRemoveRows({}, row, row);
            m_steps.removeAt(row);
            endRemoveRows();
        }
    }
    m_lastStarted = lastStarted;
    m_nextId = lastStarted + 1;
    ++m_revision;
    appendSteps(remainingTitles);
    Q_EMIT revisionChanged(m_revision);
}

void PlanModel::appendSteps(const QStringList &titles)
{
    if (titles.isEmpty())
        return;
    const int first = int(m_steps.size());
    beginInsertRows({}, first, first + int(titles.size()) - 1);
    for (const QString &title : titles)
        m_steps.append(newStep(title));
    endInsertRows();
}

void PlanModel::clear()
{
    beginResetModel();
    m_steps.clear();
    m_history.clear();
    m_revision = 0;
    m_nextId = 1;
    m_lastStarted = 0;
    endResetModel();
    Q_EMIT revisionChanged(m_revision);
}

void PlanModel::restore(const QList<PlanStep> &steps, int revision)
{
    beginResetModel();
    m_steps = steps;
    m_history.clear();
    m_revision = std::max(revision, 1);
    m_nextId = 1;
    for (const PlanStep &step : steps)
        m_nextId = std::max(m_nextId, step.id + 1);
    m_lastStarted = m_nextId - 1;
    endResetModel();
    Q_EMIT revisionChanged(m_revision);
}

void PlanModel::setStepState(int id, StepState state)
{
    const int row = rowOf(id);
    if (row < 0 || m_steps[row].state == state)
        return;
    m_steps[row].state = state;
    emitRowChanged(row, {StateRole, StateNameRole});
}

void PlanModel::setStepCommand(int id, const QString &command)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    m_steps[row].command = command;
    emitRowChanged(row, {CommandRole, Qt::ToolTipRole});
}

void PlanModel::setStepResult(int id, std::optional<int> exitCode, qint64 durationMs)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    m_steps[row].exitCode = exitCode;
    m_steps[row].durationMs = durationMs;
    emitRowChanged(row, {ExitCodeRole, DurationRole});
}

void PlanModel::skipPending()
{
    for (int row = 0; row < m_steps.size(); ++row) {
        if (m_steps.at(row).state == StepState::Pending) {
            m_steps[row].state = StepState::Skipped;
            emitRowChanged(row, {StateRole, StateNameRole});
        }
    }
}

PlanStep PlanModel::newStep(const QString &title)
{
    PlanStep step;
    step.id = m_nextId++;
    step.title = title;
    step.revision = m_revision;
    return step;
}

int PlanModel::rowOf(int id) const
{
    for (int row = 0; row < m_steps.size(); ++row) {
        if (m_steps.at(row).id == id)
            return row;
    }
    return -1;
}

void PlanModel::emitRowChanged(int row, const QList<int> &roles)
{
    const QModelIndex changed = index(row);
    Q_EMIT dataChanged(changed, changed, roles);
}

} // namespace Terrarium::Core
