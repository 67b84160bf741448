#pragma once

#include <QString>

namespace Terrarium::Core {

// Text from a sandbox or a model, made safe to print on a terminal or in a log: what the
// reader sees is what the text says. Control characters (an ESC sequence can erase a line
// and print another, a carriage return can overwrite it), Unicode format characters (bidi
// overrides and isolates reorder what is shown, zero-width characters hide) and line
// separators become visible escapes such as \x1b or \u202e. Tab and newline stay.
class VisibleText
{
public:
    // Whether the character would hide or rearrange text instead of showing itself.
    static bool isHidden(char32_t code);
    static QString escape(const QString &text);
    // A name (a file path from a sandbox) on one line of its own: escape(), and newline and tab
    // as \n and \t too; backslashes are doubled, so a real "a\nb" reads apart from a newline.
    static QString escapeName(const QString &name);
};

} // namespace Terrarium::Core
