#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QString>

#include <optional>

// The line format of the terrarium-agent protocol (vm/guest/PROTOCOL.md): private to
// AgentChannel and its jobs. Pure functions, no state; safe on any thread.
namespace Terrarium::Vm::AgentWire {

// One parsed line from the agent.
struct Message
{
    QJsonObject object;
    // The base64 text of "params"."data" (a notification) or "result"."data" (a response) when
    // parseLine() cut it out before parsing the rest; it then views the line, and the object holds
    // "data":"". Unused when dataCut is false: the field, if any, is still in object.
    QByteArrayView base64;
    bool dataCut = false;
};

// Parses one line (without its '\n'). Output and file payloads make up nearly all of the
// traffic, so a line with a top-level-looking "data":"..." is parsed without that string (the
// base64 is handed back as a view instead of being copied into a QJsonValue) when that is
// provably equivalent; anything unusual falls back to parsing the whole line. Returns nullopt
// with *error set if the line is not a JSON object.
std::optional<Message> parseLine(QByteArrayView line, QString *error);

// Strict RFC 4648 base64 with padding ('=' only at the end, no whitespace). About 15 times as fast
// as QByteArray::fromBase64Encoding(), which otherwise bounds the channel's throughput.
std::optional<QByteArray> decodeBase64(QByteArrayView base64);

// A request or notification line ('\n' included). With data, params gets a "data" member holding
// data as base64 (spliced in without a round trip through QJsonValue). id <= 0: a notification.
QByteArray encodeMessage(qint64 id, const QString &method, const QJsonObject &params,
                         const QByteArray *data = nullptr);

// `exec.ack` / `pty.ack`, built without QJsonDocument: they follow every few output lines.
QByteArray encodeAck(bool pty, qint64 id, qint64 bytes);

} // namespace Terrarium::Vm::AgentWire
