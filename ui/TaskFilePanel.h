#pragma once

#include "core/config/TaskFile.h"

#include <QFrame>
#include <QMap>

class QCheckBox;
class QFormLayout;
class QLabel;
class QPushButton;

namespace Terrarium::Widgets {

// What an opened task file asks for, shown before anything runs: its sandbox, network, image,
// environment and limits. Requests that take the run out of the sandbox or onto the network
// are highlighted and carry a check box the user must tick; the panel only reports the ticks,
// WindowController decides whether a run may start.
class TaskFilePanel : public QFrame
{
    Q_OBJECT

public:
    explicit TaskFilePanel(QWidget *parent = nullptr);

    void showTask(const QString &path, const QList<Core::TaskFile::Request> &requests,
                  const QString &note = {});
    void clearTask();
    bool hasTask() const { return !m_path.isEmpty(); }
    QString path() const { return m_path; }

    // The settings ("sandbox", "network") whose box is ticked.
    QStringList grantedConsents() const;
    // The box of a setting that needs consent, or null (for tests and focus).
    QCheckBox *consentBox(const QString &setting) const { return m_consents.value(setting); }
    // Draws attention to the boxes still unticked among `settings`; a tick takes it away.
    void highlightMissing(const QStringList &settings);
    bool isHighlighted(const QString &setting) const;

    // How the run uses the workspace: mounted into a container (its commands change the files
    // directly; the panel offers copy mode), a copy (changes come back for review), or the
    // folder itself on this computer (the host sandbox).
    enum class WorkspaceUse { Mounted, Copied, OnThisComputer };
    // The folder the run works in when it is the task file's own; an empty folder hides the
    // line.
    void setWorkspace(const QString &folder, WorkspaceUse use);
    QString workspaceText() const;
    bool offersCopyMode() const;

    // The file's run started; then it ended, as outcome says ("succeeded", ...): the title no
    // longer asks to press Run as if nothing had happened.
    void setRunStarted();
    void setRunEnded(const QString &outcome);
    QString title() const;

Q_SIGNALS:
    // The user no longer wants the file's settings (the goal stays in the goal box).
    void dismissed();
    // A tick changed (grantedConsents()).
    void consentsChanged();
    // "Use Copy Mode": the workspace should be worked on as a copy.
    void copyModeRequested();

private:
    QString fileName() const;

    QString m_path;
    QLabel *m_title = nullptr;
    QLabel *m_note = nullptr;
    QWidget *m_workspaceRow = nullptr;
    QLabel *m_workspace = nullptr;
    QPushButton *m_copyMode = nullptr;
    QFormLayout *m_form = nullptr;
    QMap<QString, QCheckBox *> m_consents;
};

} // namespace Terrarium::Widgets
