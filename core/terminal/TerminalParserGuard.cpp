#include "TerminalParserGuard_p.h"

#include "TerminalPlainRun_p.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace Terrarium::Core {

namespace {

constexpr unsigned char Bell = 0x07;
constexpr unsigned char Cancel = 0x18;
constexpr unsigned char Substitute = 0x1a;
constexpr unsigned char Escape = 0x1b;
constexpr unsigned char Delete = 0x7f;
constexpr unsigned char ShiftOut = 0x0e;
constexpr unsigned char ShiftIn = 0x0f;
// ECMA-48 modes: IRM. DEC modes: DECLRMM.
constexpr int InsertMode = 4;
constexpr int LeftRightMarginMode = 69;
// The lead byte of U+0080 to U+00BF in UTF-8.
constexpr unsigned char Utf8C1Lead = 0xc2;
// More repetitions than any line has cells change nothing.
constexpr int MaxRepeatCount = 100000;

bool isIntermediate(unsigned char c)
{
    return c >= 0x20 && c <= 0x2f;
}

bool isDigit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

} // namespace

TerminalParserGuard::TerminalParserGuard(Dialect dialect)
    : m_dialect(dialect)
{ }

QByteArrayView TerminalParserGuard::guard(QByteArrayView bytes, qsizetype plainPrefix)
{
    m_mender.begin();
    m_repeats.clear();
    m_plainTextAtStart =
        m_state == State::Normal && !m_inEscape && !m_dropping && writesTextPlainly();
    const qsizetype size = bytes.size();
    // Plain bytes leave the parser at rest where it is at rest.
    const qsizetype start = m_state == State::Normal && !m_inEscape ? plainPrefix : 0;
    for (qsizetype at = start; at < size; ++at) {
        if (m_state == State::Normal && !m_inEscape) {
            // Text, the C0 controls in it and colours and cursor moves leave the parser at rest.
            at = plainRunEnd(bytes, at);
            if (at == size)
                break;
            const char stop = bytes[at];
            if (stop != char(Escape) && stop != char(ShiftOut) && stop != char(ShiftIn)) {
                // What stopped the run is text (UTF-8 mode, so no byte from 0x80 up is a C1
                // control): up to the next ESC, only ESC moves the parser on (and SO and SI
                // shift the character sets).
                const char *from = bytes.data() + at;
                size_t span = size_t(size - at);
                for (const unsigned char control : {Escape, ShiftOut, ShiftIn}) {
                    if (const void *found = memchr(from, control, span))
                        span = size_t(static_cast<const char *>(found) - from);
                }
                const qsizetype end = at + qsizetype(span);
                mendText(bytes, at, end);
                at = end - 1;
                continue;
            }
        }
        const auto c = static_cast<unsigned char>(bytes[at]);
        const bool wasDropping = m_dropping;
        const Verdict verdict = step(c);
        if (wasDropping) {
            // libvterm is at rest since the CAN; controls act there as they would have inside
            // the sequence, the sequence's own bytes go.
            if (c >= 0x20 && c != Delete)
                m_mender.replace(bytes, at, at + 1, {});
        } else if (verdict == Verdict::TooManyParameters) {
            m_mender.replace(bytes, at, at + 1, QByteArrayView("\x18", 1));
            m_dropping = true;
        } else if (verdict == Verdict::Repeat) {
            m_mender.replace(bytes, at, at + 1, QByteArrayView("\x18", 1));
            m_repeats.append({m_mender.mendedSize(), std::max(m_firstParameter, 1)});
        } else if (verdict == Verdict::RestoreCursor) {
            // libvterm restores the saved cursor as it was saved, also below or right of a
            // screen that got smaller since, and then reads and writes its line array there.
            // Every control sequence it carries out ends by keeping the cursor on the screen;
            // this one (an unknown DEC mode) does nothing else.
            m_mender.replace(bytes, at + 1, at + 1, "\x1b[?0h");
        }
        if (m_dropping && !inControlSequence())
            m_dropping = false;
    }
    return m_mender.finish(bytes);
}

