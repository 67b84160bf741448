#pragma once

#include "core/Error.h"

#include <QByteArrayView>
#include <QProcessEnvironment>
#include <QString>

namespace Terrarium::Core {

// The secret a control client proves itself with: 256 random bits from the system's generator,
// as 64 hex digits. ControlTokenLoader keeps it in the desktop keyring; where there is none, in
// the file load() manages: only its owner may read it (0600, in a folder only its owner may
// enter) under $XDG_RUNTIME_DIR, made on first use. TERRARIUM_CONTROL_TOKEN, when set, is the
// token instead (for scripts that start Terrarium themselves).
class ControlToken
{
public:
    static constexpr qsizetype MinimumChars = 32;

    static QString generate();
    // $XDG_RUNTIME_DIR/terrarium/control-token
    static QString defaultFile();
    // Makes folder (and its parents) if missing and leaves it to its owner alone (0700).
    static Result<void> makePrivateFolder(const QString &folder);
    // The token from the environment, else from file (made with a new token when missing). A
    // file others may read or that is not the user's own is refused, never used; so is an
    // environment token shorter than MinimumChars.
    static Result<QString> load(const QString &file, const QProcessEnvironment &environment);
    // Compares in time that depends only on the lengths, so that a client cannot find the
    // token a character at a time by timing refusals.
    static bool matches(QByteArrayView expected, QByteArrayView candidate);
};

} // namespace Terrarium::Core
