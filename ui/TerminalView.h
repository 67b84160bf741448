#pragma once

#include "core/terminal/TerminalTypes.h"
#include "ui/TerminalColorScheme.h"

#include <QAbstractScrollArea>
#include <QPointer>

#include <memory>
#include <vector>

class QPainter;

namespace Terrarium::Core {
class TerminalEmulator;
class TerminalSession;
} // namespace Terrarium::Core

namespace Terrarium::Widgets {

// A terminal: renders a Core::TerminalEmulator and connects it to a Core::TerminalSession (a
// local pty, a sandbox's pty through terrarium-agent, ...). The session's bytes go into the
// emulator; keys, pastes, mouse reports and the emulator's answers go back to the session; a
// resize of the widget resizes both. The public API follows QTermWidget's (a facade over an
// emulation plus a byte stream), so a QTermWidget backend could stand in where a distribution
// ships it.
//
// Painting: only damaged rows are repainted (the emulator reports damage once per event-loop
// turn; during floods frames are additionally spaced ~16 ms apart), runs of cells with the same
// attributes are one drawText each, and wide (CJK) characters span two cells. 16, 256 and
// true colour; bold, italic, underline (single, double, curly), reverse, strike, blink, conceal.
// The cursor is a block, underline or bar, and blinks (when the program asks) only while the
// view has focus.
//
// Input: every key a shell, vim, htop or tmux needs (Ctrl/Alt combinations, arrows and F-keys
// with modifiers, Tab and Shift+Tab stay in the terminal). The terminal's own keys:
//   Ctrl+Shift+C copy, Ctrl+Shift+V / Shift+Insert paste (bracketed when the program asked),
//   Shift+PgUp/PgDn scroll a page, Ctrl+Shift+Up/Down a line, Ctrl+Shift+Home/End to the ends,
//   Ctrl+Shift+F find, Ctrl+= / Ctrl+- / Ctrl+0 zoom.
// The window's shortcuts get the other Ctrl+Shift combinations, and Ctrl with a key that has no
// control character (Ctrl+, Ctrl+. Ctrl+1); plain Ctrl+letters are always the program's.
// Mouse: drag selects, double-click a word, triple-click a line (Shift+drag extends, and selects
// even when the program reports the mouse); a line the program's output wrapped at the right
// margin (a soft wrap) is one line for all of these, for copying and for search, and a word
// runs on across the wrap. The selection is also the X11 primary selection,
// which a middle click pastes. When the program asked for mouse reports it gets them, and the
// wheel too; in the alternate screen (less, man) without mouse reporting the wheel sends arrow
// keys, like xterm's alternateScroll; otherwise the wheel scrolls the scrollback. Scrolled back,
// the view stays on the same lines while output arrives, and so do the selection and the search
// match, also once the scrollback is full and its oldest lines are dropped.
//
// Input methods: the text being composed (preedit) is drawn at the cursor, underlined, and goes
// to the program only when the input method commits it; inputMethodQuery() tells the input
// method where the cursor is, so that its candidate window opens there.
//
// Threading: GUI thread. The session is not owned (QPointer): whoever made it deletes it.
class TerminalView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    enum class ScrollBarPosition { NoScrollBar, ScrollBarLeft, ScrollBarRight };
    Q_ENUM(ScrollBarPosition)

    explicit TerminalView(QWidget *parent = nullptr);
    ~TerminalView() override;

    // The byte stream this terminal shows; nullptr detaches. The session is resized to the
    // view's size at once. Output of a previous session stays on screen.
    void setSession(Core::TerminalSession *session);
    Core::TerminalSession *session() const;
    // The emulation behind the view (for tests, and for hosts that feed it themselves).
    Core::TerminalEmulator *emulator() const { return m_emulator; }

    // Size in character cells.
    int lines() const { return m_rows; }
    int columns() const { return m_columns; }
    QSize cellSize() const { return {m_cellWidth, m_cellHeight}; }

