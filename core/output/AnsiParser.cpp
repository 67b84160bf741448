#include "AnsiParser.h"

#include <QVarLengthArray>

#include <array>

namespace Terrarium::Core {

namespace {

constexpr char16_t Esc = 0x1b;
constexpr char16_t Bel = 0x07;
constexpr char16_t Can = 0x18;
constexpr char16_t Sub = 0x1a;
constexpr char16_t Del = 0x7f;
constexpr char16_t C1Dcs = 0x90;
constexpr char16_t C1Sos = 0x98;
constexpr char16_t C1Csi = 0x9b;
constexpr char16_t C1St = 0x9c;
constexpr char16_t C1Osc = 0x9d;
constexpr char16_t C1Pm = 0x9e;
constexpr char16_t C1Apc = 0x9f;
constexpr char16_t ReplacementCharacter = 0xfffd;

// Characters that are copied to the output as they are: printable ASCII, TAB, and everything from
// U+00A0 on except surrogates (checked for pairing separately).
bool isPlain(char16_t c)
{
    if (c < 0x80)
        return (c >= 0x20 && c != Del) || c == u'\t';
    return c >= 0xa0 && (c < 0xd800 || c > 0xdfff);
}

bool isHighSurrogate(char16_t c)
{
    return c >= 0xd800 && c <= 0xdbff;
}
bool isLowSurrogate(char16_t c)
{
    return c >= 0xdc00 && c <= 0xdfff;
}

// One SGR parameter with its colon-separated sub-parameters; -1 marks an omitted value.
struct SgrParameter
{
    static constexpr int MaxValues = 6; // "38:2:<colour space>:r:g:b" is the longest meaningful
    std::array<int, MaxValues> values{-1, -1, -1, -1, -1, -1};
    int count = 1;

