#include "core/safety/SafetyGate.h"

#include "core/CoreLogging.h"
#include "core/safety/SafetyRules.h"

namespace Terrarium::Core {

namespace {

const char *verdictName(SafetyGate::Verdict verdict)
{
    switch (verdict) {
    case SafetyGate::Verdict::Run:
        return "run";
    case SafetyGate::Verdict::Ask:
        return "ask";
    case SafetyGate::Verdict::Deny:
        return "deny";
    }
    return "?";
}

} // namespace

SafetyGate::SafetyGate(ApprovalPolicy policy, const QStringList &alwaysAllowed, QObject *parent)
    : QObject(parent)
    , m_policy(policy)
{
    // The config file may hold entries written by hand; store them the way they are matched.
    for (const QString &command : alwaysAllowed) {
        const QString normalized = normalizeCommand(command);
        if (!normalized.isEmpty() && !m_alwaysAllowed.contains(normalized))
            m_alwaysAllowed.append(normalized);
    }
}

SafetyGate::~SafetyGate() = default;

SafetyGate::Check SafetyGate::check(const QString &command) const
{
    Check result;
    result.assessment = SafetyRules::assess(command);
    if (!result.assessment.isRisky())
        return result;

    switch (m_policy) {
    case ApprovalPolicy::All:
        result.verdict = Verdict::Run;
        break;
    case ApprovalPolicy::Safe:
        result.verdict = Verdict::Deny;
        break;
    case ApprovalPolicy::Ask:
        result.verdict = isRemembered(normalizeCommand(command)) ? Verdict::Run : Verdict::Ask;
        break;
    }
    qCDebug(lcCore) << "safety gate:" << result.assessment.risk << result.assessment.ruleIds << "->"
                    << verdictName(result.verdict);
    return result;
}

void SafetyGate::recordDecision(const QString &command, ApprovalDecision decision)
{
    const QString normalized = normalizeCommand(command);
    if (normalized.isEmpty())
        return;
    switch (decision) {
    case ApprovalDecision::Once:
    case ApprovalDecision::Deny:
        break;
    case ApprovalDecision::Session:
        m_sessionAllowed.insert(normalized);
        break;
    case ApprovalDecision::Always:
        if (m_alwaysAllowed.contains(normalized))
            break;
        m_alwaysAllowed.append(normalized);
        Q_EMIT alwaysAllowedChanged(m_alwaysAllowed);
        break;
    }
}

bool SafetyGate::isRemembered(const QString &normalized) const
{
    return m_sessionAllowed.contains(normalized) || m_alwaysAllowed.contains(normalized);
}

QString SafetyGate::normalizeCommand(const QString &command)
{
    QString result;
    result.reserve(command.size());
    QChar quote; // the open quote character, or null outside quotes
    bool pendingSpace = false;
    for (qsizetype i = 0; i < command.size(); ++i) {
        const QChar c = command.at(i);
        if (quote.isNull()) {
            if (c.isSpace()) {
                pendingSpace = !result.isEmpty();
                continue;
            }
            if (pendingSpace) {
                result.append(u' ');
                pendingSpace = false;
            }
            result.append(c);
            if (c == u'\\' && i + 1 < command.size()) {
                result.append(command.at(++i));
            } else if (c == u'\'' || c == u'"') {
                quote = c;
            }
            continue;
        }
        result.append(c);
        if (c == u'\\' && quote == u'"' && i + 1 < command.size())
            result.append(command.at(++i));
        else if (c == quote)
            quote = QChar();
    }
    return result;
}

} // namespace Terrarium::Core
