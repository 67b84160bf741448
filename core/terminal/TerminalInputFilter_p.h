#pragma once

#include "core/terminal/ByteMender_p.h"

#include <QByteArray>
#include <QByteArrayView>

#include <array>

namespace Terrarium::Core {

// The program's output on its way into libvterm, mended where libvterm 0.1 falls short of xterm:
//
// * Split input: libvterm loses an OSC or DCS string whose introducer and payload arrive in
//   different writes (the title never shows) and turns a UTF-8 sequence split across writes
//   into U+FFFD. An unterminated string, an unfinished escape or control sequence, or a cut UTF-8
//   sequence at the end of the input waits for the next write. So libvterm's parser is at rest
//   between writes, which also makes the bytes added below safe to add.
// * APC, PM and SOS strings (a kitty graphics query, say): libvterm prints their payload; they
//   are dropped, as terminals do.
// * DECCOLM (CSI ?3h/l): libvterm ignores it; xterm clears the screen, resets the margins and
//   homes the cursor (vttest and `reset` rely on it). The width stays the pane's.
// * Character sets: DECSC/DECRC (and 1048/1049) save and restore the G0-G3 designations and the
//   shift state in xterm, DECSTR resets them; libvterm does neither, so the designations are
//   tracked here and re-sent after a restore or soft reset.
//
// Everything else passes through untouched, and without a copy when nothing needed mending.
class TerminalInputFilter
{
public:
    // The bytes for libvterm: what was held back last time, then `bytes`, mended, less a tail
    // that must wait for more. Valid until the next call.
    QByteArrayView filter(QByteArrayView bytes);
    // How many bytes at the start of the last filter() result are plain (plainRunEnd()): the
    // parser guard, at rest, need not look at them again.
    qsizetype plainPrefix() const { return m_plainPrefix; }

private:
    // A designation: the intermediate that names the G set ('(' for G0 ... '/' for G3 of 96)
    // and the charset's final byte(s).
    struct Designation
    {
        char intermediate = '(';
        std::array<char, 2> charset{'B', 0};
        bool operator==(const Designation &) const = default;
    };
    struct Charsets
    {
        std::array<Designation, 4> g{Designation{'(', {'B', 0}}, Designation{')', {'B', 0}},
                                     Designation{'*', {'B', 0}}, Designation{'+', {'B', 0}}};
        int gl = 0; // the set shifted into GL (SI: 0, SO: 1, LS2: 2, LS3: 3)
        bool operator==(const Charsets &) const = default;
    };

    qsizetype completeLength(QByteArrayView data) const;
    qsizetype mend(QByteArrayView data, qsizetype at);
    qsizetype skipString(QByteArrayView data, qsizetype start, qsizetype payload, bool drop);
    // The sequence whose '[' is at `bracket` (C0 controls may come between it and the ESC).
    qsizetype controlSequence(QByteArrayView data, qsizetype bracket);
    // Sends the designations and shift that turn the current charsets into `to`, after `at`.
    void restoreCharsets(QByteArrayView data, qsizetype at, const Charsets &to);

    QByteArray m_held;
    QByteArray m_joined; // held + new input, when something was held
    ByteMender m_mender;
    qsizetype m_plainPrefix = 0;
    bool m_shifts = false; // the current input has SO or SI bytes
    // Inside an APC/PM/SOS string being dropped (across writes only when it outgrew what is
    // held back), and whether its last byte so far was the ESC of a possible ST.
    bool m_dropping = false;
    bool m_droppedEscape = false;
    Charsets m_charsets;
    Charsets m_saved;
};

} // namespace Terrarium::Core
