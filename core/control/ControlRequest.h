#pragma once

#include "core/safety/ApprovalDecision.h"

#include <QJsonValue>
#include <QString>

namespace Terrarium::Core {

// What a control client asks for (one message of protocol version 1; see ControlProtocol).
enum class ControlRequestType {
    Auth, // {proof} after AuthChallenge, or {token} (the Unix socket only)
    AuthChallenge, // {nonce}: the client's challenge to the server, answered with its proof
    RunsList,
    RunStart, // {goal} or {task}: a task file's text
    RunSubscribe, // {run_id, from_seq}
    RunUnsubscribe, // {run_id}
    ApprovalAnswer, // {run_id, step_id, decision}
    InputSend, // {run_id, step_id, text}
    InputClose, // {run_id, step_id}
    RunCancel, // {run_id}
    TerminalOpen, // {run_id, cols, rows}: a shell in the run's sandbox
    TerminalWrite, // {terminal_id, data}
    TerminalResize, // {terminal_id, cols, rows}
    TerminalClose, // {terminal_id}
};

struct ControlRequest
{
    ControlRequestType type = ControlRequestType::RunsList;
    QJsonValue id{QJsonValue::Undefined}; // the client's, echoed in the reply; may be absent
    QString token;
    QString nonce;
    QString proof;
    QString runId;
    qint64 fromSeq = 1;
    QString goal;
    QString task;
    int stepId = 0;
    ApprovalDecision decision = ApprovalDecision::Deny;
    QString text;
    QString terminalId;
    int columns = 100;
    int rows = 30;
};

} // namespace Terrarium::Core
