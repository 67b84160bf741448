#include "WorkspaceChangeSet.h"

#include "core/CoreTr.h"
#include "core/workspace/AutorunPath.h"
#include "core/workspace/WorkspaceFolder.h"
#include "core/workspace/WorkspaceManifest.h"
#include "core/workspace/WorkspacePath.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <vector>

namespace Terrarium::Core {

namespace {

using Type = WorkspaceEntry::Type;

bool same(const WorkspaceEntry *a, const WorkspaceEntry *b)
{
    if (!a || !b)
        return !a && !b;
    return a->sameState(*b);
}

bool sameContent(const WorkspaceEntry &a, const WorkspaceEntry &b)
{
    switch (a.type) {
    case Type::File:
        return a.sha256 == b.sha256 && a.error.isEmpty() && b.error.isEmpty();
    case Type::Symlink:
        return a.target == b.target;
    case Type::Directory:
    case Type::Other:
        return true;
    }
    return true;
}

std::optional<WorkspaceEntry> copyOf(const WorkspaceEntry *entry)
{
    return entry ? std::optional<WorkspaceEntry>(*entry) : std::nullopt;
}

// Every path of the three manifests once, in UTF-8 byte order.
QStringList allPaths(const WorkspaceManifest &a, const WorkspaceManifest &b,
                     const WorkspaceManifest &c)
{
    std::vector<std::pair<QByteArray, QString>> keyed;
    QSet<QString> seen;
    for (const WorkspaceManifest *manifest : {&a, &b, &c}) {
        for (const WorkspaceEntry &entry : manifest->entries()) {
            if (!seen.contains(entry.path)) {
                seen.insert(entry.path);
                keyed.emplace_back(entry.path.toUtf8(), entry.path);
            }
        }
    }
    std::sort(keyed.begin(), keyed.end(),
              [](const auto &x, const auto &y) { return x.first < y.first; });
    QStringList paths;
    paths.reserve(qsizetype(keyed.size()));
    for (auto &[key, path] : keyed)
        paths.append(std::move(path));
    return paths;
}

QString blockedReason(const QString &path, const WorkspaceEntry *base,
                      const WorkspaceEntry *sandbox, const WorkspaceEntry *host,
                      const WorkspaceManifest &hostManifest)
{
    if (const std::optional<QString> problem = WorkspacePath::problem(path))
        return *problem;
    if ((base && !base->exactName) || (sandbox && !sandbox->exactName)
        || (host && !host->exactName))
        return Tr::tr("The name of %1 (or its link target) is not valid UTF-8; it is left alone.")
            .arg(path);
    if (sandbox && sandbox->type == Type::Other)
        return Tr::tr("%1 is a special file (a FIFO, socket or device); such files are not "
                      "copied to the host.")
            .arg(path);
    if (sandbox && sandbox->type != Type::Directory && !sandbox->error.isEmpty())
        return Tr::tr("%1 could not be read in the sandbox: %2").arg(path, sandbox->error);
    if (sandbox && sandbox->type == Type::Symlink
        && !WorkspacePath::targetStaysInside(path, sandbox->target))
        return Tr::tr("The link %1 points outside the workspace (%2); it is not created.")
            .arg(path, sandbox->target);
    if (sandbox && sandbox->type == Type::File && sandbox->size > WorkspaceChangeSet::maxFileBytes)
        return Tr::tr("%1 is larger than %2 MiB; it is not copied to the host.")
            .arg(path)
            .arg(WorkspaceChangeSet::maxFileBytes / (1024 * 1024));
    for (QString folder = WorkspacePath::parentOf(path); !folder.isEmpty();
         folder = WorkspacePath::parentOf(folder)) {
        const WorkspaceEntry *above = hostManifest.find(folder);
        if (above && above->type == Type::Symlink)
            return Tr::tr("%1 lies behind the link %2 on the host; nothing is written through "
                          "links.")
                .arg(path, folder);
    }
    return QString();
}

// Why programs on the host would run or obey path by themselves; empty when they would not.
// Folders are not flagged (what they hold is), so a change that is a folder on every side is not.
QString autorunReason(const QString &path, const WorkspaceEntry *base,
                      const WorkspaceEntry *sandbox, const WorkspaceEntry *host)
{
    const auto isFolder = [](const WorkspaceEntry *entry) {
        return !entry || entry->type == Type::Directory;
    };
    if (isFolder(base) && isFolder(sandbox) && isFolder(host))
        return QString();
    using Kind = AutorunPath::Kind;
    switch (AutorunPath::kind(path.toUtf8().toStdString())) {
    case Kind::None:
        return QString();
    case Kind::GitSettings:
        return Tr::tr("git obeys the settings in %1 whenever you run git in this folder, and "
                      "they can name programs for it to run (core.fsmonitor, core.hooksPath, "
                      "aliases, filters).")
            .arg(path);
    case Kind::GitHook:
        return Tr::tr("git runs %1 by itself as a hook (on commit, checkout, merge or push).")
            .arg(path);
    case Kind::GitInfo:
        return Tr::tr("git obeys %1 by itself (attributes that choose filter and diff programs, "
                      "the sparse checkout).")
            .arg(path);
    case Kind::GitLink:
        return Tr::tr("%1 makes git take its settings and hooks from another place.").arg(path);
    case Kind::CommitHooks:
        return Tr::tr("Commit hooks run what %1 names when you commit.").arg(path);
    case Kind::Direnv:
        return Tr::tr("direnv runs %1 when you enter the folder.").arg(path);
    case Kind::Editor:
        return Tr::tr("Editors run tasks from %1 and obey its settings when they open the "
                      "folder.")
            .arg(path);
    case Kind::Mercurial:
        return Tr::tr("Mercurial runs the hooks that %1 names.").arg(path);
    case Kind::ShellStartup:
        return Tr::tr("A shell started with this folder as its home runs %1.").arg(path);
    }
    return QString();
}

} // namespace

Result<WorkspaceChangeSet> WorkspaceChangeSet::compute(const WorkspaceManifest &base,
                                                       const WorkspaceManifest &sandbox,
                                                       const WorkspaceManifest &host)
{
    if (sandbox.isTruncated() || host.isTruncated())
        return makeError(
            ErrorCode::LimitReached,
            Tr::tr("The workspace has too many files to compare (more than %1 in "
                   "the %2).")
                .arg(WorkspaceManifest::defaultMaxEntries)
                .arg(sandbox.isTruncated() ? Tr::tr("sandbox") : Tr::tr("host folder")));

    WorkspaceChangeSet set;
    // Folders whose contents some manifest could not see: nothing below them is compared.
    QSet<QString> opaque;
    for (const WorkspaceManifest *manifest : {&base, &sandbox, &host}) {
        for (const WorkspaceEntry &entry : manifest->entries()) {
            if (!entry.isOpaque() || opaque.contains(entry.path))
                continue;
            opaque.insert(entry.path);
            set.m_notes.append(
                entry.otherFileSystem
                    ? Tr::tr("The contents of %1 are on another file system and were not "
                             "compared.")
                          .arg(entry.path)
                    : Tr::tr("The contents of %1 could not be read and were not compared: %2")
                          .arg(entry.path, entry.error));
        }
    }
    const auto belowOpaque = [&opaque](const QString &path) {
        for (QString folder = WorkspacePath::parentOf(path); !folder.isEmpty();
             folder = WorkspacePath::parentOf(folder)) {
            if (opaque.contains(folder))
                return true;
        }
        return false;
    };

    for (const QString &path : allPaths(base, sandbox, host)) {
        if (belowOpaque(path))
            continue;
        const WorkspaceEntry *b = base.find(path);
        const WorkspaceEntry *s = sandbox.find(path);
        const WorkspaceEntry *h = host.find(path);
        WorkspaceChange change;
        change.path = path;
        if (b && b->excluded) {
            // Never copied: its absence in the sandbox is no deletion.
            if (!s || same(s, h))
                continue;
            change.kind = !h         ? WorkspaceChange::Kind::Added
                : h->type == s->type ? WorkspaceChange::Kind::Modified
                                     : WorkspaceChange::Kind::TypeChanged;
            if (h) {
                change.conflict = true;
                change.conflictReason =
                    Tr::tr("The host's %1 was not copied into the sandbox, which made its own.")
                        .arg(path);
            }
        } else {
            if (same(b, s) || same(s, h))
                continue; // nothing done in the sandbox, or the host has it already
            if (!b)
                change.kind = WorkspaceChange::Kind::Added;
            else if (!s)
                change.kind = WorkspaceChange::Kind::Deleted;
            else if (b->type != s->type)
                change.kind = WorkspaceChange::Kind::TypeChanged;
            else if (sameContent(*b, *s))
                change.kind = WorkspaceChange::Kind::ModeChanged;
            else
                change.kind = WorkspaceChange::Kind::Modified;
            if (!same(b, h)) {
                change.conflict = true;
                change.conflictReason = !b ? Tr::tr("%1 was also created on the host since the "
                                                    "copy.")
                                                 .arg(path)
                    : !h ? Tr::tr("%1 was deleted on the host since the copy.").arg(path)
                         : Tr::tr("%1 was changed on the host since the copy.").arg(path);
            }
        }
        change.base = copyOf(b);
        change.sandbox = copyOf(s);
        change.host = copyOf(h);
        change.blockedReason = blockedReason(path, b, s, h, host);
        change.autorunReason = autorunReason(path, b, s, h);
        if (s && s->type != Type::Symlink && (s->mode & 07000) != 0)
            change.notes.append(
                Tr::tr("The setuid, setgid or sticky bit of %1 is not applied.").arg(path));
        set.m_changes.append(std::move(change));
    }

    // A folder that goes away takes its contents along: not when the host has new or changed
    // files in it, which would be lost or would keep it.
    QHash<QString, qsizetype> index;
    for (qsizetype i = 0; i < set.m_changes.size(); ++i)
        index.insert(set.m_changes.at(i).path, i);
    // The host's entries below a folder are one range of the byte-ordered list.
    std::vector<QByteArray> hostKeys;
    hostKeys.reserve(size_t(host.size()));
    for (const WorkspaceEntry &entry : host.entries())
        hostKeys.push_back(entry.path.toUtf8());
    for (WorkspaceChange &change : set.m_changes) {
        if (change.conflict || !change.host || change.host->type != Type::Directory
            || (change.sandbox && change.sandbox->type == Type::Directory))
            continue;
        const QByteArray prefix = change.path.toUtf8() + '/';
        for (auto it = std::lower_bound(hostKeys.cbegin(), hostKeys.cend(), prefix);
             it != hostKeys.cend() && it->startsWith(prefix); ++it) {
            const QString &inside = host.entries().at(it - hostKeys.cbegin()).path;
            const auto found = index.constFind(inside);
            const WorkspaceChange *inner =
                found == index.cend() ? nullptr : &set.m_changes.at(*found);
            if (!inner || inner->conflict || inner->isBlocked()) {
                change.conflict = true;
                change.conflictReason =
                    Tr::tr("The folder %1 holds files on the host that are new or changed since "
                           "the copy.")
                        .arg(change.path);
                break;
            }
        }
    }
    return set;
}

const WorkspaceChange *WorkspaceChangeSet::find(const QString &path) const
{
    for (const WorkspaceChange &change : m_changes) {
        if (change.path == path)
            return &change;
    }
    return nullptr;
}

qsizetype WorkspaceChangeSet::conflictCount() const
{
    return std::count_if(m_changes.cbegin(), m_changes.cend(),
                         [](const WorkspaceChange &change) { return change.conflict; });
}

qsizetype WorkspaceChangeSet::blockedCount() const
{
    return std::count_if(m_changes.cbegin(), m_changes.cend(),
                         [](const WorkspaceChange &change) { return change.isBlocked(); });
}

qsizetype WorkspaceChangeSet::autorunCount() const
{
    return std::count_if(m_changes.cbegin(), m_changes.cend(), [](const WorkspaceChange &change) {
        return change.isAutorun() && !change.isBlocked();
    });
}

bool WorkspaceChangeSet::needsSandboxContent(const WorkspaceChange &change,
                                             const WorkspaceDiff::Limits &limits)
{
    return change.kind != WorkspaceChange::Kind::ModeChanged && change.sandbox
        && change.sandbox->type == Type::File && change.sandbox->error.isEmpty()
        && change.sandbox->size <= limits.maxFileBytes
        && (!change.host || change.host->type != Type::File
            || change.host->size <= limits.maxFileBytes);
}

WorkspaceDiff WorkspaceChangeSet::diffFor(const WorkspaceChange &change,
                                          const WorkspaceFolder &host,
                                          const std::optional<Result<QByteArray>> &sandboxContent,
                                          const WorkspaceDiff::Limits &limits)
{
    if (change.kind == WorkspaceChange::Kind::ModeChanged)
        return {};
    const bool hostFile = change.host && change.host->type == Type::File;
    const bool sandboxFile = change.sandbox && change.sandbox->type == Type::File;
    if (!hostFile && !sandboxFile)
        return {};
    const qint64 oldSize = hostFile ? change.host->size : -1;
    const qint64 newSize = sandboxFile ? change.sandbox->size : -1;
    if (oldSize > limits.maxFileBytes || newSize > limits.maxFileBytes)
        return WorkspaceDiff::tooLarge(oldSize, newSize);

    std::optional<QByteArray> before;
    if (hostFile) {
        const Result<QByteArray> read = host.readFile(change.path, limits.maxFileBytes);
        if (!read)
            return WorkspaceDiff::unavailable(read.error().message);
        before = *read;
    }
    std::optional<QByteArray> after;
    if (sandboxFile) {
        if (!sandboxContent)
            return WorkspaceDiff::unavailable(change.sandbox->error.isEmpty()
                                                  ? Tr::tr("the sandbox's file was not read")
                                                  : change.sandbox->error);
        if (!*sandboxContent)
            return WorkspaceDiff::unavailable(sandboxContent->error().message);
        after = **sandboxContent;
    }
    return WorkspaceDiff::compute(change.path, before, after, limits);
}

void WorkspaceChangeSet::setDiff(qsizetype index, WorkspaceDiff diff)
{
    if (index >= 0 && index < m_changes.size())
        m_changes[index].diff = std::move(diff);
}

Result<void> WorkspaceChangeSet::describe(const QString &hostFolder,
                                          const ContentProvider &sandboxContent,
                                          const WorkspaceDiff::Limits &limits)
{
    WorkspaceFolder host(hostFolder);
    if (Result<void> opened = host.open(); !opened)
        return opened;
    for (qsizetype i = 0; i < m_changes.size(); ++i) {
        const WorkspaceChange &change = m_changes.at(i);
        std::optional<Result<QByteArray>> content;
        if (needsSandboxContent(change, limits))
            content = sandboxContent(change, limits.maxFileBytes);
        setDiff(i, diffFor(change, host, content, limits));
    }
    return {};
}

QList<WorkspaceApplyStep> WorkspaceChangeSet::plan(const WorkspaceSelection &selection,
                                                   WorkspaceApplyReport *report) const
{
    using Action = WorkspaceApplyStep::Action;
    struct Planned
    {
        bool remove = false;
        std::optional<Action> create;
        bool setMode = false;
    };
    std::vector<std::optional<Planned>> planned(size_t(m_changes.size()));
    for (qsizetype i = 0; i < m_changes.size(); ++i) {
        const WorkspaceChange &change = m_changes.at(i);
        if (!selection.accepts(change.path))
            continue;
        if (change.isBlocked()) {
            report->skipped.append({change.path, change.blockedReason});
            continue;
        }
        if (change.isAutorun() && !selection.acceptsAutorun(change.path)) {
            report->skipped.append(
                {change.path,
                 Tr::tr("%1 It is applied only when accepted on its own (its own "
                        "tick in the review, or --apply-autorun).")
                     .arg(change.autorunReason)});
            continue;
        }
        if (change.conflict && !selection.overwrites(change.path)) {
            report->skipped.append(
                {change.path, Tr::tr("%1 It was not overwritten.").arg(change.conflictReason)});
            continue;
        }
        const std::optional<WorkspaceEntry> &s = change.sandbox;
        const std::optional<WorkspaceEntry> &h = change.host;
        Planned steps;
        steps.remove = h && (!s || h->type != s->type);
        if (s) {
            switch (s->type) {
            case Type::Directory:
                if (!h || h->type != Type::Directory)
                    steps.create = Action::MakeDirectory;
                steps.setMode = true;
                break;
            case Type::File:
                if (change.kind == WorkspaceChange::Kind::ModeChanged)
                    steps.setMode = true;
                else
                    steps.create = Action::WriteFile; // with the mode
                break;
            case Type::Symlink:
                steps.create = Action::MakeSymlink;
                break;
            case Type::Other:
                break;
            }
        }
        planned[size_t(i)] = steps;
    }

    // Removals deepest first (children sort after their folder), creations parents first,
    // modes deepest first again.
    QList<WorkspaceApplyStep> steps;
    std::vector<bool> started(planned.size(), false);
    const auto add = [&](Action action, qsizetype i) {
        steps.append({action, i, !started[size_t(i)]});
        started[size_t(i)] = true;
    };
    for (qsizetype i = m_changes.size() - 1; i >= 0; --i) {
        if (planned[size_t(i)] && planned[size_t(i)]->remove)
            add(Action::Remove, i);
    }
    for (qsizetype i = 0; i < m_changes.size(); ++i) {
        if (planned[size_t(i)] && planned[size_t(i)]->create)
            add(*planned[size_t(i)]->create, i);
    }
    for (qsizetype i = m_changes.size() - 1; i >= 0; --i) {
        if (planned[size_t(i)] && planned[size_t(i)]->setMode)
            add(Action::SetMode, i);
    }
    return steps;
}

Result<WorkspaceApplyReport> WorkspaceChangeSet::apply(const QString &hostFolder,
                                                       const WorkspaceSelection &selection,
                                                       const ContentProvider &sandboxContent) const
{
    WorkspaceFolder folder(hostFolder);
    if (Result<void> opened = folder.open(); !opened)
        return std::unexpected(opened.error());
    WorkspaceApplyReport report;
    const QList<WorkspaceApplyStep> steps = plan(selection, &report);
    QSet<qsizetype> failed;
    QSet<qsizetype> touched;
    for (const WorkspaceApplyStep &step : steps) {
        if (failed.contains(step.change))
            continue;
        touched.insert(step.change);
        const WorkspaceChange &change = m_changes.at(step.change);
        QByteArray content;
        if (step.action == WorkspaceApplyStep::Action::WriteFile) {
            Result<QByteArray> fetched = sandboxContent(change, maxFileBytes);
            if (!fetched) {
                failed.insert(step.change);
                report.skipped.append({change.path, fetched.error().message});
                continue;
            }
            content = std::move(*fetched);
        }
        if (const Result<void> done = folder.apply(step, change, content); !done) {
            failed.insert(step.change);
            report.skipped.append({change.path, done.error().message});
        }
    }
    for (qsizetype i = 0; i < m_changes.size(); ++i) {
        if (touched.contains(i) && !failed.contains(i))
            report.applied.append(m_changes.at(i).path);
    }
    return report;
}

} // namespace Terrarium::Core
