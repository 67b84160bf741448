#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace Terrarium::Core {

// What a paste may type into a program: its text, never controls. A program with bracketed
// paste on (ESC[?2004h; readline, vim) takes everything between ESC[200~ and the first ESC[201~
// as text and runs what comes after as typed, so a copied "echo hi ESC[201~ rm -rf ~ CR" would
// run the rm. Removing the markers alone is not enough: "ESC[20ESC[201~1~" collapses into one.
// So no ESC at all gets through, and nothing else that could end, forge or step out of a paste
// either: the C1 controls (U+0080..U+009F, CSI U+009B among them, which an 8-bit program takes
// for ESC [), DEL, and the C0 controls other than tab and the line breaks (^C would interrupt
// the paste, ^V quote the next character), as xterm does by default. Both terminal engines use
// this, with bracketed paste on or off (without it a pasted ESC is a key just the same).
class TerminalPaste
{
public:
    static constexpr QByteArrayView Start = "\x1b[200~";
    static constexpr QByteArrayView End = "\x1b[201~";

    // The text to send: line breaks as CR (as Enter types them), the controls above left out.
    static QString text(const QString &pasted);
    // What a terminal engine sends, when it is one bracketed paste (Start, text, End), with its
    // text made safe as above; anything else (keys) as it is. For QTermWidget, which brackets
    // the clipboard as it finds it.
    static QByteArray rebracketed(const QByteArray &sent);
};

} // namespace Terrarium::Core
