#include "RunHistoryModel.h"

#include "core/store/RunStore.h"

#include <QTimer>

namespace Terrarium::Core {

namespace {

bool sameRun(const StoredRun &a, const StoredRun &b)
{
    return a.runId == b.runId && a.goal == b.goal && a.status == b.status && a.endedAt == b.endedAt
        && a.lastSeq == b.lastSeq;
}

} // namespace

RunHistoryModel::RunHistoryModel(QObject *parent)
    : QAbstractListModel(parent)
    , m_refresh(new QTimer(this))
{
    // Commits come every 20 ms while a command floods its output: the list is read again at
    // most this often.
    m_refresh->setSingleShot(true);
    m_refresh->setInterval(RefreshDelay);
    connect(m_refresh, &QTimer::timeout, this, &RunHistoryModel::reload);
}

RunHistoryModel::~RunHistoryModel() = default;

void RunHistoryModel::setStore(RunStore *store)
{
    if (m_store)
        m_store->disconnect(this);
    m_store = store;
    if (store)
        connect(store, &RunStore::committed, this, [this] {
            if (!m_refresh->isActive())
                m_refresh->start();
        });
    beginResetModel();
    m_runs = store ? store->runs() : QList<StoredRun>();
    m_tokens.clear();
    for (const StoredRun &run : std::as_const(m_runs))
        readTokens(run);
    endResetModel();
}

void RunHistoryModel::readTokens(const StoredRun &run)
{
    const QList<StoredUsage> usage = m_store ? m_store->usage(run.runId) : QList<StoredUsage>();
    if (usage.isEmpty()) {
        m_tokens.remove(run.runId);
        return;
    }
    qint64 tokens = 0;
    for (const StoredUsage &role : usage)
        tokens += role.inputTokens + role.outputTokens;
    m_tokens.insert(run.runId, tokens);
}

void RunHistoryModel::reload()
{
    const QList<StoredRun> runs = m_store ? m_store->runs() : QList<StoredRun>();
    // New runs are at the top; what was listed before follows, unchanged in order.
    const qsizetype added = runs.size() - m_runs.size();
    bool sameOrder = added >= 0;
    for (qsizetype i = 0; sameOrder && i < m_runs.size(); ++i)
        sameOrder = runs.at(added + i).runId == m_runs.at(i).runId;
    if (!sameOrder) {
        beginResetModel();
        m_runs = runs;
        m_tokens.clear();
        for (const StoredRun &run : std::as_const(m_runs))
            readTokens(run);
        endResetModel();
        return;
    }
    if (added > 0) {
        beginInsertRows({}, 0, int(added) - 1);
        m_runs = runs.mid(0, added) + m_runs;
        for (qsizetype i = 0; i < added; ++i)
            readTokens(m_runs.at(i));
        endInsertRows();
    }
    for (qsizetype i = added; i < runs.size(); ++i) {
        if (sameRun(runs.at(i), m_runs.at(i)))
            continue;
        m_runs[i] = runs.at(i);
        readTokens(m_runs.at(i));
        Q_EMIT dataChanged(index(int(i)), index(int(i)));
    }
}

int RunHistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int RunHistoryModel::rowOf(const QString &runId) const
{
    for (qsizetype i = 0; i < m_runs.size(); ++i) {
        if (m_runs.at(i).runId == runId)
            return int(i);
    }
    return -1;
}

QVariant RunHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const StoredRun &run = m_runs.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case GoalRole:
        return run.goal;
    case Qt::ToolTipRole:
        return run.goal;
    case RunIdRole:
        return run.runId;
    case StatusRole:
        return run.status;
    case SandboxRole:
        return run.sandbox;
    case WorkspaceRole:
        return run.workspace;
    case StartedAtRole:
        return run.startedAt;
    case EndedAtRole:
        return run.endedAt;
    case DurationRole:
        if (run.startedAt.isValid() && run.endedAt.isValid())
            return std::max<qint64>(0, run.startedAt.msecsTo(run.endedAt));
        return {};
    case TokensRole:
        if (const auto tokens = m_tokens.constFind(run.runId); tokens != m_tokens.cend())
            return *tokens;
        return {};
    default:
        return {};
    }
}

QHash<int, QByteArray> RunHistoryModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(RunIdRole, "runId");
    names.insert(GoalRole, "goal");
    names.insert(StatusRole, "status");
    names.insert(SandboxRole, "sandbox");
    names.insert(WorkspaceRole, "workspace");
    names.insert(StartedAtRole, "startedAt");
    names.insert(EndedAtRole, "endedAt");
    names.insert(DurationRole, "duration");
    names.insert(TokensRole, "tokens");
    return names;
}

} // namespace Terrarium::Core
