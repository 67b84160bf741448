#include "ChangeReviewPanel.h"

#include "ui/DiffView.h"
#include "ui/UiColors.h"
#include "ui/WorkspaceChangeDelegate.h"
#include "ui/WorkspaceChangeModel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace Terrarium::Widgets {

using Core::WorkspaceChange;
using Core::WorkspaceDiff;
using Core::WorkspaceEntry;

namespace {

enum Page { ReviewPage, ReportPage };
enum DiffPage { DiffTextPage, DiffMessagePage };

QString sizeText(qint64 bytes)
{
    return QLocale().formattedDataSize(bytes);
}

QString sizesOf(const WorkspaceDiff &diff)
{
    if (diff.oldSize() < 0)
        return sizeText(diff.newSize());
    if (diff.newSize() < 0)
        return sizeText(diff.oldSize());
    return ChangeReviewPanel::tr("%1 → %2").arg(sizeText(diff.oldSize()), sizeText(diff.newSize()));
}

// Why there is no diff to show for change, in a sentence.
QString explanation(const WorkspaceChange &change)
{
    using Type = WorkspaceEntry::Type;
    const WorkspaceDiff &diff = change.diff;
    switch (diff.kind()) {
    case WorkspaceDiff::Kind::Text:
        break;
    case WorkspaceDiff::Kind::Binary:
        return ChangeReviewPanel::tr("A binary file (%1): its contents are not shown.")
            .arg(sizesOf(diff));
    case WorkspaceDiff::Kind::TooLarge:
        return ChangeReviewPanel::tr("Too large to show here (%1).").arg(sizesOf(diff));
    case WorkspaceDiff::Kind::Unavailable:
        return ChangeReviewPanel::tr("The difference cannot be shown: %1")
            .arg(WorkspaceChangeModel::visibleText(diff.reason()));
    case WorkspaceDiff::Kind::None:
        break;
    }
    const std::optional<WorkspaceEntry> &old = change.base ? change.base : change.host;
    const std::optional<WorkspaceEntry> &now = change.sandbox;
    const auto octal = [](int mode) {
        return QStringLiteral("%1").arg(mode & 0777, 3, 8, QLatin1Char('0'));
    };
    if (change.kind == WorkspaceChange::Kind::ModeChanged && old && now)
        return ChangeReviewPanel::tr("Only the permissions change: %1 → %2.")
            .arg(octal(old->mode), octal(now->mode));
    const std::optional<WorkspaceEntry> &entry = now ? now : old;
    if (entry && entry->type == Type::Directory) {
        if (change.kind == WorkspaceChange::Kind::TypeChanged)
            return ChangeReviewPanel::tr("A file becomes a folder here.");
        return now ? ChangeReviewPanel::tr("A folder the sandbox made.")
                   : ChangeReviewPanel::tr("A folder the sandbox removed, with what it held.");
    }
    if (entry && entry->type == Type::Symlink) {
        if (!now)
            return ChangeReviewPanel::tr("A link the sandbox removed.");
        if (old && old->type == Type::Symlink)
            return ChangeReviewPanel::tr("A link, now pointing to %1 instead of %2.")
                .arg(WorkspaceChangeModel::visiblePath(now->target),
                     WorkspaceChangeModel::visiblePath(old->target));
        return ChangeReviewPanel::tr("A link pointing to %1.")
            .arg(WorkspaceChangeModel::visiblePath(now->target));
    }
    if (entry && entry->type == Type::Other)
        return ChangeReviewPanel::tr("A special file (a FIFO, socket or device).");
    return ChangeReviewPanel::tr("There is no difference to show.");
}

// A little larger than the text around it, and bold.
QFont titleFont(QFont font)
{
    font.setBold(true);
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * 1.15);
    return font;
}

QPushButton *makeButton(const QString &text, const QString &name, const QString &toolTip,
                        QWidget *parent)
{
    auto *button = new QPushButton(text, parent);
    button->setObjectName(name);
    button->setToolTip(toolTip);
    button->setAutoDefault(false);
    return button;
}

QLabel *makeLabel(const QString &name, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(name);
    // Everything shown here may quote a path from the sandbox: never markup.
    label->setTextFormat(Qt::PlainText);
    return label;
}

} // namespace

