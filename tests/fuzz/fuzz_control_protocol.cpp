// libFuzzer target for the control API's message parser: what any local program that opens the
// WebSocket reaches first, before its token is checked. No message may crash parse() or idOf(),
// and what parse() accepts must keep the promises ControlServer acts on: a known type, the
// fields of that type and no others, each within its bounds; the reply to any message is a JSON
// object that carries its id back.
#include "core/control/ControlProtocol.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using Terrarium::Core::ApprovalDecision;
using Terrarium::Core::ControlProtocol;
using Terrarium::Core::ControlRequest;
using Terrarium::Core::ControlRequestType;
using Terrarium::Core::ErrorCode;
using Terrarium::Core::Result;

namespace {

// Bounds the parser sets: the id's is in docs/CONTROL_API.md, the others in ControlProtocol.cpp.
constexpr qsizetype MaxIdChars = 128;
constexpr qsizetype MaxTokenChars = 256;
constexpr qsizetype MaxRunIdChars = 128;
constexpr qsizetype MaxTerminalIdChars = 16;
constexpr qint64 MaxInteger = 9007199254740991; // 2^53 - 1
constexpr int MaxTerminalSize = 1000;
constexpr qsizetype MinNonceChars = 32; // ControlAuth
constexpr qsizetype MaxNonceChars = 128;

void check(bool condition)
{
    if (!condition)
        std::abort(); // libFuzzer saves the input that got here
}

bool isUsableId(const QJsonValue &id)
{
    return id.isUndefined() || id.isDouble()
        || (id.isString() && id.toString().size() <= MaxIdChars);
}

// Letters, digits, '.', '_' and '-': no path separator, no space, nothing to escape.
bool isRunId(const QString &id)
{
    if (id.isEmpty() || id.size() > MaxRunIdChars)
        return false;
    for (const QChar c : id) {
        const char16_t u = c.unicode();
        const bool ok = (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || (u >= '0' && u <= '9')
            || u == '.' || u == '_' || u == '-';
        if (!ok)
            return false;
    }
    return true;
}

bool isTerminalId(const QString &id)
{
    if (id.isEmpty() || id.size() > MaxTerminalIdChars)
        return false;
    for (const QChar c : id) {
        const char16_t u = c.unicode();
        if (!((u >= 'a' && u <= 'z') || (u >= '0' && u <= '9')))
            return false;
    }
    return true;
}

// Lower-case hex only: nothing that could split the fields a proof covers.
bool isHex(const QString &text, qsizetype minChars, qsizetype maxChars)
{
    if (text.size() < minChars || text.size() > maxChars)
        return false;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (!((u >= 'a' && u <= 'f') || (u >= '0' && u <= '9')))
            return false;
    }
    return true;
}

bool isBlank(const QString &text)
{
    return text.trimmed().isEmpty();
}

// Which fields a request of each type carries (ControlRequest.h).
struct Carries
{
    bool token = false; // auth: a token or a proof, one of them
    bool nonce = false;
    bool runId = false;
    bool fromSeq = false;
    bool goalOrTask = false;
    bool stepId = false;
    bool decision = false;
    bool text = false; // input.send's text, terminal.write's data
    bool terminalId = false;
    bool size = false;
};

Carries carriedBy(ControlRequestType type)
{
    switch (type) {
    case ControlRequestType::Auth:
        return {.token = true};
    case ControlRequestType::AuthChallenge:
        return {.nonce = true};
    case ControlRequestType::RunsList:
        return {};
    case ControlRequestType::RunStart:
        return {.goalOrTask = true};
    case ControlRequestType::RunSubscribe:
        return {.runId = true, .fromSeq = true};
    case ControlRequestType::RunUnsubscribe:
    case ControlRequestType::RunCancel:
        return {.runId = true};
    case ControlRequestType::ApprovalAnswer:
        return {.runId = true, .stepId = true, .decision = true};
    case ControlRequestType::InputSend:
        return {.runId = true, .stepId = true, .text = true};
    case ControlRequestType::InputClose:
        return {.runId = true, .stepId = true};
    case ControlRequestType::TerminalOpen:
        return {.runId = true, .size = true};
    case ControlRequestType::TerminalWrite:
        return {.text = true, .terminalId = true};
    case ControlRequestType::TerminalResize:
        return {.terminalId = true, .size = true};
    case ControlRequestType::TerminalClose:
        return {.terminalId = true};
    }
    std::abort(); // not one of the known types
}

void checkRequest(const ControlRequest &request)
{
    const Carries carries = carriedBy(request.type);
    const ControlRequest defaults;

    if (carries.token) {
        check(request.token.isEmpty() != request.proof.isEmpty());
        if (!request.token.isEmpty())
            check(!isBlank(request.token) && request.token.size() <= MaxTokenChars);
        else
            check(isHex(request.proof, 64, 64));
    } else {
        check(request.token.isEmpty() && request.proof.isEmpty());
    }
    if (carries.nonce)
        check(isHex(request.nonce, MinNonceChars, MaxNonceChars));
    else
        check(request.nonce.isEmpty());

    if (carries.runId)
        check(isRunId(request.runId));
    else
        check(request.runId.isEmpty());

    if (carries.fromSeq)
        check(request.fromSeq >= 1 && request.fromSeq <= MaxInteger);
    else
        check(request.fromSeq == defaults.fromSeq);

    // run.start: a goal or a task, not both (whichever is not blank).
    check(request.goal.size() <= ControlProtocol::MaxTextChars);
    check(request.task.size() <= ControlProtocol::MaxTextChars);
    if (carries.goalOrTask)
        check(isBlank(request.goal) != isBlank(request.task));
    else
        check(request.goal.isEmpty() && request.task.isEmpty());

    if (carries.stepId)
        check(request.stepId >= 1); // an int: at most INT_MAX by type
    else
        check(request.stepId == defaults.stepId);

    switch (request.decision) {
    case ApprovalDecision::Once:
    case ApprovalDecision::Session:
    case ApprovalDecision::Always:
    case ApprovalDecision::Deny:
        break;
    default:
        std::abort();
    }
    if (!carries.decision)
        check(request.decision == defaults.decision);

    check(request.text.size() <= ControlProtocol::MaxTextChars);
    if (!carries.text)
        check(request.text.isEmpty());

    if (carries.terminalId)
        check(isTerminalId(request.terminalId));
    else
        check(request.terminalId.isEmpty());

    if (carries.size) {
        check(request.columns >= 1 && request.columns <= MaxTerminalSize);
        check(request.rows >= 1 && request.rows <= MaxTerminalSize);
    } else {
        check(request.columns == defaults.columns && request.rows == defaults.rows);
    }
}

// What ControlServer answers: result(request.id) or error(idOf(message), why).
void checkReply(const QByteArray &reply, const QJsonValue &id, const char *type)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(reply, &error);
    check(error.error == QJsonParseError::NoError && document.isObject());
    const QJsonObject object = document.object();
    check(object.value(QLatin1String("v")) == QJsonValue(ControlProtocol::Version));
    check(object.value(QLatin1String("type")) == QJsonValue(QLatin1String(type)));
    check(object.value(QLatin1String("id")) == id);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArrayView message(reinterpret_cast<const char *>(data), qsizetype(size));
    const QJsonValue id = ControlProtocol::idOf(message);
    check(isUsableId(id));

    const Result<ControlRequest> request = ControlProtocol::parse(message);
    if (!request) {
        // Whatever is wrong with a message, it is the client's input that was.
        check(request.error().code == ErrorCode::InvalidInput);
        check(!request.error().message.isEmpty());
        checkReply(ControlProtocol::error(id, request.error()), id, "error");
        return 0;
    }
    // The id a result carries back is the one an error would have.
    check(request->id == id);
    checkRequest(*request);
    checkReply(ControlProtocol::result(request->id), request->id, "result");
    return 0;
}
