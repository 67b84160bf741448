#pragma once

#include "core/safety/ApprovalDecision.h"

#include <QFrame>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace Terrarium::Widgets {

// Shown when the orchestrator asks before running a risky command: the command, how risky and
// why, and the four answers — once, this session, always, deny — each on a mnemonic key.
// Deny has the focus, so a stray Enter never runs anything.
class ApprovalPanel : public QFrame
{
    Q_OBJECT

public:
    explicit ApprovalPanel(QWidget *parent = nullptr);

    void ask(int stepId, const QString &command, const QString &risk, const QStringList &reasons);
    void dismiss();
    // An answer to the question shown given elsewhere (the control API): as if its button had
    // been pressed. False, and nothing done, when stepId's is not the question shown.
    bool answer(int stepId, Core::ApprovalDecision decision);
    int stepId() const { return m_stepId; }
    QString command() const;

    QPushButton *button(Core::ApprovalDecision decision) const;

Q_SIGNALS:
    void decided(int stepId, Terrarium::Core::ApprovalDecision decision);

private:
    void decide(Core::ApprovalDecision decision);

    int m_stepId = -1;
    QLabel *m_heading = nullptr;
    QLabel *m_reasons = nullptr;
    QPlainTextEdit *m_command = nullptr;
    QPushButton *m_once = nullptr;
    QPushButton *m_session = nullptr;
    QPushButton *m_always = nullptr;
    QPushButton *m_deny = nullptr;
};

} // namespace Terrarium::Widgets
