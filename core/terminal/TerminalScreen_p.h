#pragma once

#include "core/terminal/TerminalScrollback_p.h"
#include "core/terminal/TerminalTypes.h"

#include <QRect>

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace Terrarium::Core {

// One cell of the screen: the grapheme inline (base and up to five combining characters, as
// libvterm keeps them), colours packed as in the scrollback (packColor()), PackedCell flags.
struct ScreenCell
{
    static constexpr int MaxChars = 6;
    // Set by DECSCA: selective erase passes the cell by. Only on screen, never in the scrollback.
    static constexpr quint16 Protected = 1 << 15;

    std::array<char32_t, MaxChars> chars{}; // chars[0] == 0: blank
    quint32 foreground = 0;
    quint32 background = 0;
    quint16 flags = 0;
};

// The attributes new characters get (SGR state), in the cells' terms.
struct TerminalPen
{
    quint32 foreground = 0;
    quint32 background = 0;
    quint16 flags = 0; // PackedCell::Bold ... PackedCell::Conceal
};

// The screen that libvterm's state layer draws on: the primary and the alternate buffer, and the
// scrollback the primary one feeds. Rows are kept in a ring (a row map), so scrolling the whole
// screen, a flood of output's every line, moves no cells: libvterm's own screen layer copies the
// whole screen per line scrolled, which made it half as fast.
//
// Follows libvterm's screen layer where it is right (lines scroll into the scrollback from a
// full-width region at the top of the primary screen; erased cells keep only the pen's colours),
// and xterm where libvterm 0.1 is not: overwriting or erasing half of a wide character blanks the
// other half, and a primary screen resized behind the alternate one keeps the shell's lines
// around its cursor (libvterm cuts them off at the bottom). Knows nothing of libvterm;
// coordinates are always in range.
//
// Each row also knows whether it continues on the next one (a soft wrap: the text ran past the
// right margin), for copying and selecting it as one line. The emulator sets that when it sees
// a wrap; the screen clears it where the row's end or its next row changes: erasing to the end
// of the row, deleting characters, and scrolling that takes its next row away. The flag goes
// into the scrollback with the row and comes back with it.
class TerminalScreen
{
public:
    TerminalScreen(int rows, int columns, int scrollbackLimit);

    int rows() const { return m_rows; }
    int columns() const { return m_columns; }

    TerminalPen &pen() { return m_pen; }
    bool isAlternate() const { return m_active == 1; }
    // Switches buffers. `cursorRow` is the cursor's row at the switch: going to the alternate
    // screen it is where the shell's cursor is saved, the line to keep in view when the primary
    // screen comes back at another size.
    void setAlternate(bool alternate, int cursorRow);
    // DECSCNM: every screen cell reads as reversed.
    void setReverse(bool reverse);

    // `chars`: the base character and its combining ones, ended by 0 when fewer than MaxChars.
    // Returns them as the cell now holds them. Inline: this is the path of every character.
    const std::array<char32_t, ScreenCell::MaxChars> &
    putGlyph(int row, int column, const uint32_t *chars, int width, bool protectedCell)
    {
        ScreenCell *cells = line(row);
        const bool wide = width == 2 && column + 1 < m_columns;
        const int end = column + (wide ? 2 : 1);
        const auto [left, right] = cutWideCharacters(cells, column, end);

        const quint16 protection = protectedCell ? ScreenCell::Protected : 0;
        ScreenCell &cell = cells[column];
        // Filled whole and then copied: a loop that zeroes what is left after the characters
        // costs more than the rest of this function.
        std::array<char32_t, ScreenCell::MaxChars> glyph{};
        for (size_t count = 0; count < glyph.size() && chars[count] != 0; ++count)
            glyph[count] = chars[count];
        cell.chars = glyph;
        cell.foreground = m_pen.foreground;
        cell.background = m_pen.background;
        cell.flags = m_pen.flags | protection | (wide ? PackedCell::Wide : 0);
        if (wide) {
            ScreenCell &second = cells[column + 1];
            second.chars.fill(0);
            second.foreground = m_pen.foreground;
            second.background = m_pen.background;
            second.flags = m_pen.flags | protection | PackedCell::Continuation;
        }
        addDamage(row, left, row + 1, right);
        return cell.chars;
    }
    // `count` printable ASCII characters from `column` on, in cells of that row, unprotected:
    // what putGlyph() does for each in turn, in one pass.
    void putText(int row, int column, const char *ascii, int count)
    {
        ScreenCell *cells = line(row);
        const int end = column + count;
        // Only the ends can cut a wide character in two: the cells between are all written.
        const auto [left, right] = cutWideCharacters(cells, column, end);
        // Field by field: a cell built on the stack and copied is stored and read back in
        // pieces of different sizes, which stalls every cell.
        for (int i = 0; i < count; ++i) {
            ScreenCell &cell = cells[column + i];
            cell.chars = {};
            cell.chars[0] = char32_t(static_cast<unsigned char>(ascii[i]));
            cell.foreground = m_pen.foreground;
            cell.background = m_pen.background;
            cell.flags = m_pen.flags;
        }
        addDamage(row, left, row + 1, right);
    }
    // Blank cells with the pen's colours (and no other attribute).
    void erase(int top, int left, int bottom, int right, bool selective);
    // Moves the contents of the rectangle [top, bottom) × [left, right) up by `downward` rows
    // (down when negative) and left by `rightward` columns, blanking what is uncovered.
    void scroll(int top, int left, int bottom, int right, int downward, int rightward);
    // Changes the size of both buffers; returns how many rows the cursor of the shown buffer
    // moves down (negative: up), as lines go to or come back from the scrollback.
    int resize(int rows, int columns, int cursorRow);

    TerminalCell cell(int row, int column) const;
    QString lineText(int row) const;
    // Whether screen row `row` continues on the next row.
    bool isWrapped(int row) const { return wrapFlag(m_buffers[size_t(m_active)], row) != 0; }
    // Negative rows are the scrollback's (-1 the newest line), on the primary screen only.
    void setWrapped(int row, bool wrapped);

    TerminalScrollback &scrollback() { return m_scrollback; }
    const TerminalScrollback &scrollback() const { return m_scrollback; }
    void setScrollbackLimit(int lines);
    void clearScrollback();
    qint64 linesScrolledOff() const { return m_linesScrolledOff; }

    // What changed since the last call, in cells; empty when nothing did.
    QRect takeDamage();
    void damageAll() { addDamage(0, 0, m_rows, m_columns); }
    // Whether lines went to or came from the scrollback since the last call.
    bool takeScrollbackMoved();

private:
    struct Buffer
    {
        std::vector<ScreenCell> cells; // rows × columns, in storage order
        std::vector<int> rowMap; // screen row → storage row
        std::vector<quint8> wrapped; // per storage row: continues on the next screen row
        // The screen's size, except for the primary buffer behind the alternate one: that is
        // resized when it is shown again (see setAlternate()).
        int rows = 0;
        int columns = 0;
    };

    // Before the cells [column, end) of a row are written: a wide character they cut in two
    // loses its other half too (xterm). Returns the columns changed, [left, right).
    std::pair<int, int> cutWideCharacters(ScreenCell *cells, int column, int end) const
    {
        int left = column;
        int right = end;
        if ((cells[column].flags & PackedCell::Continuation) && column > 0) {
            cells[column - 1].chars.fill(0);
            cells[column - 1].flags &= ~PackedCell::Wide;
            left = column - 1;
        }
        if (end < m_columns && (cells[end - 1].flags & PackedCell::Wide)) {
            cells[end].chars.fill(0);
            cells[end].flags &= ~PackedCell::Continuation;
            right = end + 1;
        }
        return {left, right};
    }
    // Inline: on the path of every character.
    ScreenCell *line(int row) { return line(m_buffers[size_t(m_active)], row); }
    const ScreenCell *line(int row) const { return line(m_buffers[size_t(m_active)], row); }
    static ScreenCell *line(Buffer &buffer, int row)
    {
        return buffer.cells.data() + size_t(buffer.rowMap[size_t(row)]) * size_t(buffer.columns);
    }
    static const ScreenCell *line(const Buffer &buffer, int row)
    {
        return buffer.cells.data() + size_t(buffer.rowMap[size_t(row)]) * size_t(buffer.columns);
    }
    static quint8 &wrapFlag(Buffer &buffer, int row)
    {
        return buffer.wrapped[size_t(buffer.rowMap[size_t(row)])];
    }
    static quint8 wrapFlag(const Buffer &buffer, int row)
    {
        return buffer.wrapped[size_t(buffer.rowMap[size_t(row)])];
    }
    void clearWrapped(int top, int bottom);
    ScreenCell blank() const;
    void blankCells(ScreenCell *cells, int from, int to) const;
    // Makes the pair of cells (column - 1, column) whole: no wide character cut in two. True
    // when it had to.
    bool repairWide(ScreenCell *cells, int column) const;
    void addDamage(int top, int left, int bottom, int right)
    {
        if (m_damageBottom < 0) {
            m_damageTop = top;
            m_damageLeft = left;
            m_damageBottom = bottom;
            m_damageRight = right;
            return;
        }
        m_damageTop = std::min(m_damageTop, top);
        m_damageLeft = std::min(m_damageLeft, left);
        m_damageBottom = std::max(m_damageBottom, bottom);
        m_damageRight = std::max(m_damageRight, right);
    }
    void pushLine(const ScreenCell *cells, int columns, bool wrapped);
    static void unpackLine(const TerminalScrollback::Line &line, ScreenCell *target, int columns);
    void resizeBuffer(Buffer &buffer, bool primary, int rows, int columns, int removeTop,
                      int restoreTop);
    static int lastUsedRow(const Buffer &buffer);

    int m_rows;
    int m_columns;
    std::array<Buffer, 2> m_buffers;
    int m_active = 0;
    int m_primaryCursorRow = 0; // the shell's cursor row when the alternate screen came up
    bool m_reverse = false;
    TerminalPen m_pen;
    TerminalScrollback m_scrollback;
    TerminalScrollback::Line m_popped; // storage swapped in and out when lines come back
    qint64 m_linesScrolledOff = 0;
    bool m_scrollbackMoved = false;
    int m_damageTop = 0;
    int m_damageLeft = 0;
    int m_damageBottom = -1; // exclusive; -1: no damage
    int m_damageRight = 0;
};

} // namespace Terrarium::Core
