#pragma once

#include "core/workspace/WorkspaceApplyReport.h"
#include "core/workspace/WorkspaceChangeSet.h"
#include "core/workspace/WorkspaceSelection.h"

#include <QFrame>

#include <optional>

class QLabel;
class QListView;
class QPushButton;
class QStackedWidget;
class QStandardItemModel;
class QTreeView;

namespace Terrarium::Widgets {

class DiffView;
class WorkspaceChangeModel;

// What a sandbox changed in its copy of the workspace, for the user to review before anything
// reaches the host folder: how many files were added, changed and deleted, where they would go,
// a checklist of the changes (conflicts, which the host changed too, and auto-run changes, which
// programs on the host would run by themselves, start unticked, the latter in red with why;
// blocked changes can never be ticked and say why) and the selected change's diff. Apply Selected
// asks for the ticked changes to be applied, Discard All for none; the panel only reports the
// choice (applyRequested(), discardRequested()) and, once told, shows what applying did
// (showApplyReport()). It reads no files: diffs are the ones in the change set.
//
// Paths come from the sandbox: every one is shown with hidden characters escaped
// (WorkspaceChangeModel::visiblePath()), on its own row, left to right.
class ChangeReviewPanel : public QFrame
{
    Q_OBJECT

public:
    explicit ChangeReviewPanel(QWidget *parent = nullptr);
    ~ChangeReviewPanel() override;

    // Shows changes for review (leaving a report shown before), the first one selected.
    void setChangeSet(const Core::WorkspaceChangeSet &changes);
    const Core::WorkspaceChangeSet &changeSet() const;
    // The host folder the changes would be applied to (shown in the header).
    void setTargetFolder(const QString &folder);
    QString targetFolder() const { return m_targetFolder; }

    // What the ticks accept now; what Apply Selected sends.
    Core::WorkspaceSelection selection() const;
    // Turns the panel into the result of applying: what was applied, what was not and why.
    void showApplyReport(const Core::WorkspaceApplyReport &report);
    bool isShowingReport() const;

    // Shown in a window of its own (true) or in the main window's column: the button that moves
    // it says where it would go.
    void setInOwnWindow(bool own);
    bool isInOwnWindow() const { return m_inOwnWindow; }

    WorkspaceChangeModel *model() const { return m_model; }
    QListView *changeList() const { return m_list; }
    DiffView *diffView() const { return m_diff; }

Q_SIGNALS:
    // Apply Selected: the ticked changes, ticked conflicts among them to be overwritten.
    void applyRequested(const Terrarium::Core::WorkspaceSelection &selection);
    // Discard All: nothing of the change set is to reach the host folder.
    void discardRequested();
    // Close on the report: the user is done with the panel.
    void dismissed();
    // Open in Window: the review wants a window of its own, with room for its diff.
    void ownWindowRequested();
    // Back to the Main Window: the review wants its place in the main window again.
    void mainWindowRequested();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void buildReviewPage();
    void buildReportPage();
    QPushButton *makePlaceButton(QWidget *page);
    void updateHeader();
    void updateChecks();
    void showChange(int row);
    void updateDiffTitle();
    void fillReport();

    void updatePlaceButtons();

    QString m_targetFolder;
    bool m_inOwnWindow = false;
    QList<QPushButton *> m_placeButtons; // Open in Window, on the review and the report
    QString m_diffPath; // the shown change's path, escaped, before eliding
    WorkspaceChangeModel *m_model = nullptr;
    QStackedWidget *m_pages = nullptr;

    // Review.
    QLabel *m_title = nullptr;
    QLabel *m_counts = nullptr;
    QLabel *m_target = nullptr;
    QLabel *m_notes = nullptr;
    QListView *m_list = nullptr;
    QLabel *m_diffTitle = nullptr;
    QLabel *m_diffInfo = nullptr;
    QStackedWidget *m_diffPages = nullptr;
    DiffView *m_diff = nullptr;
    QLabel *m_diffMessage = nullptr;
    QLabel *m_checkedCount = nullptr;
    QPushButton *m_selectAll = nullptr;
    QPushButton *m_selectNone = nullptr;
    QPushButton *m_discard = nullptr;
    QPushButton *m_apply = nullptr;

    // Report.
    std::optional<Core::WorkspaceApplyReport> m_report;
    QLabel *m_reportTitle = nullptr;
    QLabel *m_reportSummary = nullptr;
    QStandardItemModel *m_reportModel = nullptr;
    QTreeView *m_reportView = nullptr;
};

} // namespace Terrarium::Widgets
