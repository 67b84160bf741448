#pragma once

#include "core/workspace/WorkspaceChangeSet.h"
#include "core/workspace/WorkspaceSelection.h"

#include <QAbstractListModel>

#include <vector>

namespace Terrarium::Widgets {

// The changes of a Core::WorkspaceChangeSet as a checklist, for ChangeReviewPanel: one row per
// change, in the set's order, with a check box saying whether the user accepts it.
//
// Boxes start ticked, except for conflicts (the host changed the path too: ticking one means
// overwriting the host's version), auto-run changes (a git hook or setting, .envrc, an editor's
// tasks: programs on the host would run them by themselves; each needs its own tick) and blocked
// changes, which can never be ticked. Ticking keeps
// what applying needs together: a change inside a folder the sandbox made ticks that folder,
// and unticking the folder unticks what is inside; likewise for a folder the sandbox removed,
// whose removal needs its contents removed first. Conflicts and auto-run changes are never
// ticked by that rule, nor by "select all".
//
// Paths come from the sandbox and are untrusted: DisplayRole and the other text roles show them
// with hidden characters escaped (visiblePath()); PathRole holds the real path.
class WorkspaceChangeModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role {
        PathRole = Qt::UserRole + 1, // QString, as in the change set
        KindRole, // int, ChipKind
        DetailRole, // QString: the second line ("+3 −1", "changed on the host too", a reason)
        ConflictRole, // bool
        BlockedRole, // bool
        AutorunRole, // bool: programs on the host run or obey the path by themselves
        HiddenCharactersRole, // bool: the path holds characters shown as escapes
    };
    // The three kinds the user tells apart; mode and type changes are "changed".
    enum class ChipKind { Added, Changed, Deleted };

    explicit WorkspaceChangeModel(QObject *parent = nullptr);
    ~WorkspaceChangeModel() override;

    void setChangeSet(const Core::WorkspaceChangeSet &changes);
    const Core::WorkspaceChangeSet &changeSet() const { return m_changes; }
    const Core::WorkspaceChange &change(int row) const;

    bool isChecked(int row) const;
    // Ticks or unticks row (and what it depends on, see above); false when it cannot be ticked.
    bool setChecked(int row, bool checked);
    // Ticks every change that can be applied without overwriting the host's own edits and that
    // nothing runs by itself: conflicts and auto-run changes keep their state. Unticks
    // everything when checked is false.
    void setAllChecked(bool checked);
    int checkedCount() const;
    QStringList checkedPaths() const;
    // What the ticks accept: exactly the ticked paths, ticked conflicts to be overwritten.
    Core::WorkspaceSelection selection() const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QHash<int, QByteArray> roleNames() const override;

    static ChipKind chipKind(Core::WorkspaceChange::Kind kind);
    // path as it may be shown on one line: hidden characters (controls, bidi overrides,
    // zero-width ones) as escapes (Core::VisibleText), newline and tab as \n and \t, and a
    // backslash doubled so that an escape cannot be spelled by the name itself.
    static QString visiblePath(const QString &path);
    // Whether visiblePath() shows some of path's characters as escapes.
    static bool hasHiddenCharacters(const QString &path);
    // A sentence from core that quotes paths (a reason), made safe in the same way.
    static QString visibleText(const QString &text);

Q_SIGNALS:
    // The number of ticked changes or which ones changed.
    void checksChanged();

private:
    QString detail(const Core::WorkspaceChange &change, bool checked) const;
    bool isCheckable(int row) const;
    void setOne(int row, bool checked, std::vector<int> *changed);

    Core::WorkspaceChangeSet m_changes;
    std::vector<bool> m_checked;
};

} // namespace Terrarium::Widgets
