#include "TerminalParserGuard_p.h"

#include <cstring>

namespace Terrarium::Core {

namespace {

constexpr unsigned char Bell = 0x07;
constexpr unsigned char Cancel = 0x18;
constexpr unsigned char Substitute = 0x1a;
constexpr unsigned char Escape = 0x1b;
constexpr unsigned char Delete = 0x7f;
// libvterm's CSI_ARGS_MAX is 16: the 16th separator would start a 17th parameter.
constexpr int MaxSeparators = 15;

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

QByteArrayView TerminalParserGuard::guard(QByteArrayView bytes)
{
    m_mending = false;
    m_copied = 0;
    const qsizetype size = bytes.size();
    for (qsizetype at = 0; at < size; ++at) {
        if (m_state == State::Normal && !m_inEscape) {
            // Text, and the C0 controls in it, leave the parser where it is: only an ESC
            // moves it on (UTF-8 mode, so no byte from 0x80 up is a C1 control).
            const void *escape = memchr(bytes.data() + at, Escape, size_t(size - at));
            if (!escape)
                break;
            at = static_cast<const char *>(escape) - bytes.data();
        }
        const auto c = static_cast<unsigned char>(bytes[at]);
        const bool wasDropping = m_dropping;
        const bool tooMany = step(c);
        if (wasDropping) {
            // libvterm is at rest since the CAN; controls act there as they would have inside
            // the sequence, the sequence's own bytes go.
            if (c >= 0x20 && c != Delete)
                replace(bytes, at, at + 1, {});
        } else if (tooMany) {
            replace(bytes, at, at + 1, QByteArrayView("\x18", 1));
            m_dropping = true;
        }
        if (m_dropping && !inControlSequence())
            m_dropping = false;
    }
    if (!m_mending)
        return bytes;
    m_out.append(bytes.sliced(m_copied));
    return m_out;
}

bool TerminalParserGuard::step(unsigned char c)
{
    if (c == 0x00 || c == Delete)
        return false; // ignored wherever they stand
    if (c == Cancel || c == Substitute) {
        m_state = State::Normal;
        m_inEscape = false;
        return false;
    }
    return m_dialect == Dialect::Libvterm01 ? stepLegacy(c) : stepHoisted(c);
}

// libvterm 0.1.4's vterm_input_write().
bool TerminalParserGuard::stepLegacy(unsigned char c)
{
    if (c == Escape) {
        m_escapeIntermediates = false;
        // ESC in a string may begin its ST; a second ESC leaves the string for good.
        if (m_state != State::String || m_inEscape)
            m_state = State::Normal;
        m_inEscape = true;
        return false;
    }
    const bool inPlainString = m_state == State::String && !m_inEscape;
    if (c < 0x20 && !(c == Bell && inPlainString))
        return false; // executed where it stands
    if (m_inEscape) {
        if (m_state == State::String) {
            m_state = State::Normal;
            if (c == '\\') { // ST
                m_inEscape = false;
                return false;
            }
        }
        switch (c) {
        case 'P':
        case ']':
            m_state = State::String;
            m_inEscape = false;
            return false;
        case '[': // even after intermediates
            m_state = State::CsiLeader;
            m_inEscape = false;
            return false;
        default:
            break;
        }
        if (isIntermediate(c))
            m_escapeIntermediates = true;
        else if (c >= 0x30 && c < 0x7f)
            m_inEscape = false; // an escape sequence, or a C1 control as ESC and a letter
        // Bytes from 0x80 up are passed over.
        return false;
    }
    if (m_state == State::String) {
        if (c == Bell)
            m_state = State::Normal;
        return false;
    }
    return stepSequence(c);
}

// libvterm 0.2 and later (as 0.3.3's vterm_input_write()).
bool TerminalParserGuard::stepHoisted(unsigned char c)
{
    if (c == Escape) {
        m_escapeIntermediates = false;
        if (!inString())
            m_state = State::Normal;
        m_inEscape = true;
        return false;
    }
    if (c < 0x20 && !(c == Bell && inString()))
        return false; // executed where it stands (or, in SOS, part of the string)

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
            return false;
        m_state = State::String;
        if (c == ';')
            return false;
        break; // the byte is the string's
    case State::DcsCommand:
        if (c >= 0x40 && c <= 0x7e)
            m_state = State::String;
        return false;
    case State::String:
        break;
    case State::Normal:
        if (m_inEscape) {
            if (isIntermediate(c))
                m_escapeIntermediates = true;
            else if (c >= 0x30 && c < 0x7f)
                m_inEscape = false;
            return false;
        }
        if (c1) {
            switch (c) {
            case 0x90: // DCS
                m_state = State::DcsCommand;
                break;
            case 0x9b: // CSI
                m_state = State::CsiLeader;
                break;
            case 0x9d: // OSC
                m_state = State::OscCommand;
                break;
            case 0x98: // SOS
            case 0x9e: // PM
            case 0x9f: // APC
                m_state = State::String;
                break;
            default:
                break;
            }
        }
        return false;
    default:
        return stepSequence(c);
    }
    // In a string: BEL or ST ends it.
    if (c == Bell || (c1 && c == 0x9c))
        m_state = State::Normal;
    return false;
}

// A byte of a control sequence, read alike by all versions.
bool TerminalParserGuard::stepSequence(unsigned char c)
{
    switch (m_state) {
    case State::CsiLeader:
        if (c >= 0x3c && c <= 0x3f)
            return false;
        m_separators = 0;
        m_state = State::CsiArguments;
        [[fallthrough]];
    case State::CsiArguments:
        if (isDigit(c))
            return false;
        if (c == ';' || c == ':') {
            if (m_separators == MaxSeparators)
                return true;
            ++m_separators;
            return false;
        }
        m_state = State::CsiIntermediates;
        [[fallthrough]];
    case State::CsiIntermediates:
        // The final byte, or a byte that is none of the sequence's, ends it.
        if (!isIntermediate(c))
            m_state = State::Normal;
        return false;
    default:
        return false;
    }
}

bool TerminalParserGuard::inString() const
{
    return m_state == State::OscCommand || m_state == State::DcsCommand || m_state == State::String;
}

bool TerminalParserGuard::inControlSequence() const
{
    return m_state == State::CsiLeader || m_state == State::CsiArguments
        || m_state == State::CsiIntermediates;
}

// Replaces data[from, to) by `with` in the output (so far the output was the input itself).
void TerminalParserGuard::replace(QByteArrayView data, qsizetype from, qsizetype to,
                                  QByteArrayView with)
{
    if (!m_mending) {
        m_mending = true;
        m_out.resize(0);
    }
    m_out.append(data.sliced(m_copied, from - m_copied));
    m_out.append(with);
    m_copied = to;
}

} // namespace Terrarium::Core
