#include "TerminalView.h"

#include "core/terminal/TerminalEmulator.h"
#include "core/terminal/TerminalSession.h"
#include "core/terminal/TerminalSizeSender.h"
#include "ui/TerminalKeyInput.h"
#include "ui/TerminalSearchBar.h"
#include "ui/UiColors.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QFontDatabase>
#include <QFontMetricsF>
#include <QHash>
#include <QInputMethodEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QStyle>
#include <QTextCharFormat>
#include <QTimer>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <vector>

namespace Terrarium::Widgets {

using Core::TerminalCell;
using Core::TerminalCursor;
using Core::TerminalKey;
using Core::TerminalModifier;
using Core::TerminalModifiers;
using Core::TerminalMouseButton;
using Core::TerminalMouseMode;

namespace {

// Frames are painted at most this often: the first change after a quiet moment at once (typing
// stays immediate), then no faster than the display refreshes.
constexpr int FrameIntervalMs = 16;
// During a flood of output (this much since the last frame) frames are spaced further apart, as
// Konsole does (its bulk timer): the emulator parses instead of the GUI painting screens nobody
// can read.
constexpr qint64 FloodBytes = 16 * 1024;
constexpr int FloodFrameIntervalMs = 40;
constexpr int DefaultHistorySize = 10000;
constexpr int MinimumPointSize = 4;
// Characters that belong to a word for double-click selection, besides letters and digits:
// enough to take a path, a URL or an option as one word (Konsole's default plus URL query parts).
constexpr QStringView WordCharacters = u":@-./_~?&=%+#";

enum FontVariant : quint8 { Regular = 0, Bold = 1, Italic = 2, BoldItalic = 3 };

struct CellStyle
{
    QRgb foreground = 0;
    QRgb background = 0;
    quint8 variant = Regular;
    quint8 underline = 0;
    bool strike = false;
    bool hidden = false;

    bool sameText(const CellStyle &other) const
    {
        return foreground == other.foreground && variant == other.variant
            && underline == other.underline && strike == other.strike && hidden == other.hidden;
    }
};

TerminalModifiers terminalModifiers(Qt::KeyboardModifiers modifiers)
{
    TerminalModifiers result;
    if (modifiers & Qt::ShiftModifier)
        result |= TerminalModifier::Shift;
    if (modifiers & Qt::AltModifier)
        result |= TerminalModifier::Alt;
    if (modifiers & Qt::ControlModifier)
        result |= TerminalModifier::Control;
    return result;
}

TerminalMouseButton terminalButton(Qt::MouseButton button)
{
    switch (button) {
    case Qt::LeftButton:
        return TerminalMouseButton::Left;
    case Qt::MiddleButton:
        return TerminalMouseButton::Middle;
    case Qt::RightButton:
        return TerminalMouseButton::Right;
    default:
        return TerminalMouseButton::None;
    }
}

// (column, row) positions in reading order.
bool before(QPoint a, QPoint b)
{
    return a.y() < b.y() || (a.y() == b.y() && a.x() < b.x());
}

} // namespace

struct TerminalView::Private
{
    struct Font
    {
        QFont font; // with the letter spacing that puts every glyph on the cell grid
        QFont metricsFont; // without it, to measure glyphs
        qreal advance = 0;
        // Whether a character's glyph is exactly one cell wide in this font; such characters are
        // drawn in runs, the others one by one, centred in their cells.
        mutable QHash<char16_t, bool> fits;
    };

    QFont baseFont;
    std::array<Font, 4> fonts;
    int ascent = 12;
    qreal underlinePosition = 1;
    qreal strikePosition = 4;
    qreal lineWidth = 1;

    QScrollBar *scrollBar = nullptr;
    TerminalSearchBar *searchBar = nullptr;
    bool settingScrollBar = false;

    // Damage waiting for the next frame, as view rows.
    std::vector<bool> dirtyRows;
    bool anyDirty = false;
    QTimer frameTimer;
    QElapsedTimer lastFrame;
    qint64 bytesSinceFrame = 0;
    QTimer blinkTimer;
    bool blinkTextSeen = false;
    QColor cursorColor; // worked out while painting the cursor's row

    // Painting scratch, reused.
    std::vector<TerminalCell> cells;
    std::vector<CellStyle> styles;
    QString run;

    // Mouse.
    bool selecting = false;
    Qt::MouseButton reportedButton = Qt::NoButton;
    QElapsedTimer sinceDoubleClick;
    QPoint doubleClickPos;
    int wheelRemainder = 0;

    // Search.
    QString searchText;
    Qt::CaseSensitivity searchSensitivity = Qt::CaseInsensitive;

    // The input method's text being composed, not the program's until committed: where its
    // caret is, and the parts the input method highlights (the segment being converted).
    QString preedit;
    int preeditCursor = 0;
    bool preeditCursorVisible = true;
    std::vector<std::pair<int, int>> preeditHighlights; // (start, length)
    int preeditViewRow = -1; // where it was last drawn

    QMetaObject::Connection outputConnection;
    Core::TerminalSizeSender sizeSender; // what the program is told of the size

    bool fitsCell(const Font &font, QChar character) const
    {
        const auto known = font.fits.constFind(character.unicode());
        if (known != font.fits.constEnd())
            return *known;
        const qreal advance = QFontMetricsF(font.metricsFont).horizontalAdvance(character);
        const bool fits = std::abs(advance - font.advance) < 0.05;
        font.fits.insert(character.unicode(), fits);
        return fits;
    }
};

TerminalView::TerminalView(QWidget *parent)
    : QAbstractScrollArea(parent)
    , d(std::make_unique<Private>())
    , m_emulator(new Core::TerminalEmulator(24, 80, this))
    , m_scheme(TerminalColorScheme::forPalette(palette()))
{
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_InputMethodEnabled, true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Every row is painted completely, background included: nothing for Qt to clear first.
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent, true);
    viewport()->setCursor(Qt::IBeamCursor);
    viewport()->setMouseTracking(false);

    // Our own scroll bar, so that it can sit on either side (QAbstractScrollArea's follows the
    // layout direction only).
    d->scrollBar = new QScrollBar(Qt::Vertical, this);
    d->scrollBar->setRange(0, 0);
    connect(d->scrollBar, &QScrollBar::valueChanged, this, [this](int value) {
        if (!d->settingScrollBar)
            setScrollOffset(m_scrollbackLines - value);
    });
    d->searchBar = new TerminalSearchBar(this);
    d->searchBar->hide();
    connect(d->searchBar, &TerminalSearchBar::searchChanged, this,
            [this](const QString &text, Qt::CaseSensitivity sensitivity) {
                d->searchBar->setFound(find(text, sensitivity, true, true));
            });
    connect(d->searchBar, &TerminalSearchBar::findNextRequested, this,
            [this](const QString &text, Qt::CaseSensitivity sensitivity) {
                d->searchBar->setFound(findNext(text, sensitivity));
            });
    connect(d->searchBar, &TerminalSearchBar::findPreviousRequested, this,
            [this](const QString &text, Qt::CaseSensitivity sensitivity) {
                d->searchBar->setFound(findPrevious(text, sensitivity));
            });
    connect(d->searchBar, &TerminalSearchBar::closeRequested, this, [this] {
        d->searchBar->hide();
        clearSearch();
        updateScrollBarGeometry();
        setFocus(Qt::OtherFocusReason);
    });

    d->frameTimer.setSingleShot(true);
    connect(&d->frameTimer, &QTimer::timeout, this, [this] { flushFrame(); });
    connect(&d->blinkTimer, &QTimer::timeout, this, [this] {
        m_blinkOn = !m_blinkOn;
        if (d->blinkTextSeen)
            damageAll();
        else
            damageRows(viewRowOf(m_cursor.row), viewRowOf(m_cursor.row));
    });

    m_emulator->setScrollbackLimit(DefaultHistorySize);
    connect(m_emulator, &Core::TerminalEmulator::contentsChanged, this,
            &TerminalView::onContentsChanged);
    connect(m_emulator, &Core::TerminalEmulator::cursorChanged, this,
            &TerminalView::onCursorChanged);
    connect(m_emulator, &Core::TerminalEmulator::scrollbackChanged, this,
            &TerminalView::onScrollbackChanged);
    connect(m_emulator, &Core::TerminalEmulator::titleChanged, this, &TerminalView::titleChanged);
    connect(m_emulator, &Core::TerminalEmulator::bell, this, &TerminalView::bell);
    m_cursor = m_emulator->cursor();

