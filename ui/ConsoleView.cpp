#include "ConsoleView.h"

#include "core/output/AnsiParser.h"
#include "core/output/OutputBatch.h"
#include "core/output/OutputSpool.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHash>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>

#include <array>
#include <climits>
#include <cmath>

namespace Terrarium::Widgets {

using Core::AnsiColor;
using Core::AnsiSpan;
using Core::AnsiStyle;
using Core::OutputBatch;

namespace {

// Between two renders; short enough to feel live, long enough that a flood costs a handful of
// document edits per second instead of one per chunk.
constexpr int FlushIntervalMs = 50;
// Inserting text is the costly part of a render (a dense page of coloured output is 40 000
// spans, ~30 ms here); the timer-driven render stops after this long and continues on the next
// event loop pass, so input and painting never wait much longer than this.
constexpr int RenderSliceMs = 12;
// Foreground text keeps at least this contrast ratio (WCAG) against its background. Indexed
// colours are the theme's to choose, so they get what WCAG asks of body text (VS Code's terminal
// default too). True colour is an exact request, often part of a gradient or a syntax theme, so
// it is only kept from becoming invisible (a dark-theme program's near-white on a light view).
constexpr double MinimumContrastIndexed = 4.5;
constexpr double MinimumContrastRgb = 2.0;

// The 16 base colours, one set tuned for dark backgrounds and one for light ones (from VS Code's
// terminal themes). xterm's own values put yellow on white and blue on black, which nobody can
// read; MinimumContrastIndexed above catches what these still get wrong on an unusual palette.
constexpr std::array<QRgb, 16> DarkBase = {
    0x000000, 0xcd3131, 0x0dbc79, 0xe5e510, 0x2472c8, 0xbc3fbc, 0x11a8cd, 0xe5e5e5,
    0x666666, 0xf14c4c, 0x23d18b, 0xf5f543, 0x3b8eea, 0xd670d6, 0x29b8db, 0xffffff,
};
constexpr std::array<QRgb, 16> LightBase = {
    0x000000, 0xcd3131, 0x00bc00, 0x949800, 0x0451a5, 0xbc05bc, 0x0598bc, 0x555555,
    0x666666, 0xcd3131, 0x14ce14, 0xb5ba00, 0x0451a5, 0xbc05bc, 0x0598bc, 0xa5a5a5,
};

double luminance(const QColor &color)
{
    const auto channel = [](float c) {
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF())
        + 0.0722 * channel(color.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor mix(const QColor &from, const QColor &to, double amount)
{
    return QColor::fromRgbF(float(from.redF() + (to.redF() - from.redF()) * amount),
                            float(from.greenF() + (to.greenF() - from.greenF()) * amount),
                            float(from.blueF() + (to.blueF() - from.blueF()) * amount));
}

// Whether white text reads better on color than black text does.
bool isDark(const QColor &color)
{
    return contrast(Qt::white, color) > contrast(Qt::black, color);
}

// Moves color towards white or black, whichever reads better on background, until the contrast
// reaches minimum; the hue is kept as far as that allows.
QColor readableOn(const QColor &color, const QColor &background, double minimum)
{
    if (contrast(color, background) >= minimum)
        return color;
    const QColor target = isDark(background) ? QColor(Qt::white) : QColor(Qt::black);
    for (int step = 1; step <= 20; ++step) {
        const QColor adjusted = mix(color, target, step / 20.0);
        if (contrast(adjusted, background) >= minimum)
            return adjusted;
    }
    return target;
}

// AnsiSpan::source of stderr text in an interleaved console; stdout's is 0.
constexpr quint8 StderrSource = 1;
// QTextBlock::userState() of a line that holds stderr text (an interleaved console).
constexpr int StderrLineState = 1;

// The stream's glyph, in color, centred in box: a prompt chevron for stdout, a warning triangle
// for stderr. Shapes, not colours, so they tell the streams apart in greyscale too. cutout is
// what shows through the triangle's "!".
void paintStreamGlyph(QPainter &painter, const QRectF &box, ConsoleView::Stream stream,
                      const QColor &color, const QColor &cutout)
{
    const qreal size = std::min(box.width(), box.height());
    const QRectF square(box.center().x() - size / 2, box.center().y() - size / 2, size, size);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    if (stream == ConsoleView::Stream::Stderr) {
        QPainterPath triangle;
        triangle.moveTo(square.center().x(), square.top());
        triangle.lineTo(square.right(), square.bottom());
        triangle.lineTo(square.left(), square.bottom());
        triangle.closeSubpath();
        painter.fillPath(triangle, color);
        if (size >= 8) {
            const qreal stroke = std::max(1.0, size / 8);
            const qreal x = square.center().x() - stroke / 2;
            painter.fillRect(QRectF(x, square.top() + size * 0.38, stroke, size * 0.3), cutout);
            painter.fillRect(QRectF(x, square.top() + size * 0.76, stroke, stroke), cutout);
        }
    } else {
        QPen pen(color, std::max(1.5, size / 6));
        pen.setCapStyle(Qt::RoundCap);
        pen.setJoinStyle(Qt::RoundJoin);
        painter.setPen(pen);
        const qreal inset = size * 0.2;
        const QPointF points[] = {
            {square.left() + inset, square.top() + inset},
            {square.center().x() + inset / 2, square.center().y()},
            {square.left() + inset, square.bottom() - inset},
        };
        painter.drawPolyline(points, 3);
    }
    painter.restore();
}

// The small font of the tabs and their button: the UI font, not the console's monospace one.
QFont tabFont()
{
    QFont font = QApplication::font();
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * 0.85);
    else
        font.setPixelSize(std::max(9, font.pixelSize() * 85 / 100));
    font.setWeight(QFont::DemiBold);
    return font;
}

} // namespace

struct ConsoleView::Private
{
    Core::AnsiParser parser;
    Core::AnsiParser stderrParser; // an interleaved console's stderr
    OutputBatch batch;
    // Empty while the output is kept elsewhere (setKeepsFullOutput()).
    std::optional<Core::OutputSpool> spool{std::in_place};
    QTimer *timer = nullptr;
    // A batch being rendered over several event loop passes; queue[queued...] is still to come.
    QList<AnsiSpan> queue;
    qsizetype queued = 0;
    // Per palette (cleared when it changes), one set per source: stderr text of an interleaved
    // console is tinted.
    std::array<QHash<AnsiStyle, QTextCharFormat>, 2> formats;
    qint64 totalCharacters = 0;
    qint64 hiddenLines = 0;
    bool hasNote = false; // the first block says how many lines are hidden
    bool renderWhenShown = false;
    bool interleaved = false;
    QColor stderrColor; // an interleaved console's tint for stderr text without a colour
    QToolButton *expandButton = nullptr;
    QWidget *scrollBarSpacer = nullptr;
    bool expandable = false;
    bool expanded = false;
    int tabHeight = 0;
    int gutterWidth = 0;
    int wrapWidth = -1; // the viewport's width when the text was last laid out for it