ChangeReviewPanel::ChangeReviewPanel(QWidget *parent)
    : QFrame(parent)
    , m_model(new WorkspaceChangeModel(this))
    , m_pages(new QStackedWidget(this))
{
    setObjectName(QStringLiteral("changeReviewPanel"));
    setAccessibleName(tr("Changes made in the sandbox"));
    buildReviewPage();
    buildReportPage();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pages);

    connect(m_model, &WorkspaceChangeModel::checksChanged, this, &ChangeReviewPanel::updateChecks);
    connect(m_model, &WorkspaceChangeModel::modelReset, this, &ChangeReviewPanel::updateHeader);
    updateHeader();
    updateChecks();
    updatePlaceButtons();
    showChange(-1);
}

ChangeReviewPanel::~ChangeReviewPanel() = default;

QPushButton *ChangeReviewPanel::makePlaceButton(QWidget *page)
{
    auto *button = makeButton(QString(), QStringLiteral("placeButton"), QString(), page);
    connect(button, &QPushButton::clicked, this, [this] {
        if (m_inOwnWindow)
            Q_EMIT mainWindowRequested();
        else
            Q_EMIT ownWindowRequested();
    });
    m_placeButtons << button;
    return button;
}

void ChangeReviewPanel::setInOwnWindow(bool own)
{
    m_inOwnWindow = own;
    updatePlaceButtons();
}

void ChangeReviewPanel::updatePlaceButtons()
{
    for (QPushButton *button : std::as_const(m_placeButtons)) {
        if (m_inOwnWindow) {
            button->setText(tr("Back to the Main Window"));
            button->setToolTip(tr("Show the changes in the main window again"));
        } else {
            button->setText(tr("Open in Window"));
            button->setToolTip(tr("Review the changes in a window of their own, with room for "
                                  "the differences"));
        }
    }
}

