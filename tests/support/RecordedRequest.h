#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QList>

#include <utility>

namespace Terrarium::Tests {

// One HTTP request as LlmTestServer received it.
struct RecordedRequest
{
    QByteArray method;
    QByteArray path; // request target, e.g. "/v1/chat/completions"
    QList<std::pair<QByteArray, QByteArray>> headers; // in arrival order, names as sent
    QByteArray body;
    qint64 receivedAtMs = 0; // monotonic, since the server was created

    // Value of the first header with that name (case-insensitive), or a null QByteArray.
    QByteArray header(QByteArrayView name) const;
    bool hasHeader(QByteArrayView name) const;
    // The body as a JSON object (empty if it is not one).
    QJsonObject json() const;
};

} // namespace Terrarium::Tests