    d->baseFont = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    updateFontMetrics();
    updateScrollBarGeometry();
}

TerminalView::~TerminalView() = default;

// --- session -----------------------------------------------------------------------------------

void TerminalView::setSession(Core::TerminalSession *session)
{
    if (m_session == session)
        return;
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    disconnect(d->outputConnection);
    m_session = session;
    d->sizeSender.setSession(session);
    if (!session)
        return;
    connect(session, &Core::TerminalSession::received, this, [this](const QByteArray &data) {
        d->bytesSinceFrame += data.size();
        m_emulator->write(data);
    });
    connect(session, &Core::TerminalSession::finished, this, &TerminalView::onSessionFinished);
    d->outputConnection = connect(m_emulator, &Core::TerminalEmulator::outputReady, session,
                                  [this, session](const QByteArray &bytes) {
                                      d->sizeSender.flush();
                                      session->write(bytes);
                                  });
    d->sizeSender.setSize(m_columns, m_rows);
}

Core::TerminalSession *TerminalView::session() const
{
    return m_session;
}

void TerminalView::onSessionFinished(int exitCode)
{
    Q_EMIT finished(exitCode);
}

// --- fonts, size, colours ----------------------------------------------------------------------

void TerminalView::setTerminalFont(const QFont &font)
{
    d->baseFont = font;
    updateFontMetrics();
}

QFont TerminalView::terminalFont() const
{
    return d->baseFont;
}

QFont TerminalView::effectiveFont() const
{
    QFont font = d->baseFont;
    const qreal size = font.pointSizeF() > 0 ? font.pointSizeF() : 10.0;
    font.setPointSizeF(std::max<qreal>(MinimumPointSize, size + m_zoomSteps));
    return font;
}

void TerminalView::zoomIn()
{
    ++m_zoomSteps;
    updateFontMetrics();
    Q_EMIT zoomChanged(m_zoomSteps);
}

void TerminalView::zoomOut()
{
    const qreal size = d->baseFont.pointSizeF() > 0 ? d->baseFont.pointSizeF() : 10.0;
    if (size + m_zoomSteps - 1 < MinimumPointSize)
        return;
    --m_zoomSteps;
    updateFontMetrics();
    Q_EMIT zoomChanged(m_zoomSteps);
}

void TerminalView::resetZoom()
{
    if (m_zoomSteps == 0)
        return;
    m_zoomSteps = 0;
    updateFontMetrics();
    Q_EMIT zoomChanged(m_zoomSteps);
}

void TerminalView::updateFontMetrics()
{
    QFont font = effectiveFont();
    // Kerning would pull glyphs off the cell grid.
    font.setKerning(false);
    font.setFixedPitch(true);
    const QFontMetricsF metrics(font);
    m_cellWidth = std::max(1, int(std::lround(metrics.horizontalAdvance(QLatin1Char('M')))));
    m_cellHeight = std::max(1, int(std::ceil(metrics.ascent()) + std::ceil(metrics.descent())));
    d->ascent = int(std::ceil(metrics.ascent()));
    d->underlinePosition = std::max<qreal>(1, metrics.underlinePos());
    d->strikePosition = metrics.strikeOutPos();
    d->lineWidth = std::max<qreal>(1, std::round(metrics.lineWidth()));
    for (int variant = Regular; variant <= BoldItalic; ++variant) {
        Private::Font &slot = d->fonts[variant];
        QFont styled = font;
        styled.setBold(variant & Bold);
        styled.setItalic(variant & Italic);
        slot.metricsFont = styled;
        slot.advance = QFontMetricsF(styled).horizontalAdvance(QLatin1Char('M'));
        // A glyph advances by exactly one cell, so a run of cells is one drawText; the cell is
        // a whole number of pixels, the font's advance usually is not.
        styled.setLetterSpacing(QFont::AbsoluteSpacing, m_cellWidth - slot.advance);
        slot.font = styled;
        slot.fits.clear();
    }
    updateGeometry();
    updateTerminalSize();
    damageAll();
}

void TerminalView::updateTerminalSize()
{
    const QSize area = viewport()->size();
    const int columns = std::max(2, area.width() / m_cellWidth);
    const int rows = std::max(1, area.height() / m_cellHeight);
    if (columns == m_columns && rows == m_rows)
        return;
    m_columns = columns;
    m_rows = rows;
    m_emulator->resize(rows, columns);
    d->sizeSender.setSize(columns, rows);
    m_cursor = m_emulator->cursor();
    updateScrollBar();
    damageAll();
    Q_EMIT termSizeChanged(rows, columns);
}

void TerminalView::setColorScheme(const TerminalColorScheme &scheme)
{
    m_followPalette = false;
    m_scheme = scheme;
    damageAll();
}

void TerminalView::followPalette()
{
    m_followPalette = true;
    m_scheme = TerminalColorScheme::forPalette(palette());
    damageAll();
}

void TerminalView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange && m_followPalette) {
        m_scheme = TerminalColorScheme::forPalette(palette());
        damageAll();
    }
    QAbstractScrollArea::changeEvent(event);
}

void TerminalView::setBlinkingCursor(bool enabled)
{
    m_blinkAllowed = enabled;
    updateBlinkTimer();
}

QSize TerminalView::sizeHint() const
{
    const int bar = m_scrollBarPosition == ScrollBarPosition::NoScrollBar
        ? 0
        : d->scrollBar->sizeHint().width();
    return {80 * m_cellWidth + bar + 2 * frameWidth(), 24 * m_cellHeight + 2 * frameWidth()};
}

QSize TerminalView::minimumSizeHint() const
{
    return {10 * m_cellWidth, 3 * m_cellHeight};
}

void TerminalView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBarGeometry();
    updateTerminalSize();
}

// --- scrollback ----------------------------------------------------------------------------------

void TerminalView::setScrollBarPosition(ScrollBarPosition position)
{
    m_scrollBarPosition = position;
    updateScrollBarGeometry();
}

void TerminalView::updateScrollBarGeometry()
{
    const QRect inside = contentsRect();
    const int barWidth = m_scrollBarPosition == ScrollBarPosition::NoScrollBar
        ? 0
        : d->scrollBar->sizeHint().width();
    const int searchHeight = d->searchBar->isVisible() ? d->searchBar->sizeHint().height() : 0;
    const bool left = m_scrollBarPosition == ScrollBarPosition::ScrollBarLeft;
    setViewportMargins(left ? barWidth : 0, 0, left ? 0 : barWidth, searchHeight);
    d->scrollBar->setVisible(barWidth > 0);
    d->scrollBar->setGeometry(left ? inside.left() : inside.right() - barWidth + 1, inside.top(),
                              barWidth, inside.height() - searchHeight);
    if (searchHeight > 0)
        d->searchBar->setGeometry(inside.left(), inside.bottom() - searchHeight + 1, inside.width(),
                                  searchHeight);
}

void TerminalView::setHistorySize(int lines)
{
    m_emulator->setScrollbackLimit(std::max(0, lines));
}

int TerminalView::historySize() const
{
    return m_emulator->scrollbackLimit();
}

void TerminalView::updateScrollBar()
{
    d->settingScrollBar = true;
    d->scrollBar->setRange(0, m_scrollbackLines);
    d->scrollBar->setPageStep(m_rows);
    d->scrollBar->setSingleStep(1);
    d->scrollBar->setValue(m_scrollbackLines - m_scrollOffset);
    d->settingScrollBar = false;
}

void TerminalView::setScrollOffset(int offset)
{
    offset = std::clamp(offset, 0, m_scrollbackLines);
    if (offset == m_scrollOffset)
        return;
    m_scrollOffset = offset;
    updateScrollBar();
    damageAll();
}

void TerminalView::scrollLines(int lines)
{
    setScrollOffset(m_scrollOffset + lines);
}

void TerminalView::scrollToEnd()
{
    setScrollOffset(0);
}