void ChangeReviewPanel::buildReviewPage()
{
    auto *page = new QWidget(m_pages);
    const int spacing = qMax(4, fontMetrics().height() / 3);

    m_title = makeLabel(QStringLiteral("changeTitle"), page);
    m_title->setFont(titleFont(m_title->font()));
    m_counts = makeLabel(QStringLiteral("changeCounts"), page);
    m_target = makeLabel(QStringLiteral("targetFolder"), page);
    m_target->setWordWrap(true);
    m_target->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes = makeLabel(QStringLiteral("changeNotes"), page);
    m_notes->setWordWrap(true);
    m_notes->hide();

    m_list = new QListView(page);
    m_list->setObjectName(QStringLiteral("changeList"));
    m_list->setAccessibleName(tr("Changed files"));
    m_list->setModel(m_model);
    m_list->setItemDelegate(new WorkspaceChangeDelegate(m_list));
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setUniformItemSizes(true);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setToolTip(tr("Tick the changes to apply; Space ticks the selected one"));
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { showChange(current.row()); });

    auto *diffPane = new QWidget(page);
    m_diffTitle = makeLabel(QStringLiteral("diffTitle"), diffPane);
    QFont bold = m_diffTitle->font();
    bold.setBold(true);
    m_diffTitle->setFont(bold);
    // Elided to the pane's width (long names), never widening it.
    m_diffTitle->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_diffTitle->installEventFilter(this);
    m_diffInfo = makeLabel(QStringLiteral("diffInfo"), diffPane);
    m_diffInfo->setWordWrap(true);
    m_diffInfo->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_diffPages = new QStackedWidget(diffPane);
    m_diff = new DiffView(m_diffPages);
    m_diff->setObjectName(QStringLiteral("diffView"));
    m_diffMessage = makeLabel(QStringLiteral("diffMessage"), m_diffPages);
    m_diffMessage->setWordWrap(true);
    m_diffMessage->setAlignment(Qt::AlignCenter);
    m_diffMessage->setMargin(fontMetrics().height());
    m_diffMessage->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_diffPages->insertWidget(DiffTextPage, m_diff);
    m_diffPages->insertWidget(DiffMessagePage, m_diffMessage);
    auto *diffLayout = new QVBoxLayout(diffPane);
    diffLayout->setContentsMargins(0, 0, 0, 0);
    diffLayout->setSpacing(spacing / 2);
    diffLayout->addWidget(m_diffTitle);
    diffLayout->addWidget(m_diffInfo);
    diffLayout->addWidget(m_diffPages, 1);

    auto *splitter = new QSplitter(Qt::Horizontal, page);
    splitter->setObjectName(QStringLiteral("changeSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_list);
    splitter->addWidget(diffPane);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    m_list->setMinimumWidth(fontMetrics().averageCharWidth() * 28);
    diffPane->setMinimumWidth(fontMetrics().averageCharWidth() * 30);

    m_selectAll = makeButton(tr("Select All"), QStringLiteral("selectAllButton"),
                             tr("Tick every change that can be applied; changes made on the "
                                "host too stay as they are"),
                             page);
    m_selectNone = makeButton(tr("Select None"), QStringLiteral("selectNoneButton"),
                              tr("Untick every change"), page);
    m_checkedCount = makeLabel(QStringLiteral("checkedCount"), page);
    m_discard = makeButton(tr("Discard All"), QStringLiteral("discardButton"),
                           tr("Leave the host folder as it is; nothing of these changes is "
                              "applied"),
                           page);
    m_apply = makeButton(tr("Apply Selected"), QStringLiteral("applyButton"),
                         tr("Write the ticked changes to the host folder"), page);
    connect(m_selectAll, &QPushButton::clicked, this, [this] { m_model->setAllChecked(true); });
    connect(m_selectNone, &QPushButton::clicked, this, [this] { m_model->setAllChecked(false); });
    connect(m_discard, &QPushButton::clicked, this, &ChangeReviewPanel::discardRequested);
    connect(m_apply, &QPushButton::clicked, this, [this] {
        if (m_model->checkedCount() > 0)
            Q_EMIT applyRequested(m_model->selection());
    });

    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(spacing);
    buttons->addWidget(m_selectAll);
    buttons->addWidget(m_selectNone);
    buttons->addWidget(m_checkedCount);
    buttons->addStretch(1);
    buttons->addWidget(m_discard);
    buttons->addWidget(m_apply);

    auto *layout = new QVBoxLayout(page);
    layout->setSpacing(spacing);
    auto *header = new QVBoxLayout;
    header->setSpacing(spacing / 2);
    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(m_title, 1);
    titleRow->addWidget(makePlaceButton(page));
    header->addLayout(titleRow);
    header->addWidget(m_counts);
    header->addWidget(m_target);
    header->addWidget(m_notes);
    layout->addLayout(header);
    layout->addWidget(splitter, 1);
    layout->addLayout(buttons);
    m_pages->insertWidget(ReviewPage, page);
}

void ChangeReviewPanel::buildReportPage()
{
    auto *page = new QWidget(m_pages);
    const int spacing = qMax(4, fontMetrics().height() / 3);
    m_reportTitle = makeLabel(QStringLiteral("reportTitle"), page);
    m_reportTitle->setFont(titleFont(m_reportTitle->font()));
    m_reportSummary = makeLabel(QStringLiteral("reportSummary"), page);
    m_reportSummary->setWordWrap(true);

    m_reportModel = new QStandardItemModel(this);
    m_reportView = new QTreeView(page);
    m_reportView->setObjectName(QStringLiteral("reportView"));
    m_reportView->setAccessibleName(tr("Result of applying the changes"));
    m_reportView->setModel(m_reportModel);
    m_reportView->setRootIsDecorated(false);
    m_reportView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_reportView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_reportView->setTextElideMode(Qt::ElideMiddle);
    m_reportView->setUniformRowHeights(true);
    m_reportView->header()->setStretchLastSection(true);

    auto *close = makeButton(tr("Close"), QStringLiteral("closeButton"),
                             tr("Done with the sandbox's changes"), page);
    connect(close, &QPushButton::clicked, this, &ChangeReviewPanel::dismissed);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(close);

    auto *layout = new QVBoxLayout(page);
    layout->setSpacing(spacing);
    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(m_reportTitle, 1);
    titleRow->addWidget(makePlaceButton(page));
    layout->addLayout(titleRow);
    layout->addWidget(m_reportSummary);
    layout->addWidget(m_reportView, 1);
    layout->addLayout(buttons);
    m_pages->insertWidget(ReportPage, page);
}

void ChangeReviewPanel::setChangeSet(const Core::WorkspaceChangeSet &changes)
{
    m_report.reset();
    m_model->setChangeSet(changes);
    m_pages->setCurrentIndex(ReviewPage);
    if (m_model->rowCount() > 0)
        m_list->setCurrentIndex(m_model->index(0));
    else
        showChange(-1);
}

const Core::WorkspaceChangeSet &ChangeReviewPanel::changeSet() const
{
    return m_model->changeSet();
}

void ChangeReviewPanel::setTargetFolder(const QString &folder)
{
    m_targetFolder = folder;
    updateHeader();
    if (m_report)
        fillReport();
}

Core::WorkspaceSelection ChangeReviewPanel::selection() const
{
    return m_model->selection();
}

bool ChangeReviewPanel::isShowingReport() const
{
    return m_pages->currentIndex() == ReportPage;
}

void ChangeReviewPanel::updateHeader()
{
    const QList<WorkspaceChange> &changes = m_model->changeSet().changes();
    int added = 0;
    int changed = 0;
    int deleted = 0;
    for (const WorkspaceChange &change : changes) {
        switch (WorkspaceChangeModel::chipKind(change.kind)) {
        case WorkspaceChangeModel::ChipKind::Added:
            ++added;
            break;
        case WorkspaceChangeModel::ChipKind::Changed:
            ++changed;
            break;
        case WorkspaceChangeModel::ChipKind::Deleted:
            ++deleted;
            break;
        }
    }
    m_title->setText(changes.isEmpty() ? tr("No files changed in the sandbox")
                         : changes.size() == 1
                         ? tr("1 file changed in the sandbox")
                         : tr("%n files changed in the sandbox", nullptr, int(changes.size())));
    QStringList counts{tr("%1 added").arg(added), tr("%1 changed").arg(changed),
                       tr("%1 deleted").arg(deleted)};
    if (const qsizetype conflicts = m_model->changeSet().conflictCount())
        counts.append(tr("%n also changed on the host", nullptr, int(conflicts)));
    if (const qsizetype autorun = m_model->changeSet().autorunCount())
        counts.append(tr("%n would run by itself on your machine", nullptr, int(autorun)));
    if (const qsizetype blocked = m_model->changeSet().blockedCount())
        counts.append(tr("%n cannot be applied", nullptr, int(blocked)));
    m_counts->setText(counts.join(tr(" · ")));
    m_target->setText(m_targetFolder.isEmpty()
                          ? tr("Nothing has been written to the host folder yet.")
                          : tr("Applying writes to %1; nothing has been written there yet.")
                                .arg(WorkspaceChangeModel::visiblePath(m_targetFolder)));
    QStringList notes;
    for (const QString &note : m_model->changeSet().notes())
        notes.append(WorkspaceChangeModel::visibleText(note));
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
}

void ChangeReviewPanel::updateChecks()
{
    const int checked = m_model->checkedCount();
    const int total = m_model->rowCount();
    m_apply->setEnabled(checked > 0);
    m_selectNone->setEnabled(checked > 0);
    m_selectAll->setEnabled(total > 0);
    m_discard->setEnabled(total > 0);
    m_checkedCount->setText(total > 0 ? tr("%1 of %2 selected").arg(checked).arg(total)
                                      : QString());
}

void ChangeReviewPanel::showChange(int row)
{
    const QPalette &pal = palette();
    if (row < 0 || row >= m_model->rowCount()) {
        m_diffPath.clear();
        updateDiffTitle();
        m_diffInfo->hide();
        m_diff->clearDiff();
        m_diffMessage->setText(m_model->rowCount() > 0 ? tr("Select a change to see it here.")
                                                       : tr("The sandbox changed nothing."));
        m_diffPages->setCurrentIndex(DiffMessagePage);
        return;
    }
    const WorkspaceChange &change = m_model->change(row);
    m_diffPath = WorkspaceChangeModel::visiblePath(change.path);
    updateDiffTitle();
    m_diffTitle->setToolTip(
        QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(m_diffPath.toHtmlEscaped()));

    QStringList info;
    QColor infoColor;
    const QColor window = pal.color(QPalette::Window);
    if (change.isBlocked()) {
        info.append(tr("This change cannot be applied: %1")
                        .arg(WorkspaceChangeModel::visibleText(change.blockedReason)));
        infoColor = UiColors::failure(pal, window);
    } else {
        if (change.isAutorun()) {
            info.append(tr("%1 Programs on your machine would run or obey it without asking "
                           "you, so it is not ticked with the others: tick it on its own only "
                           "if you trust what it says.")
                            .arg(WorkspaceChangeModel::visibleText(change.autorunReason)));
            infoColor = UiColors::failure(pal, window);
        }
        if (change.conflict) {
            info.append(tr("%1 Ticking it overwrites the host's version.")
                            .arg(WorkspaceChangeModel::visibleText(change.conflictReason)));
            if (!infoColor.isValid())
                infoColor = WorkspaceChangeDelegate::warningColor(pal, window);
        }
    }
    for (const QString &note : change.notes)
        info.append(WorkspaceChangeModel::visibleText(note));
    m_diffInfo->setText(info.join(QLatin1Char('\n')));
    QPalette infoPalette = pal;
    if (infoColor.isValid())
        infoPalette.setColor(QPalette::WindowText, infoColor);
    m_diffInfo->setPalette(infoPalette);
    m_diffInfo->setVisible(!info.isEmpty());

    if (change.diff.kind() == WorkspaceDiff::Kind::Text) {
        m_diff->setDiff(change.path, change.diff.text());
        m_diffPages->setCurrentIndex(DiffTextPage);
    } else {
        m_diff->clearDiff();
        m_diffMessage->setText(explanation(change));
        m_diffPages->setCurrentIndex(DiffMessagePage);
    }
}

void ChangeReviewPanel::updateDiffTitle()
{
    const int width = m_diffTitle->contentsRect().width();
    m_diffTitle->setText(
        width > 0 ? m_diffTitle->fontMetrics().elidedText(m_diffPath, Qt::ElideMiddle, width)
                  : m_diffPath);
}

void ChangeReviewPanel::showApplyReport(const Core::WorkspaceApplyReport &report)
{
    m_report = report;
    fillReport();
    m_pages->setCurrentIndex(ReportPage);
}

void ChangeReviewPanel::fillReport()
{
    if (!m_report)
        return;
    const Core::WorkspaceApplyReport &report = *m_report;
    const int applied = int(report.applied.size());
    const int skipped = int(report.skipped.size());
    const int left = qMax(0, int(m_model->changeSet().changes().size()) - applied - skipped);

    m_reportTitle->setText(
        skipped == 0
            ? (applied == 1 ? tr("Applied 1 change to the host folder")
                            : tr("Applied %n changes to the host folder", nullptr, applied))
            : (skipped == 1 ? tr("1 change could not be applied")
                            : tr("%n changes could not be applied", nullptr, skipped)));
    QStringList summary;
    if (skipped > 0)
        summary.append(applied == 1 ? tr("1 change was applied.")
                                    : tr("%n changes were applied.", nullptr, applied));
    if (left > 0)
        summary.append(
            left == 1 ? tr("1 change was not selected and stays in the sandbox.")
                      : tr("%n changes were not selected and stay in the sandbox.", nullptr, left));
    if (!m_targetFolder.isEmpty())
        summary.append(
            tr("Host folder: %1").arg(WorkspaceChangeModel::visiblePath(m_targetFolder)));
    m_reportSummary->setText(summary.join(QLatin1Char('\n')));
    m_reportSummary->setVisible(!summary.isEmpty());

    // Those that need attention first.
    const QPalette &pal = palette();
    const QColor base = pal.color(QPalette::Base);
    m_reportModel->clear();
    m_reportModel->setHorizontalHeaderLabels({tr("File"), tr("Result")});
    const auto addRow = [this](const QString &path, const QString &result, const QColor &color) {
        auto *pathItem = new QStandardItem(WorkspaceChangeModel::visiblePath(path));
        pathItem->setToolTip(WorkspaceChangeModel::visiblePath(path).toHtmlEscaped());
        auto *resultItem = new QStandardItem(result);
        resultItem->setForeground(color);
        resultItem->setToolTip(
            QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(result.toHtmlEscaped()));
        m_reportModel->appendRow({pathItem, resultItem});
    };
    for (const Core::WorkspaceApplyReport::Skipped &item : report.skipped)
        addRow(item.path, tr("Not applied: %1").arg(WorkspaceChangeModel::visibleText(item.reason)),
               UiColors::failure(pal, base));
    for (const QString &path : report.applied)
        addRow(path, tr("Applied"), UiColors::success(pal, base));
    // As wide as the paths, within reason: long ones are elided in the middle.
    m_reportView->resizeColumnToContents(0);
    const int character = fontMetrics().averageCharWidth();
    m_reportView->header()->resizeSection(
        0,
        qBound(character * 24, m_reportView->header()->sectionSize(0) + character * 2,
               character * 60));
}

void ChangeReviewPanel::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        // Colours derived from the palette: the info line and the report's results.
        showChange(m_list->currentIndex().row());
        fillReport();
    }
}

bool ChangeReviewPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_diffTitle && event->type() == QEvent::Resize)
        updateDiffTitle();
    return QFrame::eventFilter(watched, event);
}

} // namespace Terrarium::Widgets
