#include "TerminalScrollback_p.h"

#include <QVarLengthArray>

#include <algorithm>
#include <array>

namespace Terrarium::Core {

QString terminalCellText(const char32_t *codePoints, int count)
{
    // Immutable once built, and QString's reference count is atomic, so sharing these across
    // emulators (and threads) is safe; it spares a heap allocation for nearly every cell.
    static const std::array<QString, 128> ascii = [] {
        std::array<QString, 128> strings;
        for (int c = 0; c < 128; ++c)
            strings[c] = QString(QChar(c));
        return strings;
    }();
    if (count == 1 && codePoints[0] < 128)
        return ascii[codePoints[0]];
    return QString::fromUcs4(codePoints, count);
}

TerminalScrollback::TerminalScrollback(int limit)
    : m_limit(std::max(0, limit))
{ }

void TerminalScrollback::normalize()
{
    if (m_oldest == 0)
        return;
    std::rotate(m_lines.begin(), m_lines.begin() + m_oldest, m_lines.end());
    m_oldest = 0;
}

void TerminalScrollback::setLimit(int lines)
{
    lines = std::max(0, lines);
    normalize();
    if (m_count > lines) {
        m_lines.erase(m_lines.begin(), m_lines.begin() + (m_count - lines));
        m_count = lines;
    }
    if (int(m_lines.size()) > lines)
        m_lines.resize(lines);
    m_limit = lines;
}

void TerminalScrollback::clear()
{
    // Give the memory back: clearing is what a user does to get rid of a huge history.
    std::vector<Line>().swap(m_lines);
    m_oldest = 0;
    m_count = 0;
}

TerminalScrollback::Line *TerminalScrollback::push()
{
    if (m_limit == 0)
        return nullptr;
    const int slots = int(m_lines.size());
    Line *line = nullptr;
    if (m_count < slots) {
        line = &m_lines[(m_oldest + m_count) % slots];
        ++m_count;
    } else if (slots < m_limit) {
        // Growing towards the limit; the ring has not wrapped yet, so m_oldest is 0.
        line = &m_lines.emplace_back();
        ++m_count;
    } else {
        line = &m_lines[m_oldest];
        m_oldest = (m_oldest + 1) % slots;
    }
    line->combining.clear();
    line->wrapped = false;
    return line;
}

bool TerminalScrollback::pop(Line &line)
{
    if (m_count == 0)
        return false;
    std::swap(line, m_lines[(m_oldest + m_count - 1) % int(m_lines.size())]);
    --m_count;
    return true;
}

const TerminalScrollback::Line &TerminalScrollback::line(int index) const
{
    return m_lines[(m_oldest + m_count - 1 - index) % int(m_lines.size())];
}

void TerminalScrollback::setWrapped(int index, bool wrapped)
{
    m_lines[(m_oldest + m_count - 1 - index) % int(m_lines.size())].wrapped = wrapped;
}

TerminalCell TerminalScrollback::cell(const Line &line, int column)
{
    TerminalCell cell;
    if (column < 0 || column >= int(line.cells.size()))
        return cell;
    const PackedCell &packed = line.cells[column];
    cell.foreground = unpackColor(packed.foreground);
    cell.background = unpackColor(packed.background);
    cell.bold = packed.flags & PackedCell::Bold;
    cell.italic = packed.flags & PackedCell::Italic;
    cell.underline =
        quint8((packed.flags & PackedCell::UnderlineMask) >> PackedCell::UnderlineShift);
    cell.blink = packed.flags & PackedCell::Blink;
    cell.reverse = packed.flags & PackedCell::Reverse;
    cell.strike = packed.flags & PackedCell::Strike;
    cell.conceal = packed.flags & PackedCell::Conceal;
    if (packed.flags & PackedCell::Continuation) {
        cell.width = 0;
        return cell;
    }
    cell.width = (packed.flags & PackedCell::Wide) ? 2 : 1;
    if (packed.base == 0)
        return cell;
    if (!(packed.flags & PackedCell::Combining)) {
        cell.text = terminalCellText(&packed.base, 1);
        return cell;
    }
    char32_t codePoints[16] = {packed.base};
    int count = 1;
    for (size_t at = 0; at + 1 < line.combining.size(); at += 2 + line.combining[at + 1]) {
        if (int(line.combining[at]) != column)
            continue;
        const int extra = std::min<int>(int(line.combining[at + 1]), std::size(codePoints) - 1);
        std::copy_n(line.combining.begin() + at + 2, extra, codePoints + 1);
        count += extra;
        break;
    }
    cell.text = terminalCellText(codePoints, count);
    return cell;
}

QString TerminalScrollback::text(const Line &line)
{
    // Code points first, one conversion at the end: search runs this over the whole history.
    QVarLengthArray<char32_t, 256> codePoints;
    size_t combining = 0;
    for (const PackedCell &packed : line.cells) {
        if (packed.flags & PackedCell::Continuation)
            continue;
        codePoints.append(packed.base == 0 ? U' ' : packed.base);
        if ((packed.flags & PackedCell::Combining) && combining + 1 < line.combining.size()) {
            // Combining entries are in column order, so they are met in turn.
            const size_t count = line.combining[combining + 1];
            codePoints.append(line.combining.data() + combining + 2, qsizetype(count));
            combining += 2 + count;
        }
    }
    while (!codePoints.isEmpty() && codePoints.last() == U' ')
        codePoints.removeLast();
    return QString::fromUcs4(codePoints.constData(), codePoints.size());
}

} // namespace Terrarium::Core
