#pragma once

#include "core/terminal/TerminalTypes.h"

#include <vector>

namespace Terrarium::Core {

// One cell of a scrollback line in 16 bytes. The scrollback holds up to limit × columns of
// these (10,000 × 200 by default is 32 MB), so it keeps no QString per cell and allocates
// nothing per cell: a TerminalCell is only built when someone asks for one.
struct PackedCell
{
    enum Flag : quint16 {
        Bold = 1 << 0,
        Italic = 1 << 1,
        UnderlineMask = 3 << 2, // 0..3, as TerminalCell::underline
        Blink = 1 << 4,
        Reverse = 1 << 5,
        Strike = 1 << 6,
        Conceal = 1 << 7,
        Wide = 1 << 8, // first half of a wide character
        Continuation = 1 << 9, // second half of a wide character
        Combining = 1 << 10, // the line's combining list has code points for this cell
    };
    static constexpr int UnderlineShift = 2;

    char32_t base = 0; // the base character; 0 for a blank cell
    quint32 foreground = 0; // packColor()
    quint32 background = 0;
    quint16 flags = 0;
};
static_assert(sizeof(PackedCell) == 16);

// A colour in 32 bits: the kind in the top byte, the palette index or 0xRRGGBB below it.
// Default is 0, so a zeroed cell is a blank one in default colours.
constexpr quint32 PackedIndexed = 1u << 24;
constexpr quint32 PackedRgb = 2u << 24;

inline TerminalColor unpackColor(quint32 packed)
{
    TerminalColor color;
    switch (packed >> 24) {
    case PackedIndexed >> 24:
        color.kind = TerminalColor::Kind::Indexed;
        color.index = quint8(packed & 0xff);
        break;
    case PackedRgb >> 24:
        color.kind = TerminalColor::Kind::Rgb;
        color.rgb = packed & 0xffffff;
        break;
    default:
        break;
    }
    return color;
}

// The text of a cell from its code points (base first). Shares one string per ASCII
// character, so most cells cost no allocation.
QString terminalCellText(const char32_t *codePoints, int count);

// The lines that scrolled off the top of the screen, newest last in, in a ring that recycles
// the storage of the oldest line once the limit is reached: in a steady flood of output, pushing
// a line allocates nothing. Fed by TerminalScreen; TerminalEmulator reports the changes.
class TerminalScrollback
{
public:
    struct Line
    {
        // The cells up to the last one that is not a blank in default colours.
        std::vector<PackedCell> cells;
        // For each cell with the Combining flag, in column order: the column, the number of
        // combining characters, then those characters. Empty for nearly every line.
        std::vector<char32_t> combining;
        // The program's text ran on into the next line (auto-wrap): one line of text, not two.
        bool wrapped = false;
    };

    explicit TerminalScrollback(int limit);

    int size() const { return m_count; }
    int limit() const { return m_limit; }
    // Drops the oldest lines beyond the new limit.
    void setLimit(int lines);
    void clear();

    // Storage for a new newest line: once the limit is reached, the oldest line's, which is
    // forgotten. Its combining list is empty and it is not wrapped; its cells are stale, for the
    // caller to resize and overwrite (resizing an emptied vector would zero every cell first).
    // Null when the limit is 0.
    Line *push();
    // Moves the newest line into `line` (swapping storage, so nothing is copied or freed) and
    // forgets it. False when there is none.
    bool pop(Line &line);
    // 0 is the newest line, size() - 1 the oldest.
    const Line &line(int index) const;
    void setWrapped(int index, bool wrapped);

    static TerminalCell cell(const Line &line, int column);
    // The line's text, wide characters once, trailing blanks trimmed.
    static QString text(const Line &line);

private:
    // Rotates the ring so that the oldest line is in m_lines[0].
    void normalize();

    std::vector<Line> m_lines;
    int m_oldest = 0; // index in m_lines; only non-zero while m_lines is as long as the limit
    int m_count = 0;
    int m_limit = 0;
};

} // namespace Terrarium::Core
