#include "HistoryController.h"

#include "app/AppTr.h"
#include "core/config/WorkspacePolicy.h"
#include "core/store/RunEventReader.h"
#include "core/store/RunHistoryModel.h"
#include "core/store/RunStore.h"
#include "ui/MainWindow.h"
#include "ui/PastRunView.h"
#include "ui/RunHistoryPanel.h"

#include <QDir>
#include <QFileInfo>

namespace Terrarium::App {

HistoryController::HistoryController(Widgets::MainWindow *window, Core::RunStore *store,
                                     QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_store(store)
    , m_model(new Core::RunHistoryModel(this))
    , m_reader(std::make_unique<Core::RunEventReader>())
{
    if (store && store->isOpen()) {
        m_model->setStore(store);
        if (const auto opened = m_reader->open(store->path()); !opened)
            window->showStatusMessage(opened.error().message);
    }
    window->historyPanel()->setModel(m_model);
    connect(window->historyPanel(), &Widgets::RunHistoryPanel::runActivated, this,
            &HistoryController::openRun);
    Widgets::PastRunView *past = window->pastRunView();
    connect(past, &Widgets::PastRunView::deleteRequested, this, &HistoryController::deleteRun);
    connect(past, &Widgets::PastRunView::rerunRequested, this, [this](const QString &goal) {
        if (m_window->isBusy()) {
            m_window->showStatusMessage(Tr::tr("A run is in progress; stop it first."));
            return;
        }
        m_window->showCurrentRun();
        m_window->setGoal(goal);
        Q_EMIT runRequested(goal);
    });
    connect(past, &Widgets::PastRunView::resumeRequested, this, [this](const QString &runId) {
        if (m_window->isBusy()) {
            m_window->showStatusMessage(Tr::tr("A run is in progress; stop it first."));
            return;
        }
        m_window->showCurrentRun();
        Q_EMIT resumeRequested(runId);
    });
}

HistoryController::~HistoryController() = default;

bool HistoryController::openRun(const QString &runId)
{
    const std::optional<Core::StoredRun> run =
        m_store && m_store->isOpen() ? m_store->run(runId) : std::nullopt;
    if (!run) {
        m_window->showStatusMessage(Tr::tr("That run is no longer kept."));
        m_model->reload();
        return false;
    }
    if (runId == m_currentRunId && run->status == QLatin1String("running")) {
        m_window->showCurrentRun();
        return true;
    }
    // What is queued for the store is on disk first, so that the view is complete.
    (void)m_store->flush();
    const QString id = run->runId;
    m_window->pastRunView()->showRun(
        *run, m_reader->events(id),
        [this, id](int stepId) { return m_reader->stepOutput(id, stepId); }, m_store->spools(id));
    m_window->showPastRun();
    return true;
}

bool HistoryController::deleteRun(const QString &runId, bool removeFolder)
{
    if (!m_store)
        return false;
    const auto run = m_store->run(runId);
    if (const auto removed = m_store->removeRun(runId); !removed) {
        m_window->showError(removed.error().message);
        return false;
    }
    m_model->reload();
    if (m_window->pastRunView()->run().runId == runId) {
        m_window->pastRunView()->clear();
        m_window->showCurrentRun();
    }
    if (removeFolder && run && !run->workspace.isEmpty()) {
        // PastRunView asks only about a folder in ~/Terrarium; checked again here, where it
        // is removed.
        const QString root =
            QFileInfo(Core::WorkspacePolicy(QDir::homePath()).runFolderRoot()).canonicalFilePath();
        const QString folder = QFileInfo(run->workspace).canonicalFilePath();
        if (!root.isEmpty() && folder.startsWith(root + u'/') && QDir(folder).removeRecursively()) {
            m_window->showStatusMessage(Tr::tr("The run and its folder %1 were deleted.")
                                            .arg(QDir::toNativeSeparators(folder)));
            return true;
        }
        m_window->showError(Tr::tr("The run was deleted, but its folder %1 could not be removed.")
                                .arg(QDir::toNativeSeparators(run->workspace)));
        return true;
    }
    m_window->showStatusMessage(Tr::tr("The run was deleted."));
    return true;
}

} // namespace Terrarium::App
