#pragma once

#include "core/Error.h"

#include <QString>

#include <optional>
#include <utility>

namespace Terrarium::Core {

// Checks and tidies the command an executor model returned before anything runs it: one line,
// not empty, whitespace collapsed outside quotes (inside quotes it is data and stays as is).
// A recorded command (a runbook's step) gets the same checks but may have several lines, and
// is kept exactly as written.
class CommandGuard
{
public:
    static constexpr qsizetype MaxLength = 16 * 1024;

    static Result<QString> normalize(const QString &command);

    // A runbook's command, as a person wrote it: not empty, no NUL, no control or invisible
    // character but tab and newline, at most MaxLength characters. *position (when given) is
    // set to the index of the character at fault, or -1 when the problem is the whole text.
    static Result<void> checkRecorded(const QString &command, qsizetype *position = nullptr);

    // The first character that would make a command look different from what runs (control
    // characters but tab, Unicode format characters such as bidi overrides and zero-width
    // spaces, line separators), as "U+001B", with its index; none: nullopt.
    static std::optional<std::pair<QString, qsizetype>> firstHiddenCharacter(const QString &text);
};

} // namespace Terrarium::Core
