#include "PastRunView.h"

#include "ui/FolderLink.h"
#include "ui/RunHistoryDelegate.h"
#include "ui/RunTimeline.h"
#include "ui/StepCard.h"
#include "ui/UiColors.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace Terrarium::Widgets {

PastRunView::PastRunView(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_facts(new QLabel(this))
    , m_back(new QPushButton(tr("&Back to Current"), this))
    , m_rerun(new QPushButton(tr("Run &Again…"), this))
    , m_delete(new QPushButton(tr("&Delete…"), this))
    , m_resume(new QPushButton(tr("&Resume…"), this))
    , m_timeline(new RunTimeline(this))
{
    setObjectName(QStringLiteral("pastRunView"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto *bar = new QFrame(this);
    bar->setObjectName(QStringLiteral("pastRunBar"));
    bar->setFrameShape(QFrame::StyledPanel);
    bar->setAutoFillBackground(true);
    // A wash of the link colour: plainly not the live run, in light and dark palettes alike.
    QPalette barPalette = bar->palette();
    barPalette.setColor(
        QPalette::Window,
        UiColors::blend(palette().color(QPalette::Base), UiColors::link(palette()), 0.12));
    bar->setPalette(barPalette);
    auto *barLayout = new QHBoxLayout(bar);
    auto *texts = new QVBoxLayout;
    texts->setSpacing(0);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setTextFormat(Qt::PlainText);
    m_title->setWordWrap(true);
    m_facts->setTextFormat(Qt::PlainText);
    m_facts->setForegroundRole(QPalette::PlaceholderText);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long workspace path never widens the window: the line is cut, the tooltip has it all.
    m_facts->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    texts->addWidget(m_title);
    texts->addWidget(m_facts);
    m_folder = new FolderLink(bar);
    texts->addWidget(m_folder);
    barLayout->addLayout(texts, 1);
    m_back->setToolTip(tr("Back to the current run (Esc)"));
    m_back->setDefault(true);
    m_rerun->setToolTip(tr("Start a new run with this goal"));
    m_delete->setToolTip(tr("Delete this run and its output from the history"));
    m_resume->setToolTip(tr("Go on with this run from the step that did not finish"));
    m_back->setObjectName(QStringLiteral("backButton"));
    m_rerun->setObjectName(QStringLiteral("rerunButton"));
    m_delete->setObjectName(QStringLiteral("deleteButton"));
    m_resume->setObjectName(QStringLiteral("resumeButton"));
    // Resume… comes and goes with the run shown: its place is kept, so that the buttons after
    // it stay where the hand expects them (issue 28, item 13d).
    QSizePolicy resumePolicy = m_resume->sizePolicy();
    resumePolicy.setRetainSizeWhenHidden(true);
    m_resume->setSizePolicy(resumePolicy);
    m_resume->hide();
    barLayout->addWidget(m_resume, 0, Qt::AlignTop);
    barLayout->addWidget(m_rerun, 0, Qt::AlignTop);
    barLayout->addWidget(m_delete, 0, Qt::AlignTop);
    barLayout->addWidget(m_back, 0, Qt::AlignTop);
    layout->addWidget(bar);
    m_timeline->setAccessibleName(tr("Past run timeline"));
    layout->addWidget(m_timeline, 1);

    m_confirm = [this](const QString &title, const QString &text) {
        return QMessageBox::question(this, title, text, QMessageBox::Yes | QMessageBox::No,
                                     QMessageBox::No)
            == QMessageBox::Yes;
    };
    connect(m_back, &QPushButton::clicked, this, &PastRunView::backRequested);
    // Esc anywhere in the window while a past run shows (the view is hidden otherwise, and so
    // is its shortcut).
    auto *back = new QAction(tr("Back to Current"), this);
    back->setShortcut(QKeySequence(Qt::Key_Escape));
    back->setShortcutContext(Qt::WindowShortcut);
    connect(back, &QAction::triggered, this, &PastRunView::backRequested);
    addAction(back);
    connect(m_rerun, &QPushButton::clicked, this, &PastRunView::requestRerun);
    connect(m_delete, &QPushButton::clicked, this, &PastRunView::requestDelete);
    connect(m_resume, &QPushButton::clicked, this, &PastRunView::requestResume);
}

PastRunView::~PastRunView() = default;

void PastRunView::setRunFolderRoot(const QString &root)
{
    m_runFolderRoot = QDir::cleanPath(root);
}

bool PastRunView::isRunFolder(const QString &folder) const
{
    if (folder.isEmpty() || m_runFolderRoot.isEmpty() || !QFileInfo(folder).isDir())
        return false;
    const QString path = QFileInfo(folder).canonicalFilePath();
    const QString root = QFileInfo(m_runFolderRoot).canonicalFilePath();
    return !root.isEmpty() && path.startsWith(root + u'/');
}

void PastRunView::setConfirmer(Confirmer confirmer)
{
    m_confirm = std::move(confirmer);
}

void PastRunView::setRerunEnabled(bool enabled)
{
    m_rerun->setEnabled(enabled);
    m_resume->setEnabled(enabled);
    m_rerun->setToolTip(enabled ? tr("Start a new run with this goal")
                                : tr("A run is in progress; it can run again once that ends"));
}

QString PastRunView::barText() const
{
    return m_title->text() + u'\n' + m_facts->text();
}

void PastRunView::clear()
{
    m_timeline->clear();
    m_loaded.clear();
    m_loadOutput = nullptr;
    m_run = {};
}

void PastRunView::showRun(const Core::StoredRun &run, const QList<Core::RunEvent> &events,
                          OutputLoader outputLoader, const QList<Core::StoredSpool> &kept)
{
    clear();
    m_run = run;
    m_resume->setVisible(run.status == QLatin1String("interrupted")
                         || run.status == QLatin1String("failed"));
    m_loadOutput = std::move(outputLoader);
    m_timeline->setRawOutputWriter(
        [kept](int stepId, Core::OutputStream stream,
               const QString &path) -> std::optional<Core::Result<void>> {
            const QString name = stream == Core::OutputStream::Stdout ? QStringLiteral("stdout")
                                                                      : QStringLiteral("stderr");
            for (const Core::StoredSpool &spool : kept) {
                if (spool.stepId != stepId || spool.stream != name)
                    continue;
                QFile::remove(path);
                if (!QFile::copy(spool.path, path))
                    return Core::makeError(Core::ErrorCode::IoError,
                                           tr("Could not copy %1 to %2")
                                               .arg(QDir::toNativeSeparators(spool.path),
                                                    QDir::toNativeSeparators(path)));
                return Core::Result<void>();
            }
            return std::nullopt;
        });
    m_title->setText(tr("Viewing a past run: %1").arg(run.goal.simplified()));
    QStringList facts{RunHistoryDelegate::statusText(run.status), run.sandbox,
                      QLocale().toString(run.startedAt.toLocalTime(), QLocale::LongFormat)};
    if (run.startedAt.isValid() && run.endedAt.isValid())
        facts << StepCard::formatDuration(run.startedAt.msecsTo(run.endedAt));
    facts.removeAll(QString());
    m_facts->setText(facts.join(QStringLiteral(" · ")));
    m_facts->setToolTip(m_facts->text());
    m_folder->setFolder(run.workspace);

    bool ended = false;
    for (const Core::RunEvent &event : events) {
        // The run is over: nobody can answer a command that waited for input any more.
        if (event.type() == Core::RunEventType::InputRequired)
            continue;
        ended = ended || event.type() == Core::RunEventType::WorkflowComplete;
        m_timeline->handleEvent(event);
    }
    const QList<StepCard *> cards = m_timeline->cards();
    for (StepCard *card : cards) {
        // A step the run never finished (Terrarium stopped during it) ended with the run.
        if (card->state() == Core::StepState::Running
            || card->state() == Core::StepState::AwaitingApproval) {
            card->setState(Core::StepState::Cancelled);
            card->setStateNote(tr("The run ended before this step did."));
        }
        card->setCollapsed(true);
        connect(card, &StepCard::collapsedChanged, this, [this, card](bool collapsed) {
            if (!collapsed)
                loadOutput(card->stepId());
        });
    }
    if (!ended && !events.isEmpty()) {
        // No workflow_complete: the summary row says how the run was left.
        m_timeline->handleEvent(Core::RunEvent{
            .runId = run.runId,
            .seq = events.last().seq + 1,
            .timestamp = events.last().timestamp,
            .data = Core::Events::WorkflowComplete{
                .status = Core::runOutcomeFromName(run.status),
                .error = tr("Terrarium stopped before the run ended (%1).")
                             .arg(RunHistoryDelegate::statusText(run.status).toLower())}});
    }
    // The last step is where a run ended: its output is shown (and only its output is read).
    if (!cards.isEmpty())
        cards.last()->setCollapsed(false);
}

void PastRunView::loadOutput(int stepId)
{
    if (m_loaded.contains(stepId) || !m_loadOutput)
        return;
    m_loaded.insert(stepId);
    for (const Core::RunEvent &event : m_loadOutput(stepId))
        m_timeline->handleEvent(event);
}

void PastRunView::requestRerun()
{
    if (m_run.goal.isEmpty() || !m_rerun->isEnabled())
        return;
    if (m_confirm
        && !m_confirm(tr("Run Again?"),
                      tr("Start a new run with this goal?\n\n%1\n\nIt runs in the "
                         "sandbox and workspace chosen in the window.")
                          .arg(m_run.goal)))
        return;
    Q_EMIT rerunRequested(m_run.goal);
}

void PastRunView::requestResume()
{
    if (m_run.runId.isEmpty() || !m_resume->isVisible() || !m_resume->isEnabled())
        return;
    if (m_confirm
        && !m_confirm(tr("Resume the Run?"),
                      tr("Go on with this run from the step that did not finish?\n\n%1\n\nThe "
                         "planner is told what already ran. It goes on in its own %2 sandbox "
                         "when that still exists, else in a new one, in %3.")
                          .arg(m_run.goal, m_run.sandbox, m_run.workspace)))
        return;
    Q_EMIT resumeRequested(m_run.runId);
}

void PastRunView::requestDelete()
{
    if (m_run.runId.isEmpty())
        return;
    if (m_confirm
        && !m_confirm(tr("Delete the Run?"),
                      tr("Delete this run, its events and its output from the history? This "
                         "cannot be undone.\n\n%1")
                          .arg(m_run.goal)))
        return;
    // Only a folder Terrarium made for the run, never one the user chose (their project).
    const QString folder = m_run.workspace;
    bool removeFolder = false;
    if (isRunFolder(folder) && m_confirm)
        removeFolder = m_confirm(
            tr("Remove the Run's Folder Too?"),
            tr("The run worked in %1, a folder Terrarium made for it. Remove the folder and "
               "everything in it as well? Files you kept there are lost.")
                .arg(QDir::toNativeSeparators(folder)));
    Q_EMIT deleteRequested(m_run.runId, removeFolder);
}

} // namespace Terrarium::Widgets
