#pragma once

#include "core/agent/PlanStep.h"
#include "core/agent/RunEvent.h"
#include "core/agent/RunSummary.h"
#include "ui/SetupProgressRow.h"
#include "ui/StepCard.h"
#include "ui/TimelineNote.h"

#include <QDateTime>
#include <QHash>
#include <QPointer>
#include <QScrollArea>
#include <QSet>

#include <functional>

class QLabel;
class QVBoxLayout;

namespace Terrarium::Widgets {

class StepCard;

// The scrolling timeline of a run: the setup's progress first, one StepCard per step from the
// moment it has a command (awaiting approval included), rows (TimelineNote) where the run hit an
// error, re-planned, retried the model or undid a step, and a summary row at its end. It follows
// the run's event stream and keeps the newest row in view unless the user scrolled away. With no
// run it shows what to do (the empty state).
class RunTimeline : public QScrollArea
{
    Q_OBJECT

public:
    explicit RunTimeline(QWidget *parent = nullptr);
    ~RunTimeline() override;

    void clear();
    // The empty state's text: which model and sandbox a run will use and whether they are
    // ready, shown under what to do.
    void setReadiness(const QString &text);
    QString emptyStateText() const;
    void handleEvent(const Core::RunEvent &event);
    // A resumed run's events from before it was taken up again (its output too): the steps
    // and notes as they were, collapsed, a step the run stopped in marked so, then a row saying
    // that the run goes on from there. The run's earlier end, if it had one, is no summary.
    void showEarlierPart(const QList<Core::RunEvent> &events);
    void setStepState(int stepId, Core::StepState state);
    // Saves a step's kept output byte for byte (see StepCard::RawOutputWriter).
    using RawOutputWriter = std::function<std::optional<Core::Result<void>>(
        int stepId, Core::OutputStream stream, const QString &path)>;
    void setRawOutputWriter(RawOutputWriter writer);
    // Whether the cards' consoles keep copies of the output (StepCard::setConsolesKeepOutput):
    // not while the raw output writer reads a live run's step output logs.
    void setConsolesKeepOutput(bool keep);
    StepCard *card(int stepId) const { return m_cards.value(stepId); }
    QList<StepCard *> cards() const;
    void setAllCollapsed(bool collapsed);
    // Text of the rows shown so far (errors, re-plans, ...), for tests and accessibility.
    QStringList notices() const;
    QList<TimelineNote *> notes() const;
    // The row that ended the run, once it has.
    TimelineNote *summary() const { return m_summary; }
    // What the run amounted to so far (the summary row says it at the end, with a chart of
    // the steps' durations).
    const Core::RunSummary &runSummary() const { return m_runSummary; }
    SetupProgressRow *setupRow() const { return m_setup; }
    // A run starts now: its setup row shows at once, its clock running, before any event.
    void beginLiveSetup();

    // Undo after the run (StepCard): offers Undo Step on the undoable cards while the run's
    // sandbox is there, and shows what the app reports back.
    void setUndoOffered(bool offered);
    void showUndoInProgress(int stepId);
    // steps: stepId and the steps that ran after it.
    void setStepsUndone(int stepId, const QList<int> &steps);
    void showUndoError(int stepId, const QString &reason);
    // What Undo cannot put back (StepCard::setMountedWorkspace()): the workspace folder mounted
    // from this computer, empty when the snapshot holds everything. lastChanged: when anything in
    // it last changed (the host's check after the run), invalid when unknown; a step changed it,
    // or a later one did, when that is not before the step started.
    void setMountedWorkspace(const QString &folder, const QDateTime &lastChanged);
    void setCopyModeChosen(bool chosen);

Q_SIGNALS:
    void inputSubmitted(int stepId, const QString &line);
    void inputClosed(int stepId);
    void undoRequested(int stepId);
    void copyModeRequested();
    // A row's "Preferences…" link (an unreachable model).
    void settingsRequested();

private:
    StepCard *addCard(int stepId, const QString &title, const QString &command);
    // The step's card, made when it does not exist yet.
    StepCard *ensureCard(int stepId, const QString &title, const QString &command);
    TimelineNote *addNote(TimelineNote::Kind kind, const QString &title,
                          const QString &details = {});
    void finishSetup(bool ok, const QDateTime &at = {});
    StepCard::RawOutputWriter cardWriter(int stepId) const;
    void addSummary(const Core::Events::WorkflowComplete &end, const QDateTime &endedAt);
    // The summary row's details: steps, re-plans, approvals, the time split, tokens by role.
    QString summaryDetails() const;
    void addWidget(QWidget *widget);
    void followIfAtBottom();

    QWidget *m_content = nullptr;
    QVBoxLayout *m_layout = nullptr;
    QLabel *m_placeholder = nullptr;
    QString m_readiness;
    QHash<int, StepCard *> m_cards;
    QList<TimelineNote *> m_notes;
    QPointer<SetupProgressRow> m_setup;
    QPointer<TimelineNote> m_summary;
    QPointer<TimelineNote> m_lastRetry; // updated in place while the model keeps failing
    QDateTime m_startedAt; // the run's first event
    QHash<int, QDateTime> m_stepStartedAt; // step_executing's time
    RawOutputWriter m_rawOutput;
    bool m_consolesKeepOutput = true;
    QSet<int> m_elidedShown; // steps whose output past the history's budget was said
    Core::RunSummary m_runSummary;
    bool m_follow = true;
    bool m_undoOffered = false;
};

} // namespace Terrarium::Widgets
