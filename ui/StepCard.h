#pragma once

#include "core/Error.h"
#include "core/agent/PlanStep.h"
#include "core/agent/RunEventPayloads.h"
#include "core/exec/ExecResult.h"

#include <QFrame>
#include <QStringList>

#include <expected>
#include <functional>
#include <memory>
#include <optional>

namespace Terrarium::Widgets {

class ConsoleView;

// One executed step in the timeline: the natural-language step in blue, the bash command as a
// highlighted block on a gray background, stdout and stderr consoles (or one interleaved console
// with both in arrival order), exit-code and duration chips, collapse/expand, and an input field
// while the command waits on stdin. The header holds the card's actions: Interleaved (a toggle
// between the two views), Copy (the command) and Save (the full output). Each console can be
// shown at full height. It renders what it is told and forwards the user's intent.
//
// Keyboard: Space or Enter on the header's toggle collapses and expands (a click on the header
// does too); Ctrl+Shift+C in the command block copies the command; Ctrl+Shift+S anywhere in the
// card saves the full output; in the input field Enter sends the line and Ctrl+D closes the
// command's input. Every control is reachable with Tab. Colours follow the palette (light and
// dark), sizes follow the font (HiDPI).
class StepCard : public QFrame
{
    Q_OBJECT

public:
    // Separate: a stdout and a stderr console. Interleaved: one console with both, in the
    // order they arrived.
    enum class OutputView { Separate, Interleaved };
    // Asks where to save (a file dialog by default); an empty answer cancels.
    using SaveFileChooser = std::function<QString(const QString &suggestedPath)>;
    // Writes one stream of the step's output as the run kept it (the bytes the command wrote,
    // masked) to a file; nullopt when nothing is kept (any more).
    using RawOutputWriter = std::function<std::optional<Core::Result<void>>(
        Core::OutputStream stream, const QString &path)>;

    StepCard(int stepId, const QString &title, QWidget *parent = nullptr);
    ~StepCard() override;

    int stepId() const { return m_stepId; }
    QString title() const;
    void setCommand(const QString &command);
    QString command() const;
    void setState(Core::StepState state);
    Core::StepState state() const;
    // A line under the command saying why the step waits or ended as it did; setState() puts
    // the default one for awaiting approval, denied, timed out and cancelled; empty hides it.
    void setStateNote(const QString &text);
    QString stateNote() const;
    // A line under the command about how it was written (the output the executor read for it);
    // empty hides it.
    void setCommandNote(const QString &text);
    QString commandNote() const;
    // The result chip's text ("exit 1", "cancelled", "denied", "timed out"), empty when none.
    QString resultText() const;
    // stdout/stderr chunks as they arrive (step_output events).
    void appendOutput(bool isStderr, const QString &text);
    void setResult(int exitCode, qint64 durationMs);
    // Flags what the step left in the workspace (the sandbox's audit after the command).
    void setWorkspaceFindings(const QStringList &autorunChanged, const QString &auditIncomplete,
                              const QStringList &setidCleared, const QStringList &setidFailed);
    // The flag's text, empty when there is none.
    QString workspaceWarning() const;
    void setCollapsed(bool collapsed);
    bool isCollapsed() const;
    // Shows the input field under the console, with the question as its hint: the command's
    // words (its last line, or its read -p prompt), or, when it printed none, its command line,
    // said to be one. secret: a password is asked for; what is typed is not shown.
    void showInputPrompt(const QString &prompt, bool secret = false,
                         Core::Events::InputRequired::PromptFrom from =
                             Core::Events::InputRequired::PromptFrom::Output);
    void hideInputPrompt();
    // A Denied card's command was not refused by the rules or the user: it already failed in
    // this run, identically, and was not run again. The result chip says so.
    void setRepeatRefused(bool refused);

    // Undo. A step is undoable when a snapshot of the sandbox was taken before it ran (the
    // orchestrator takes one before each risky step). Once the run has ended and its sandbox
    // is still there, the card offers "Undo Step"; pressing it emits undoRequested(), and the
    // app answers with showUndoInProgress(), then setUndone() or showUndoError().
    void setUndoable(bool undoable);
    bool isUndoable() const;
    void setUndoOffered(bool offered);
    bool isUndoOffered() const;
    void showUndoInProgress();
    // The step's changes are gone: undone by itself (byStepId == stepId()), or with the
    // earlier step byStepId, whose snapshot is from before this one ran.
    void setUndone(int byStepId);
    bool isUndone() const;
    // Why the undo failed; Undo Step is offered again.
    void showUndoError(const QString &reason);
    // What the card says about undo ("Undoing…", "Undone", the error, what it does not put
    // back), empty when nothing.
    QString undoStatus() const;
    // What Undo Step cannot put back: a workspace folder mounted from this computer (a
    // container's default), which is not in the snapshot. changedFromHere: whether anything in
    // it changed from this step on (the host's check after the run), nullopt when unknown. An
    // empty folder: the snapshot holds everything the step could change. Where the folder did
    // or may have changed, the card offers copy mode (copyModeRequested()).
    void setMountedWorkspace(const QString &folder, std::optional<bool> changedFromHere);
    // The next run works on a copy: the card says so instead of offering it.
    void setCopyModeChosen(bool chosen);
    QString undoButtonText() const;
    bool isCopyModeOffered() const;

    ConsoleView *stdoutConsole() const;
    ConsoleView *stderrConsole() const;
    // Gets every chunk too, whatever the view; shown in the interleaved view.
    ConsoleView *interleavedConsole() const;
    void setOutputView(OutputView view);
    OutputView outputView() const;

    // Whether the input field is shown (between showInputPrompt() and hideInputPrompt()).
    bool isAwaitingInput() const;
    // Moves the keyboard focus to the input field (the card never takes focus by itself).
    void focusInput();

    // Asks for a file name (the chooser), then saves as saveOutputTo() does; errors are shown
    // in a message box. What the header's Save button and Ctrl+Shift+S do.
    void saveFullOutput();
    void setSaveFileChooser(SaveFileChooser chooser);
    // Writes the complete output, as received (escapes included). In the separate view:
    // stdout to path, and stderr to path with ".stderr" before the suffix (a.log ->
    // a.stderr.log), or to path itself when there is no stdout. In the interleaved view: both
    // to path, in arrival order, as `2>&1` would (while the consoles keep their output; see
    // setConsolesKeepOutput()). Returns the files written, or why nothing (or
    // not everything) could be saved.
    // In the separate view, what the run kept is saved where there is a raw output source: the
    // bytes exactly as the command wrote them (masked), not the text the consoles show.
    std::expected<QStringList, QString> saveOutputTo(const QString &path) const;
    void setRawOutputWriter(RawOutputWriter writer);
    // Whether the consoles keep their own copy of the output (ConsoleView::setKeepsFullOutput);
    // off where the raw output writer has all of it. The interleaved view is then saved as
    // the separate one is.
    void setConsolesKeepOutput(bool keep);
    // Where saveOutputTo(path) puts stderr when there is stdout too.
    static QString stderrPathFor(const QString &path);

    // "320 ms", "4.2 s", "1 min 3 s", "2 h 5 min", in the default locale.
    static QString formatDuration(qint64 durationMs);

Q_SIGNALS:
    void inputSubmitted(int stepId, const QString &line);
    void inputClosed(int stepId);
    void undoRequested(int stepId);
    // "Use Copy Mode": the next run should work on a copy of the workspace.
    void copyModeRequested();
    // Collapsed or expanded, by the user or setCollapsed().
    void collapsedChanged(bool collapsed);

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    const int m_stepId;
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace Terrarium::Widgets