    static QColor resolve(const AnsiColor &color, bool dark)
    {
        switch (color.kind) {
        case AnsiColor::Kind::Default:
            return {};
        case AnsiColor::Kind::Indexed:
            if (color.index < 16)
                return QColor::fromRgb((dark ? DarkBase : LightBase)[color.index]);
            return QColor::fromRgb(AnsiColor::standardRgb(color.index));
        case AnsiColor::Kind::Rgb:
            return QColor::fromRgb(color.rgb);
        }
        return {};
    }

    QTextCharFormat makeFormat(const AnsiStyle &style, quint8 source, const QPalette &palette) const
    {
        QTextCharFormat format;
        const QColor base = palette.color(QPalette::Base);
        const QColor text = palette.color(QPalette::Text);
        const bool dark = isDark(base);
        QColor foreground = resolve(style.foreground, dark);
        QColor background = resolve(style.background, dark);
        if (source == StderrSource && !foreground.isValid() && !style.reverse)
            foreground = stderrColor;
        if (style.reverse) {
            std::swap(foreground, background);
            if (!foreground.isValid())
                foreground = base;
            if (!background.isValid())
                background = text;
        }
        const QColor drawnOn = background.isValid() ? background : base;
        if (foreground.isValid()) {
            const bool exact = !style.reverse && style.foreground.kind == AnsiColor::Kind::Rgb;
            foreground = readableOn(foreground, drawnOn,
                                    exact ? MinimumContrastRgb : MinimumContrastIndexed);
        }
        if (style.faint)
            foreground = mix(foreground.isValid() ? foreground : text, drawnOn, 0.4);
        if (foreground.isValid())
            format.setForeground(foreground);
        if (background.isValid())
            format.setBackground(background);
        if (style.bold)
            format.setFontWeight(QFont::Bold);
        if (style.italic)
            format.setFontItalic(true);
        if (style.underline)
            format.setFontUnderline(true);
        if (style.strike)
            format.setFontStrikeOut(true);
        return format;
    }