void TerminalView::onScrollbackChanged(int lines)
{
    m_scrollbackLines = lines;
    // Every line scrolled off the screen moves all emulator rows up by one (a resize that takes
    // lines back moves them down); what the user selected, found or is reading back there moves
    // with them. Counted with linesScrolledOff(), not the scrollback's size: once that is full,
    // its size stays while the lines go on moving.
    const qint64 scrolledOff = m_emulator->linesScrolledOff();
    const int moved =
        int(std::clamp<qint64>(scrolledOff - m_linesScrolledOff, INT_MIN / 2, INT_MAX / 2));
    m_linesScrolledOff = scrolledOff;
    if (moved != 0) {
        auto shift = [moved](QPoint &point) {
            point.ry() -= moved;
        };
        shift(m_selection.anchor);
        shift(m_selection.extent);
        m_match.row -= moved;
        if (m_scrollOffset > 0) {
            m_scrollOffset += moved;
            damageAll();
        }
    }
    // What went past the oldest line kept (the limit reached, lowered, or the history cleared)
    // is gone: a match on it, and the part of a selection that was there.
    const int oldest = -m_scrollbackLines;
    if (m_match.length > 0 && m_match.row < oldest) {
        m_match = {};
        damageAll();
    }
    if (m_selection.active || d->selecting) {
        QPoint &first = before(m_selection.extent, m_selection.anchor) ? m_selection.extent
                                                                       : m_selection.anchor;
        const QPoint &last =
            &first == &m_selection.anchor ? m_selection.extent : m_selection.anchor;
        if (last.y() < oldest) {
            d->selecting = false;
            setSelection({});
        } else if (first.y() < oldest) {
            first = {0, oldest};
        }
    }
    m_scrollOffset = std::clamp(m_scrollOffset, 0, m_scrollbackLines);
    updateScrollBar();
}

// --- damage and frames ---------------------------------------------------------------------------

void TerminalView::onContentsChanged(const QRect &damage)
{
    damageRows(viewRowOf(damage.top()), viewRowOf(damage.bottom()));
}

void TerminalView::onCursorChanged()
{
    const TerminalCursor cursor = m_emulator->cursor();
    if (cursor == m_cursor)
        return;
    damageRows(viewRowOf(m_cursor.row), viewRowOf(m_cursor.row));
    m_cursor = cursor;
    damageRows(viewRowOf(m_cursor.row), viewRowOf(m_cursor.row));
    // A moving cursor is shown, not caught in the off phase of its blink.
    m_blinkOn = true;
    if (d->blinkTimer.isActive())
        d->blinkTimer.start();
    updateBlinkTimer();
    // The input method's candidate window follows the cursor.
    if (hasFocus())
        QGuiApplication::inputMethod()->update(Qt::ImCursorRectangle);
}

void TerminalView::damageRows(int firstViewRow, int lastViewRow)
{
    firstViewRow = std::max(firstViewRow, 0);
    lastViewRow = std::min(lastViewRow, m_rows - 1);
    if (firstViewRow > lastViewRow)
        return;
    if (int(d->dirtyRows.size()) < m_rows)
        d->dirtyRows.resize(m_rows, false);
    for (int row = firstViewRow; row <= lastViewRow; ++row)
        d->dirtyRows[row] = true;
    d->anyDirty = true;
    scheduleFrame();
}

void TerminalView::damageAll()
{
    damageRows(0, m_rows - 1);
    // The strip under the last row and right of the last column is background too.
    viewport()->update();
}

void TerminalView::scheduleFrame()
{
    if (d->frameTimer.isActive())
        return;
    const int interval = d->bytesSinceFrame > FloodBytes ? FloodFrameIntervalMs : FrameIntervalMs;
    const qint64 since = d->lastFrame.isValid() ? d->lastFrame.elapsed() : interval;
    d->frameTimer.start(int(std::max<qint64>(0, interval - since)));
}

void TerminalView::flushFrame()
{
    d->lastFrame.start();
    d->bytesSinceFrame = 0;
    if (!d->anyDirty)
        return;
    const int width = viewport()->width();
    const int rows = std::min<int>(m_rows, int(d->dirtyRows.size()));
    for (int row = 0; row < rows;) {
        if (!d->dirtyRows[row]) {
            ++row;
            continue;
        }
        const int first = row;
        while (row < rows && d->dirtyRows[row])
            d->dirtyRows[row++] = false;
        viewport()->update(0, first * m_cellHeight, width, (row - first) * m_cellHeight);
    }
    d->anyDirty = false;
}

// --- painting ------------------------------------------------------------------------------------

void TerminalView::paintEvent(QPaintEvent *event)
{
    QPainter painter(viewport());
    // The rows the region touches, not its bounding rectangle: two damaged rows far apart
    // arrive as one paint event.
    std::vector<bool> rows(size_t(std::max(m_rows, 0)), false);
    for (const QRect &rect : event->region()) {
        const int first = std::max(0, rect.top() / m_cellHeight);
        const int last = std::min(m_rows - 1, rect.bottom() / m_cellHeight);
        for (int row = first; row <= last; ++row)
            rows[size_t(row)] = true;
    }
    const bool everything = std::all_of(rows.begin(), rows.end(), [](bool row) { return row; });
    // Whether blinking text is on screen is only known after painting all of it.
    if (everything)
        d->blinkTextSeen = false;
    int firstRow = m_rows;
    int lastRow = -1;
    for (int row = 0; row < m_rows; ++row) {
        if (!rows[size_t(row)])
            continue;
        paintRow(painter, row, 0, m_columns - 1);
        firstRow = std::min(firstRow, row);
        lastRow = row;
    }

    const QColor background = m_scheme.background();
    const int gridWidth = m_columns * m_cellWidth;
    const int gridHeight = m_rows * m_cellHeight;
    const QRect area = viewport()->rect();
    if (area.width() > gridWidth)
        painter.fillRect(QRect(gridWidth, 0, area.width() - gridWidth, area.height()), background);
    if (area.height() > gridHeight)
        painter.fillRect(QRect(0, gridHeight, gridWidth, area.height() - gridHeight), background);

    // Text being composed in an input method goes over the cursor's cells; its own caret
    // stands for the cursor meanwhile.
    const int cursorViewRow = viewRowOf(m_cursor.row);
    const bool cursorRowPainted =
        cursorViewRow >= firstRow && cursorViewRow <= lastRow && rows[size_t(cursorViewRow)];
    if (!d->preedit.isEmpty() && cursorRowPainted)
        paintPreedit(painter);

    // Non-block cursors, and the hollow block of an unfocused view, go over the text.
    if (m_cursor.visible && cursorRowPainted && d->preedit.isEmpty()) {
        const bool focused = hasFocus();
        const bool shown = !focused || m_blinkOn || !m_cursor.blinking || !m_blinkAllowed;
        const QRect cell(m_cursor.column * m_cellWidth, cursorViewRow * m_cellHeight, m_cellWidth,
                         m_cellHeight);
        const int thickness = std::max(2, int(d->lineWidth) * 2);
        if (shown) {
            switch (m_cursor.shape) {
            case TerminalCursor::Shape::Block:
                if (!focused) {
                    painter.setPen(QPen(d->cursorColor, 1));
                    painter.setBrush(Qt::NoBrush);
                    painter.drawRect(cell.adjusted(0, 0, -1, -1));
                }
                break;
            case TerminalCursor::Shape::Underline:
                painter.fillRect(
                    QRect(cell.left(), cell.bottom() - thickness + 1, cell.width(), thickness),
                    d->cursorColor);
                break;
            case TerminalCursor::Shape::Bar:
                painter.fillRect(QRect(cell.left(), cell.top(), thickness, cell.height()),
                                 d->cursorColor);
                break;
            }
        }
    }
    // A blinking text cell keeps the timer going while the view has focus.
    updateBlinkTimer();
}

