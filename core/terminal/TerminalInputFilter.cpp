#include "TerminalInputFilter_p.h"

#include "TerminalPlainRun_p.h"

#include <QVarLengthArray>

#include <algorithm>
#include <cstring>
#include <utility>

namespace Terrarium::Core {

namespace {

constexpr char Escape = '\x1b';
constexpr char Bell = '\a';
constexpr char ShiftOut = '\x0e';
constexpr char ShiftIn = '\x0f';
constexpr char Cancel = '\x18';
constexpr char Substitute = '\x1a';
// An unfinished sequence longer than this is passed on rather than held back: it is garbage, or
// a string nobody needs whole (an image, a clipboard).
constexpr qsizetype MaxHeld = 16 * 1024;
// What DECCOLM does besides the width, which stays the pane's: margins reset, screen cleared,
// cursor home.
constexpr QByteArrayView ColumnModeReset = "\x1b[r\x1b[2J\x1b[H";

// APC, PM, SOS.
bool isDroppedString(char introducer)
{
    return introducer == '_' || introducer == '^' || introducer == 'X';
}

// OSC, DCS, and the dropped ones.
bool isStringIntroducer(char introducer)
{
    return introducer == ']' || introducer == 'P' || isDroppedString(introducer);
}

// The G set an ESC intermediate designates into (94-character sets: ( ) * +; 96: - . /).
int designatedSet(char intermediate)
{
    switch (intermediate) {
    case '(':
        return 0;
    case ')':
    case '-':
        return 1;
    case '*':
    case '.':
        return 2;
    case '+':
    case '/':
        return 3;
    default:
        return -1;
    }
}

// Whether a string whose introducer is at `introducer` ended (BEL for an OSC; CAN and SUB
// cancel any) before `end`. Its ST (ESC \) is not looked for: the callers look at ESCs.
bool stringEnded(QByteArrayView data, qsizetype introducer, qsizetype end)
{
    const bool osc = data[introducer] == ']';
    for (qsizetype i = introducer + 1; i < end; ++i) {
        const char c = data[i];
        if ((osc && c == Bell) || c == Cancel || c == Substitute)
            return true;
    }
    return false;
}

// Where the first printable ASCII byte after `escape` is: libvterm executes C0 controls in the
// middle of a sequence and passes over bytes from DEL up (ESC, CAN and SUB end one instead), so
// ESC RS [ and ESC 0x81 [ start a control sequence too.
qsizetype afterControls(QByteArrayView data, qsizetype escape)
{
    qsizetype i = escape + 1;
    for (; i < data.size(); ++i) {
        const uchar c = uchar(data[i]);
        if (c == uchar(Escape) || c == uchar(Cancel) || c == uchar(Substitute)
            || (c >= 0x20 && c < 0x7f))
            break;
    }
    return i;
}

// Whether a sequence's final byte (at least `lowest`, at most '~'; CAN, SUB or a non-ASCII byte
// end it too) is in [from, end).
bool hasFinal(QByteArrayView data, qsizetype from, qsizetype end, char lowest)
{
    for (qsizetype i = from; i < end; ++i) {
        const uchar c = uchar(data[i]);
        if ((c >= uchar(lowest) && c <= '~') || c >= 0x80 || c == Cancel || c == Substitute)
            return true;
    }
    return false;
}

// How many bytes at the end of `data` start a UTF-8 sequence that is not complete yet.
qsizetype incompleteUtf8Tail(QByteArrayView data)
{
    const qsizetype size = data.size();
    for (qsizetype back = 1; back <= std::min<qsizetype>(3, size); ++back) {
        const uchar c = uchar(data[size - back]);
        if ((c & 0xc0) == 0x80)
            continue; // a continuation byte; its lead is further back
        if (c < 0xc0 || c >= 0xf8)
            return 0; // ASCII, or not a lead byte: nothing to wait for
        const qsizetype length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
        return length > back ? back : 0;
    }
    return 0;
}

qsizetype lastEscape(QByteArrayView data, qsizetype before)
{
    const void *found = memrchr(data.data(), Escape, size_t(before));
    return found ? static_cast<const char *>(found) - data.data() : -1;
}

} // namespace

QByteArrayView TerminalInputFilter::filter(QByteArrayView bytes)
{
    m_plainPrefix = 0;
    QByteArrayView data = bytes;
    if (!m_held.isEmpty()) {
        // Both keep their storage: a flood of output holds a cut sequence back at most reads.
        m_joined.resize(0);
        m_joined.append(m_held);
        m_joined.append(bytes);
        m_held.resize(0);
        data = m_joined;
    }
    const qsizetype complete = completeLength(data);
    if (complete < data.size())
        m_held.append(data.sliced(complete));
    data = data.first(complete);
    if (data.isEmpty())
        return data;

    m_mender.begin();
    // Shifts are rare; only when there are any is every byte looked at, not just the ESCs.
    m_shifts = memchr(data.data(), ShiftOut, size_t(data.size()))
        || memchr(data.data(), ShiftIn, size_t(data.size()));
    // Text and colours, the common case, change nothing here; nothing is mended before the first
    // byte that is not plain.
    if (!m_dropping)
        m_plainPrefix = plainRunEnd(data, 0);
    for (qsizetype at = m_plainPrefix; at < data.size();) {
        if (!m_dropping)
            at = plainRunEnd(data, at);
        if (at < data.size())
            at = mend(data, at);
    }
    return m_mender.finish(data);
}

// The length of the part of `data` that can go to libvterm now. Only the last ESC needs looking
// at: any ESC ends a string or sequence before it.
qsizetype TerminalInputFilter::completeLength(QByteArrayView data) const
{
    const qsizetype size = data.size();
    const qsizetype escape = lastEscape(data, size);
    qsizetype holdFrom = -1;
    if (escape >= 0 && escape + 1 == size) {
        // The first half of the ST that ends an open string, or the start of a new sequence.
        const qsizetype previous = lastEscape(data, escape);
        const bool inString = previous >= 0 && isStringIntroducer(data[previous + 1])
            && !stringEnded(data, previous + 1, escape);
        holdFrom = inString ? previous : escape;
    } else if (escape >= 0) {
        const qsizetype bracket = afterControls(data, escape);
        const char next = data[escape + 1];
        if (bracket == size) {
            holdFrom = escape; // ESC and controls: the rest is still to come
        } else if (data[bracket] == '[') {
            if (!hasFinal(data, bracket + 1, size, '@'))
                holdFrom = escape;
        } else if (isStringIntroducer(next)) {
            if (!stringEnded(data, escape + 1, size))
                holdFrom = escape;
        } else if (next == '[') {
            if (!hasFinal(data, escape + 2, size, '@'))
                holdFrom = escape;
        } else if (next >= ' ' && next <= '/') { // intermediate: a designation, say
            if (!hasFinal(data, escape + 2, size, '0'))
                holdFrom = escape;
        }
    }
    if (holdFrom >= 0 && size - holdFrom <= MaxHeld)
        return holdFrom;
    return size - incompleteUtf8Tail(data);
}

// Looks at the next thing of interest from `at` on; returns where to go on from.
qsizetype TerminalInputFilter::mend(QByteArrayView data, qsizetype at)
{
    const qsizetype size = data.size();
    if (m_dropping) {
        if (std::exchange(m_droppedEscape, false)) {
            // The ESC that ended the last input began the ST, or a sequence of its own.
            m_dropping = false;
            if (data[at] == '\\') {
                m_mender.replace(data, at, at + 1, {});
                return at + 1;
            }
            return at;
        }
        return skipString(data, at, at, true);
    }

    qsizetype found = -1;
    if (m_shifts) {
        for (qsizetype i = at; i < size; ++i) {
            const char c = data[i];
            if (c == Escape || c == ShiftOut || c == ShiftIn) {
                found = i;
                break;
            }
        }
    } else if (const void *escape = memchr(data.data() + at, Escape, size_t(size - at))) {
        found = static_cast<const char *>(escape) - data.data();
    }
    if (found < 0)
        return size;
    if (data[found] == ShiftOut) {
        m_charsets.gl = 1;
        return found + 1;
    }
    if (data[found] == ShiftIn) {
        m_charsets.gl = 0;
        return found + 1;
    }
    if (found + 1 >= size)
        return size; // only when an overlong sequence was let through unfinished
    const char next = data[found + 1];
    if (const qsizetype bracket = afterControls(data, found);
        bracket < size && data[bracket] == '[')
        return controlSequence(data, bracket);
    if (isStringIntroducer(next))
        return skipString(data, found, found + 2, isDroppedString(next));
    switch (next) {
    case '7': // DECSC
        m_saved = m_charsets;
        return found + 2;
    case '8': // DECRC
        restoreCharsets(data, found + 2, m_saved);
        return found + 2;
    case 'c': // RIS: libvterm resets its charsets itself
        m_charsets = m_saved = Charsets();
        return found + 2;
    case 'n': // LS2
        m_charsets.gl = 2;
        return found + 2;
    case 'o': // LS3
        m_charsets.gl = 3;
        return found + 2;
    default:
        break;
    }
    if (const int set = designatedSet(next); set >= 0) {
        Designation designation{next, {0, 0}};
        qsizetype i = found + 2;
        for (size_t n = 0; i < size && n < designation.charset.size();) {
            const char c = data[i++];
            designation.charset[n++] = c;
            if (c >= '0')
                break; // the final byte ('%' and the like come before it)
        }
        m_charsets.g[size_t(set)] = designation;
        return i;
    }
    return found + 1;
}

// A string from the ESC at `start` (or, continuing a dropped one, from the input's start) on:
// passed over, or dropped; returns where it ended.
qsizetype TerminalInputFilter::skipString(QByteArrayView data, qsizetype start, qsizetype payload,
                                          bool drop)
{
    const qsizetype size = data.size();
    const bool bellEnds = start + 1 < size && data[start] == Escape && data[start + 1] == ']';
    qsizetype end = size;
    bool ended = false;
    for (qsizetype i = payload; i < size; ++i) {
        const char c = data[i];
        if ((bellEnds && c == Bell) || c == Cancel || c == Substitute) {
            end = i + 1;
            ended = true;
            break;
        }
        if (c != Escape)
            continue;
        if (i + 1 == size) {
            m_droppedEscape = drop;
            break;
        }
        // ST ends the string; any other ESC ends it too and begins a sequence of its own.
        end = data[i + 1] == '\\' ? i + 2 : i;
        ended = true;
        break;
    }
    if (drop) {
        m_dropping = !ended;
        m_mender.replace(data, start, end, {});
    }
    return end;
}

// The CSI whose [ is at `bracket`: only DECSET/DECRST (with the private marker) and DECSTR matter
// here.
qsizetype TerminalInputFilter::controlSequence(QByteArrayView data, qsizetype bracket)
{
    const qsizetype size = data.size();
    qsizetype i = bracket + 1;
    if (i >= size || (data[i] != '?' && data[i] != '!'))
        return i; // SGR and the like: the common case, nothing to do
    const bool privateMode = data[i] == '?';
    if (privateMode)
        ++i;
    QVarLengthArray<int, 8> parameters;
    int value = 0;
    bool digits = false;
    QByteArray intermediates;
    for (; i < size; ++i) {
        const char c = data[i];
        if (c >= '0' && c <= '9') {
            value = std::min(value * 10 + (c - '0'), 100000);
            digits = true;
        } else if (c == ';') {
            parameters.append(digits ? value : 0);
            value = 0;
            digits = false;
        } else if (c >= ' ' && c <= '/') {
            intermediates += c;
        } else if (c >= '@' && c <= '~') {
            break;
        } else if (c == Escape || c == Cancel || c == Substitute) {
            return i; // aborted
        }
    }
    if (i >= size)
        return size;
    const char final = data[i];
    parameters.append(digits ? value : 0);
    const qsizetype end = i + 1;

    if (!privateMode) {
        if (intermediates == "!" && final == 'p') { // DECSTR: xterm resets the charsets
            m_saved = Charsets();
            restoreCharsets(data, end, Charsets());
        }
        return end;
    }
    if (!intermediates.isEmpty() || (final != 'h' && final != 'l'))
        return end;
    bool columnMode = false;
    bool saveOrRestore = false;
    for (const int parameter : parameters) {
        columnMode |= parameter == 3;
        saveOrRestore |= parameter == 1048 || parameter == 1049;
    }
    if (columnMode)
        m_mender.replace(data, end, end, ColumnModeReset);
    if (saveOrRestore) {
        if (final == 'h')
            m_saved = m_charsets;
        else
            restoreCharsets(data, end, m_saved);
    }
    return end;
}

void TerminalInputFilter::restoreCharsets(QByteArrayView data, qsizetype at, const Charsets &to)
{
    if (to == m_charsets)
        return;
    QByteArray designations;
    for (size_t set = 0; set < to.g.size(); ++set) {
        if (to.g[set] == m_charsets.g[set])
            continue;
        designations += Escape;
        designations += to.g[set].intermediate;
        for (const char c : to.g[set].charset) {
            if (c)
                designations += c;
        }
    }
    if (to.gl != m_charsets.gl) {
        static constexpr const char *shifts[] = {"\x0f", "\x0e", "\x1bn", "\x1bo"};
        designations += shifts[std::clamp(to.gl, 0, 3)];
    }
    m_charsets = to;
    m_mender.replace(data, at, at, designations);
}

} // namespace Terrarium::Core
