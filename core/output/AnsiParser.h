#pragma once

#include "core/output/AnsiSpan.h"

#include <QByteArray>
#include <QList>
#include <QStringView>

#include <utility>

namespace Terrarium::Core {

// Turns the decoded output of a command into styled spans for a log console (not a terminal
// emulator: there is no screen, only lines that grow).
//
// Understood: SGR (ESC [ ... m): reset, bold, faint, italic, underline (4, 4:n, 21), reverse,
// strike, their "off" codes, foreground 30-37/90-97/39, background 40-47/100-107/49, indexed
// 38;5;n / 48;5;n and true colour 38;2;r;g;b / 48;2;r;g;b in both the semicolon and the colon
// (ITU T.416) forms, any number of combined parameters, empty parameters meaning 0. Blink and
// conceal are accepted and ignored; the underline colour (58) is consumed and ignored.
//
// Swallowed without a trace: every other CSI (cursor movement, erase, private modes), OSC (titles,
// OSC 8 hyperlinks; ended by BEL or ST), DCS/SOS/PM/APC strings, two- and three-character escapes
// (ESC 7, ESC ( B, ...), their 8-bit C1 forms, and C0 controls other than TAB, LF and CR. VT and
// FF count as LF. Backspace is dropped: honouring it would need a screen model, and its main use
// in logs (spinners, man-page overstrike) reads fine without it. CAN/SUB abort a sequence.
//
// Carriage returns: "\r\n" (and "\r\r\n") is a newline; a lone "\r" followed by text marks that
// text's span returnsToLineStart. A "\r" at the end of a feed waits for the next one to decide.
//
// Input may be split anywhere: inside an escape sequence, between "\r" and "\n", between the two
// halves of a UTF-16 surrogate pair (the high half waits for the next feed; unpaired halves become
// U+FFFD). A sequence still open after MaxSequenceLength characters is abandoned and what follows
// is shown as text, so a stray introducer in binary garbage cannot hide the rest of the output and
// memory stays bounded; the price is that an oversized OSC payload (OSC 52, inline images) shows
// its tail.
//
// Cost: linear in the input, one pass; runs of plain text are copied in bulk. Not thread-safe.
class AnsiParser
{
public:
    static constexpr qsizetype MaxSequenceLength = 4096;

    void feed(QStringView text);
    // The spans produced since the last call, oldest first. Adjacent text in the same style is
    // merged into one span.
    QList<AnsiSpan> takeSpans() { return std::exchange(m_spans, {}); }
    bool hasSpans() const { return !m_spans.isEmpty(); }

    // The rendition that applies to the next text.
    const AnsiStyle &style() const { return m_style; }
    // How many sequences were given up for being longer than MaxSequenceLength.
    qint64 abandonedSequences() const { return m_abandoned; }
    // Back to the initial state: default style, no partial sequence, no spans.
    void reset();

private:
    enum class State : quint8 {
        Ground,
        Escape, // after ESC
        EscapeIntermediate, // ESC, then 0x20-0x2F
        Csi, // collecting parameters
        CsiIgnore, // malformed CSI: skip to its final byte
        String, // OSC, DCS, SOS, PM, APC: skip to BEL or ST
        StringEscape, // ESC inside a string: ST if '\' follows
    };

    void feedText(QStringView text);
    // Consumes text[i] in a sequence state; returns false when the character must be processed
    // again in the ground state.
    bool consumeInSequence(char16_t c);
    void executeControl(char16_t c);
    void appendText(QStringView text);
    void appendNewline();
    // A new sequence (ESC or a C1 introducer): its length counts from here.
    void startSequence(State state);
    // The next state of the same sequence.
    void enterSequence(State state);
    void applySgr();

    State m_state = State::Ground;
    QByteArray m_params; // CSI parameter bytes (digits, ';', ':')
    bool m_csiPrivate = false; // '<', '=', '>' or '?' first: not SGR
    bool m_csiIntermediate = false; // intermediate bytes seen: not SGR
    qsizetype m_sequenceLength = 0;
    bool m_pendingCarriageReturn = false;
    char16_t m_highSurrogate = 0; // the last feed ended with this high surrogate
    AnsiStyle m_style;
    QList<AnsiSpan> m_spans;
    qint64 m_abandoned = 0;
};

} // namespace Terrarium::Core