void TerminalView::paintRow(QPainter &painter, int viewRow, int firstColumn, int lastColumn)
{
    const int row = emulatorRowOf(viewRow);
    const int y = viewRow * m_cellHeight;
    const int columns = m_columns;
    d->cells.resize(columns);
    d->styles.resize(columns);
    const bool exists = row >= -m_scrollbackLines && row < m_rows;
    for (int column = 0; column < columns; ++column)
        d->cells[column] = exists ? m_emulator->cell(row, column) : TerminalCell{};

    const bool focused = hasFocus();
    const bool blockCursorHere = m_cursor.visible && m_cursor.row == row && focused
        && m_cursor.shape == TerminalCursor::Shape::Block
        && (m_blinkOn || !m_cursor.blinking || !m_blinkAllowed) && d->preedit.isEmpty();
    const bool rowHasSelection =
        m_selection.active && row >= selectionStart().y() && row <= selectionEnd().y();

    // Search matches on this row, as cell ranges; with soft wraps, also the ones that start on
    // a row above or end on a row below.
    std::vector<std::pair<int, int>> matches;
    if (!d->searchText.isEmpty() && exists) {
        const int length = int(d->searchText.size());
        int first = row;
        while (first > -m_scrollbackLines && runsOn(first - 1)
               && (row - first) * columns < 2 * length)
            --first;
        std::vector<int> cellOf;
        const QString text = runningText(first, (row - first + 1) * columns + 2 * length, cellOf);
        const int rowStart = (row - first) * columns;
        for (qsizetype at = text.indexOf(d->searchText, 0, d->searchSensitivity); at >= 0;
             at = text.indexOf(d->searchText, at + 1, d->searchSensitivity)) {
            const int start = cellOf[at];
            const int last = cellOf[at + length - 1];
            const int end = last
                + (m_emulator->cell(first + last / columns, last % columns).width == 2 ? 2 : 1);
            if (end > rowStart && start < rowStart + columns)
                matches.emplace_back(std::max(start, rowStart) - rowStart,
                                     std::min(end, rowStart + columns) - rowStart);
        }
    }

    for (int column = 0; column < columns; ++column) {
        const TerminalCell &cell = d->cells[column];
        CellStyle &style = d->styles[column];
        if (cell.width == 0 && column > 0) {
            // The right half of a wide character looks like its left half.
            style = d->styles[column - 1];
            continue;
        }
        QRgb foreground = m_scheme.resolve(cell.foreground, true);
        QRgb background = m_scheme.resolve(cell.background, false);
        const bool exact = cell.foreground.kind == Core::TerminalColor::Kind::Rgb;
        if (cell.reverse)
            std::swap(foreground, background);
        const bool selected = rowHasSelection && isSelected(row, column);
        bool inMatch = false;
        // A match runs on into the rows below when it crosses a soft wrap.
        const qint64 matchCell = qint64(row - m_match.row) * columns + column;
        bool inCurrentMatch = m_match.length > 0 && row >= m_match.row
            && matchCell >= m_match.column && matchCell < m_match.column + m_match.length;
        for (const auto &[first, end] : matches)
            inMatch = inMatch || (column >= first && column < end);
        if (selected) {
            foreground = m_scheme.selectionForeground().rgb();
            background = m_scheme.selectionBackground().rgb();
        } else if (inCurrentMatch || inMatch) {
            background =
                (inCurrentMatch ? m_scheme.currentMatchBackground() : m_scheme.matchBackground())
                    .rgb();
            foreground = m_scheme.readable(foreground, background, false);
        } else {
            foreground = m_scheme.readable(foreground, background, exact);
        }
        style.foreground = foreground;
        style.background = background;
        style.variant = quint8((cell.bold ? Bold : 0) | (cell.italic ? Italic : 0));
        style.underline = cell.underline;
        style.strike = cell.strike;
        d->blinkTextSeen = d->blinkTextSeen || (cell.blink && !cell.text.isEmpty());
        style.hidden = cell.conceal || (cell.blink && focused && !m_blinkOn);
        if (row == m_cursor.row && column == m_cursor.column) {
            // The cursor's colour, unless it would vanish on this cell (a reversed screen, a
            // coloured status line): then the cell's own text colour.
            const QColor under = QColor::fromRgb(background);
            d->cursorColor = UiColors::contrastRatio(m_scheme.cursor(), under) >= 2.0
                ? m_scheme.cursor()
                : QColor::fromRgb(foreground);
            if (blockCursorHere) {
                style.foreground = background;
                style.background = d->cursorColor.rgb();
            }
        }
    }

    // Backgrounds, one rectangle per run of the same colour.
    for (int column = firstColumn; column <= lastColumn;) {
        const QRgb background = d->styles[column].background;
        const int first = column;
        while (column <= lastColumn && d->styles[column].background == background)
            ++column;
        painter.fillRect(
            QRect(first * m_cellWidth, y, (column - first) * m_cellWidth, m_cellHeight),
            QColor::fromRgb(background));
    }

    const int baseline = y + d->ascent;
    auto decorate = [&](const CellStyle &style, int firstCell, int cellCount) {
        if (style.underline == 0 && !style.strike)
            return;
        const qreal left = firstCell * m_cellWidth;
        const qreal right = left + cellCount * m_cellWidth;
        const QColor color = QColor::fromRgb(style.foreground);
        const qreal width = d->lineWidth;
        const qreal under = std::min<qreal>(baseline + d->underlinePosition + width / 2,
                                            y + m_cellHeight - width / 2);
        painter.setPen(QPen(color, width));
        switch (style.underline) {
        case 1:
            painter.drawLine(QPointF(left, under), QPointF(right, under));
            break;
        case 2: {
            // Two lines with a line's gap between them, as low as the cell allows.
            const qreal lower = std::min<qreal>(under + 2 * width, y + m_cellHeight - width / 2);
            const qreal upper = lower - 2 * width;
            painter.drawLine(QPointF(left, upper), QPointF(right, upper));
            painter.drawLine(QPointF(left, lower), QPointF(right, lower));
            break;
        }
        case 3: {
            // A wave, one period per cell.
            const qreal amplitude = std::max<qreal>(1, width);
            const qreal middle = under - amplitude;
            QPainterPath wave(QPointF(left, middle));
            const qreal half = m_cellWidth / 2.0;
            bool up = true;
            for (qreal x = left; x < right; x += half) {
                wave.quadTo(QPointF(x + half / 2, middle + (up ? -amplitude : amplitude) * 2),
                            QPointF(x + half, middle));
                up = !up;
            }
            painter.setRenderHint(QPainter::Antialiasing, true);
            painter.setBrush(Qt::NoBrush);
            painter.drawPath(wave);
            painter.setRenderHint(QPainter::Antialiasing, false);
            break;
        }
        default:
            break;
        }
        if (style.strike) {
            const qreal strike = baseline - d->strikePosition;
            painter.drawLine(QPointF(left, strike), QPointF(right, strike));
        }
    };

    // Text, one drawText per run of cells with the same look whose glyphs sit on the grid;
    // wide characters, combined characters and glyphs of another width one by one.
    const QFont *currentFont = nullptr;
    QRgb currentPen = 0;
    bool penSet = false;
    auto use = [&](const CellStyle &style) {
        const QFont &font = d->fonts[style.variant].font;
        if (currentFont != &font) {
            painter.setFont(font);
            currentFont = &font;
        }
        if (!penSet || currentPen != style.foreground) {
            painter.setPen(QColor::fromRgb(style.foreground));
            currentPen = style.foreground;
            penSet = true;
        }
    };
    for (int column = firstColumn; column <= lastColumn;) {
        const TerminalCell &cell = d->cells[column];
        const CellStyle &style = d->styles[column];
        if (cell.width == 0) {
            ++column;
            continue;
        }
        const bool simple = cell.width == 1
            && (cell.text.isEmpty()
                || (cell.text.size() == 1
                    && d->fitsCell(d->fonts[style.variant], cell.text.front())));
        if (!simple) {
            const int span = cell.width == 2 ? 2 : 1;
            if (!style.hidden && !cell.text.isEmpty()) {
                use(style);
                const QRect box(column * m_cellWidth, y, span * m_cellWidth, m_cellHeight);
                const qreal advance =
                    QFontMetricsF(d->fonts[style.variant].metricsFont).horizontalAdvance(cell.text);
                painter.save();
                painter.setClipRect(box);
                painter.drawText(QPointF(box.left() + (box.width() - advance) / 2, baseline),
                                 cell.text);
                painter.restore();
                currentFont = nullptr; // restore() reset it
                penSet = false;
            }
            decorate(style, column, span);
            column += span;
            continue;
        }
        const int first = column;
        d->run.clear();
        bool visible = false;
        while (column <= lastColumn) {
            const TerminalCell &next = d->cells[column];
            if (next.width != 1 || !d->styles[column].sameText(style))
                break;
            if (!next.text.isEmpty()
                && (next.text.size() != 1
                    || !d->fitsCell(d->fonts[style.variant], next.text.front())))
                break;
            if (next.text.isEmpty() || next.text.front() == QLatin1Char(' ')) {
                d->run += QLatin1Char(' ');
            } else {
                d->run += next.text.front();
                visible = true;
            }
            ++column;
        }
        if (visible && !style.hidden) {
            use(style);
            painter.drawText(QPointF(first * m_cellWidth, baseline), d->run);
        }
        decorate(style, first, column - first);
    }
}

// --- keyboard ------------------------------------------------------------------------------------

