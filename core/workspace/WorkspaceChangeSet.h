#pragma once

#include "core/Error.h"
#include "core/workspace/WorkspaceApplyReport.h"
#include "core/workspace/WorkspaceApplyStep.h"
#include "core/workspace/WorkspaceChange.h"
#include "core/workspace/WorkspaceDiff.h"
#include "core/workspace/WorkspaceManifest.h"
#include "core/workspace/WorkspaceSelection.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace Terrarium::Core {

class WorkspaceFolder;

// What a sandbox changed in its copy of a workspace, for the user to review and accept before
// anything reaches the host folder (copy mode, see docs/ARCHITECTURE.md "Sandboxes"). A value.
//
// Made from three manifests: "base" (the host folder when it was copied into the sandbox, with
// what was not copied flagged), "sandbox" (the copy now) and "host" (the host folder now). Every
// path where the sandbox differs from the base is a change, unless the host already holds
// exactly what the sandbox has. Where the host differs from the base too, the user changed that
// path meanwhile: the change is a conflict, never applied unless the user chooses to overwrite
// it. Changes that must never be applied are blocked: an unsafe path (absolute, "..", NUL), a
// name that is not valid UTF-8, a link leading out of the workspace, a special file, an entry the
// sandbox could not read, a path below a link on the host. Changes to paths that programs on the
// host run or obey by themselves (git hooks and settings, .envrc, editor tasks; AutorunPath) are
// flagged from the path itself, whatever the sandbox said about them, and applied only when
// accepted by name (WorkspaceSelection). Contents below a folder that a manifest could not look
// into (another file system, unreadable) are left out and named in notes().
//
// Applying (apply(), or vm/WorkspaceTransfer for a live sandbox) goes through WorkspaceFolder:
// no link is followed on the host, files are replaced atomically, modes are the bits 0777 only.
class WorkspaceChangeSet
{
public:
    // A file's contents in the sandbox (the change's `sandbox` entry), at most maxBytes.
    using ContentProvider =
        std::function<Result<QByteArray>(const WorkspaceChange &change, qint64 maxBytes)>;

    // Files larger than this are not applied (the transfer holds one file in memory).
    static constexpr qint64 maxFileBytes = WorkspaceManifest::maxHashedBytes;

    WorkspaceChangeSet() = default;

    // Fails (LimitReached) when the sandbox's or the host's manifest is truncated: what is
    // missing from an incomplete list would look deleted or unchanged.
    static Result<WorkspaceChangeSet> compute(const WorkspaceManifest &base,
                                              const WorkspaceManifest &sandbox,
                                              const WorkspaceManifest &host);

    // In path order (UTF-8 byte order).
    const QList<WorkspaceChange> &changes() const { return m_changes; }
    const WorkspaceChange *find(const QString &path) const;
    bool isEmpty() const { return m_changes.isEmpty(); }
    qsizetype conflictCount() const;
    qsizetype blockedCount() const;
    // Changes (not blocked) to paths that programs on the host run by themselves.
    qsizetype autorunCount() const;
    // Parts that could not be compared, for people ("The contents of mnt are on another file
    // system and were not compared.").
    const QStringList &notes() const { return m_notes; }

    bool operator==(const WorkspaceChangeSet &) const = default;

    // Whether showing change's diff needs the sandbox's contents, and how much of them.
    static bool needsSandboxContent(const WorkspaceChange &change,
                                    const WorkspaceDiff::Limits &limits);
    // change's diff from the host's file (read through host) and the sandbox's contents
    // (nullopt when not needed, see needsSandboxContent()).
    static WorkspaceDiff diffFor(const WorkspaceChange &change, const WorkspaceFolder &host,
                                 const std::optional<Result<QByteArray>> &sandboxContent,
                                 const WorkspaceDiff::Limits &limits);
    void setDiff(qsizetype index, WorkspaceDiff diff);
    // Fills in every change's diff (synchronously: for sandboxes that answer at once and tests).
    Result<void> describe(const QString &hostFolder, const ContentProvider &sandboxContent,
                          const WorkspaceDiff::Limits &limits = {});

    // The steps that apply what selection accepts; accepted changes that cannot be applied
    // (blocked, conflicts not chosen for overwriting, too large) go to report->skipped.
    QList<WorkspaceApplyStep> plan(const WorkspaceSelection &selection,
                                   WorkspaceApplyReport *report) const;
    // Applies what selection accepts to hostFolder, fetching files through sandboxContent.
    // Fails only when hostFolder cannot be opened; everything else is in the report.
    Result<WorkspaceApplyReport> apply(const QString &hostFolder,
                                       const WorkspaceSelection &selection,
                                       const ContentProvider &sandboxContent) const;

private:
    QList<WorkspaceChange> m_changes;
    QStringList m_notes;
};

} // namespace Terrarium::Core
