#pragma once

#include "core/Error.h"

#include <QString>

namespace Terrarium::Core {

// Checks and tidies the command an executor model returned before anything runs it: one line,
// not empty, whitespace collapsed outside quotes (inside quotes it is data and stays as is).
class CommandGuard
{
public:
    static constexpr qsizetype MaxLength = 16 * 1024;

    static Result<QString> normalize(const QString &command);
};

} // namespace Terrarium::Core
