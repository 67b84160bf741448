#include "WorkspaceChangeModel.h"

#include "core/output/VisibleText.h"
#include "core/workspace/WorkspacePath.h"

#include <QLocale>

#include <algorithm>

namespace Terrarium::Widgets {

using Core::WorkspaceChange;
using Core::WorkspaceDiff;
using Core::WorkspaceEntry;
using Type = Core::WorkspaceEntry::Type;

namespace {

// Whether applying the change makes a folder where the host has none: what is inside needs it.
bool createsFolder(const WorkspaceChange &change)
{
    return change.sandbox && change.sandbox->type == Type::Directory
        && !(change.host && change.host->type == Type::Directory);
}

// Whether applying the change removes a host folder: it must be empty by then.
bool removesFolder(const WorkspaceChange &change)
{
    return change.host && change.host->type == Type::Directory
        && !(change.sandbox && change.sandbox->type == Type::Directory);
}

QString typeWord(Type type)
{
    switch (type) {
    case Type::File:
        return WorkspaceChangeModel::tr("file");
    case Type::Directory:
        return WorkspaceChangeModel::tr("folder");
    case Type::Symlink:
        return WorkspaceChangeModel::tr("link");
    case Type::Other:
        break;
    }
    return WorkspaceChangeModel::tr("special file");
}

QString octal(int mode)
{
    return QStringLiteral("%1").arg(mode & 0777, 3, 8, QLatin1Char('0'));
}

// What the change set saw before the sandbox's change: the base, or else the host's entry.
const std::optional<WorkspaceEntry> &before(const WorkspaceChange &change)
{
    return change.base ? change.base : change.host;
}

} // namespace

WorkspaceChangeModel::WorkspaceChangeModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

WorkspaceChangeModel::~WorkspaceChangeModel() = default;

void WorkspaceChangeModel::setChangeSet(const Core::WorkspaceChangeSet &changes)
{
    beginResetModel();
    m_changes = changes;
    m_checked.assign(size_t(m_changes.changes().size()), false);
    for (qsizetype row = 0; row < m_changes.changes().size(); ++row) {
        const WorkspaceChange &change = m_changes.changes().at(row);
        m_checked[size_t(row)] = !change.conflict && !change.isBlocked() && !change.isAutorun();
    }
    endResetModel();
    Q_EMIT checksChanged();
}

const WorkspaceChange &WorkspaceChangeModel::change(int row) const
{
    return m_changes.changes().at(row);
}

bool WorkspaceChangeModel::isChecked(int row) const
{
    return row >= 0 && size_t(row) < m_checked.size() && m_checked[size_t(row)];
}

bool WorkspaceChangeModel::isCheckable(int row) const
{
    return row >= 0 && row < m_changes.changes().size() && !change(row).isBlocked();
}

void WorkspaceChangeModel::setOne(int row, bool checked, std::vector<int> *changed)
{
    if (!isCheckable(row) || m_checked[size_t(row)] == checked)
        return;
    m_checked[size_t(row)] = checked;
    changed->push_back(row);
}

bool WorkspaceChangeModel::setChecked(int row, bool checked)
{
    if (!isCheckable(row))
        return false;
    std::vector<int> changed;
    setOne(row, checked, &changed);
    if (changed.empty())
        return true;
    const QList<WorkspaceChange> &all = m_changes.changes();
    const WorkspaceChange &target = all.at(row);
    // A dependency is followed only where it needs no overwriting and nothing runs by itself:
    // conflicts and auto-run changes take their own tick.
    const auto follows = [&all](int other) {
        return !all.at(other).conflict && !all.at(other).isBlocked() && !all.at(other).isAutorun();
    };
    for (int other = 0; other < all.size(); ++other) {
        if (other == row)
            continue;
        const WorkspaceChange &candidate = all.at(other);
        const bool above = Core::WorkspacePath::isBelow(target.path, candidate.path);
        const bool inside = Core::WorkspacePath::isBelow(candidate.path, target.path);
        if (checked) {
            // The folders it is made in, and the contents of a folder it removes.
            if ((above && createsFolder(candidate) && follows(other))
                || (inside && removesFolder(target) && follows(other)))
                setOne(other, true, &changed);
        } else {
            // What is made inside a folder no longer made, and folders no longer emptied.
            if ((inside && createsFolder(target)) || (above && removesFolder(candidate)))
                setOne(other, false, &changed);
        }
    }
    const auto [first, last] = std::minmax_element(changed.cbegin(), changed.cend());
    Q_EMIT dataChanged(index(*first), index(*last));
    Q_EMIT checksChanged();
    return true;
}

void WorkspaceChangeModel::setAllChecked(bool checked)
{
    std::vector<int> changed;
    for (int row = 0; row < rowCount(); ++row) {
        if (!checked || (!change(row).conflict && !change(row).isAutorun()))
            setOne(row, checked, &changed);
    }
    if (changed.empty())
        return;
    const auto [first, last] = std::minmax_element(changed.cbegin(), changed.cend());
    Q_EMIT dataChanged(index(*first), index(*last));
    Q_EMIT checksChanged();
}

int WorkspaceChangeModel::checkedCount() const
{
    return int(std::count(m_checked.cbegin(), m_checked.cend(), true));
}

QStringList WorkspaceChangeModel::checkedPaths() const
{
    QStringList paths;
    for (int row = 0; row < rowCount(); ++row) {
        if (m_checked[size_t(row)])
            paths.append(change(row).path);
    }
    return paths;
}

Core::WorkspaceSelection WorkspaceChangeModel::selection() const
{
    Core::WorkspaceSelection selection = Core::WorkspaceSelection::only(checkedPaths());
    for (int row = 0; row < rowCount(); ++row) {
        if (m_checked[size_t(row)] && change(row).conflict)
            selection.overwrite.insert(change(row).path);
    }
    return selection;
}

int WorkspaceChangeModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_changes.changes().size());
}