    // A monospace font; the default is the system's fixed font. Zoom is on top of its size.
    void setTerminalFont(const QFont &font);
    QFont terminalFont() const;
    // The font in use, zoom included.
    QFont effectiveFont() const;
    int zoomSteps() const { return m_zoomSteps; }

    // By default the scheme follows the palette (light or dark) and changes with it; setting one
    // stops that until followPalette() is called.
    void setColorScheme(const TerminalColorScheme &scheme);
    TerminalColorScheme colorScheme() const { return m_scheme; }
    void followPalette();
    bool isFollowingPalette() const { return m_followPalette; }

    void setScrollBarPosition(ScrollBarPosition position);
    ScrollBarPosition scrollBarPosition() const { return m_scrollBarPosition; }
    // Lines of scrollback kept (default 10,000).
    void setHistorySize(int lines);
    int historySize() const;
    // How many lines the view is scrolled back from the live screen (0: following output).
    int scrollOffset() const { return m_scrollOffset; }
    void scrollLines(int lines); // positive: back into the scrollback
    void scrollToEnd();

    // The user's cursor blink preference; the program can still ask for a steady cursor.
    void setBlinkingCursor(bool enabled);
    bool isBlinkingCursor() const { return m_blinkAllowed; }

    // Input as if typed: text goes through the emulator's key encoding.
    void sendText(const QString &text);
    void sendKeyEvent(QKeyEvent *event);
    // A paste: line breaks become CR, wrapped in ESC[200~ .. ESC[201~ when the program enabled
    // bracketed paste (markers inside the text are dropped then).
    void paste(const QString &text);

    bool hasSelection() const { return m_selection.active; }
    // The selected cells' text, lines joined with '\n' and trailing blanks removed.
    // Rows that continue on the next one (soft wraps) are joined without '\n'.
    QString selectedText() const;
    void selectAll();
    void clearSelection();

    // The live screen (emulator rows), and what the view shows now (scrolled back or not).
    QString screenText() const;
    QString visibleText() const;

    // Search the scrollback and the screen. findNext() goes upwards (older output) from the
    // current match or the bottom, findPrevious() downwards; both wrap. The match is highlighted
    // and scrolled into view. False when there is none.
    bool findNext(const QString &text, Qt::CaseSensitivity sensitivity = Qt::CaseInsensitive);
    bool findPrevious(const QString &text, Qt::CaseSensitivity sensitivity = Qt::CaseInsensitive);
    void clearSearch();
    bool hasMatch() const { return m_match.length > 0; }
    // The current match as (emulator row, column, length in cells); row < 0 is scrollback. A
    // match that runs on across a soft wrap is longer than what is left of its row.
    QRect currentMatch() const;
    bool isSearchBarVisible() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public Q_SLOTS:
    void copyClipboard();
    void pasteClipboard();
    void pasteSelection();
    void zoomIn();
    void zoomOut();
    void resetZoom();
    void toggleShowSearchBar();

Q_SIGNALS:
    void titleChanged(const QString &title);
    void bell();
    // The session's program ended (exit status, or 128 + signal).
    void finished(int exitCode);
    void termSizeChanged(int lines, int columns);
    void copyAvailable(bool available);
    // The view (or its find bar) got the keyboard focus: the pane holding it is the current one.
    void focusReceived();
    void zoomChanged(int steps);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void inputMethodEvent(QInputMethodEvent *event) override;
    QVariant inputMethodQuery(Qt::InputMethodQuery query) const override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void changeEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool focusNextPrevChild(bool next) override;

private:
    enum class SelectionMode { Character, Word, Line };
    struct Selection
    {
        bool active = false;
        SelectionMode mode = SelectionMode::Character;
        QPoint anchor; // (column, emulator row) where the selection started
        QPoint extent; // (column, emulator row) where it ends now
    };
    struct Match
    {
        int row = 0;
        int column = 0;
        int length = 0;
    };