    const QTextCharFormat &format(const AnsiSpan &span, const QPalette &palette)
    {
        const quint8 source = interleaved && span.source == StderrSource ? StderrSource : 0;
        QHash<AnsiStyle, QTextCharFormat> &cache = formats[source];
        auto it = cache.find(span.style);
        if (it == cache.end())
            it = cache.insert(span.style, makeFormat(span.style, source, palette));
        return *it;
    }

    // Marks the lines that text inserted in [start, end) touches as holding stderr.
    static void markStderr(const QTextDocument *document, int start, int end)
    {
        for (QTextBlock block = document->findBlock(start);
             block.isValid() && block.position() < end; block = block.next())
            block.setUserState(StderrLineState);
    }

    static int contentStart(const QTextDocument *document, bool hasNote)
    {
        return hasNote ? document->firstBlock().next().position() : 0;
    }

    // Complete lines in the widget, the note not counted.
    qint64 contentLines(const QTextDocument *document) const
    {
        return document->blockCount() - 1 - (hasNote ? 1 : 0);
    }

    // Removes the oldest lines beyond the limits (inside the caller's edit block) and keeps the
    // note about hidden lines up to date.
    void trimToLimits(QTextCursor &cursor, const QPalette &palette)
    {
        QTextDocument *document = cursor.document();
        const int start = contentStart(document, hasNote);
        qint64 lines = contentLines(document);
        qint64 characters = document->characterCount() - start;
        QTextBlock block = document->findBlock(start);
        qint64 removed = 0;
        while ((lines > batch.maximumLines() || characters > batch.maximumCharacters())
               && block.next().isValid()) {
            characters -= block.length();
            --lines;
            ++removed;
            block = block.next();
        }
        if (removed > 0) {
            cursor.setPosition(start);
            cursor.setPosition(block.position(), QTextCursor::KeepAnchor);
            cursor.removeSelectedText();
            hiddenLines += removed;
        }
        if (hiddenLines > 0)
            updateNote(cursor, palette);
    }

