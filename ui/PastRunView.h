#pragma once

#include "core/agent/RunEvent.h"
#include "core/store/StoredRun.h"
#include "core/store/StoredSpool.h"

#include <QSet>
#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;

namespace Terrarium::Widgets {

class FolderLink;
class RunTimeline;

// A kept run, read-only, in place of the live run's columns: a bar saying so ("Viewing a past
// run", its goal, status and start) with Back to Current, Run Again… and Delete…; under it the
// run's timeline rebuilt from its stored events, its summary row at the end. Nothing here acts
// on a run: no input fields, no approval, no stop.
//
// The output of a step is read only when its card is expanded (cards start collapsed, the last
// one open), so a run of thousands of output events shows at once.
class PastRunView : public QWidget
{
    Q_OBJECT

public:
    // The step_output events of one step of the run on show.
    using OutputLoader = std::function<QList<Core::RunEvent>(int stepId)>;
    // Asks the user a yes-or-no question (a message box by default); true goes ahead.
    using Confirmer = std::function<bool(const QString &title, const QString &text)>;

    explicit PastRunView(QWidget *parent = nullptr);
    ~PastRunView() override;

    // events: the run's events without step_output, in order. kept: the files of its steps'
    // raw output, which Save writes byte for byte (steps without one save the shown text).
    void showRun(const Core::StoredRun &run, const QList<Core::RunEvent> &events,
                 OutputLoader outputLoader, const QList<Core::StoredSpool> &kept = {});
    void clear();
    const Core::StoredRun &run() const { return m_run; }
    RunTimeline *timeline() const { return m_timeline; }
    // Steps whose output was read so far.
    QSet<int> loadedSteps() const { return m_loaded; }

    // Run Again is offered only while no run is going.
    void setRerunEnabled(bool enabled);
    void setConfirmer(Confirmer confirmer);
    // Where Terrarium makes run folders (~/Terrarium): only a folder in it is offered for
    // removal with its run.
    void setRunFolderRoot(const QString &root);
    FolderLink *folderLink() const { return m_folder; }

    QPushButton *backButton() const { return m_back; }
    QPushButton *rerunButton() const { return m_rerun; }
    QPushButton *deleteButton() const { return m_delete; }
    // Offered (shown) for a run that was interrupted or failed.
    QPushButton *resumeButton() const { return m_resume; }
    QString barText() const;

    // What Run Again… and Delete… do once the user said yes; also the buttons' actions.
    void requestRerun();
    void requestDelete();
    void requestResume();

Q_SIGNALS:
    void backRequested();
    // A new run of goal (the user agreed).
    void rerunRequested(const QString &goal);
    // The run is to be deleted (the user agreed); removeFolder: its folder too (one Terrarium
    // made for it, and the user said so).
    void deleteRequested(const QString &runId, bool removeFolder);
    // The run is to go on from where it stopped, under its id (the user agreed).
    void resumeRequested(const QString &runId);

private:
    void loadOutput(int stepId);
    bool isRunFolder(const QString &folder) const;

    Core::StoredRun m_run;
    OutputLoader m_loadOutput;
    Confirmer m_confirm;
    FolderLink *m_folder = nullptr;
    QString m_runFolderRoot;
    QSet<int> m_loaded;
    QLabel *m_title = nullptr;
    QLabel *m_facts = nullptr;
    QPushButton *m_back = nullptr;
    QPushButton *m_rerun = nullptr;
    QPushButton *m_delete = nullptr;
    QPushButton *m_resume = nullptr;
    RunTimeline *m_timeline = nullptr;
};

} // namespace Terrarium::Widgets
