#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QListView;

namespace Terrarium::Core {
class RunHistoryFilter;
class RunHistoryModel;
} // namespace Terrarium::Core

namespace Terrarium::Widgets {

// The window's history sidebar: the kept runs, newest first (the run in progress at the top),
// each with its status, goal, sandbox, duration and start; a filter by text and one by status
// above them. Clicking a run (or Enter on it) asks to open it.
class RunHistoryPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RunHistoryPanel(QWidget *parent = nullptr);
    ~RunHistoryPanel() override;

    // The runs to list (not owned).
    void setModel(Core::RunHistoryModel *model);
    Core::RunHistoryFilter *filter() const { return m_filter; }
    QListView *listView() const { return m_list; }
    QLineEdit *filterEdit() const { return m_text; }
    QComboBox *statusBox() const { return m_status; }
    // The run ids shown, top to bottom.
    QStringList shownRunIds() const;
    // Marks runId as the one on show (empty: none).
    void setCurrentRun(const QString &runId);

Q_SIGNALS:
    void runActivated(const QString &runId);

private:
    void updatePlaceholder();

    Core::RunHistoryFilter *m_filter = nullptr;
    QLineEdit *m_text = nullptr;
    QComboBox *m_status = nullptr;
    QListView *m_list = nullptr;
    QLabel *m_placeholder = nullptr;
};

} // namespace Terrarium::Widgets
