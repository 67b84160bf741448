#pragma once

#include "core/Error.h"

#include <QString>

#include <optional>
#include <utility>

namespace Terrarium::Core {

// Checks and tidies the command an executor model returned before anything runs it: one line,
// not empty, whitespace collapsed outside quotes (inside quotes it is data and stays as is).
class CommandGuard
{
public:
    static constexpr qsizetype MaxLength = 16 * 1024;

    static Result<QString> normalize(const QString &command);

    // The first character that would make a command look different from what runs (control
    // characters but tab, Unicode format characters such as bidi overrides and zero-width
    // spaces, line separators), as "U+001B", with its index; none: nullopt.
    static std::optional<std::pair<QString, qsizetype>> firstHiddenCharacter(const QString &text);
};

} // namespace Terrarium::Core
