#pragma once

#include "core/workspace/WorkspaceDiffLimits.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace Terrarium::Core {

// How a file's contents change, for the user to review before a change set is applied: a unified
// diff (the format of `diff -u` and git) for text files, sizes for anything else. A value.
//
// Text means valid UTF-8 without NUL bytes, at most Limits::maxFileBytes. The diff is minimal
// (Myers' algorithm) up to Limits::maxEdits changed lines, beyond which the differing middle is
// shown as removed and added as a whole; a diff longer than Limits::maxDiffBytes is not shown.
// Cost: O((N + M) * D) time for N and M lines and D changed ones, O(D^2) memory.
class WorkspaceDiff
{
public:
    enum class Kind {
        None, // no content to compare (a folder, a link, only the mode changed)
        Text, // text() holds the unified diff
        Binary, // not text on at least one side
        TooLarge, // a side above maxFileBytes, or the diff above maxDiffBytes
        Unavailable, // a side could not be read; reason()
    };

    using Limits = WorkspaceDiffLimits;

    WorkspaceDiff() = default;

    // Compares a file's contents before and after (nullopt: the file does not exist on that
    // side). path names it in the "--- a/path" and "+++ b/path" lines.
    static WorkspaceDiff compute(const QString &path, const std::optional<QByteArray> &before,
                                 const std::optional<QByteArray> &after, const Limits &limits = {});
    static WorkspaceDiff tooLarge(qint64 oldSize, qint64 newSize);
    static WorkspaceDiff unavailable(const QString &reason);

    // Whether data counts as text: valid UTF-8, no NUL.
    static bool isText(QByteArrayView data);
    // The hunks of a unified diff of two texts (no file header), empty when they are equal, or
    // nullopt when longer than maxBytes.
    static std::optional<QByteArray> unifiedHunks(QByteArrayView before, QByteArrayView after,
                                                  int context, qsizetype maxEdits,
                                                  qsizetype maxBytes);

    Kind kind() const { return m_kind; }
    // The unified diff, headers included (Kind::Text only).
    const QString &text() const { return m_text; }
    qint64 oldSize() const { return m_oldSize; } // -1: no such file
    qint64 newSize() const { return m_newSize; }
    int addedLines() const { return m_added; }
    int removedLines() const { return m_removed; }
    QString reason() const { return m_reason; }
    // One line for people: "+3 -1", "Binary file, 120 → 96 bytes", "Too large to show (…)".
    QString summary() const;

    bool operator==(const WorkspaceDiff &) const = default;

private:
    Kind m_kind = Kind::None;
    QString m_text;
    QString m_reason;
    qint64 m_oldSize = -1;
    qint64 m_newSize = -1;
    int m_added = 0;
    int m_removed = 0;
};

} // namespace Terrarium::Core
