#pragma once

#include "core/output/AnsiSpan.h"

#include <QList>

namespace Terrarium::Core {

// The styled output that arrived between two renders of a console, bounded so that a flood costs
// the same as a screenful: only the last maximumLines() lines and at most maximumCharacters()
// characters are kept, and lines longer than maximumLineLength() are broken into several (a
// single 100 MB line must not become one text block). What was dropped is counted, because the
// view says how many lines are only in the saved output.
//
// "Lines" are counted by '\n': a batch keeps at most maximumLines() complete lines plus the line
// still being written. Spans that a later carriage return overwrites are discarded as they are
// superseded, so a progress bar redrawn 10 000 times costs one span, not 10 000.
//
// The batch remembers how long the last line is across take() calls (it is the view's last
// line); resetLine() says that the view's last line was emptied. Cost: append() is linear in the
// text appended, amortised; memory is bounded by twice the limits. Not thread-safe.
class OutputBatch
{
public:
    static constexpr qsizetype DefaultMaximumLines = 5000;
    static constexpr qsizetype DefaultMaximumCharacters = 1024 * 1024;
    static constexpr qsizetype DefaultMaximumLineLength = 4096;

    struct Content
    {
        QList<AnsiSpan> spans;
        // Complete lines dropped from the front of the batch. When non-zero, the spans start at
        // the beginning of a line and everything shown before this batch is older than them.
        qint64 droppedLines = 0;
    };

    explicit OutputBatch(qsizetype maximumLines = DefaultMaximumLines,
                         qsizetype maximumCharacters = DefaultMaximumCharacters,
                         qsizetype maximumLineLength = DefaultMaximumLineLength);

    qsizetype maximumLines() const { return m_maximumLines; }
    void setMaximumLines(qsizetype lines);
    qsizetype maximumCharacters() const { return m_maximumCharacters; }
    qsizetype maximumLineLength() const { return m_maximumLineLength; }

    void append(QList<AnsiSpan> spans);
    bool isEmpty() const { return m_spans.isEmpty() && m_droppedLines == 0; }
    // Complete lines in the batch (after trimming to the limits, lazily: may exceed them until
    // take()).
    qsizetype lineCount() const { return m_lineCount; }

    // Hands over the batch, trimmed to the limits, and starts an empty one.
    Content take();
    // The view's last line is empty now (it was cleared): long lines are measured from here.
    void resetLine() { m_column = 0; }

private:
    struct Entry
    {
        AnsiSpan span;
        qsizetype lines = 0; // '\n' in span.text
    };

    void appendSpan(AnsiSpan span);
    // Inserts line breaks so that no line exceeds maximumLineLength(); returns the number of
    // lines text completes (its newlines, inserted ones included).
    qsizetype breakLongLines(QString &text);
    void trim(qsizetype keepLines, qsizetype keepCharacters);

    qsizetype m_maximumLines;
    qsizetype m_maximumCharacters;
    qsizetype m_maximumLineLength;
    QList<Entry> m_spans;
    qsizetype m_lineCount = 0;
    qsizetype m_characters = 0;
    qint64 m_droppedLines = 0;
    qsizetype m_column = 0; // characters in the last line, shown or in this batch
};

} // namespace Terrarium::Core
