#include "OutputBatch.h"

#include <QChar>

#include <algorithm>

namespace Terrarium::Core {

OutputBatch::OutputBatch(qsizetype maximumLines, qsizetype maximumCharacters,
                         qsizetype maximumLineLength)
    // Two characters at least, so that a break never has to fall inside a surrogate pair.
    : m_maximumLines(std::max<qsizetype>(maximumLines, 1))
    , m_maximumLineLength(std::max<qsizetype>(maximumLineLength, 2))
{
    // The line being written is never dropped, so the character limit must leave room for it.
    m_maximumCharacters = std::max(maximumCharacters, m_maximumLineLength);
}

void OutputBatch::setMaximumLines(qsizetype lines)
{
    m_maximumLines = std::max<qsizetype>(lines, 1);
}

void OutputBatch::append(QList<AnsiSpan> spans)
{
    for (AnsiSpan &span : spans)
        appendSpan(std::move(span));
    // Trimming lazily at twice the limits keeps the cost of cutting the front amortised.
    if (m_lineCount > 2 * m_maximumLines || m_characters > 2 * m_maximumCharacters)
        trim(m_maximumLines, m_maximumCharacters);
}

void OutputBatch::appendSpan(AnsiSpan span)
{
    if (span.text.isEmpty())
        return;
    if (span.returnsToLineStart) {
        m_column = 0;
        // What this batch holds of the current line is overwritten anyway: drop it now.
        while (!m_spans.isEmpty()) {
            Entry &last = m_spans.last();
            const qsizetype newline = last.span.text.lastIndexOf(u'\n');
            if (newline < 0) {
                m_characters -= last.span.text.size();
                m_spans.removeLast();
                continue;
            }
            m_characters -= last.span.text.size() - (newline + 1);
            last.span.text.truncate(newline + 1);
            // The line starts inside this batch, so there is nothing older to overwrite.
            span.returnsToLineStart = false;
            break;
        }
        // Dropped lines end right where this batch starts: the view's old line is gone too.
        if (m_spans.isEmpty() && m_droppedLines > 0)
            span.returnsToLineStart = false;
    }

    const qsizetype lines = breakLongLines(span.text);
    m_lineCount += lines;
    m_characters += span.text.size();
    if (!m_spans.isEmpty() && !span.returnsToLineStart && m_spans.last().span.style == span.style
        && m_spans.last().span.source == span.source) {
        Entry &last = m_spans.last();
        last.span.text.append(span.text);
        last.lines += lines;
        return;
    }
    m_spans.append(Entry{std::move(span), lines});
}

qsizetype OutputBatch::breakLongLines(QString &text)
{
    QString broken; // built only once a line needs breaking
    bool isBroken = false;
    qsizetype copied = 0; // text[0, copied) is in broken
    qsizetype lines = 0;
    qsizetype position = 0;
    while (position < text.size()) {
        const qsizetype newline = text.indexOf(u'\n', position);
        const qsizetype end = newline < 0 ? text.size() : newline;
        qsizetype segment = position;
        while (m_column + (end - segment) > m_maximumLineLength) {
            qsizetype cut = segment + (m_maximumLineLength - m_column);
            if (cut > segment && QChar::isLowSurrogate(text.at(cut).unicode())
                && QChar::isHighSurrogate(text.at(cut - 1).unicode()))
                --cut;
            broken.append(QStringView(text).sliced(copied, cut - copied));
            broken.append(u'\n');
            isBroken = true;
            copied = cut;
            segment = cut;
            m_column = 0;
            ++lines;
        }
        m_column += end - segment;
        if (newline < 0)
            break;
        m_column = 0;
        ++lines;
        position = newline + 1;
    }
    if (isBroken) {
        broken.append(QStringView(text).sliced(copied));
        text = std::move(broken);
    }
    return lines;
}

void OutputBatch::trim(qsizetype keepLines, qsizetype keepCharacters)
{
    // Only complete lines are dropped; the line still being written always stays.
    const auto isOver = [keepLines, keepCharacters](qsizetype lines, qsizetype characters) {
        return lines > 0 && (lines > keepLines || characters > keepCharacters);
    };
    while (isOver(m_lineCount, m_characters)) {
        Entry &front = m_spans.first();
        if (front.lines == 0) {
            // Part of a line that ends in a later span and is dropped with it.
            m_characters -= front.span.text.size();
            m_spans.removeFirst();
            continue;
        }
        // Drop whole lines from this span until the batch fits or the span has no more.
        qsizetype dropped = 0;
        qsizetype cut = 0;
        while (dropped < front.lines && isOver(m_lineCount - dropped, m_characters - cut)) {
            cut = front.span.text.indexOf(u'\n', cut) + 1;
            ++dropped;
        }
        m_lineCount -= dropped;
        m_characters -= cut;
        m_droppedLines += dropped;
        if (cut == front.span.text.size()) {
            m_spans.removeFirst();
            continue;
        }
        front.span.text.remove(0, cut);
        front.span.returnsToLineStart = false;
        front.lines -= dropped;
    }
}

OutputBatch::Content OutputBatch::take()
{
    trim(m_maximumLines, m_maximumCharacters);
    Content content;
    content.spans.reserve(m_spans.size());
    for (Entry &entry : m_spans)
        content.spans.append(std::move(entry.span));
    content.droppedLines = m_droppedLines;
    m_spans.clear();
    m_lineCount = 0;
    m_characters = 0;
    m_droppedLines = 0;
    return content;
}

} // namespace Terrarium::Core