bool TerminalView::event(QEvent *event)
{
    switch (event->type()) {
    case QEvent::ShortcutOverride: {
        // The terminal takes every key a program could want (Ctrl+letters, Alt+letters, F-keys,
        // plain keys) before the window's shortcuts see it. Left to the window: Ctrl+Shift
        // combinations (new tab, split, close pane) except the terminal's own, and Ctrl with a
        // key that has no control character (Ctrl+, Ctrl+. Ctrl+1), which a program would get
        // as the bare key anyway. A key no window shortcut takes still arrives as a key press.
        auto *key = static_cast<QKeyEvent *>(event);
        const Qt::KeyboardModifiers modifiers = key->modifiers();
        const bool applicationCombination = (modifiers & Qt::ControlModifier)
            && (modifiers & Qt::ShiftModifier) && !isTerminalShortcut(*key);
        if (!applicationCombination && !(modifiers & Qt::MetaModifier)
            && !controlMeansNothing(*key)) {
            event->accept();
            return true;
        }
        break;
    }
    case QEvent::KeyPress: {
        // Tab and Shift+Tab complete in the shell; they never move the focus out.
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Tab || key->key() == Qt::Key_Backtab) {
            keyPressEvent(key);
            return true;
        }
        break;
    }
    default:
        break;
    }
    return QAbstractScrollArea::event(event);
}

bool TerminalView::focusNextPrevChild(bool)
{
    return false;
}

bool TerminalView::isTerminalShortcut(const QKeyEvent &event) const
{
    const Qt::KeyboardModifiers modifiers =
        event.modifiers() & (Qt::ShiftModifier | Qt::ControlModifier | Qt::AltModifier);
    const int key = event.key();
    const Qt::KeyboardModifiers ctrlShift = Qt::ControlModifier | Qt::ShiftModifier;
    if (modifiers == ctrlShift) {
        switch (key) {
        case Qt::Key_C:
        case Qt::Key_V:
        case Qt::Key_F:
        case Qt::Key_Up:
        case Qt::Key_Down:
        case Qt::Key_Home:
        case Qt::Key_End:
        case Qt::Key_Plus: // Ctrl+Shift+= on most layouts
            return true;
        default:
            return false;
        }
    }
    if (modifiers == Qt::ShiftModifier) {
        if (key == Qt::Key_Insert)
            return true;
        // Shift+PgUp/PgDn scroll the scrollback; in the alternate screen there is none to show,
        // so the program (vim, less) gets them.
        if ((key == Qt::Key_PageUp || key == Qt::Key_PageDown) && !m_emulator->isAlternateScreen())
            return true;
    }
    if (modifiers == Qt::ControlModifier) {
        switch (key) {
        case Qt::Key_Equal:
        case Qt::Key_Plus:
        case Qt::Key_Minus:
        case Qt::Key_0:
            return true;
        default:
            return false;
        }
    }
    return false;
}

bool TerminalView::controlMeansNothing(const QKeyEvent &event) const
{
    const Qt::KeyboardModifiers modifiers =
        event.modifiers() & (Qt::ShiftModifier | Qt::ControlModifier | Qt::AltModifier);
    if (modifiers != Qt::ControlModifier || isTerminalShortcut(event))
        return false;
    // What the program would get: text without Control means the key has no control character.
    // Some platforms send no text with Ctrl; the key's own character stands in for it then.
    const int key = event.key();
    const QString text = event.text().isEmpty() && key > Qt::Key_Space && key <= Qt::Key_AsciiTilde
        ? QString(QChar(key)).toLower()
        : event.text();
    const TerminalKeyInput input = TerminalKeyInput::fromKey(key, event.modifiers(), text);
    return input.kind == TerminalKeyInput::Kind::Text && !input.text.isEmpty()
        && input.text.front() >= QLatin1Char(' ') && input.text.front() != QChar(0x7f)
        && !input.modifiers.testFlag(Core::TerminalModifier::Control);
}

bool TerminalView::handleTerminalShortcut(const QKeyEvent &event)
{
    if (!isTerminalShortcut(event))
        return false;
    switch (event.key()) {
    case Qt::Key_C:
        copyClipboard();
        break;
    case Qt::Key_V:
    case Qt::Key_Insert:
        pasteClipboard();
        break;
    case Qt::Key_F:
        if (isSearchBarVisible())
            d->searchBar->activate();
        else
            toggleShowSearchBar();
        break;
    case Qt::Key_Up:
        scrollLines(1);
        break;
    case Qt::Key_Down:
        scrollLines(-1);
        break;
    case Qt::Key_Home:
        setScrollOffset(m_scrollbackLines);
        break;
    case Qt::Key_End:
        scrollToEnd();
        break;
    case Qt::Key_PageUp:
        scrollLines(std::max(1, m_rows - 1));
        break;
    case Qt::Key_PageDown:
        scrollLines(-std::max(1, m_rows - 1));
        break;
    case Qt::Key_Equal:
        zoomIn();
        break;
    case Qt::Key_Plus:
        zoomIn();
        break;
    case Qt::Key_Minus:
        zoomOut();
        break;
    case Qt::Key_0:
        resetZoom();
        break;
    default:
        return false;
    }
    return true;
}

void TerminalView::keyPressEvent(QKeyEvent *event)
{
    if (handleTerminalShortcut(*event)) {
        event->accept();
        return;
    }
    const TerminalKeyInput input = TerminalKeyInput::fromKeyEvent(*event);
    if (!input.isValid()) {
        event->ignore();
        return;
    }
    scrollToEnd();
    m_blinkOn = true;
    if (input.kind == TerminalKeyInput::Kind::Key)
        m_emulator->sendKey(input.key, input.modifiers);
    else
        m_emulator->sendText(input.text, input.modifiers);
    event->accept();
}

void TerminalView::sendKeyEvent(QKeyEvent *event)
{
    keyPressEvent(event);
}

void TerminalView::sendText(const QString &text)
{
    if (text.isEmpty())
        return;
    scrollToEnd();
    m_emulator->sendText(text);
}

void TerminalView::inputMethodEvent(QInputMethodEvent *event)
{
    // A replacement of text around the cursor cannot be honoured: what was committed went to
    // the program already. The commit goes now; the preedit is only drawn until it is committed.
    if (!event->commitString().isEmpty())
        sendText(event->commitString());
    const QString preedit = event->preeditString();
    if (!preedit.isEmpty() && d->preedit.isEmpty())
        scrollToEnd(); // composing is typing: the cursor comes into view
    d->preedit = preedit;
    d->preeditCursor = int(preedit.size());
    d->preeditCursorVisible = true;
    d->preeditHighlights.clear();
    for (const QInputMethodEvent::Attribute &attribute : event->attributes()) {
        if (attribute.type == QInputMethodEvent::Cursor) {
            d->preeditCursor = std::clamp(attribute.start, 0, int(preedit.size()));
            d->preeditCursorVisible = attribute.length > 0;
        } else if (attribute.type == QInputMethodEvent::TextFormat) {
            const QTextCharFormat format = attribute.value.value<QTextFormat>().toCharFormat();
            if (format.background().style() != Qt::NoBrush)
                d->preeditHighlights.emplace_back(attribute.start, attribute.length);
        }
    }
    damageRows(d->preeditViewRow, d->preeditViewRow);
    const int cursorViewRow = viewRowOf(m_cursor.row);
    damageRows(cursorViewRow, cursorViewRow);
    d->preeditViewRow = d->preedit.isEmpty() ? -1 : cursorViewRow;
    QGuiApplication::inputMethod()->update(Qt::ImCursorRectangle);
    event->accept();
}

QRectF TerminalView::preeditRect(qreal *caretX) const
{
    const QFontMetricsF metrics(d->fonts[Regular].metricsFont);
    const qreal width = metrics.horizontalAdvance(d->preedit);
    // At the cursor, moved left as far as needed to stay in view at the end of a row.
    const qreal x = std::max<qreal>(
        0, std::min<qreal>(m_cursor.column * m_cellWidth, viewport()->width() - width));
    if (caretX)
        *caretX = x + metrics.horizontalAdvance(d->preedit.left(d->preeditCursor));
    return {x, qreal(viewRowOf(m_cursor.row) * m_cellHeight), width, qreal(m_cellHeight)};
}

