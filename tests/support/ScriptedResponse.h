#pragma once

#include <QByteArray>
#include <QList>

#include <utility>

namespace Terrarium::Tests {

// What LlmTestServer answers to one request. The body goes out byte for byte.
struct ScriptedResponse
{
    // How the answer ends. Complete: the whole body, then the server closes. Stall: the headers
    // and the first cutAfterBytes body bytes, then silence with the socket left open. Close:
    // that many bytes, then the server closes (a truncated stream).
    enum Ending { Complete, Stall, Close };

    int status = 200;
    // Extra headers. Content-Type defaults to text/event-stream for 200 and to
    // application/json otherwise; a Content-Type given here replaces the default.
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;
    Ending ending = Complete;
    // For Stall and Close: body bytes sent before the ending; -1 means the whole body.
    qsizetype cutAfterBytes = -1;
    // The body is written in pieces of chunkSize bytes (0: one write), chunkDelayMs apart.
    int chunkDelayMs = 0;
    int chunkSize = 0;
    // Nothing is sent for this long after the request: the model's time to first byte.
    int firstByteDelayMs = 0;

    static ScriptedResponse stream(const QByteArray &body)
    {
        ScriptedResponse response;
        response.body = body;
        return response;
    }
    static ScriptedResponse json(int status, const QByteArray &body,
                                 QList<std::pair<QByteArray, QByteArray>> headers = {})
    {
        ScriptedResponse response;
        response.status = status;
        response.body = body;
        response.headers = std::move(headers);
        return response;
    }
};

} // namespace Terrarium::Tests