// Text that libvterm's UTF-8 decoder reads. It writes two characters for one byte when an ASCII
// byte follows an unfinished sequence (the lead byte kept across controls, escape sequences and
// writes), one more than libvterm made room for (0.1.4: on the stack; 0.3.3: at the end of a
// 4 KiB buffer). So an unfinished sequence becomes U+FFFD, complete, as libvterm would have
// shown it. U+0080 to U+009F go: libvterm gives them a width of -1, which moves the cursor to
// column -1, and a tab stop set there (HTS) is written before libvterm's array.
void TerminalParserGuard::mendText(QByteArrayView bytes, qsizetype from, qsizetype to)
{
    static constexpr QByteArrayView Replacement("\xef\xbf\xbd");
    for (qsizetype at = from; at < to; ++at) {
        // ASCII, eight bytes at a time: the common case.
        while (to - at >= 8) {
            std::uint64_t word;
            std::memcpy(&word, bytes.data() + at, sizeof word);
            if (word & 0x8080808080808080ULL)
                break;
            at += 8;
        }
        if (at >= to)
            break;
        const auto lead = static_cast<unsigned char>(bytes[at]);
        if (lead < 0xc0 || lead >= 0xfe)
            continue; // ASCII, a stray continuation byte or 0xfe/0xff: one character at most
        const int needed = lead >= 0xfc ? 5
            : lead >= 0xf8              ? 4
            : lead >= 0xf0              ? 3
            : lead >= 0xe0              ? 2
                                        : 1;
        int found = 0;
        while (found < needed && at + 1 + found < to
               && (static_cast<unsigned char>(bytes[at + 1 + found]) & 0xc0) == 0x80)
            ++found;
        const qsizetype end = at + 1 + found;
        if (found < needed)
            m_mender.replace(bytes, at, end, Replacement);
        else if (lead == Utf8C1Lead && static_cast<unsigned char>(bytes[at + 1]) < 0xa0)
            m_mender.replace(bytes, at, end, {});
        at = end - 1;
    }
}

TerminalParserGuard::Verdict TerminalParserGuard::step(unsigned char c)
{
    if (c == 0x00 || c == Delete)
        return Verdict::Pass; // ignored wherever they stand
    if (c == Cancel || c == Substitute) {
        m_state = State::Normal;
        m_inEscape = false;
        return Verdict::Pass;
    }
    // Executed wherever they stand (SOS, where they would not be, never gets here).
    if (c == ShiftOut || c == ShiftIn)
        m_shiftedIn = c == ShiftOut ? 1 : 0;
    return m_dialect == Dialect::Libvterm01 ? stepLegacy(c) : stepHoisted(c);
}

// libvterm 0.1.4's vterm_input_write().
TerminalParserGuard::Verdict TerminalParserGuard::stepLegacy(unsigned char c)
{
    if (c == Escape) {
        m_escapeIntermediates = false;
        m_escapeIntermediate = 0;
        m_escapeIntermediate2 = false;
        // ESC in a string may begin its ST; a second ESC leaves the string for good.
        if (m_state != State::String || m_inEscape)
            m_state = State::Normal;
        m_inEscape = true;
        return Verdict::Pass;
    }
    const bool inPlainString = m_state == State::String && !m_inEscape;
    if (c < 0x20 && !(c == Bell && inPlainString))
        return Verdict::Pass; // executed where it stands
    if (m_inEscape) {
        if (m_state == State::String) {
            m_state = State::Normal;
            if (c == '\\') { // ST
                m_inEscape = false;
                return Verdict::Pass;
            }
        }
        switch (c) {
        case 'P':
        case ']':
            m_state = State::String;
            m_inEscape = false;
            return Verdict::Pass;
        case '[': // even after intermediates
            beginControlSequence();
            m_inEscape = false;
            return Verdict::Pass;
        default:
            break;
        }
        if (isIntermediate(c))
            noteEscapeIntermediate(c);
        else if (c >= 0x30 && c < 0x7f)
            return endEscape(c); // an escape sequence, or a C1 control as ESC and a letter
        // Bytes from 0x80 up are passed over.
        return Verdict::Pass;
    }
    if (m_state == State::String) {
        if (c == Bell)
            m_state = State::Normal;
        return Verdict::Pass;
    }
    return stepSequence(c);
}

