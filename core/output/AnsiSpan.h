#pragma once

#include "core/output/AnsiStyle.h"

#include <QString>

namespace Terrarium::Core {

// A run of text in one style, as AnsiParser produces it. text is never empty and holds only
// printable characters, '\t' and '\n' (the line separator); every escape sequence and other
// control character has been consumed.
struct AnsiSpan
{
    QString text;
    AnsiStyle style;
    // A carriage return (not part of "\r\n") came before this text: the text replaces the content
    // of the current line, the way progress bars of apt, pip and curl redraw themselves. A
    // terminal would only overwrite as many cells as the new text covers; a log console replaces
    // the whole line, which is what those programs mean.
    bool returnsToLineStart = false;
    // Which of several outputs the text came from, for a view that shows them in one place in
    // the order they arrived (stdout 0 and stderr 1 in an interleaved console). AnsiParser
    // leaves it 0; the caller sets it. Spans from different sources are never merged.
    quint8 source = 0;
};

} // namespace Terrarium::Core
