#pragma once

#include "core/terminal/TerminalTypes.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QRect>

#include <memory>

namespace Terrarium::Core {

// A VT100/xterm terminal emulation on libvterm (the engine Neovim and Emacs-vterm use): bytes
// from the program go in through write(); the screen comes out as plain cells; keyboard, paste
// and mouse input are encoded here and leave through outputReady(), for the session to send.
// libvterm parses and keeps the terminal's state; the screen and scrollback are kept here (on
// libvterm's state layer), which is what makes write() fast, and printable ASCII goes onto the
// screen here without libvterm wherever libvterm would write it plainly (setTextShortcut()).
//
// Damage is coalesced: however many writes happen in one event-loop turn, contentsChanged()
// fires once afterwards, with the union of the damaged cells; scrollbackChanged(),
// cursorChanged(), titleChanged() and bell() are delivered in that same update, at most once
// each. The view then pulls the cells it needs. Scrollback keeps the lines that scrolled off the
// top of the primary screen (default 10,000, configurable); row -1 is the newest of them. The
// alternate screen (full-screen programs) never adds to it. Works with libvterm 0.1 (Debian 12)
// and 0.3.
//
// Cost: write() takes ~45 MB/s of coloured text and ~65 MB/s of plain text on a 2-core CI
// machine (1.7x and 2.9x what it takes with all text through libvterm), at any screen size
// (scrolling moves no cells); the scrollback allocates nothing once full and keeps 16 bytes
// per cell (trailing blanks not stored). cell() is a cheap copy (no allocation for ASCII).
// Threading: one thread.
//
// Beyond libvterm 0.1 (as xterm does): sequences and UTF-8 split across writes, APC/PM/SOS
// strings dropped, DECCOLM, character sets across DECSC/DECRC and DECSTR, keypad Enter, wide
// characters never left half overwritten, the shell's screen resized behind a full-screen
// program keeps its last lines, and soft wraps are tracked (isWrapped()). Left as libvterm 0.1 has
// it: the alternate screen and mouse mode survive RIS, a combining mark that starts a write after a
// character in the last column is dropped, and neither SGR 8 nor CSI s / CSI u are known.
class TerminalEmulator : public QObject
{
    Q_OBJECT

public:
    // The libvterm this was built with ("0.3.3"), for `terrarium --version`.
    static QString libraryVersion();

    // Sizes are clamped to 1..1000 rows and 1..2000 columns.
    TerminalEmulator(int rows, int columns, QObject *parent = nullptr);
    ~TerminalEmulator() override;

    // Output of the program (escape sequences, UTF-8 split anywhere).
    void write(QByteArrayView bytes);
    // Printable ASCII goes onto the screen without libvterm wherever libvterm would write it
    // plainly (on by default); off, everything goes through libvterm, to compare the two.
    void setTextShortcut(bool enabled);
    // Shrinking pushes the top lines into the scrollback (keeping the cursor line on screen);
    // growing taller takes lines back from it.
    void resize(int rows, int columns);
    int rows() const;
    int columns() const;

    // Row 0..rows()-1 is the screen; -1..-scrollbackLines() the scrollback, newest first.
    // Outside of those (or of the line): a blank cell.
    TerminalCell cell(int row, int column) const;
    // The text of a row, trailing blanks trimmed (handy for tests and search).
    QString lineText(int row) const;
    // Every screen row's text joined with '\n' (golden files).
    QString screenText() const;
    // Whether the row continues on the next one: the program's text ran past the right margin
    // and auto-wrap went on there (a soft wrap), so the two rows are one line of text, to copy
    // and select as one. Row as in cell(); -1 continues on row 0. A line feed or cursor motion
    // down from the row, erasing its end, or scrolling that takes its next row away ends it.
    bool isWrapped(int row) const;
    int scrollbackLines() const;
    // Drops the oldest lines beyond the new limit; 0 keeps no scrollback.
    void setScrollbackLimit(int lines);
    int scrollbackLimit() const;
    // Forgets the scrollback and frees its memory (also done for the program's ED 3 on
    // libvterm 0.3).
    void clearScrollback();
    // How many lines have scrolled off the top of the primary screen so far (less those a resize
    // took back): the absolute number of the top screen row. A view scrolled into the history
    // can stay on the same lines with it while output arrives, also once the scrollback is full
    // and its line count no longer changes.
    qint64 linesScrolledOff() const;

    TerminalCursor cursor() const;
    bool isAlternateScreen() const;
    QString title() const;
    TerminalMouseMode mouseMode() const;
    bool isBracketedPasteEnabled() const;

    // Input to the program; each ends up in outputReady() before the call returns.
    // Keys follow xterm's defaults: cursor keys honour application cursor mode, modifiers give
    // CSI 1;<mod> forms; Enter and Escape ignore Shift and Ctrl, Ctrl+Backspace is ^H. Keypad
    // keys honour application keypad mode (DECKPAM: ESC O p for 0, ...; DECKPNM: the character)
    // and ignore Shift and Ctrl; Alt prefixes ESC.
    void sendKey(TerminalKey key, TerminalModifiers modifiers = TerminalModifier::None);
    // Typed text (already shifted): Ctrl turns letters and @[\]^_ into their C0 control (text
    // that is a control character already is sent as is), Alt prefixes ESC.
    void sendText(const QString &text, TerminalModifiers modifiers = TerminalModifier::None);
    // Line breaks become CR, as typed, and controls (ESC, C1, DEL, C0 but tab) are left out
    // (TerminalPaste::text()). Wrapped in ESC[200~ ... ESC[201~ when the program enabled
    // bracketed paste: nothing in the text can end or forge the bracket.
    void sendPaste(const QString &text);
    // Reported only when the program enabled mouse reporting (mouseMode() != None), in the
    // encoding it chose (SGR with DECSET 1006); otherwise the mouse is the view's (selection).
    // Motion: button None. Wheel: one press per step, releases are ignored.
    void sendMouse(TerminalMouseButton button, bool pressed, int row, int column,
                   TerminalModifiers modifiers = TerminalModifier::None);
    // Reported (CSI I / CSI O) only when the program enabled focus events (DECSET 1004).
    void sendFocus(bool focused);

Q_SIGNALS:
    // Once per event-loop turn with changes; damage is in cells (screen rows only).
    void contentsChanged(const QRect &damage);
    // Lines were added to or removed from the scrollback in this turn (also when the count stays
    // at the limit: then the oldest lines were dropped and all rows moved up).
    void scrollbackChanged(int lines);
    void cursorChanged();
    void titleChanged(const QString &title);
    void bell();
    // Bytes for the program: encoded input and the terminal's answers to queries.
    void outputReady(const QByteArray &bytes);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace Terrarium::Core
