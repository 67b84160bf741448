#pragma once

#include "core/store/StoredRun.h"

#include <QAbstractListModel>
#include <QHash>
#include <QPointer>

class QTimer;

namespace Terrarium::Core {

class RunStore;

// The runs of a RunStore as a list, newest first, for the window's history. It follows the
// store: a run begun or ended (its events committed) shows within RefreshDelay, the run in
// progress at the top. Roles carry the raw values; the view decides how they read.
class RunHistoryModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role {
        RunIdRole = Qt::UserRole + 1,
        GoalRole,
        StatusRole, // "running", "success", "failed", "cancelled", "interrupted"
        SandboxRole,
        WorkspaceRole,
        StartedAtRole, // QDateTime
        EndedAtRole, // QDateTime, invalid while running or when interrupted
        DurationRole, // milliseconds; invalid while running or when interrupted
        // Tokens in and out over the whole run, all roles (qint64, from the store's usage
        // table); invalid when the run asked no model (a replay, a run that never planned).
        TokensRole,
    };
    Q_ENUM(Role)

    static constexpr auto RefreshDelay = std::chrono::milliseconds(200);

    explicit RunHistoryModel(QObject *parent = nullptr);
    ~RunHistoryModel() override;

    // The store to show (not owned); null shows nothing.
    void setStore(RunStore *store);
    // Reads the runs again: new ones are inserted at the top, changed ones updated in place
    // (a selection stays), anything else resets the list.
    void reload();

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    StoredRun run(int row) const { return m_runs.value(row); }
    // The row of runId, -1 when it is not listed.
    int rowOf(const QString &runId) const;

private:
    // Reads the tokens of run from the store into m_tokens.
    void readTokens(const StoredRun &run);

    QPointer<RunStore> m_store;
    QList<StoredRun> m_runs;
    // Per run id; read when a row is listed or changes, not on every refresh.
    QHash<QString, qint64> m_tokens;
    QTimer *m_refresh = nullptr;
};

} // namespace Terrarium::Core