    void updateNote(QTextCursor &cursor, const QPalette &palette)
    {
        QTextCharFormat format;
        format.setFontItalic(true);
        format.setForeground(palette.color(QPalette::PlaceholderText));
        const QString text = ConsoleView::tr("… %Ln lines above are in the saved output", nullptr,
                                             int(std::min<qint64>(hiddenLines, INT_MAX)));
        cursor.setPosition(0);
        if (hasNote) {
            cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
            cursor.insertText(text, format);
            return;
        }
        // The first line keeps its stderr mark: the split below leaves it on the note's block.
        const int firstLineState = cursor.block().userState();
        cursor.insertText(text, format);
        // Empty formats: the content's first line must not inherit the note's look.
        cursor.insertBlock(QTextBlockFormat(), QTextCharFormat());
        cursor.block().setUserState(firstLineState);
        cursor.block().previous().setUserState(-1);
        hasNote = true;
    }
};

ConsoleView::ConsoleView(Stream stream, QWidget *parent)
    : QPlainTextEdit(parent)
    , m_stream(stream)
    , d(std::make_unique<Private>())
{
    d->interleaved = stream == Stream::Interleaved;
    setReadOnly(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    // An undo stack would keep every inserted and trimmed line alive.
    setUndoRedoEnabled(false);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setTabStopDistance(QFontMetricsF(font()).horizontalAdvance(u' ') * 8);
    setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    // The frame is drawn in event() in the stream's colour; Plain/Box reserves the room for it
    // without the style drawing a bevel of its own.
    setFrameStyle(QFrame::Box | QFrame::Plain);
    setLineWidth(2);
    document()->setDocumentMargin(6);

    d->scrollBarSpacer = new QWidget(this);
    addScrollBarWidget(d->scrollBarSpacer, Qt::AlignTop);
    d->expandButton = new QToolButton(this);
    d->expandButton->setObjectName(QStringLiteral("expandButton"));
    d->expandButton->setAutoRaise(true);
    d->expandButton->setCheckable(true);
    d->expandButton->setCursor(Qt::ArrowCursor);
    d->expandButton->hide();
    connect(d->expandButton, &QToolButton::toggled, this, &ConsoleView::setExpanded);
    if (d->interleaved) {
        // The gutter is outside the viewport: it follows the text as the view scrolls.
        connect(this, &QPlainTextEdit::updateRequest, this, [this] {
            update(QRect(0, viewport()->y(), viewport()->x(), viewport()->height()));
        });
    }
    updateMargins();
    setExpanded(false);
    // The scrollback is bounded by render() rather than setMaximumBlockCount(): the document would
    // drop the note line first, and it cannot count what it dropped.

    d->timer = new QTimer(this);
    d->timer->setSingleShot(true);
    connect(d->timer, &QTimer::timeout, this, [this] {
        if (isVisible())
            render(false);
        else
            d->renderWhenShown = true;
    });
}

ConsoleView::~ConsoleView() = default;

void ConsoleView::appendText(const QString &text)
{
    if (text.isEmpty())
        return;
    d->totalCharacters += text.size();
    if (d->spool)
        d->spool->append(QStringView(text));
    // Parsing here keeps what waits for the next render bounded by the scrollback, however much
    // arrives in between.
    d->parser.feed(text);
    d->batch.append(d->parser.takeSpans());
    if (!d->timer->isActive())
        d->timer->start(FlushIntervalMs);
}

void ConsoleView::appendText(Stream from, const QString &text)
{
    if (!d->interleaved || from != Stream::Stderr) {
        appendText(text);
        return;
    }
    if (text.isEmpty())
        return;
    d->totalCharacters += text.size();
    if (d->spool)
        d->spool->append(QStringView(text));
    d->stderrParser.feed(text);
    QList<AnsiSpan> spans = d->stderrParser.takeSpans();
    for (AnsiSpan &span : spans)
        span.source = StderrSource;
    d->batch.append(std::move(spans));
    if (!d->timer->isActive())
        d->timer->start(FlushIntervalMs);
}

void ConsoleView::appendInput(const QString &text)
{
    Core::AnsiSpan span;
    span.text = QStringLiteral("\u203a %1\n").arg(text);
    span.style.italic = true;
    span.style.bold = true;
    span.style.foreground = Core::AnsiColor::indexed(6); // cyan, kept readable on Base
    // Marked as stdout's: the input goes to the command, whose stderr it is not.
    span.source = 0;
    d->totalCharacters += span.text.size();
    d->batch.append(QList<Core::AnsiSpan>{span});
    if (!d->timer->isActive())
        d->timer->start(FlushIntervalMs);
}

void ConsoleView::flush()
{
    render(true);
}

void ConsoleView::render(bool everything)
{
    d->timer->stop();
    d->renderWhenShown = false;
    if (d->batch.isEmpty() && d->queue.isEmpty())
        return;

    QScrollBar *scrollBar = verticalScrollBar();
    const bool wasAtBottom = scrollBar->value() >= scrollBar->maximum();
    // Where the user is reading: a cursor follows its text through the edits below.
    QTextCursor readingAt;
    int readingLineOffset = 0;
    if (!wasAtBottom) {
        const QTextBlock top = firstVisibleBlock();
        readingAt = QTextCursor(document());
        readingAt.setPosition(top.position());
        readingLineOffset = scrollBar->value() - top.firstLineNumber();
    }

    QTextDocument *doc = document();
    if (d->queue.isEmpty()) {
        // Taken only once the previous batch is fully shown, so that "everything shown" below
        // means everything before this batch.
        OutputBatch::Content content = d->batch.take();
        if (content.droppedLines > 0) {
            // The batch alone fills the scrollback: everything shown is older than its tail.
            // clear() drops the whole document at once; removing a full scrollback of styled
            // text range by range costs more than rendering the new one.
            d->hiddenLines += d->contentLines(doc) + content.droppedLines;
            doc->clear();
            d->hasNote = false;
        }
        d->queue = std::move(content.spans);
        d->queued = 0;
    }

    QElapsedTimer clock;
    clock.start();
    QTextCursor cursor(doc);
    cursor.beginEditBlock();
    cursor.movePosition(QTextCursor::End);
    const QPalette palette = this->palette();
    while (d->queued < d->queue.size()) {
        const AnsiSpan &span = d->queue.at(d->queued++);
        if (span.returnsToLineStart) {
            cursor.movePosition(QTextCursor::StartOfBlock, QTextCursor::KeepAnchor);
            cursor.removeSelectedText();
            cursor.block().setUserState(-1);
        }
        const int start = cursor.position();
        cursor.insertText(span.text, d->format(span, palette));
        if (d->interleaved && span.source == StderrSource)
            Private::markStderr(doc, start, cursor.position());
        if (!everything && d->queued % 64 == 0 && clock.elapsed() >= RenderSliceMs)
            break;
    }
    if (d->queued == d->queue.size()) {
        d->queue.clear();
        d->queued = 0;
    }
    d->trimToLimits(cursor, palette);
    cursor.endEditBlock();

    if (wasAtBottom) {
        scrollBar->setValue(scrollBar->maximum());
    } else {
        const QTextBlock block = doc->findBlock(readingAt.position());
        scrollBar->setValue(block.firstLineNumber() + readingLineOffset);
    }

    if (everything && !d->batch.isEmpty())
        render(true); // what was queued before this batch was taken
    else if (!d->queue.isEmpty() || !d->batch.isEmpty())
        d->timer->start(0); // the rest after input and paint had their turn
}

void ConsoleView::setMaximumLines(int lines)
{
    d->batch.setMaximumLines(lines);
    QTextCursor cursor(document());
    cursor.beginEditBlock();
    d->trimToLimits(cursor, palette());
    cursor.endEditBlock();
}

int ConsoleView::visualLines(int atMost) const
{
    QAbstractTextDocumentLayout *layout = document()->documentLayout();
    int lines = 0;
    for (QTextBlock block = document()->firstBlock(); block.isValid() && lines <= atMost;
         block = block.next()) {
        layout->blockBoundingRect(block);
        lines += std::max(1, block.lineCount());
    }
    return lines;
}

int ConsoleView::heightForLines(int lines) const
{
    // QPlainTextEdit scrolls unless the lines, the document margin above and below the text
    // and one pixel more fit (it measures the last line with its bottom margin, against the
    // viewport less one margin and a pixel).
    const QMargins margins = viewportMargins();
    const int lineHeight = int(std::ceil(QFontMetricsF(font()).lineSpacing()));
    return lines * lineHeight + int(std::ceil(2 * document()->documentMargin())) + 1
        + 2 * frameWidth() + margins.top() + margins.bottom();
}

int ConsoleView::maximumLines() const
{
    return int(d->batch.maximumLines());
}

qint64 ConsoleView::totalCharacters() const
{
    return d->totalCharacters;
}

qint64 ConsoleView::hiddenLines() const
{
    return d->hiddenLines;
}

bool ConsoleView::saveFullOutput(const QString &path, QString *error) const
{
    const Core::Result<void> saved = d->spool
        ? d->spool->copyTo(path)
        : Core::makeError(Core::ErrorCode::InvalidInput,
                          tr("This console does not keep its output; the step does."));
    if (!saved && error)
        *error = saved.error().message;
    return saved.has_value();
}

void ConsoleView::setKeepsFullOutput(bool keep)
{
    if (keep == d->spool.has_value())
        return;
    if (keep)
        d->spool.emplace();
    else
        d->spool.reset();
}

bool ConsoleView::keepsFullOutput() const
{
    return d->spool.has_value();
}

void ConsoleView::clearView()
{
    // What waits for the next render goes too: the user asked for an empty view now.
    d->batch.take();
    d->batch.resetLine();
    d->queue.clear();
    d->queued = 0;
    d->timer->stop();
    d->renderWhenShown = false;
    document()->clear();
    d->hiddenLines = 0;
    d->hasNote = false;
}

QColor ConsoleView::borderColor() const
{
    if (d->interleaved) {
        // Neither stream's colour: the tabs and the gutter say which line is which.
        return mix(palette().color(QPalette::Base), palette().color(QPalette::Text), 0.45);
    }
    return streamColor(m_stream);
}

QColor ConsoleView::streamColor(Stream stream) const
{
    // GitHub's success and danger colours: each pair is readable on its kind of background.
    const bool dark = isDark(palette().color(QPalette::Base));
    if (stream == Stream::Stderr)
        return dark ? QColor(0xf8, 0x51, 0x49) : QColor(0xcf, 0x22, 0x2e);
    return dark ? QColor(0x3f, 0xb9, 0x50) : QColor(0x1a, 0x7f, 0x37);
}

QStringList ConsoleView::labels() const
{
    switch (m_stream) {
    case Stream::Stdout:
        return {tr("stdout")};
    case Stream::Stderr:
        return {tr("stderr")};
    case Stream::Interleaved:
        return {tr("stdout"), tr("stderr")};
    }
    return {};
}

bool ConsoleView::isStderrLine(int line) const
{
    const QTextBlock block = document()->findBlockByNumber(line);
    return block.isValid() && block.userState() == StderrLineState;
}

void ConsoleView::setExpandable(bool expandable)
{
    d->expandable = expandable;
    d->expandButton->setVisible(expandable);
}

bool ConsoleView::isExpandable() const
{
    return d->expandable;
}

void ConsoleView::setExpanded(bool expanded)
{
    const bool changed = expanded != d->expanded;
    d->expanded = expanded;
    {
        const QSignalBlocker blocker(d->expandButton);
        d->expandButton->setChecked(expanded);
    }
    d->expandButton->setText(expanded ? tr("Show Less") : tr("Show All"));
    d->expandButton->setToolTip(expanded ? tr("Back to the usual height, scrolling inside")
                                         : tr("Show every line at full height, without scrolling"));
    const QString streams = QLocale().createSeparatedList(labels());
    d->expandButton->setAccessibleName(expanded ? tr("Show less of %1").arg(streams)
                                                : tr("Show all of %1").arg(streams));
    placeExpandButton();
    if (changed)
        Q_EMIT expandedChanged(expanded);
}

bool ConsoleView::isExpanded() const
{
    return d->expanded;
}

void ConsoleView::updateMargins()
{
    if (!d->expandButton)
        return; // a font change while the constructor runs; it calls this at its end
    const QFont font = tabFont();
    const QFontMetrics metrics(font);
    const int padding = std::max(2, metrics.height() / 6);
    d->tabHeight = metrics.height() + 2 * padding;
    d->expandButton->setFont(font);
    d->expandButton->setFixedHeight(d->tabHeight);
    // The tab row is a viewport margin: QAbstractScrollArea lays its frame out around the whole
    // widget again on every resize, so the frame is painted below the row in event() instead. The
    // spacer keeps the scroll bar out of the row.
    d->scrollBarSpacer->setFixedHeight(d->tabHeight);
    if (d->interleaved)
        d->gutterWidth = std::max(10, QFontMetrics(this->font()).height() * 17 / 20);
    setViewportMargins(d->gutterWidth, d->tabHeight, 0, 0);
    d->stderrColor = readableOn(streamColor(Stream::Stderr), palette().color(QPalette::Base),
                                MinimumContrastIndexed);
    placeExpandButton();
}

bool ConsoleView::event(QEvent *event)
{
    const bool handled = QPlainTextEdit::event(event);
    if (event->type() == QEvent::Paint) {
        // Over the plain frame QFrame just drew: the palette's frame colour is not ours to change.
        QPainter painter(this);
        const QColor color = borderColor();
        const int line = frameWidth();
        // QFrame's frame went around the tab row too: the row is the card's background.
        painter.fillRect(QRect(0, 0, width(), d->tabHeight), palette().color(QPalette::Base));
        const QRect area = rect().adjusted(0, d->tabHeight, 0, 0);
        painter.fillRect(QRect(area.left(), area.top(), area.width(), line), color);
        painter.fillRect(QRect(area.left(), area.bottom() + 1 - line, area.width(), line), color);
        painter.fillRect(QRect(area.left(), area.top(), line, area.height()), color);
        painter.fillRect(QRect(area.right() + 1 - line, area.top(), line, area.height()), color);
        paintTabs(painter);
        if (d->interleaved)
            paintGutter(painter);
    }
    return handled;
}

void ConsoleView::paintTabs(QPainter &painter) const
{
    const QFont font = tabFont();
    const QFontMetrics metrics(font);
    const qreal em = metrics.height();
    const qreal radius = std::max(2.0, d->tabHeight / 5.0);
    const qreal glyph = em * 0.7;
    const QStringList texts = labels();
    const QList<Stream> streams =
        d->interleaved ? QList<Stream>{Stream::Stdout, Stream::Stderr} : QList<Stream>{m_stream};
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setFont(font);
    qreal x = 0;
    for (qsizetype i = 0; i < streams.size(); ++i) {
        const QColor fill = streamColor(streams.at(i));
        const QColor ink = isDark(fill) ? QColor(Qt::white) : QColor(Qt::black);
        const qreal textLeft = x + em * 0.4 + glyph + em * 0.3;
        const qreal width = textLeft - x + metrics.horizontalAdvance(texts.at(i)) + em * 0.45;
        // Down into the frame's top edge, so the tab and the frame are one shape.
        const QRectF tab(x, 0, width, d->tabHeight + frameWidth());
        QPainterPath path;
        path.addRoundedRect(tab.adjusted(0, 0, 0, radius), radius, radius);
        painter.save();
        painter.setClipRect(tab);
        painter.fillPath(path, fill);
        painter.restore();
        paintStreamGlyph(painter, QRectF(x + em * 0.4, 0, glyph, d->tabHeight), streams.at(i), ink,
                         fill);
        painter.setPen(ink);
        painter.drawText(QRectF(textLeft, 0, width, d->tabHeight), Qt::AlignLeft | Qt::AlignVCenter,
                         texts.at(i));
        x += width + em * 0.25;
    }
    painter.restore();
}

void ConsoleView::paintGutter(QPainter &painter) const
{
    const QRect view = viewport()->geometry();
    const QRect gutter(view.left() - d->gutterWidth, view.top(), d->gutterWidth, view.height());
    const QColor color = streamColor(Stream::Stderr);
    const qreal line = QFontMetricsF(font()).lineSpacing();
    const qreal bar = std::max(2.0, d->gutterWidth / 4.0);
    const QPointF offset = contentOffset();
    painter.save();
    painter.setClipRect(gutter);
    // Part of the text's background, not of the frame.
    painter.fillRect(gutter, palette().color(QPalette::Base));
    QTextBlock block = firstVisibleBlock();
    bool previousMarked = block.previous().userState() == StderrLineState;
    for (; block.isValid(); block = block.next()) {
        const QRectF box = blockBoundingGeometry(block).translated(offset);
        if (box.top() > view.height())
            break;
        const bool marked = block.userState() == StderrLineState;
        if (marked) {
            const qreal top = view.top() + box.top();
            // A run of stderr lines: the stderr glyph on its first line, a bar down the rest.
            qreal barTop = top;
            if (!previousMarked) {
                paintStreamGlyph(painter, QRectF(gutter.left() + 1, top, d->gutterWidth - 2, line),
                                 Stream::Stderr, color, palette().color(QPalette::Base));
                barTop += line;
            }
            if (box.height() > barTop - top)
                painter.fillRect(QRectF(gutter.left() + (d->gutterWidth - bar) / 2, barTop, bar,
                                        top + box.height() - barTop),
                                 color);
        }
        previousMarked = marked;
    }
    painter.restore();
}

void ConsoleView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) {
        // Colours were chosen for the old background; text already shown keeps them.
        for (auto &formats : d->formats)
            formats.clear();
        d->stderrColor = readableOn(streamColor(Stream::Stderr), palette().color(QPalette::Base),
                                    MinimumContrastIndexed);
        update();
    }
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        updateMargins();
}

void ConsoleView::resizeEvent(QResizeEvent *event)
{
    // Called for the viewport's resizes too (QAbstractScrollArea forwards them), which is when
    // the text is wrapped again: a scroll bar coming or going changes the width.
    QPlainTextEdit::resizeEvent(event);
    placeExpandButton();
    if (viewport()->width() != d->wrapWidth) {
        d->wrapWidth = viewport()->width();
        Q_EMIT rewrapped();
    }
}

void ConsoleView::placeExpandButton()
{
    // Right-aligned in the tab row.
    const QSize hint = d->expandButton->sizeHint();
    d->expandButton->setGeometry(width() - hint.width(), 0, hint.width(), d->tabHeight);
}

void ConsoleView::showEvent(QShowEvent *event)
{
    QPlainTextEdit::showEvent(event);
    if (d->renderWhenShown)
        render(false);
}

void ConsoleView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    QAction *copy = menu.addAction(QIcon::fromTheme(QStringLiteral("edit-copy")), tr("&Copy"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setEnabled(textCursor().hasSelection());
    connect(copy, &QAction::triggered, this, &QPlainTextEdit::copy);
    QAction *selectAll =
        menu.addAction(QIcon::fromTheme(QStringLiteral("edit-select-all")), tr("Select &All"));
    selectAll->setShortcut(QKeySequence::SelectAll);
    selectAll->setEnabled(!document()->isEmpty());
    connect(selectAll, &QAction::triggered, this, &QPlainTextEdit::selectAll);
    menu.addSeparator();
    QAction *save = menu.addAction(QIcon::fromTheme(QStringLiteral("document-save-as")),
                                   tr("&Save Full Output…"));
    save->setEnabled(!isEmpty());
    if (d->spool)
        connect(save, &QAction::triggered, this, &ConsoleView::saveFullOutputInteractively);
    else
        connect(save, &QAction::triggered, this, &ConsoleView::saveFullOutputRequested);
    QAction *clear =
        menu.addAction(QIcon::fromTheme(QStringLiteral("edit-clear")), tr("C&lear View"));
    clear->setToolTip(tr("Empties this view; the saved output keeps everything"));
    clear->setEnabled(!document()->isEmpty());
    connect(clear, &QAction::triggered, this, &ConsoleView::clearView);
    menu.exec(event->globalPos());
}

void ConsoleView::saveFullOutputInteractively()
{
    const QString suggested =
        QDir::home().filePath(m_stream == Stream::Stdout       ? tr("standard-output.txt")
                                  : m_stream == Stream::Stderr ? tr("standard-error.txt")
                                                               : tr("output.txt"));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Full Output"), suggested, tr("Text files (*.txt *.log);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveFullOutput(path, &error))
        QMessageBox::warning(this, tr("Save Full Output"), error);
}

} // namespace Terrarium::Widgets
