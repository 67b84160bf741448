#pragma once

#include "core/Error.h"
#include "core/control/ControlRequest.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>

namespace Terrarium::Core {

struct RunEvent;

// The control API's messages (version 1), JSON text frames both ways; docs/CONTROL_API.md has
// them with examples. Every message carries "v": 1 and "type"; a request may carry an "id",
// which its reply echoes. Server messages: "hello" (on connect), "result" (a request done),
// "error" ({code, message}: Error::codeName() codes), "event" (a run event, the very object
// `terrarium --headless` prints) and "lagging" (a subscriber fell behind).
//
// parse() is what a hostile client reaches first: it never trusts a field's presence or type,
// and bounds every string it keeps.
class ControlProtocol
{
public:
    static constexpr int Version = 1;
    // Longest goal, task text or input line accepted.
    static constexpr qsizetype MaxTextChars = 256 * 1024;

    // A request, or why the message is not one. The error names what was wrong; where the
    // message had an id, idOf() finds it for the reply.
    static Result<ControlRequest> parse(QByteArrayView message);
    // The id of a message that failed to parse, when it has a usable one.
    static QJsonValue idOf(QByteArrayView message);

    // challenge: the server's nonce for this connection (ControlAuth); none: left out.
    static QByteArray hello(bool authenticated, const QString &challenge = {});
    static QByteArray result(const QJsonValue &id, const QJsonObject &fields = {});
    static QByteArray error(const QJsonValue &id, const Error &error);
    static QByteArray event(const RunEvent &event);
    // The subscriber's queue overflowed after lastSeq: it was unsubscribed and may subscribe
    // again from lastSeq + 1.
    static QByteArray lagging(const QString &runId, qint64 lastSeq);
    // What a terminal printed (bytes, base64: a terminal's output need not be UTF-8).
    static QByteArray terminalOutput(const QString &terminalId, const QByteArray &data);
    // The terminal ended: its shell exited, the sandbox went, or the client fell behind.
    static QByteArray terminalClosed(const QString &terminalId, int exitCode, const QString &why);
};

} // namespace Terrarium::Core