    // Implementation details (fonts, painting, damage bookkeeping) live in TerminalView.cpp.
    struct Private;

    void onContentsChanged(const QRect &damage);
    void onCursorChanged();
    void onScrollbackChanged(int lines);
    void onSessionFinished(int exitCode);
    void updateFontMetrics();
    void updateTerminalSize();
    void updateScrollBar();
    void updateBlinkTimer();
    void damageRows(int firstViewRow, int lastViewRow);
    void damageAll();
    void scheduleFrame();
    void flushFrame();
    void paintRow(QPainter &painter, int viewRow, int firstColumn, int lastColumn);
    bool handleTerminalShortcut(const QKeyEvent &event);
    bool isTerminalShortcut(const QKeyEvent &event) const;
    // Ctrl plus a key without a control character (Ctrl+, Ctrl+1): the program could only get
    // the bare key, so the window's shortcuts may have it.
    bool controlMeansNothing(const QKeyEvent &event) const;
    bool isMouseReported(const QMouseEvent *event) const;
    bool sendMouseReport(Core::TerminalMouseButton button, bool pressed, const QPointF &pos,
                         Qt::KeyboardModifiers modifiers);
    // (column, emulator row) of a viewport position, clamped to the grid.
    QPoint cellAt(const QPointF &pos) const;
    QPoint selectionStart() const { return selectionStart(m_selection); }
    QPoint selectionEnd() const { return selectionEnd(m_selection); } // exclusive column
    QPoint selectionStart(const Selection &selection) const;
    QPoint selectionEnd(const Selection &selection) const;
    bool isSelected(int row, int column) const;
    QPoint wordStart(QPoint cell) const;
    QPoint wordEnd(QPoint cell) const;
    bool isWordCharacter(const QString &text) const;
    // Whether the row continues on the next one that the view has (soft wrap).
    bool runsOn(int row) const;
    // The columns of a row that runs on that hold its text: a wide character that did not fit
    // at the margin left the last column empty, which is not a blank in the line.
    int textColumns(int row) const;
    // The text of `row` and the rows it runs on into, up to at least `cells` cells; `cellOf`
    // gets each character's cell, counted from the start of `row` (rows × columns + column).
    QString runningText(int row, int cells, std::vector<int> &cellOf) const;
    void setSelection(const Selection &selection);
    void updateSelectionDamage(const Selection &before);
    void selectionToPrimary();
    bool find(const QString &text, Qt::CaseSensitivity sensitivity, bool upwards, bool fromHere);
    void showMatch();
    void setScrollOffset(int offset);
    // Where the input method's text being composed is drawn in the viewport (the cursor row),
    // and its caret.
    QRectF preeditRect(qreal *caretX = nullptr) const;
    void paintPreedit(QPainter &painter);
    void updateScrollBarGeometry();
    int viewRowOf(int emulatorRow) const { return emulatorRow + m_scrollOffset; }
    int emulatorRowOf(int viewRow) const { return viewRow - m_scrollOffset; }

    std::unique_ptr<Private> d;
    Core::TerminalEmulator *m_emulator = nullptr;
    QPointer<Core::TerminalSession> m_session;
    TerminalColorScheme m_scheme;
    bool m_followPalette = true;
    ScrollBarPosition m_scrollBarPosition = ScrollBarPosition::ScrollBarRight;
    int m_rows = 24;
    int m_columns = 80;
    int m_cellWidth = 8;
    int m_cellHeight = 16;
    int m_zoomSteps = 0;
    int m_scrollOffset = 0;
    int m_scrollbackLines = 0;
    // linesScrolledOff() at the last scrollback update: how far the rows moved since.
    qint64 m_linesScrolledOff = 0;
    bool m_blinkAllowed = true;
    bool m_blinkOn = true; // phase of blinking cursor and text
    Selection m_selection;
    Match m_match;
    Core::TerminalCursor m_cursor;
};

} // namespace Terrarium::Widgets
