#include "ControlProtocol.h"

#include "core/CoreTr.h"
#include "core/agent/RunEvent.h"
#include "core/control/ControlAuth.h"
#include "core/output/TerminalSafeJson.h"

#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

namespace Terrarium::Core {

namespace {

constexpr qsizetype MaxIdChars = 128;
constexpr qsizetype MaxTokenChars = 256;
constexpr qsizetype MaxProofChars = 64; // hex of a SHA-256 HMAC
constexpr qsizetype MaxRunIdChars = 128;
constexpr double MaxInteger = 9007199254740991.0; // 2^53 - 1: exact in a JSON number

std::unexpected<Error> invalid(const QString &message)
{
    return makeError(ErrorCode::InvalidInput, message);
}

// Clients print messages too (websocat, a log): controls from a sandbox come out escaped.
QByteArray compact(const QJsonObject &object)
{
    return TerminalSafeJson::compact(object);
}

QJsonObject message(const QString &type)
{
    return {{QStringLiteral("v"), ControlProtocol::Version}, {QStringLiteral("type"), type}};
}

// The fields of one message, read with their types checked.
class Fields
{
public:
    explicit Fields(const QJsonObject &object)
        : m_object(object)
    { }

    Result<QString> text(const QString &name, qsizetype maxChars, bool required = true) const
    {
        const QJsonValue value = m_object.value(name);
        if (value.isUndefined() && !required)
            return QString();
        if (!value.isString())
            return invalid(Tr::tr("\"%1\" must be a string.").arg(name));
        const QString text = value.toString();
        if (text.size() > maxChars)
            return invalid(Tr::tr("\"%1\" is longer than %2 characters.").arg(name).arg(maxChars));
        if (required && text.trimmed().isEmpty())
            return invalid(Tr::tr("\"%1\" is empty.").arg(name));
        return text;
    }

    Result<qint64> integer(const QString &name, std::optional<qint64> fallback = {}) const
    {
        const QJsonValue value = m_object.value(name);
        if (value.isUndefined() && fallback)
            return *fallback;
        const double number = value.toDouble(-1);
        if (!value.isDouble() || number < 1 || number > MaxInteger || std::floor(number) != number)
            return invalid(Tr::tr("\"%1\" must be a whole number of at least 1.").arg(name));
        return qint64(number);
    }

    Result<QString> runId() const
    {
        // Anchored with \A...\z: "$" would also match before a final "\n".
        static const QRegularExpression allowed(
            QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9._-]+")));
        auto id = text(QStringLiteral("run_id"), MaxRunIdChars);
        if (id && !allowed.match(*id).hasMatch())
            return invalid(Tr::tr("\"run_id\" holds characters no run id has."));
        return id;
    }

    Result<QString> terminalId() const
    {
        static const QRegularExpression allowed(
            QRegularExpression::anchoredPattern(QStringLiteral("[a-z0-9]{1,16}")));
        auto id = text(QStringLiteral("terminal_id"), 16);
        if (id && !allowed.match(*id).hasMatch())
            return invalid(Tr::tr("\"terminal_id\" is not one this server gives."));
        return id;
    }

    // A terminal's size: 1 to 1000 columns and rows, 100 by 30 unless given.
    bool size(int &columns, int &rows, Error &error) const
    {
        const auto cols = integer(QStringLiteral("cols"), 100);
        const auto lines = integer(QStringLiteral("rows"), 30);
        if (!cols || !lines || *cols > 1000 || *lines > 1000) {
            error = Error{ErrorCode::InvalidInput,
                          Tr::tr("\"cols\" and \"rows\" must be from 1 to 1000.")};
            return false;
        }
        columns = int(*cols);
        rows = int(*lines);
        return true;
    }

