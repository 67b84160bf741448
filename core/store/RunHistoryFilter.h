#pragma once

#include <QSortFilterProxyModel>

namespace Terrarium::Core {

// The history list as the user narrows it: runs whose goal, sandbox, workspace or id contain
// the text (any case), and of one status or all. Order stays the source's (newest first).
class RunHistoryFilter : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit RunHistoryFilter(QObject *parent = nullptr);

    QString text() const { return m_text; }
    void setText(const QString &text);
    // "success", "failed", "cancelled", "interrupted", "running"; empty: every status.
    QString status() const { return m_status; }
    void setStatus(const QString &status);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_text;
    QString m_status;
};

} // namespace Terrarium::Core