void TerminalView::paintPreedit(QPainter &painter)
{
    // In the terminal's font and colours, underlined as input methods show it everywhere; the
    // font without the grid's letter spacing, as input methods compose in any script.
    qreal caretX = 0;
    const QRectF box = preeditRect(&caretX);
    const QFont &font = d->fonts[Regular].metricsFont;
    const QFontMetricsF metrics(font);
    const QColor foreground = m_scheme.foreground();
    const QColor background = m_scheme.background();
    const qreal baseline = box.top() + d->ascent;
    painter.save();
    painter.fillRect(box, background);
    painter.setFont(font);
    painter.setPen(foreground);
    painter.drawText(QPointF(box.left(), baseline), d->preedit);
    // The segment the input method highlights, reversed.
    for (const auto &[start, length] : d->preeditHighlights) {
        const qreal left = box.left() + metrics.horizontalAdvance(d->preedit.left(start));
        const qreal right = box.left() + metrics.horizontalAdvance(d->preedit.left(start + length));
        const QRectF segment(left, box.top(), right - left, box.height());
        painter.fillRect(segment, foreground);
        painter.setClipRect(segment);
        painter.setPen(background);
        painter.drawText(QPointF(box.left(), baseline), d->preedit);
        painter.setClipping(false);
        painter.setPen(foreground);
    }
    const qreal under = std::min<qreal>(baseline + d->underlinePosition + d->lineWidth / 2,
                                        box.bottom() - d->lineWidth / 2);
    painter.setPen(QPen(foreground, d->lineWidth));
    painter.drawLine(QPointF(box.left(), under), QPointF(box.right(), under));
    if (d->preeditCursorVisible)
        painter.fillRect(QRectF(caretX, box.top(), std::max<qreal>(1, d->lineWidth), box.height()),
                         m_scheme.cursor());
    painter.restore();
}

QVariant TerminalView::inputMethodQuery(Qt::InputMethodQuery query) const
{
    switch (query) {
    case Qt::ImEnabled:
        return true;
    case Qt::ImCursorRectangle:
    case Qt::ImAnchorRectangle: {
        // The cursor's cell, or the caret in the text being composed: the candidate window
        // opens under it.
        QRect cursorRect(m_cursor.column * m_cellWidth, viewRowOf(m_cursor.row) * m_cellHeight,
                         m_cellWidth, m_cellHeight);
        if (!d->preedit.isEmpty()) {
            qreal caretX = 0;
            preeditRect(&caretX);
            cursorRect.moveLeft(int(std::lround(caretX)));
        }
        return cursorRect.translated(viewport()->pos());
    }
    case Qt::ImFont:
        return effectiveFont();
    case Qt::ImSurroundingText:
    case Qt::ImCursorPosition:
    case Qt::ImAnchorPosition: {
        // The cursor's row, the cursor's place in it counted in characters (a wide character
        // is one); trailing blanks only up to the cursor.
        QString text;
        int position = 0;
        for (int column = 0; column < m_columns; ++column) {
            if (column == m_cursor.column)
                position = int(text.size());
            const TerminalCell cell = m_emulator->cell(m_cursor.row, column);
            if (cell.width != 0)
                text += cell.text.isEmpty() ? QStringLiteral(" ") : cell.text;
        }
        qsizetype end = text.size();
        while (end > position && text.at(end - 1) == QLatin1Char(' '))
            --end;
        if (query == Qt::ImSurroundingText)
            return text.left(end);
        return position;
    }
    case Qt::ImCurrentSelection:
        return selectedText();
    case Qt::ImMaximumTextLength:
        return QVariant(); // no limit
    case Qt::ImHints:
        // Commands, not prose: no word completion or capitals the user did not type.
        return int(Qt::ImhNoPredictiveText | Qt::ImhNoAutoUppercase);
    default:
        return QAbstractScrollArea::inputMethodQuery(query);
    }
}

void TerminalView::focusInEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusInEvent(event);
    m_emulator->sendFocus(true);
    m_blinkOn = true;
    updateBlinkTimer();
    damageAll();
    Q_EMIT focusReceived();
}

void TerminalView::focusOutEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusOutEvent(event);
    m_emulator->sendFocus(false);
    updateBlinkTimer();
    damageAll();
}

void TerminalView::updateBlinkTimer()
{
    const int flashTime = QApplication::cursorFlashTime();
    const bool needed = hasFocus() && flashTime > 0
        && ((m_cursor.blinking && m_cursor.visible && m_blinkAllowed) || d->blinkTextSeen);
    if (needed && !d->blinkTimer.isActive()) {
        m_blinkOn = true;
        d->blinkTimer.start(flashTime / 2);
    } else if (!needed && d->blinkTimer.isActive()) {
        d->blinkTimer.stop();
        if (!m_blinkOn) {
            m_blinkOn = true;
            damageAll();
        }
    }
}

// --- paste and selection -------------------------------------------------------------------------

void TerminalView::paste(const QString &text)
{
    if (text.isEmpty())
        return;
    scrollToEnd();
    // The emulator turns line breaks into CR and brackets the text when the program asked.
    m_emulator->sendPaste(text);
}

void TerminalView::copyClipboard()
{
    if (!m_selection.active)
        return;
    QGuiApplication::clipboard()->setText(selectedText(), QClipboard::Clipboard);
}

void TerminalView::pasteClipboard()
{
    paste(QGuiApplication::clipboard()->text(QClipboard::Clipboard));
}

void TerminalView::pasteSelection()
{
    QClipboard *clipboard = QGuiApplication::clipboard();
    if (clipboard->supportsSelection())
        paste(clipboard->text(QClipboard::Selection));
}

void TerminalView::selectionToPrimary()
{
    QClipboard *clipboard = QGuiApplication::clipboard();
    if (m_selection.active && clipboard->supportsSelection())
        clipboard->setText(selectedText(), QClipboard::Selection);
}

QPoint TerminalView::selectionStart(const Selection &selection) const
{
    const QPoint first =
        before(selection.extent, selection.anchor) ? selection.extent : selection.anchor;
    switch (selection.mode) {
    case SelectionMode::Character:
        return first;
    case SelectionMode::Word:
        return wordStart(first);
    case SelectionMode::Line: {
        // The whole line: up to the row that does not run on into this one.
        int row = first.y();
        while (row > -m_scrollbackLines && runsOn(row - 1))
            --row;
        return {0, row};
    }
    }
    return first;
}

QPoint TerminalView::selectionEnd(const Selection &selection) const
{
    const QPoint last =
        before(selection.extent, selection.anchor) ? selection.anchor : selection.extent;
    switch (selection.mode) {
    case SelectionMode::Character:
        return last;
    case SelectionMode::Word:
        return wordEnd(last);
    case SelectionMode::Line: {
        int row = last.y();
        while (runsOn(row))
            ++row;
        return {m_columns, row};
    }
    }
    return last;
}

bool TerminalView::isSelected(int row, int column) const
{
    if (!m_selection.active)
        return false;
    const QPoint cell(column, row);
    return !before(cell, selectionStart()) && before(cell, selectionEnd());
}

bool TerminalView::isWordCharacter(const QString &text) const
{
    if (text.isEmpty())
        return false;
    const QChar first = text.front();
    return first.isLetterOrNumber() || first.isMark() || WordCharacters.contains(first);
}

bool TerminalView::runsOn(int row) const
{
    // The newest scrollback line ran on into the primary screen, not into the alternate one.
    if (row == -1 && m_emulator->isAlternateScreen())
        return false;
    return row >= -m_scrollbackLines && row < m_rows - 1 && m_emulator->isWrapped(row);
}

int TerminalView::textColumns(int row) const
{
    int end = m_columns;
    while (end > 0) {
        const TerminalCell cell = m_emulator->cell(row, end - 1);
        if (cell.width == 0 || !cell.text.isEmpty())
            break;
        --end;
    }
    return end;
}

QPoint TerminalView::wordStart(QPoint cell) const
{
    if (!isWordCharacter(m_emulator->cell(cell.y(), cell.x()).text)
        && m_emulator->cell(cell.y(), cell.x()).width != 0)
        return cell;
    QPoint start = cell;
    for (;;) {
        // A word goes on at the end of the row above when that runs on into this one.
        QPoint left(start.x() - 1, start.y());
        if (start.x() == 0) {
            if (!runsOn(start.y() - 1))
                break;
            left = {textColumns(start.y() - 1) - 1, start.y() - 1};
            if (left.x() < 0)
                break;
        }
        const TerminalCell cellLeft = m_emulator->cell(left.y(), left.x());
        if (cellLeft.width != 0 && !isWordCharacter(cellLeft.text))
            break;
        start = left;
    }
    return start;
}

