#pragma once

#include <QByteArray>
#include <QByteArrayView>

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
class TerminalParserGuard
{
public:
    // How ESC is read: 0.1 collects intermediates and still starts a control sequence at [,
    // and any ESC leaves a string. From 0.2 on ESC followed by @ to _ is that C1 control,
    // anything else an escape sequence, and only ESC \ ends a string.
    enum class Dialect : std::uint8_t { Libvterm01, Libvterm02 };

    explicit TerminalParserGuard(Dialect dialect);

    // `bytes` as they may go to libvterm; valid until the next call.
    QByteArrayView guard(QByteArrayView bytes);

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

    // Moves the mirror on by one byte; true where that byte would be a 17th parameter.
    bool step(unsigned char c);
    bool stepLegacy(unsigned char c);
    bool stepHoisted(unsigned char c);
    bool stepSequence(unsigned char c);
    bool inString() const;
    bool inControlSequence() const;
    void replace(QByteArrayView data, qsizetype from, qsizetype to, QByteArrayView with);

    Dialect m_dialect;
    State m_state = State::Normal;
    // After an ESC (0.1's ESC and ESC-in-string states are this with Normal and String).
    bool m_inEscape = false;
    bool m_escapeIntermediates = false;
    int m_separators = 0; // of the control sequence being read
    // A cancelled sequence whose remaining bytes are dropped until libvterm would end it.
    bool m_dropping = false;

    QByteArray m_out; // the mended bytes, when something needed mending
    qsizetype m_copied = 0;
    bool m_mending = false;
};

} // namespace Terrarium::Core
