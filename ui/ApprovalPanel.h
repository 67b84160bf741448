#pragma once

#include "core/agent/RunEventPayloads.h"
#include "core/safety/ApprovalDecision.h"

#include <QFrame>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace Terrarium::Widgets {

// Shown when the orchestrator asks before running a risky command: the command, how risky and
// why, the first lines of the files of this run it runs, and the four answers — once, this
// session, always, deny — each on a mnemonic key. Deny has the focus, so a stray Enter never
// runs anything. What is shown is escaped (control, bidi and invisible characters as \u202e and
// the like: a runbook's or a sandbox's text must not hide what runs), and a command of several
// lines says how many it has.
class ApprovalPanel : public QFrame
{
    Q_OBJECT

public:
    explicit ApprovalPanel(QWidget *parent = nullptr);

    void ask(int stepId, const QString &command, const QString &risk, const QStringList &reasons,
             const QList<Core::Events::ApprovalFile> &writtenFiles = {});
    void dismiss();
    // An answer to the question shown given elsewhere (the control API): as if its button had
    // been pressed. False, and nothing done, when stepId's is not the question shown.
    bool answer(int stepId, Core::ApprovalDecision decision);
    int stepId() const { return m_stepId; }
    QString command() const;
    // What the panel shows of the files of this run the command runs.
    QString writtenFilesText() const;
    QString heading() const;

    QPushButton *button(Core::ApprovalDecision decision) const;

Q_SIGNALS:
    void decided(int stepId, Terrarium::Core::ApprovalDecision decision);

private:
    void decide(Core::ApprovalDecision decision);

    int m_stepId = -1;
    QLabel *m_heading = nullptr;
    QLabel *m_reasons = nullptr;
    QPlainTextEdit *m_command = nullptr;
    QPlainTextEdit *m_files = nullptr;
    QPushButton *m_once = nullptr;
    QPushButton *m_session = nullptr;
    QPushButton *m_always = nullptr;
    QPushButton *m_deny = nullptr;
};

} // namespace Terrarium::Widgets