// libvterm 0.2 and later (as 0.3.3's vterm_input_write()).
TerminalParserGuard::Verdict TerminalParserGuard::stepHoisted(unsigned char c)
{
    if (c == Escape) {
        m_escapeIntermediates = false;
        m_escapeIntermediate = 0;
        m_escapeIntermediate2 = false;
        if (!inString())
            m_state = State::Normal;
        m_inEscape = true;
        return Verdict::Pass;
    }
    if (c < 0x20 && !(c == Bell && inString()))
        return Verdict::Pass; // executed where it stands (or, in SOS, part of the string)

    bool c1 = false;
    if (m_inEscape) {
        if (!m_escapeIntermediates && c >= 0x40 && c < 0x60 && (!inString() || c == '\\')) {
            c += 0x40; // ESC and a letter is that C1 control
            c1 = true;
            m_inEscape = false;
        } else {
            m_state = State::Normal;
        }
    }
    switch (m_state) {
    case State::OscCommand:
        if (isDigit(c))
            return Verdict::Pass;
        m_state = State::String;
        if (c == ';')
            return Verdict::Pass;
        break; // the byte is the string's
    case State::DcsCommand:
        if (c >= 0x40 && c <= 0x7e)
            m_state = State::String;
        return Verdict::Pass;
    case State::String:
        break;
    case State::Normal:
        if (m_inEscape) {
            if (isIntermediate(c))
                noteEscapeIntermediate(c);
            else if (c >= 0x30 && c < 0x7f)
                return endEscape(c);
            return Verdict::Pass;
        }
        if (c1) {
            switch (c) {
            case 0x90: // DCS
                m_state = State::DcsCommand;
                break;
            case 0x9b: // CSI
                beginControlSequence();
                break;
            case 0x9d: // OSC
                m_state = State::OscCommand;
                break;
            case 0x98: // SOS
            case 0x9e: // PM
            case 0x9f: // APC
                m_state = State::String;
                break;
            case 0x8e: // SS2
            case 0x8f: // SS3
                m_singleShift = true;
                break;
            default:
                break;
            }
        }
        return Verdict::Pass;
    default:
        return stepSequence(c);
    }
    // In a string: BEL or ST ends it.
    if (c == Bell || (c1 && c == 0x9c))
        m_state = State::Normal;
    return Verdict::Pass;
}

// A byte of a control sequence, read alike by all versions.
TerminalParserGuard::Verdict TerminalParserGuard::stepSequence(unsigned char c)
{
    switch (m_state) {
    case State::CsiLeader:
        if (c >= 0x3c && c <= 0x3f) {
            m_leaderByte = c;
            return Verdict::Pass;
        }
        m_state = State::CsiArguments;
        [[fallthrough]];
    case State::CsiArguments:
        if (isDigit(c)) {
            if (m_separators == 0)
                m_firstParameter =
                    std::min(std::max(m_firstParameter, 0) * 10 + (c - '0'), MaxRepeatCount);
            return Verdict::Pass;
        }
        if (c == ';' || c == ':') {
            if (m_separators == MaxControlSequenceSeparators)
                return Verdict::TooManyParameters;
            ++m_separators;
            return Verdict::Pass;
        }
        m_state = State::CsiIntermediates;
        [[fallthrough]];
    case State::CsiIntermediates:
        if (isIntermediate(c)) {
            if (!m_intermediates)
                m_intermediateByte = c;
            m_intermediates = true;
            return Verdict::Pass;
        }
        // The final byte, or a byte that is none of the sequence's, ends it.
        m_state = State::Normal;
        if (c >= 0x40 && c <= 0x7e && !m_dropping)
            noteControlSequence(c);
        return c == 'b' && m_leaderByte == 0 && !m_intermediates ? Verdict::Repeat : Verdict::Pass;
    default:
        return Verdict::Pass;
    }
}

