#pragma once

#include <QObject>
#include <QPointer>

#include <memory>

namespace Terrarium::Core {
class RunEventReader;
class RunHistoryModel;
class RunStore;
} // namespace Terrarium::Core

namespace Terrarium::Widgets {
class MainWindow;
}

namespace Terrarium::App {

// The window's history (issue 11): lists the run store's runs in the sidebar, opens the one
// the user picks read-only (its events without output first, each step's output when its card
// opens), deletes a run the user confirmed, and hands a confirmed Run Again to the window's
// controller, which starts it as it starts a typed goal.
class HistoryController : public QObject
{
    Q_OBJECT

public:
    // store: open or not (a store that could not be opened lists nothing); not owned.
    HistoryController(Widgets::MainWindow *window, Core::RunStore *store,
                      QObject *parent = nullptr);
    ~HistoryController() override;

    Core::RunHistoryModel *model() const { return m_model; }
    // Shows runId read-only; the run in progress is the live view itself. False when the store
    // does not have it.
    bool openRun(const QString &runId);
    // Deletes runId from the store and the list; the window shows the current run again.
    // removeFolder: the run's folder too, when it is one Terrarium made in ~/Terrarium.
    bool deleteRun(const QString &runId, bool removeFolder = false);
    // The run the window is running now (its row opens the live view).
    void setCurrentRunId(const QString &runId) { m_currentRunId = runId; }

Q_SIGNALS:
    // Run Again on a past run, agreed to: the window's goal is set; start it as Run does.
    void runRequested(const QString &goal);
    // Resume… on a past run (the user agreed, no run is going).
    void resumeRequested(const QString &runId);

private:
    QPointer<Widgets::MainWindow> m_window;
    QPointer<Core::RunStore> m_store;
    Core::RunHistoryModel *m_model = nullptr;
    std::unique_ptr<Core::RunEventReader> m_reader;
    QString m_currentRunId;
};

} // namespace Terrarium::App