QPoint TerminalView::wordEnd(QPoint cell) const
{
    const TerminalCell here = m_emulator->cell(cell.y(), cell.x());
    if (!isWordCharacter(here.text) && here.width != 0)
        return {cell.x() + 1, cell.y()};
    QPoint end(cell.x() + 1, cell.y());
    for (;;) {
        // ... and at the start of the row below when this one runs on into it.
        if (end.x() >= (runsOn(end.y()) ? textColumns(end.y()) : m_columns)) {
            if (!runsOn(end.y()))
                break;
            const TerminalCell next = m_emulator->cell(end.y() + 1, 0);
            if (next.width != 0 && !isWordCharacter(next.text))
                break;
            end = {1, end.y() + 1};
            continue;
        }
        const TerminalCell right = m_emulator->cell(end.y(), end.x());
        if (right.width != 0 && !isWordCharacter(right.text))
            break;
        end.rx() += 1;
    }
    return end;
}

QString TerminalView::selectedText() const
{
    if (!m_selection.active)
        return {};
    const QPoint start = selectionStart();
    const QPoint end = selectionEnd();
    QString text;
    for (int row = start.y(); row <= end.y(); ++row) {
        // A row that runs on into the next one is the same line: no line break, and its
        // trailing blanks are text (a space at the margin separates two words).
        const bool wrapped = row < end.y() && runsOn(row);
        const int first = row == start.y() ? start.x() : 0;
        const int last = row == end.y() ? end.x() : wrapped ? textColumns(row) : m_columns;
        QString line;
        for (int column = first; column < last; ++column) {
            const TerminalCell cell = m_emulator->cell(row, column);
            if (cell.width == 0) {
                // Starting on the right half of a wide character takes the whole character.
                if (column == first && column > 0)
                    line += m_emulator->cell(row, column - 1).text;
                continue;
            }
            line += cell.text.isEmpty() ? QStringLiteral(" ") : cell.text;
        }
        if (wrapped) {
            text += line;
            continue;
        }
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        text += line;
        if (row < end.y())
            text += QLatin1Char('\n');
    }
    return text;
}

void TerminalView::setSelection(const Selection &selection)
{
    const Selection before = m_selection;
    const bool hadSelection = m_selection.active;
    m_selection = selection;
    updateSelectionDamage(before);
    if (hadSelection != m_selection.active)
        Q_EMIT copyAvailable(m_selection.active);
}

void TerminalView::updateSelectionDamage(const Selection &before)
{
    // Cheap enough to repaint the rows either selection touches (a word or line selection can
    // reach past its anchor and extent rows, across soft wraps).
    int first = INT_MAX;
    int last = INT_MIN;
    for (const Selection *selection : std::array<const Selection *, 2>{&before, &m_selection}) {
        if (!selection->active)
            continue;
        first = std::min(first, selectionStart(*selection).y());
        last = std::max(last, selectionEnd(*selection).y());
    }
    if (first <= last)
        damageRows(viewRowOf(first), viewRowOf(last));
}

void TerminalView::selectAll()
{
    Selection all;
    all.active = true;
    all.mode = SelectionMode::Character;
    all.anchor = {0, -m_scrollbackLines};
    all.extent = {m_columns, m_rows - 1};
    setSelection(all);
    selectionToPrimary();
}

void TerminalView::clearSelection()
{
    setSelection({});
}

// --- mouse ---------------------------------------------------------------------------------------

QPoint TerminalView::cellAt(const QPointF &pos) const
{
    const int column = std::clamp(int(pos.x() / m_cellWidth), 0, m_columns - 1);
    const int viewRow = std::clamp(int(std::floor(pos.y() / m_cellHeight)), 0, m_rows - 1);
    return {column, emulatorRowOf(viewRow)};
}

bool TerminalView::isMouseReported(const QMouseEvent *event) const
{
    // Shift is the user's way past the program to select text, as in xterm.
    return m_emulator->mouseMode() != TerminalMouseMode::None
        && !(event->modifiers() & Qt::ShiftModifier);
}

bool TerminalView::sendMouseReport(TerminalMouseButton button, bool pressed, const QPointF &pos,
                                   Qt::KeyboardModifiers modifiers)
{
    const int column = std::clamp(int(pos.x() / m_cellWidth), 0, m_columns - 1);
    const int row =
        std::clamp(int(std::floor(pos.y() / m_cellHeight)) - m_scrollOffset, 0, m_rows - 1);
    m_emulator->sendMouse(button, pressed, row, column, terminalModifiers(modifiers));
    return true;
}

void TerminalView::mousePressEvent(QMouseEvent *event)
{
    if (isMouseReported(event)) {
        const TerminalMouseButton button = terminalButton(event->button());
        if (button != TerminalMouseButton::None) {
            d->reportedButton = event->button();
            sendMouseReport(button, true, event->position(), event->modifiers());
        }
        event->accept();
        return;
    }
    const QPoint cell = cellAt(event->position());
    if (event->button() == Qt::LeftButton) {
        const bool tripleClick = d->sinceDoubleClick.isValid()
            && d->sinceDoubleClick.elapsed() < QApplication::doubleClickInterval()
            && (event->position().toPoint() - d->doubleClickPos).manhattanLength()
                < QApplication::startDragDistance() * 2;
        d->sinceDoubleClick.invalidate();
        d->selecting = true;
        if (tripleClick) {
            setSelection({true, SelectionMode::Line, cell, cell});
        } else if ((event->modifiers() & Qt::ShiftModifier) && m_selection.active) {
            Selection extended = m_selection;
            extended.extent = m_selection.mode == SelectionMode::Character
                ? QPoint(
                    std::clamp(int(std::lround(event->position().x() / m_cellWidth)), 0, m_columns),
                    cell.y())
                : cell;
            setSelection(extended);
        } else {
            // A character selection runs between cell boundaries: nearest one to the pointer.
            const QPoint boundary(
                std::clamp(int(std::lround(event->position().x() / m_cellWidth)), 0, m_columns),
                cell.y());
            setSelection({false, SelectionMode::Character, boundary, boundary});
        }
        event->accept();
        return;
    }
    if (event->button() == Qt::MiddleButton) {
        pasteSelection();
        event->accept();
        return;
    }
    QAbstractScrollArea::mousePressEvent(event);
}

void TerminalView::mouseMoveEvent(QMouseEvent *event)
{
    if (d->reportedButton != Qt::NoButton || (isMouseReported(event) && !d->selecting)) {
        const TerminalMouseMode mode = m_emulator->mouseMode();
        const bool held = d->reportedButton != Qt::NoButton;
        if (mode == TerminalMouseMode::Move || (mode == TerminalMouseMode::Drag && held))
            sendMouseReport(TerminalMouseButton::None, held, event->position(), event->modifiers());
        event->accept();
        return;
    }
    if (!d->selecting || !(event->buttons() & Qt::LeftButton)) {
        QAbstractScrollArea::mouseMoveEvent(event);
        return;
    }
    // Dragging past the top or bottom scrolls.
    if (event->position().y() < 0)
        scrollLines(1);
    else if (event->position().y() >= m_rows * m_cellHeight)
        scrollLines(-1);
    const QPoint cell = cellAt(event->position());
    Selection moved = m_selection;
    if (m_selection.mode == SelectionMode::Character)
        moved.extent = {
            std::clamp(int(std::lround(event->position().x() / m_cellWidth)), 0, m_columns),
            cell.y()};
    else
        moved.extent = cell;
    moved.active = moved.mode != SelectionMode::Character || moved.extent != moved.anchor;
    if (moved.active != m_selection.active || moved.extent != m_selection.extent)
        setSelection(moved);
    event->accept();
}

void TerminalView::mouseReleaseEvent(QMouseEvent *event)
{
    if (d->reportedButton != Qt::NoButton && event->button() == d->reportedButton) {
        sendMouseReport(terminalButton(event->button()), false, event->position(),
                        event->modifiers());
        d->reportedButton = Qt::NoButton;
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton && d->selecting) {
        d->selecting = false;
        selectionToPrimary();
        event->accept();
        return;
    }
    QAbstractScrollArea::mouseReleaseEvent(event);
}

