#pragma once

#include <QPlainTextEdit>

#include <climits>
#include <memory>

namespace Terrarium::Core {
class AnsiParser;
class OutputSpool;
} // namespace Terrarium::Core

class QPainter;
class QTimer;

namespace Terrarium::Widgets {

// One output stream of a step: stdout in a green-bordered console, stderr in a red-bordered one,
// each under a small tab naming it ("stdout" or "stderr", with a glyph of its own: a prompt
// chevron, a warning triangle), so the two are told apart without colour. An interleaved console
// shows both in the order they arrived; its stderr lines are marked in a gutter with the stderr
// glyph and a bar, and its stderr text is tinted. Renders ANSI colours (SGR), survives floods: text
// is appended in batches (a few per second at most, one insertion each), the widget keeps a bounded
// scrollback, and the full stream is spooled to a file so "save full output" loses nothing.
//
// Parsing, bounding and spooling are Core::AnsiParser, Core::OutputBatch and Core::OutputSpool;
// this class maps styles to text formats and owns the document. A batch with more lines than the
// scrollback is rendered as its tail only, under one line saying how many lines above are only in
// the saved output. The widget also holds at most Core::OutputBatch::DefaultMaximumCharacters
// characters, and lines longer than Core::OutputBatch::DefaultMaximumLineLength are shown
// broken. A large batch is inserted in slices of about a dozen milliseconds, each one edit block,
// with input and painting served in between. A batch waits while the console is hidden (a
// collapsed card costs no layout).
//
// Whoever sizes the console says whether it holds more lines than it shows (setExpandable()); the
// tab row then offers "Show All", which asks that owner for full height (expandedChanged()).
class ConsoleView : public QPlainTextEdit
{
    Q_OBJECT

public:
    // Interleaved: stdout and stderr in one console, in arrival order (appendText(Stream, ...)).
    enum class Stream { Stdout, Stderr, Interleaved };

    explicit ConsoleView(Stream stream, QWidget *parent = nullptr);
    ~ConsoleView() override;

    Stream stream() const { return m_stream; }
    // Appends decoded output (may contain ANSI escape sequences split across calls). Cheap:
    // the text is queued and rendered on the next batch.
    void appendText(const QString &text);
    // The same for an interleaved console: from says which stream the text came from (each
    // stream's escape sequences are parsed on their own). Other consoles ignore from.
    void appendText(Stream from, const QString &text);
    // What the user typed for the command, shown where the output stands, marked as input
    // (a "›" and its own style) so it is never mistaken for the command's output. It is not
    // output: the saved output does not contain it.
    void appendInput(const QString &text);
    // Renders everything queued now (tests, and before the step's result is shown).
    void flush();
    // Lines kept in the widget (default 5000); older lines stay in the spool file.
    void setMaximumLines(int lines);
    int maximumLines() const;
    // Lines as shown, wrapped ones counted, and the empty line after a final newline (where the
    // console keeps its view); counting stops past atMost. Lays out the blocks it counts: the
    // document does so lazily, as they are painted, and counts the others as one line.
    int visualLines(int atMost = INT_MAX) const;
    // The height that shows lines visual lines (the tab row and frame included).
    int heightForLines(int lines) const;
    // Characters appended in total, shown or not.
    qint64 totalCharacters() const;
    bool isEmpty() const { return totalCharacters() == 0; }
    // Writes the complete output (as received, escapes included) to path; fails (with error)
    // when the console does not keep it.
    bool saveFullOutput(const QString &path, QString *error = nullptr) const;
    // Whether the console keeps everything appended in a spool file of its own (the default).
    // Off where the output is kept elsewhere (a run's step output log) so that a flood is
    // written to disk once: what was spooled goes, and "Save Full Output…" asks the console's
    // owner instead (saveFullOutputRequested()).
    void setKeepsFullOutput(bool keep);
    bool keepsFullOutput() const;

    // Lines that scrolled out of the widget and are only in the saved output.
    qint64 hiddenLines() const;
    // Empties the widget; the saved output keeps everything ("Clear view" in the context menu).
    void clearView();
    // The frame colour: green for stdout, red for stderr, in a shade that stands out on the
    // palette's background; a neutral one for an interleaved console.
    QColor borderColor() const;
    // The frame colour of a single stream's console (also its tab's colour).
    QColor streamColor(Stream stream) const;
    // What the tabs above the console say: "stdout", "stderr", or both for an interleaved one.
    QStringList labels() const;
    // Whether line (a block number of document()) holds text from stderr; an interleaved console
    // marks those lines in its gutter.
    bool isStderrLine(int line) const;

    // Whether the console holds more lines than it shows when not expanded (set by whoever
    // sizes it); "Show All" (or, expanded, "Show Less") is offered only then.
    void setExpandable(bool expandable);
    bool isExpandable() const;
    // Full height asked for: every line shown, none scrolled.
    void setExpanded(bool expanded);
    bool isExpanded() const;

Q_SIGNALS:
    void expandedChanged(bool expanded);
    // "Save Full Output…" was chosen in a console that does not keep its output.
    void saveFullOutputRequested();
    // The text was laid out again for a new width: visualLines() may have changed without the
    // document's size saying so (it counts lines not yet painted as one each).
    void rewrapped();

protected:
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // Inserts queued output: all of it, or (from the timer) as much as fits in a time slice,
    // scheduling the rest for the next event loop pass.
    void render(bool everything);
    void saveFullOutputInteractively();
    // Room for the tab row above the frame (and the gutter of an interleaved console); again
    // when the font or style changes.
    void updateMargins();
    void placeExpandButton();
    void paintTabs(QPainter &painter) const;
    void paintGutter(QPainter &painter) const;

    Stream m_stream;
    // Implementation members are the console author's to choose.
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace Terrarium::Widgets