    int value(int i) const { return i < count ? values[i] : -1; }
};

QVarLengthArray<SgrParameter, 16> parseSgrParameters(const QByteArray &bytes)
{
    QVarLengthArray<SgrParameter, 16> parameters(1);
    for (const char c : bytes) {
        SgrParameter &current = parameters.last();
        if (c == ';') {
            parameters.append(SgrParameter());
        } else if (c == ':') {
            // Values past the last meaningful one are dropped, not shifted into the next.
            if (current.count < SgrParameter::MaxValues)
                ++current.count;
            else
                current.values[SgrParameter::MaxValues - 1] = -1;
        } else if (c >= '0' && c <= '9') {
            int &value = current.values[current.count - 1];
            // Clamped so that absurd numbers cannot overflow; anything above 255 is invalid anyway.
            value = std::min((value < 0 ? 0 : value) * 10 + (c - '0'), 100000);
        }
    }
    return parameters;
}

bool isByte(int value)
{
    return value >= 0 && value <= 255;
}

} // namespace

void AnsiParser::reset()
{
    *this = AnsiParser();
}

void AnsiParser::feed(QStringView text)
{
    if (text.isEmpty())
        return;
    if (m_highSurrogate != 0) {
        // Rare: the previous feed ended inside a surrogate pair.
        QString joined;
        joined.reserve(text.size() + 1);
        joined.append(QChar(std::exchange(m_highSurrogate, 0)));
        joined.append(text);
        feedText(joined);
        return;
    }
    feedText(text);
}

void AnsiParser::feedText(QStringView text)
{
    if (isHighSurrogate(text.back().unicode())) {
        m_highSurrogate = text.back().unicode();
        text.chop(1);
    }
    const char16_t *const data = text.utf16();
    const qsizetype size = text.size();
    qsizetype i = 0;
    while (i < size) {
        if (m_state != State::Ground) {
            if (consumeInSequence(data[i]))
                ++i;
            continue;
        }
        // The common case: a run of ordinary text, copied at once. Line feeds inside it are
        // text too (one append per run, not two per line); one that starts a run goes through
        // executeControl(), where it also ends a pending carriage return.
        qsizetype end = i;
        while (end < size) {
            if (isPlain(data[end]) || (data[end] == u'\n' && end > i))
                ++end;
            else if (isHighSurrogate(data[end]) && end + 1 < size && isLowSurrogate(data[end + 1]))
                end += 2;
            else
                break;
        }
        if (end > i) {
            appendText(text.sliced(i, end - i));
            i = end;
            continue;
        }
        const char16_t c = data[i++];
        if (c >= 0xd800 && c <= 0xdfff)
            appendText(QStringView(&ReplacementCharacter, 1));
        else
            executeControl(c);
    }
}

void AnsiParser::executeControl(char16_t c)
{
    switch (c) {
    case u'\n':
    case 0x0b: // VT
    case 0x0c: // FF
        appendNewline();
        break;
    case u'\r':
        m_pendingCarriageReturn = true;
        break;
    case u'\t':
        appendText(u"\t");
        break;
    case Esc:
        startSequence(State::Escape);
        break;
    case C1Csi:
        startSequence(State::Csi);
        break;
    case C1Osc:
    case C1Dcs:
    case C1Sos:
    case C1Pm:
    case C1Apc:
        startSequence(State::String);
        break;
    default:
        // BEL, BS, NUL, DEL, the other C1 controls: nothing a log console should draw.
        break;
    }
}

void AnsiParser::startSequence(State state)
{
    m_sequenceLength = 1;
    enterSequence(state);
}

void AnsiParser::enterSequence(State state)
{
    m_state = state;
    if (state == State::Csi) {
        m_params.clear();
        m_csiPrivate = false;
        m_csiIntermediate = false;
    }
}

bool AnsiParser::consumeInSequence(char16_t c)
{
    if (++m_sequenceLength > MaxSequenceLength) {
        ++m_abandoned;
        m_state = State::Ground;
        m_params.clear();
        m_params.squeeze();
        return false;
    }

    if (m_state == State::String) {
        if (c == Bel || c == C1St || c == Can || c == Sub)
            m_state = State::Ground;
        else if (c == Esc)
            m_state = State::StringEscape;
        // Anything else, non-ASCII included (titles are text), is part of the string.
        return true;
    }
    if (m_state == State::StringEscape) {
        if (c == u'\\') {
            m_state = State::Ground;
            return true;
        }
        // ESC ended the string and starts a new sequence; c belongs to that one.
        startSequence(State::Escape);
        return consumeInSequence(c);
    }

    // Escape and CSI states. Controls inside them act as they would outside (VT500 behaviour).
    if (c == Esc) {
        startSequence(State::Escape);
        return true;
    }
    if (c == Can || c == Sub) {
        m_state = State::Ground;
        return true;
    }
    if (c < 0x20) {
        executeControl(c);
        return true;
    }
    if (c == Del)
        return true;
    if (c >= 0x80) {
        // Not part of any sequence: the sequence was garbage. Show the character rather than
        // swallowing real text after a stray ESC.
        m_state = State::Ground;
        return false;
    }

    const bool isIntermediate = c >= 0x20 && c <= 0x2f;
    const bool isParameter = c >= 0x30 && c <= 0x3f;
    const bool isFinal = c >= 0x40 && c <= 0x7e;
    switch (m_state) {
    case State::Escape:
        if (c == u'[')
            enterSequence(State::Csi);
        else if (c == u']' || c == u'P' || c == u'X' || c == u'^' || c == u'_')
            enterSequence(State::String);
        else if (isIntermediate)
            m_state = State::EscapeIntermediate;
        else
            m_state = State::Ground; // ESC 7, ESC =, ESC c, a stray ST, ...
        break;
    case State::EscapeIntermediate:
        if (!isIntermediate)
            m_state = State::Ground; // ESC ( B, ESC # 8, ...
        break;
    case State::Csi:
        if (isParameter) {
            if (c >= u'<') {
                if (m_params.isEmpty() && !m_csiPrivate)
                    m_csiPrivate = true;
                else
                    m_state = State::CsiIgnore;
            } else if (m_csiIntermediate) {
                m_state = State::CsiIgnore;
            } else {
                m_params.append(char(c));
            }
        } else if (isIntermediate) {
            m_csiIntermediate = true;
        } else if (isFinal) {
            if (c == u'm' && !m_csiPrivate && !m_csiIntermediate)
                applySgr();
            m_state = State::Ground;
        }
        break;
    case State::CsiIgnore:
        if (isFinal)
            m_state = State::Ground;
        break;
    case State::Ground:
    case State::String:
    case State::StringEscape:
        break;
    }
    return true;
}

void AnsiParser::applySgr()
{
    const auto parameters = parseSgrParameters(m_params);
    // Reads an extended colour (38/48/58) starting at parameters[i]; advances i past the
    // parameters it used. Returns false when the colour is malformed or out of range.
    const auto extendedColor = [&parameters](qsizetype &i, AnsiColor *color) {
        const SgrParameter &first = parameters[i];
        if (first.count > 1) {
            // Colon form: everything is in this one parameter.
            if (first.value(1) == 5 && isByte(first.value(2))) {
                *color = AnsiColor::indexed(quint8(first.value(2)));
                return true;
            }
            if (first.value(1) == 2) {
                // "38:2:r:g:b", or "38:2:<colour space>:r:g:b" as T.416 has it.
                const int base = first.count >= 6 ? 3 : 2;
                const int r = std::max(first.value(base), 0);
                const int g = std::max(first.value(base + 1), 0);
                const int b = std::max(first.value(base + 2), 0);
                if (!isByte(r) || !isByte(g) || !isByte(b))
                    return false;
                *color = AnsiColor::fromRgb(quint8(r), quint8(g), quint8(b));
                return true;
            }
            return false;
        }
        const auto next = [&parameters, &i](qsizetype offset) {
            return i + offset < parameters.size() ? parameters[i + offset].value(0) : -1;
        };
        const qsizetype available = parameters.size() - i - 1;
        if (next(1) == 5) {
            const int index = next(2);
            i += std::min<qsizetype>(2, available);
            if (!isByte(index))
                return false;
            *color = AnsiColor::indexed(quint8(index));
            return true;
        }
        if (next(1) == 2) {
            const bool complete = available >= 4;
            const int r = std::max(next(2), 0);
            const int g = std::max(next(3), 0);
            const int b = std::max(next(4), 0);
            i += std::min<qsizetype>(4, available);
            if (!complete || !isByte(r) || !isByte(g) || !isByte(b))
                return false;
            *color = AnsiColor::fromRgb(quint8(r), quint8(g), quint8(b));
            return true;
        }
        // Unknown colour model (or 38 alone): the parameter after it is read as its own code,
        // as xterm does.
        return false;
    };

    for (qsizetype i = 0; i < parameters.size(); ++i) {
        const SgrParameter &parameter = parameters[i];
        const int code = std::max(parameter.value(0), 0);
        switch (code) {
        case 0:
            m_style = AnsiStyle();
            break;
        case 1:
            m_style.bold = true;
            break;
        case 2:
            m_style.faint = true;
            break;
        case 3:
            m_style.italic = true;
            break;
        case 4:
            // "4:0" is "no underline"; 4:1 to 4:5 are kinds of underline (single, double,
            // curly...).
            m_style.underline = parameter.count < 2 || parameter.value(1) != 0;
            break;
        case 7:
            m_style.reverse = true;
            break;
        case 9:
            m_style.strike = true;
            break;
        case 21: // double underline (ECMA-48)
            m_style.underline = true;
            break;
        case 22:
            m_style.bold = false;
            m_style.faint = false;
            break;
        case 23:
            m_style.italic = false;
            break;
        case 24:
            m_style.underline = false;
            break;
        case 27:
            m_style.reverse = false;
            break;
        case 29:
            m_style.strike = false;
            break;
        case 39:
            m_style.foreground = AnsiColor();
            break;
        case 49:
            m_style.background = AnsiColor();
            break;
        case 38:
        case 48:
        case 58: {
            AnsiColor color;
            if (!extendedColor(i, &color))
                break;
            if (code == 38)
                m_style.foreground = color;
            else if (code == 48)
                m_style.background = color;
            // 58: the underline colour, not drawn by a log console.
            break;
        }
        default:
            if (code >= 30 && code <= 37)
                m_style.foreground = AnsiColor::indexed(quint8(code - 30));
            else if (code >= 40 && code <= 47)
                m_style.background = AnsiColor::indexed(quint8(code - 40));
            else if (code >= 90 && code <= 97)
                m_style.foreground = AnsiColor::indexed(quint8(code - 90 + 8));
            else if (code >= 100 && code <= 107)
                m_style.background = AnsiColor::indexed(quint8(code - 100 + 8));
            // 5/6 blink, 8 conceal, 25/28 their "off", fonts, frames, overline: ignored.
            break;
        }
    }
}

void AnsiParser::appendText(QStringView text)
{
    if (m_pendingCarriageReturn) {
        m_pendingCarriageReturn = false;
        m_spans.append(AnsiSpan{text.toString(), m_style, true});
        return;
    }
    if (!m_spans.isEmpty() && m_spans.last().style == m_style)
        m_spans.last().text.append(text);
    else
        m_spans.append(AnsiSpan{text.toString(), m_style, false});
}

void AnsiParser::appendNewline()
{
    // "\r\n": the carriage return changes nothing before a newline.
    m_pendingCarriageReturn = false;
    appendText(u"\n");
}

} // namespace Terrarium::Core
