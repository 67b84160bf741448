#include "TerminalScreen_p.h"

#include <QVarLengthArray>

#include <algorithm>
#include <numeric>

namespace Terrarium::Core {

namespace {

// Flags a blank cell shows even without a character.
constexpr quint16 VisibleOnBlank =
    PackedCell::UnderlineMask | PackedCell::Reverse | PackedCell::Strike;

bool isUsed(const ScreenCell &cell)
{
    return cell.chars[0] != 0 || cell.background != 0 || (cell.flags & VisibleOnBlank);
}

bool isDefaultBlank(const ScreenCell &cell)
{
    return cell.chars[0] == 0 && cell.foreground == 0 && cell.background == 0
        && !(cell.flags & (VisibleOnBlank | PackedCell::Wide | PackedCell::Continuation));
}

} // namespace

TerminalScreen::TerminalScreen(int rows, int columns, int scrollbackLimit)
    : m_rows(rows)
    , m_columns(columns)
    , m_scrollback(scrollbackLimit)
{
    for (Buffer &buffer : m_buffers) {
        buffer.cells.assign(size_t(rows) * size_t(columns), ScreenCell());
        buffer.rowMap.resize(size_t(rows));
        std::iota(buffer.rowMap.begin(), buffer.rowMap.end(), 0);
        buffer.wrapped.assign(size_t(rows), 0);
        buffer.rows = rows;
        buffer.columns = columns;
    }
}

void TerminalScreen::setWrapped(int row, bool wrapped)
{
    if (row >= 0) {
        if (row < m_rows)
            wrapFlag(m_buffers[size_t(m_active)], row) = wrapped ? 1 : 0;
        return;
    }
    const int index = -row - 1;
    if (m_active == 0 && index < m_scrollback.size())
        m_scrollback.setWrapped(index, wrapped);
}

void TerminalScreen::clearWrapped(int top, int bottom)
{
    Buffer &buffer = m_buffers[size_t(m_active)];
    for (int row = std::max(top, 0); row < std::min(bottom, m_rows); ++row)
        wrapFlag(buffer, row) = 0;
}

ScreenCell TerminalScreen::blank() const
{
    ScreenCell cell;
    cell.foreground = m_pen.foreground;
    cell.background = m_pen.background;
    return cell;
}

void TerminalScreen::blankCells(ScreenCell *cells, int from, int to) const
{
    std::fill(cells + from, cells + to, blank());
}

bool TerminalScreen::repairWide(ScreenCell *cells, int column) const
{
    if (column <= 0 || column >= m_columns)
        return false;
    ScreenCell &first = cells[column - 1];
    ScreenCell &second = cells[column];
    const bool wide = first.flags & PackedCell::Wide;
    const bool continuation = second.flags & PackedCell::Continuation;
    if (wide && !continuation) {
        first.chars.fill(0);
        first.flags &= ~PackedCell::Wide;
        return true;
    }
    if (!wide && continuation) {
        second.flags &= ~PackedCell::Continuation;
        return true;
    }
    return false;
}

QRect TerminalScreen::takeDamage()
{
    if (m_damageBottom < 0)
        return {};
    const QRect damage =
        QRect(QPoint(m_damageLeft, m_damageTop), QPoint(m_damageRight - 1, m_damageBottom - 1))
        & QRect(0, 0, m_columns, m_rows);
    m_damageBottom = -1;
    return damage;
}

bool TerminalScreen::takeScrollbackMoved()
{
    return std::exchange(m_scrollbackMoved, false);
}

void TerminalScreen::setAlternate(bool alternate, int cursorRow)
{
    const int active = alternate ? 1 : 0;
    if (active == m_active)
        return;
    m_active = active;
    if (alternate) {
        m_primaryCursorRow = cursorRow;
    } else if (Buffer &primary = m_buffers[0];
               primary.rows != m_rows || primary.columns != m_columns) {
        // Resized meanwhile. libvterm puts the shell's saved cursor back on its row, or on the
        // last one if the screen got shorter: the lines above it stay with it, those that no
        // longer fit go to the scrollback (libvterm would have cut off the bottom instead,
        // where the shell's last lines are).
        const int removeTop = std::max(0, m_primaryCursorRow + 1 - m_rows);
        resizeBuffer(primary, true, m_rows, m_columns, removeTop, 0);
    }
    damageAll();
}

void TerminalScreen::setReverse(bool reverse)
{
    if (reverse == m_reverse)
        return;
    m_reverse = reverse;
    damageAll();
}

void TerminalScreen::erase(int top, int left, int bottom, int right, bool selective)
{
    const ScreenCell empty = blank();
    bool repaired = false;
    for (int row = top; row < bottom; ++row) {
        ScreenCell *cells = line(row);
        if (selective) {
            for (int column = left; column < right; ++column) {
                if (!(cells[column].flags & ScreenCell::Protected))
                    cells[column] = empty;
            }
        } else {
            std::fill(cells + left, cells + right, empty);
        }
        repaired |= repairWide(cells, left);
        repaired |= repairWide(cells, right);
    }
    // With its end erased, a row no longer runs on into the next one (as in xterm).
    if (right == m_columns)
        clearWrapped(top, bottom);
    // A repair touches the cell just outside the rectangle.
    addDamage(top, repaired ? std::max(0, left - 1) : left, bottom,
              repaired ? std::min(m_columns, right + 1) : right);
}

void TerminalScreen::scroll(int top, int left, int bottom, int right, int downward, int rightward)
{
    const int height = bottom - top;
    const int width = right - left;
    if (downward == 0 && rightward == 0)
        return;
    if (std::abs(downward) >= height || std::abs(rightward) >= width) {
        erase(top, left, bottom, right, false);
        return;
    }
    Buffer &buffer = m_buffers[size_t(m_active)];
    if (rightward == 0 && left == 0 && right == m_columns) {
        // Whole rows: turn the ring, no cell moves. Rows leaving the top of the primary screen
        // go to the scrollback (as in libvterm's screen layer, also with a bottom margin).
        if (downward > 0 && top == 0 && m_active == 0) {
            for (int row = 0; row < downward; ++row)
                pushLine(line(row), m_columns, wrapFlag(buffer, row) != 0);
        }
        const auto first = buffer.rowMap.begin() + top;
        const auto last = buffer.rowMap.begin() + bottom;
        // The wrap flags are per storage row, so they move with their rows. Rows whose next row
        // went away or became a blank one no longer continue: the one above the region, the
        // last one moved up, the one moved to the bottom, and the blank ones.
        if (top > 0)
            wrapFlag(buffer, top - 1) = 0;
        if (downward > 0) {
            std::rotate(first, first + downward, last);
            for (int row = bottom - downward; row < bottom; ++row)
                blankCells(line(row), 0, m_columns);
            clearWrapped(bottom - downward - 1, bottom);
        } else {
            std::rotate(first, last + downward, last);
            for (int row = top; row < top - downward; ++row)
                blankCells(line(row), 0, m_columns);
            clearWrapped(top, top - downward);
            wrapFlag(buffer, bottom - 1) = 0;
        }
        addDamage(top, 0, bottom, m_columns);
        return;
    }
    // Rows whose ends changed no longer run on as they did: the end moved to another row, or
    // characters were deleted before it (xterm clears the flag for DCH too). Inserting
    // characters keeps it: what remains of the row still runs on.
    if (right == m_columns && (downward != 0 || rightward > 0))
        clearWrapped(top, bottom);
    if (rightward == 0) {
        if (downward > 0) {
            for (int row = top; row < bottom - downward; ++row)
                std::copy_n(line(row + downward) + left, width, line(row) + left);
            for (int row = bottom - downward; row < bottom; ++row)
                blankCells(line(row), left, right);
        } else {
            for (int row = bottom - 1; row >= top - downward; --row)
                std::copy_n(line(row + downward) + left, width, line(row) + left);
            for (int row = top; row < top - downward; ++row)
                blankCells(line(row), left, right);
        }
    } else if (downward == 0) {
        for (int row = top; row < bottom; ++row) {
            ScreenCell *cells = line(row);
            if (rightward > 0) { // content moves left (DCH)
                std::copy(cells + left + rightward, cells + right, cells + left);
                blankCells(cells, right - rightward, right);
                repairWide(cells, right - rightward);
            } else { // content moves right (ICH)
                std::copy_backward(cells + left, cells + right + rightward, cells + right);
                blankCells(cells, left, left - rightward);
                repairWide(cells, left - rightward);
            }
        }
    } else {
        // Both ways at once; libvterm does not ask for it, but it is easy through a copy.
        std::vector<ScreenCell> copy(size_t(height) * size_t(width));
        for (int row = 0; row < height; ++row)
            std::copy_n(line(top + row) + left, width, copy.begin() + row * width);
        for (int row = 0; row < height; ++row) {
            ScreenCell *cells = line(top + row);
            for (int column = 0; column < width; ++column) {
                const int fromRow = row + downward;
                const int fromColumn = column + rightward;
                cells[left + column] =
                    fromRow >= 0 && fromRow < height && fromColumn >= 0 && fromColumn < width
                    ? copy[size_t(fromRow) * size_t(width) + size_t(fromColumn)]
                    : blank();
            }
        }
    }
    bool repaired = false;
    for (int row = top; row < bottom; ++row) {
        repaired |= repairWide(line(row), left);
        repaired |= repairWide(line(row), right);
    }
    addDamage(top, repaired ? std::max(0, left - 1) : left, bottom,
              repaired ? std::min(m_columns, right + 1) : right);
}

void TerminalScreen::pushLine(const ScreenCell *cells, int columns, bool wrapped)
{
    // The hot path of a flood of output: one call per line that scrolls off. Packed into
    // recycled storage; no allocation once the scrollback is full.
    m_scrollbackMoved = true;
    ++m_linesScrolledOff;
    TerminalScrollback::Line *line = m_scrollback.push();
    if (!line)
        return;
    line->wrapped = wrapped;
    int end = columns;
    while (end > 0 && isDefaultBlank(cells[end - 1]))
        --end;
    line->cells.resize(size_t(end));
    for (int column = 0; column < end; ++column) {
        const ScreenCell &cell = cells[column];
        PackedCell &packed = line->cells[size_t(column)];
        packed.base = cell.chars[0];
        packed.foreground = cell.foreground;
        packed.background = cell.background;
        packed.flags = cell.flags & ~ScreenCell::Protected;
        if (cell.chars[0] != 0 && cell.chars[1] != 0) {
            packed.flags |= PackedCell::Combining;
            int count = 1;
            while (count + 1 < ScreenCell::MaxChars && cell.chars[size_t(count) + 1] != 0)
                ++count;
            line->combining.push_back(char32_t(column));
            line->combining.push_back(char32_t(count));
            line->combining.insert(line->combining.end(), cell.chars.begin() + 1,
                                   cell.chars.begin() + 1 + count);
        }
    }
}

void TerminalScreen::unpackLine(const TerminalScrollback::Line &line, ScreenCell *target,
                                int columns)
{
    size_t combining = 0;
    const int stored = int(line.cells.size());
    for (int column = 0; column < stored; ++column) {
        const PackedCell &packed = line.cells[size_t(column)];
        size_t count = 0;
        if ((packed.flags & PackedCell::Combining) && combining + 1 < line.combining.size())
            count = line.combining[combining + 1];
        if (column < columns) {
            ScreenCell &cell = target[column];
            cell.chars.fill(0);
            cell.chars[0] = packed.base;
            cell.foreground = packed.foreground;
            cell.background = packed.background;
            cell.flags = packed.flags & ~PackedCell::Combining;
            if (count)
                std::copy_n(line.combining.begin() + qsizetype(combining) + 2,
                            std::min<size_t>(count, ScreenCell::MaxChars - 1),
                            cell.chars.begin() + 1);
        }
        if (count)
            combining += 2 + count;
    }
    // A wide character cut by a narrower screen.
    if (stored >= columns && columns > 0 && (target[columns - 1].flags & PackedCell::Wide)) {
        target[columns - 1].chars.fill(0);
        target[columns - 1].flags &= ~PackedCell::Wide;
    }
}

int TerminalScreen::lastUsedRow(const Buffer &buffer)
{
    for (int row = buffer.rows - 1; row >= 0; --row) {
        const ScreenCell *cells = line(buffer, row);
        if (std::any_of(cells, cells + buffer.columns, isUsed))
            return row;
    }
    return -1;
}

void TerminalScreen::resizeBuffer(Buffer &buffer, bool primary, int rows, int columns,
                                  int removeTop, int restoreTop)
{
    for (int row = 0; row < removeTop; ++row) {
        if (primary)
            pushLine(line(buffer, row), buffer.columns, wrapFlag(buffer, row) != 0);
    }
    std::vector<ScreenCell> cells(size_t(rows) * size_t(columns));
    // Storage in screen order from here on (the row map is reset below).
    std::vector<quint8> wrapped(size_t(rows), 0);
    for (int row = restoreTop - 1; row >= 0; --row) {
        // The newest line goes lowest, just above what was the top row.
        m_scrollback.pop(m_popped);
        m_scrollbackMoved = true;
        --m_linesScrolledOff;
        unpackLine(m_popped, cells.data() + size_t(row) * size_t(columns), columns);
        wrapped[size_t(row)] = m_popped.wrapped ? 1 : 0;
    }
    const int kept = std::min(buffer.rows - removeTop, rows - restoreTop);
    const int width = std::min(buffer.columns, columns);
    for (int row = 0; row < kept; ++row) {
        ScreenCell *target = cells.data() + size_t(restoreTop + row) * size_t(columns);
        std::copy_n(line(buffer, removeTop + row), width, target);
        wrapped[size_t(restoreTop + row)] = wrapFlag(buffer, removeTop + row);
        if (width < buffer.columns && (target[width - 1].flags & PackedCell::Wide)) {
            target[width - 1].chars.fill(0);
            target[width - 1].flags &= ~PackedCell::Wide;
        }
    }
    // The last row kept loses its next row when the screen gets shorter at the bottom.
    if (kept > 0 && restoreTop + kept == rows)
        wrapped[size_t(rows - 1)] = 0;
    buffer.cells = std::move(cells);
    buffer.wrapped = std::move(wrapped);
    buffer.rowMap.resize(size_t(rows));
    std::iota(buffer.rowMap.begin(), buffer.rowMap.end(), 0);
    buffer.rows = rows;
    buffer.columns = columns;
}

int TerminalScreen::resize(int rows, int columns, int cursorRow)
{
    if (rows == m_rows && columns == m_columns)
        return 0;
    int cursorMove = 0;
    if (m_active == 0) {
        // The primary screen keeps its bottom: the cursor's line, and the last line with
        // anything on it. What does not fit goes to the scrollback; growing taller takes lines
        // back from it (as xterm does).
        int removeTop = 0;
        int restoreTop = 0;
        if (rows < m_rows)
            removeTop = std::max(0, std::max(lastUsedRow(m_buffers[0]), cursorRow) + 1 - rows);
        else if (rows > m_rows)
            restoreTop = std::min(rows - m_rows, m_scrollback.size());
        resizeBuffer(m_buffers[0], true, rows, columns, removeTop, restoreTop);
        cursorMove = restoreTop - removeTop;
    }
    // The alternate screen is cut or extended at the bottom: its program redraws anyway. (The
    // primary one behind it waits until it is shown again.)
    resizeBuffer(m_buffers[1], false, rows, columns, 0, 0);
    m_rows = rows;
    m_columns = columns;
    damageAll();
    return cursorMove;
}

void TerminalScreen::setScrollbackLimit(int lines)
{
    const int before = m_scrollback.size();
    m_scrollback.setLimit(lines);
    if (m_scrollback.size() != before)
        m_scrollbackMoved = true;
}

void TerminalScreen::clearScrollback()
{
    if (m_scrollback.size() == 0)
        return;
    m_scrollback.clear();
    m_scrollbackMoved = true;
}

TerminalCell TerminalScreen::cell(int row, int column) const
{
    const ScreenCell &screenCell = line(row)[column];
    TerminalCell cell;
    cell.foreground = unpackColor(screenCell.foreground);
    cell.background = unpackColor(screenCell.background);
    const quint16 flags = screenCell.flags;
    cell.bold = flags & PackedCell::Bold;
    cell.italic = flags & PackedCell::Italic;
    cell.underline = quint8((flags & PackedCell::UnderlineMask) >> PackedCell::UnderlineShift);
    cell.blink = flags & PackedCell::Blink;
    cell.reverse = bool(flags & PackedCell::Reverse) != m_reverse;
    cell.strike = flags & PackedCell::Strike;
    cell.conceal = flags & PackedCell::Conceal;
    if (flags & PackedCell::Continuation) {
        cell.width = 0;
        return cell;
    }
    cell.width = (flags & PackedCell::Wide) ? 2 : 1;
    if (screenCell.chars[0] == 0)
        return cell;
    int count = 1;
    while (count < ScreenCell::MaxChars && screenCell.chars[size_t(count)] != 0)
        ++count;
    cell.text = terminalCellText(screenCell.chars.data(), count);
    return cell;
}

QString TerminalScreen::lineText(int row) const
{
    QVarLengthArray<char32_t, 256> codePoints;
    const ScreenCell *cells = line(row);
    for (int column = 0; column < m_columns; ++column) {
        const ScreenCell &cell = cells[column];
        if (cell.flags & PackedCell::Continuation)
            continue;
        if (cell.chars[0] == 0) {
            codePoints.append(U' ');
            continue;
        }
        for (int i = 0; i < ScreenCell::MaxChars && cell.chars[size_t(i)] != 0; ++i)
            codePoints.append(cell.chars[size_t(i)]);
    }
    while (!codePoints.isEmpty() && codePoints.last() == U' ')
        codePoints.removeLast();
    return QString::fromUcs4(codePoints.constData(), codePoints.size());
}

} // namespace Terrarium::Core