    Result<int> stepId() const
    {
        const auto id = integer(QStringLiteral("step_id"));
        if (!id)
            return std::unexpected(id.error());
        if (*id > std::numeric_limits<int>::max())
            return invalid(Tr::tr("\"step_id\" is too large."));
        return int(*id);
    }

private:
    QJsonObject m_object;
};

const QHash<QString, ControlRequestType> &requestTypes()
{
    static const QHash<QString, ControlRequestType> types{
        {QStringLiteral("auth"), ControlRequestType::Auth},
        {QStringLiteral("auth.challenge"), ControlRequestType::AuthChallenge},
        {QStringLiteral("runs.list"), ControlRequestType::RunsList},
        {QStringLiteral("run.start"), ControlRequestType::RunStart},
        {QStringLiteral("run.subscribe"), ControlRequestType::RunSubscribe},
        {QStringLiteral("run.unsubscribe"), ControlRequestType::RunUnsubscribe},
        {QStringLiteral("approval.answer"), ControlRequestType::ApprovalAnswer},
        {QStringLiteral("input.send"), ControlRequestType::InputSend},
        {QStringLiteral("input.close"), ControlRequestType::InputClose},
        {QStringLiteral("run.cancel"), ControlRequestType::RunCancel},
        {QStringLiteral("terminal.open"), ControlRequestType::TerminalOpen},
        {QStringLiteral("terminal.write"), ControlRequestType::TerminalWrite},
        {QStringLiteral("terminal.resize"), ControlRequestType::TerminalResize},
        {QStringLiteral("terminal.close"), ControlRequestType::TerminalClose},
    };
    return types;
}

// Copies a field's value into the request, or says why it cannot.
template<typename T, typename U>
bool take(const Result<T> &value, U &into, Error &error)
{
    if (!value) {
        error = value.error();
        return false;
    }
    into = *value;
    return true;
}

} // namespace

QJsonValue ControlProtocol::idOf(QByteArrayView message)
{
    const QJsonValue id =
        QJsonDocument::fromJson(message.toByteArray()).object().value(QLatin1String("id"));
    if ((id.isString() && id.toString().size() <= MaxIdChars) || id.isDouble())
        return id;
    return QJsonValue(QJsonValue::Undefined);
}

Result<ControlRequest> ControlProtocol::parse(QByteArrayView bytes)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes.toByteArray(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return invalid(Tr::tr("The message is not JSON (%1 at offset %2).")
                           .arg(parseError.errorString())
                           .arg(parseError.offset));
    if (!document.isObject())
        return invalid(Tr::tr("The message is not a JSON object."));
    const QJsonObject object = document.object();
    const QJsonValue version = object.value(QLatin1String("v"));
    if (!version.isDouble() || version.toDouble() != Version)
        return invalid(
            Tr::tr("Unsupported protocol version; this server speaks \"v\": %1.").arg(Version));
    ControlRequest request;
    const QJsonValue id = object.value(QLatin1String("id"));
    if (!id.isUndefined()) {
        if (!(id.isString() && id.toString().size() <= MaxIdChars) && !id.isDouble())
            return invalid(Tr::tr("\"id\" must be a number or a string of at most %1 characters.")
                               .arg(MaxIdChars));
        request.id = id;
    }
    const QString typeName = object.value(QLatin1String("type")).toString();
    const auto type = requestTypes().constFind(typeName);
    if (type == requestTypes().cend())
        return invalid(typeName.isEmpty()
                           ? Tr::tr("The message has no \"type\".")
                           : Tr::tr("Unknown message type \"%1\".").arg(typeName.left(64)));
    request.type = *type;

    const Fields fields(object);
    Error error;
    bool ok = true;
    switch (request.type) {
    case ControlRequestType::Auth:
        ok = take(fields.text(QStringLiteral("token"), MaxTokenChars, false), request.token, error)
            && take(fields.text(QStringLiteral("proof"), MaxProofChars, false), request.proof,
                    error);
        if (ok && request.token.trimmed().isEmpty() == request.proof.trimmed().isEmpty()) {
            error = Error{ErrorCode::InvalidInput,
                          Tr::tr("auth needs either a \"proof\" or a \"token\".")};
            ok = false;
        }
        if (ok && !request.proof.isEmpty() && !ControlAuth::isProof(request.proof)) {
            error = Error{ErrorCode::InvalidInput,
                          Tr::tr("\"proof\" must be 64 lower-case hex digits.")};
            ok = false;
        }
        if (ok && request.token.trimmed().isEmpty())
            request.token.clear();
        break;
    case ControlRequestType::AuthChallenge:
        ok = take(fields.text(QStringLiteral("nonce"), ControlAuth::MaxNonceChars), request.nonce,
                  error);
        if (ok && !ControlAuth::isNonce(request.nonce)) {
            error = Error{ErrorCode::InvalidInput,
                          Tr::tr("\"nonce\" must be %1 to %2 lower-case hex digits.")
                              .arg(ControlAuth::MinNonceChars)
                              .arg(ControlAuth::MaxNonceChars)};
            ok = false;
        }
        break;
    case ControlRequestType::RunsList:
        break;
    case ControlRequestType::RunStart:
        ok = take(fields.text(QStringLiteral("goal"), MaxTextChars, false), request.goal, error)
            && take(fields.text(QStringLiteral("task"), MaxTextChars, false), request.task, error);
        if (ok && request.goal.trimmed().isEmpty() == request.task.trimmed().isEmpty()) {
            error = Error{ErrorCode::InvalidInput,
                          Tr::tr("run.start needs either a \"goal\" or a \"task\".")};
            ok = false;
        }
        // The blank one is no part of the request: a host takes any task text for a task.
        if (ok && request.task.trimmed().isEmpty())
            request.task.clear();
        else if (ok)
            request.goal.clear();
        break;
    case ControlRequestType::RunSubscribe:
        ok = take(fields.runId(), request.runId, error)
            && take(fields.integer(QStringLiteral("from_seq"), 1), request.fromSeq, error);
        break;
    case ControlRequestType::RunUnsubscribe:
    case ControlRequestType::RunCancel:
        ok = take(fields.runId(), request.runId, error);
        break;
    case ControlRequestType::ApprovalAnswer: {
        QString decision;
        ok = take(fields.runId(), request.runId, error)
            && take(fields.stepId(), request.stepId, error)
            && take(fields.text(QStringLiteral("decision"), 16), decision, error);
        const auto parsed = ok ? approvalDecisionFromName(decision) : std::nullopt;
        if (ok && !parsed) {
            error = Error{ErrorCode::InvalidInput,
                          Tr::tr("\"decision\" must be once, session, always or deny.")};
            ok = false;
        }
        if (parsed)
            request.decision = *parsed;
        break;
    }
    case ControlRequestType::InputSend:
        ok = take(fields.runId(), request.runId, error)
            && take(fields.stepId(), request.stepId, error)
            && take(fields.text(QStringLiteral("text"), MaxTextChars, false), request.text, error);
        break;
    case ControlRequestType::InputClose:
        ok = take(fields.runId(), request.runId, error)
            && take(fields.stepId(), request.stepId, error);
        break;
    case ControlRequestType::TerminalOpen:
        ok = take(fields.runId(), request.runId, error)
            && fields.size(request.columns, request.rows, error);
        break;
    case ControlRequestType::TerminalWrite:
        ok = take(fields.terminalId(), request.terminalId, error)
            && take(fields.text(QStringLiteral("data"), MaxTextChars, false), request.text, error);
        break;
    case ControlRequestType::TerminalResize:
        ok = take(fields.terminalId(), request.terminalId, error)
            && fields.size(request.columns, request.rows, error);
        break;
    case ControlRequestType::TerminalClose:
        ok = take(fields.terminalId(), request.terminalId, error);
        break;
    }
    if (!ok)
        return std::unexpected(error);
    return request;
}

QByteArray ControlProtocol::hello(bool authenticated, const QString &challenge)
{
    QJsonObject hello = message(QStringLiteral("hello"));
    hello.insert(QStringLiteral("server"), QStringLiteral("terrarium"));
    hello.insert(QStringLiteral("authenticated"), authenticated);
    if (!challenge.isEmpty())
        hello.insert(QStringLiteral("challenge"), challenge);
    return compact(hello);
}

QByteArray ControlProtocol::result(const QJsonValue &id, const QJsonObject &fields)
{
    QJsonObject reply = message(QStringLiteral("result"));
    if (!id.isUndefined() && !id.isNull())
        reply.insert(QStringLiteral("id"), id);
    for (auto it = fields.begin(); it != fields.end(); ++it)
        reply.insert(it.key(), it.value());
    return compact(reply);
}

QByteArray ControlProtocol::error(const QJsonValue &id, const Error &error)
{
    QJsonObject reply = message(QStringLiteral("error"));
    if (!id.isUndefined() && !id.isNull())
        reply.insert(QStringLiteral("id"), id);
    reply.insert(QStringLiteral("code"), Error::codeName(error.code));
    reply.insert(QStringLiteral("message"), error.message);
    return compact(reply);
}

QByteArray ControlProtocol::event(const RunEvent &event)
{
    QJsonObject reply = message(QStringLiteral("event"));
    reply.insert(QStringLiteral("event"), event.toJson());
    return compact(reply);
}

QByteArray ControlProtocol::terminalOutput(const QString &terminalId, const QByteArray &data)
{
    QJsonObject reply = message(QStringLiteral("terminal.output"));
    reply.insert(QStringLiteral("terminal_id"), terminalId);
    reply.insert(QStringLiteral("data"), QString::fromLatin1(data.toBase64()));
    return compact(reply);
}

QByteArray ControlProtocol::terminalClosed(const QString &terminalId, int exitCode,
                                           const QString &why)
{
    QJsonObject reply = message(QStringLiteral("terminal.closed"));
    reply.insert(QStringLiteral("terminal_id"), terminalId);
    reply.insert(QStringLiteral("exit_code"), exitCode);
    if (!why.isEmpty())
        reply.insert(QStringLiteral("reason"), why);
    return compact(reply);
}

QByteArray ControlProtocol::lagging(const QString &runId, qint64 lastSeq)
{
    QJsonObject reply = message(QStringLiteral("lagging"));
    reply.insert(QStringLiteral("run_id"), runId);
    reply.insert(QStringLiteral("last_seq"), lastSeq);
    return compact(reply);
}

} // namespace Terrarium::Core
