#pragma once

#include "core/safety/ApprovalDecision.h"
#include "core/safety/ApprovalPolicy.h"
#include "core/safety/SafetyAssessment.h"

#include <QObject>
#include <QSet>
#include <QStringList>

namespace Terrarium::Core {

// Decides whether a command runs, is denied, or needs the user's approval, from the safety
// rules, the approval policy and the user's earlier answers.
//
// Remembered commands are matched exactly after whitespace outside quotes is collapsed, so
// "rm  -rf build" matches "rm -rf build" but not "rm -rf build2" or 'echo "a  b"' / 'echo "a b"'.
// Under the safe policy risky commands are denied even when remembered: that policy never
// runs anything the rules flag.
class SafetyGate : public QObject
{
    Q_OBJECT

public:
    enum class Verdict { Run, Ask, Deny };

    struct Check
    {
        Verdict verdict = Verdict::Run;
        // Always filled in, whatever the verdict.
        SafetyAssessment assessment;
    };

    // alwaysAllowed: commands the user allowed "always" before (from the config file).
    explicit SafetyGate(ApprovalPolicy policy, const QStringList &alwaysAllowed,
                        QObject *parent = nullptr);
    ~SafetyGate() override;

    Check check(const QString &command) const;
    // Records the user's answer for command. Session and Always remember it (Always also emits
    // alwaysAllowedChanged when the list grows); Once and Deny remember nothing.
    void recordDecision(const QString &command, ApprovalDecision decision);

    ApprovalPolicy policy() const { return m_policy; }
    // The remembered-forever commands, normalised, in the order they were added.
    QStringList alwaysAllowed() const { return m_alwaysAllowed; }

    // Whitespace outside quotes collapsed to single spaces, ends trimmed.
    static QString normalizeCommand(const QString &command);

Q_SIGNALS:
    // The whole new list; the app writes it to the config file.
    void alwaysAllowedChanged(const QStringList &commands);

private:
    bool isRemembered(const QString &normalized) const;

    ApprovalPolicy m_policy;
    QStringList m_alwaysAllowed;
    QSet<QString> m_sessionAllowed;
};

} // namespace Terrarium::Core