TerminalParserGuard::Verdict TerminalParserGuard::endEscape(unsigned char c)
{
    m_inEscape = false;
    if (!m_escapeIntermediates) {
        switch (c) {
        case 'c': // RIS
            m_insertMode = m_marginsMode = m_protectedCells = m_singleShift = false;
            m_asciiSets.fill(true);
            m_shiftedIn = 0;
            break;
        case 'N': // SS2 and SS3 (libvterm 0.1 reads them here)
        case 'O':
            m_singleShift = true;
            break;
        case 'n': // LS2, LS3
        case 'o':
            m_shiftedIn = c == 'n' ? 2 : 3;
            break;
        default:
            break;
        }
    } else if (m_escapeIntermediate >= '(' && m_escapeIntermediate <= '/') {
        // A designation (94-character sets from '(' on, 96-character ones from '-' on): only
        // ASCII of 94 is plain; a set of two bytes' name counts as not.
        const int set = (m_escapeIntermediate - '(') % 4;
        const bool ascii = m_escapeIntermediate <= '+' && c == 'B' && !m_escapeIntermediate2;
        m_asciiSets[size_t(set)] = ascii;
    }
    return c == '8' && !m_escapeIntermediates ? Verdict::RestoreCursor : Verdict::Pass;
}

void TerminalParserGuard::noteEscapeIntermediate(unsigned char c)
{
    if (!m_escapeIntermediates)
        m_escapeIntermediate = c;
    else
        m_escapeIntermediate2 = true;
    m_escapeIntermediates = true;
}

void TerminalParserGuard::beginControlSequence()
{
    m_state = State::CsiLeader;
    m_intermediates = false;
    m_leaderByte = 0;
    m_intermediateByte = 0;
    m_separators = 0;
    m_firstParameter = -1;
}

// Only the first parameter is kept: a sequence with more than one sets the mode it might set,
// and resets none.
void TerminalParserGuard::noteControlSequence(unsigned char final)
{
    const bool single = m_separators == 0;
    const auto sets = [&](int mode) {
        return m_firstParameter == mode || !single;
    };
    const auto resets = [&](int mode) {
        return m_firstParameter == mode && single;
    };
    if (m_intermediates) {
        if (m_intermediateByte == '"' && final == 'q') // DECSCA
            m_protectedCells = m_firstParameter == 1 || !single;
        return;
    }
    if (final != 'h' && final != 'l')
        return;
    bool &mode = m_leaderByte == 0 ? m_insertMode : m_marginsMode;
    if (m_leaderByte != 0 && m_leaderByte != '?')
        return;
    const int number = m_leaderByte == 0 ? InsertMode : LeftRightMarginMode;
    if (final == 'h' && sets(number))
        mode = true;
    else if (final == 'l' && resets(number))
        mode = false;
}

bool TerminalParserGuard::writesTextPlainly() const
{
    return !m_insertMode && !m_marginsMode && !m_protectedCells && !m_singleShift
        && m_asciiSets[size_t(m_shiftedIn)];
}

// libvterm's "string states": a DCS's parameters are not one of them (ESC there begins a
// sequence, BEL is a control).
bool TerminalParserGuard::inString() const
{
    return m_state == State::OscCommand || m_state == State::String;
}

bool TerminalParserGuard::inControlSequence() const
{
    return m_state == State::CsiLeader || m_state == State::CsiArguments
        || m_state == State::CsiIntermediates;
}

} // namespace Terrarium::Core