void TerminalView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (isMouseReported(event)) {
        // xterm reports the second click of a double click as another press.
        mousePressEvent(event);
        return;
    }
    if (event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mouseDoubleClickEvent(event);
        return;
    }
    const QPoint cell = cellAt(event->position());
    d->selecting = true;
    setSelection({true, SelectionMode::Word, cell, cell});
    d->sinceDoubleClick.start();
    d->doubleClickPos = event->position().toPoint();
    event->accept();
}

void TerminalView::wheelEvent(QWheelEvent *event)
{
    d->wheelRemainder += event->angleDelta().y();
    const int notches = d->wheelRemainder / QWheelEvent::DefaultDeltasPerStep;
    d->wheelRemainder -= notches * QWheelEvent::DefaultDeltasPerStep;
    event->accept();
    if (notches == 0)
        return;
    const bool reported = m_emulator->mouseMode() != TerminalMouseMode::None
        && !(event->modifiers() & Qt::ShiftModifier);
    if (reported) {
        for (int i = 0; i < std::abs(notches); ++i)
            sendMouseReport(notches > 0 ? TerminalMouseButton::WheelUp
                                        : TerminalMouseButton::WheelDown,
                            true, event->position(), event->modifiers());
        return;
    }
    const int lines = std::abs(notches) * std::max(1, QApplication::wheelScrollLines());
    if (m_emulator->isAlternateScreen()) {
        // A full-screen program without mouse reporting (less, man) scrolls with arrow keys,
        // like xterm's alternateScroll.
        for (int i = 0; i < lines; ++i)
            m_emulator->sendKey(notches > 0 ? TerminalKey::Up : TerminalKey::Down);
        return;
    }
    scrollLines(notches > 0 ? lines : -lines);
}

void TerminalView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    QAction *copy = menu.addAction(tr("&Copy"), this, &TerminalView::copyClipboard);
    copy->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+C")));
    copy->setEnabled(m_selection.active);
    QAction *pasteAction = menu.addAction(tr("&Paste"), this, &TerminalView::pasteClipboard);
    pasteAction->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+V")));
    pasteAction->setEnabled(!QGuiApplication::clipboard()->text().isEmpty());
    menu.addAction(tr("Select &All"), this, &TerminalView::selectAll);
    menu.addSeparator();
    QAction *findAction = menu.addAction(tr("&Find…"), this, [this] {
        if (!isSearchBarVisible())
            toggleShowSearchBar();
        else
            d->searchBar->activate();
    });
    findAction->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+F")));
    menu.addSeparator();
    QAction *in = menu.addAction(tr("Zoom &In"), this, &TerminalView::zoomIn);
    in->setShortcut(QKeySequence(QStringLiteral("Ctrl+=")));
    QAction *out = menu.addAction(tr("Zoom &Out"), this, &TerminalView::zoomOut);
    out->setShortcut(QKeySequence(QStringLiteral("Ctrl+-")));
    QAction *reset = menu.addAction(tr("&Reset Zoom"), this, &TerminalView::resetZoom);
    reset->setShortcut(QKeySequence(QStringLiteral("Ctrl+0")));
    reset->setEnabled(m_zoomSteps != 0);
    menu.exec(event->globalPos());
}

// --- text and search -----------------------------------------------------------------------------

QString TerminalView::screenText() const
{
    return m_emulator->screenText();
}

QString TerminalView::visibleText() const
{
    QStringList lines;
    for (int viewRow = 0; viewRow < m_rows; ++viewRow)
        lines.append(m_emulator->lineText(emulatorRowOf(viewRow)));
    return lines.join(QLatin1Char('\n'));
}

bool TerminalView::isSearchBarVisible() const
{
    return d->searchBar->isVisible();
}

void TerminalView::toggleShowSearchBar()
{
    if (d->searchBar->isVisible()) {
        d->searchBar->hide();
        clearSearch();
        updateScrollBarGeometry();
        setFocus(Qt::OtherFocusReason);
        return;
    }
    if (m_selection.active && selectionStart().y() == selectionEnd().y())
        d->searchBar->setText(selectedText());
    d->searchBar->show();
    updateScrollBarGeometry();
    d->searchBar->activate();
}

bool TerminalView::findNext(const QString &text, Qt::CaseSensitivity sensitivity)
{
    return find(text, sensitivity, true, false);
}

bool TerminalView::findPrevious(const QString &text, Qt::CaseSensitivity sensitivity)
{
    return find(text, sensitivity, false, false);
}

void TerminalView::clearSearch()
{
    d->searchText.clear();
    m_match = {};
    damageAll();
}

QRect TerminalView::currentMatch() const
{
    if (m_match.length == 0)
        return {};
    return {m_match.column, m_match.row, m_match.length, 1};
}

bool TerminalView::find(const QString &text, Qt::CaseSensitivity sensitivity, bool upwards,
                        bool fromHere)
{
    if (text.isEmpty()) {
        clearSearch();
        return false;
    }
    d->searchText = text;
    d->searchSensitivity = sensitivity;
    const int top = -m_scrollbackLines;
    const int bottom = m_rows - 1;
    const int total = bottom - top + 1;

    // Where to start: the current match (included when searching as the user types, so the
    // match grows with the text instead of jumping), or the bottom / top of everything.
    int startRow = upwards ? bottom : top;
    int startColumn = upwards ? INT_MAX : -1;
    if (m_match.length > 0 && m_match.row >= top && m_match.row <= bottom) {
        startRow = m_match.row;
        startColumn =
            fromHere ? (upwards ? m_match.column + 1 : m_match.column - 1) : m_match.column;
    }

    // Each row is searched for matches that start on it; one that runs on across a soft wrap
    // ends on a row below. cellOf: the cell of each character, from the start of the row.
    std::vector<int> cellOf;
    for (int step = 0; step <= total; ++step) {
        const int offset = upwards ? -step : step;
        const int row = top + ((startRow - top + offset) % total + total) % total;
        // lineText() is the quick filter; only rows that contain the text (or run on into the
        // next one, where a match may continue) are mapped to cells.
        if (!runsOn(row) && !m_emulator->lineText(row).contains(text, sensitivity))
            continue;
        const QString line = runningText(row, m_columns + 2 * int(text.size()), cellOf);
        const auto startsHere = [&](qsizetype i) {
            return cellOf[i] < m_columns
                && (step > 0 || (upwards ? cellOf[i] < startColumn : cellOf[i] > startColumn));
        };
        qsizetype at = -1;
        if (upwards) {
            for (qsizetype i = line.lastIndexOf(text, -1, sensitivity); i >= 0;
                 i = i > 0 ? line.lastIndexOf(text, i - 1, sensitivity) : -1) {
                if (startsHere(i)) {
                    at = i;
                    break;
                }
            }
        } else {
            for (qsizetype i = line.indexOf(text, 0, sensitivity); i >= 0;
                 i = line.indexOf(text, i + 1, sensitivity)) {
                if (startsHere(i)) {
                    at = i;
                    break;
                }
            }
        }
        if (at < 0)
            continue;
        const int first = cellOf[at];
        const int last = cellOf[at + text.size() - 1];
        const int lastWidth =
            m_emulator->cell(row + last / m_columns, last % m_columns).width == 2 ? 2 : 1;
        m_match = {row, first, last + lastWidth - first};
        showMatch();
        return true;
    }
    m_match = {};
    damageAll();
    return false;
}

QString TerminalView::runningText(int row, int cells, std::vector<int> &cellOf) const
{
    QString text;
    cellOf.clear();
    for (int offset = 0;; offset += m_columns, ++row) {
        const bool wrapped = runsOn(row);
        const int end = wrapped ? textColumns(row) : m_columns;
        for (int column = 0; column < end; ++column) {
            const TerminalCell cell = m_emulator->cell(row, column);
            if (cell.width == 0)
                continue;
            const QString glyph = cell.text.isEmpty() ? QStringLiteral(" ") : cell.text;
            text += glyph;
            cellOf.insert(cellOf.end(), size_t(glyph.size()), offset + column);
        }
        if (!wrapped || offset + m_columns >= cells) {
            cellOf.push_back(offset + end);
            return text;
        }
    }
}

void TerminalView::showMatch()
{
    const int firstVisible = emulatorRowOf(0);
    const int lastVisible = emulatorRowOf(m_rows - 1);
    if (m_match.row < firstVisible || m_match.row > lastVisible) {
        // Centre the match when it is off screen.
        setScrollOffset(std::clamp(m_rows / 2 - m_match.row, 0, m_scrollbackLines));
    }
    damageAll();
}

} // namespace Terrarium::Widgets
