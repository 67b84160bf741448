#pragma once

#include "core/terminal/ByteMender_p.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <array>
#include <cstdint>

namespace Terrarium::Core {

// Keeps libvterm's input parser inside its arrays. libvterm keeps 16 parameters of a control
// sequence and writes each further one past the end of its array (0.1.4 and 0.3.3 alike), so any
// program in a terminal could corrupt Terrarium's memory with CSI ;;;;...
//
// Where a sequence starts is libvterm's to decide, and the two versions decide differently (0.1
// reads ESC ! [ and an ESC inside a string followed by [ as a control sequence, 0.2 and later do
// not). So this follows libvterm's parser byte for byte, as the version it was built against
// reads, across writes, over exactly the bytes that go to vterm_input_write(). Where a sequence
// is about to get a 17th parameter, a CAN goes to libvterm instead (which ends the sequence
// unexecuted) and the rest of the sequence is dropped; C0 controls inside it, which libvterm
// executes where they stand, still pass.
//
// REP (CSI n b, repeat the last character) is not left to libvterm either: it repeats a glyph of
// width 0 or -1 (none printed yet, a stray combining character, U+0080 to U+009F) forever, so any
// program could hang the window with printf '\e[b'. Its final byte becomes a CAN, and the
// emulator repeats the character itself (repeats()).
//
// A DECRC (ESC 8) is followed by a control sequence that keeps the cursor on the screen: libvterm
// restores a cursor saved on a larger screen as it was.
//
// Text is mended where libvterm's UTF-8 decoder would write past its buffer or print a C1
// control with a width of -1 (mendText()).
class TerminalParserGuard
{
public:
    // How ESC is read: 0.1 collects intermediates and still starts a control sequence at [,
    // and any ESC leaves a string. From 0.2 on ESC followed by @ to _ is that C1 control,
    // anything else an escape sequence, and only ESC \ ends a string.
    enum class Dialect : std::uint8_t { Libvterm01, Libvterm02 };

    explicit TerminalParserGuard(Dialect dialect);

    // A REP taken out of the bytes: after `at` bytes of guard()'s result, the last character
    // is to be repeated `count` times.
    struct Repeat
    {
        qsizetype at = 0;
        int count = 1;
    };

    // `bytes` as they may go to libvterm; valid until the next call. The first `plainPrefix`
    // bytes are known to be plain (plainRunEnd()).
    QByteArrayView guard(QByteArrayView bytes, qsizetype plainPrefix = 0);
    // The REPs of the last guard() call, in order.
    const QList<Repeat> &repeats() const { return m_repeats; }
    // Whether, at the start of the last guard() call, libvterm's parser was at rest and it would
    // have written printable ASCII as itself, one cell per byte, from the cursor on: no insert
    // mode, left and right margins, protected cells (DECSCA) or single shift were set, and the
    // character set shifted in was ASCII. Where a sequence might have set one of these (several
    // modes at once, say), it counts as set until a sequence clearly resets it.
    bool wasWritingTextPlainly() const { return m_plainTextAtStart; }

private:
    enum class State : std::uint8_t {
        Normal,
        CsiLeader,
        CsiArguments,
        CsiIntermediates,
        OscCommand, // 0.2: the number before an OSC string's ';'
        DcsCommand, // 0.2: a DCS string's parameters, up to its final byte
        String, // OSC, DCS (and from 0.2 on APC, PM, SOS) up to their end
    };

    enum class Verdict : std::uint8_t {
        Pass,
        TooManyParameters, // the byte would begin a 17th parameter
        Repeat, // the byte is the final byte of a REP
        RestoreCursor, // the byte ends a DECRC (ESC 8)
    };

    // Moves the mirror on by one byte.
    Verdict step(unsigned char c);
    Verdict stepLegacy(unsigned char c);
    Verdict stepHoisted(unsigned char c);
    Verdict stepSequence(unsigned char c);
    Verdict endEscape(unsigned char c);
    void beginControlSequence();
    void noteEscapeIntermediate(unsigned char c);
    // A control sequence libvterm carries out, with its final byte: notes what it does to text.
    void noteControlSequence(unsigned char final);
    bool writesTextPlainly() const;
    void mendText(QByteArrayView bytes, qsizetype from, qsizetype to);
    bool inString() const;
    bool inControlSequence() const;

    Dialect m_dialect;
    State m_state = State::Normal;
    // After an ESC (0.1's ESC and ESC-in-string states are this with Normal and String).
    bool m_inEscape = false;
    bool m_escapeIntermediates = false;
    // Of the control sequence being read: whether it has intermediates, its separators, and its
    // first parameter (-1: none).
    bool m_intermediates = false;
    int m_separators = 0;
    int m_firstParameter = -1;
    // The first intermediate byte of the escape sequence being read (0: none).
    unsigned char m_escapeIntermediate = 0;
    bool m_escapeIntermediate2 = false; // and a second one
    // Of the control sequence: its leader (? > = <) and first intermediate byte (0: none).
    unsigned char m_leaderByte = 0;
    unsigned char m_intermediateByte = 0;
    // A cancelled sequence whose remaining bytes are dropped until libvterm would end it.
    bool m_dropping = false;

    // What libvterm writes text with (see wasWritingTextPlainly()).
    bool m_insertMode = false;
    bool m_marginsMode = false;
    bool m_protectedCells = false;
    bool m_singleShift = false;
    std::array<bool, 4> m_asciiSets{true, true, true, true}; // G0 to G3
    int m_shiftedIn = 0; // the set in GL
    bool m_plainTextAtStart = true;

    QList<Repeat> m_repeats;
    ByteMender m_mender;
};

} // namespace Terrarium::Core
