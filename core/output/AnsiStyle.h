#pragma once

#include "core/output/AnsiColor.h"

#include <QHashFunctions>

namespace Terrarium::Core {

// The graphic rendition (SGR) in effect for a run of text. Blink and conceal are not kept: a log
// console neither blinks nor hides text.
struct AnsiStyle
{
    AnsiColor foreground;
    AnsiColor background;
    bool bold = false;
    bool faint = false;
    bool italic = false;
    bool underline = false;
    bool reverse = false; // swap foreground and background when drawing
    bool strike = false;

    bool isDefault() const { return *this == AnsiStyle{}; }
    friend bool operator==(const AnsiStyle &, const AnsiStyle &) = default;
};

// Views cache one text format per style.
size_t qHash(const AnsiStyle &style, size_t seed = 0) noexcept;

} // namespace Terrarium::Core