QVariant WorkspaceChangeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const WorkspaceChange &item = change(row);
    switch (role) {
    case Qt::DisplayRole:
        return visiblePath(item.path);
    case Qt::AccessibleTextRole:
        return tr("%1, %2").arg(visiblePath(item.path), detail(item, isChecked(row)));
    case Qt::ToolTipRole: {
        QStringList lines{visiblePath(item.path), detail(item, isChecked(row))};
        if (item.isAutorun())
            lines.append(visibleText(item.autorunReason));
        if (item.conflict)
            lines.append(visibleText(item.conflictReason));
        for (const QString &note : item.notes)
            lines.append(visibleText(note));
        if (hasHiddenCharacters(item.path))
            lines.append(tr("The name holds invisible or control characters, shown as escapes "
                            "such as \\u202e."));
        // Plain text in a tooltip can still be taken for markup: make it markup, escaped.
        return QStringLiteral("<p style='white-space:pre-wrap'>%1</p>")
            .arg(lines.join(QLatin1Char('\n')).toHtmlEscaped());
    }
    case Qt::CheckStateRole:
        return isChecked(row) ? Qt::Checked : Qt::Unchecked;
    case PathRole:
        return item.path;
    case KindRole:
        return int(chipKind(item.kind));
    case DetailRole:
        if (!item.isBlocked() && hasHiddenCharacters(item.path))
            return tr("Hidden characters in its name · %1").arg(detail(item, isChecked(row)));
        return detail(item, isChecked(row));
    case ConflictRole:
        return item.conflict;
    case BlockedRole:
        return item.isBlocked();
    case AutorunRole:
        return item.isAutorun() && !item.isBlocked();
    case HiddenCharactersRole:
        return hasHiddenCharacters(item.path);
    default:
        break;
    }
    return {};
}

bool WorkspaceChangeModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::CheckStateRole || !index.isValid()
        || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return false;
    return setChecked(index.row(), value.value<Qt::CheckState>() == Qt::Checked);
}

Qt::ItemFlags WorkspaceChangeModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    // Blocked changes stay selectable, so that their reason can be read next to the list.
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (isCheckable(index.row()))
        flags |= Qt::ItemIsUserCheckable;
    return flags;
}

QHash<int, QByteArray> WorkspaceChangeModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(PathRole, "path");
    names.insert(KindRole, "kind");
    names.insert(DetailRole, "detail");
    names.insert(ConflictRole, "conflict");
    names.insert(BlockedRole, "blocked");
    names.insert(AutorunRole, "autorun");
    names.insert(HiddenCharactersRole, "hiddenCharacters");
    return names;
}

WorkspaceChangeModel::ChipKind WorkspaceChangeModel::chipKind(WorkspaceChange::Kind kind)
{
    switch (kind) {
    case WorkspaceChange::Kind::Added:
        return ChipKind::Added;
    case WorkspaceChange::Kind::Deleted:
        return ChipKind::Deleted;
    case WorkspaceChange::Kind::Modified:
    case WorkspaceChange::Kind::ModeChanged:
    case WorkspaceChange::Kind::TypeChanged:
        break;
    }
    return ChipKind::Changed;
}

QString WorkspaceChangeModel::visiblePath(const QString &path)
{
    return Core::VisibleText::escapeName(path);
}

bool WorkspaceChangeModel::hasHiddenCharacters(const QString &path)
{
    // Escapes are all that visiblePath() adds, besides doubling backslashes.
    return visiblePath(path).size() != path.size() + path.count(u'\\');
}

QString WorkspaceChangeModel::visibleText(const QString &text)
{
    return visiblePath(text);
}

QString WorkspaceChangeModel::detail(const WorkspaceChange &change, bool checked) const
{
    if (change.isBlocked())
        return visibleText(change.blockedReason);
    if (change.isAutorun())
        return checked ? tr("Accepted: %1").arg(visibleText(change.autorunReason))
                       : visibleText(change.autorunReason);
    if (change.conflict)
        return checked ? tr("Changed on the host too; the host's version will be overwritten")
                       : tr("Changed on the host too");

    const std::optional<WorkspaceEntry> &old = before(change);
    const std::optional<WorkspaceEntry> &now = change.sandbox;
    switch (change.kind) {
    case WorkspaceChange::Kind::ModeChanged:
        if (old && now)
            return tr("Permissions %1 → %2").arg(octal(old->mode), octal(now->mode));
        break;
    case WorkspaceChange::Kind::TypeChanged:
        if (old && now)
            return tr("Was a %1, now a %2").arg(typeWord(old->type), typeWord(now->type));
        break;
    case WorkspaceChange::Kind::Added:
    case WorkspaceChange::Kind::Modified:
    case WorkspaceChange::Kind::Deleted:
        break;
    }
    const std::optional<WorkspaceEntry> &entry = now ? now : old;
    if (entry && entry->type == Type::Symlink) {
        if (!now)
            return tr("Link removed");
        return tr("Link to %1").arg(visiblePath(now->target));
    }
    if (entry && entry->type == Type::Directory)
        return now ? tr("New folder") : tr("Folder removed");
    if (change.diff.kind() != WorkspaceDiff::Kind::None)
        return visibleText(change.diff.summary());
    if (!now)
        return tr("File removed");
    if (change.kind == WorkspaceChange::Kind::Added)
        return tr("New file, %1").arg(QLocale().formattedDataSize(now->size));
    return tr("Contents changed");
}

} // namespace Terrarium::Widgets
