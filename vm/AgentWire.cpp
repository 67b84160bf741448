#include "AgentWire_p.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QJsonValue>

#include <array>
#include <cstdint>
#include <cstring>

namespace Terrarium::Vm::AgentWire {

namespace {

constexpr QByteArrayView dataKey = "\"data\":\"";
constexpr QByteArrayView dataToken = "\"data\"";
constexpr std::uint8_t invalid = 0x80;

constexpr std::array<std::uint8_t, 256> base64Table = [] {
    std::array<std::uint8_t, 256> table{};
    table.fill(invalid);
    const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (int i = 0; i < 64; ++i)
        table[static_cast<std::uint8_t>(alphabet[i])] = static_cast<std::uint8_t>(i);
    return table;
}();

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

qsizetype countOf(QByteArrayView haystack, QByteArrayView needle)
{
    qsizetype count = 0;
    for (qsizetype at = haystack.indexOf(needle); at >= 0;
         at = haystack.indexOf(needle, at + needle.size()))
        ++count;
    return count;
}

std::optional<QJsonObject> parseObject(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        if (error)
            *error = parseError.errorString();
        return std::nullopt;
    }
    if (!document.isObject()) {
        if (error)
            *error = QStringLiteral("not a JSON object");
        return std::nullopt;
    }
    return document.object();
}

// The fast path of parseLine(): nullopt whenever it cannot prove that cutting the data string
// out changes nothing but that string.
std::optional<Message> parseWithoutData(QByteArrayView line)
{
    const qsizetype keyAt = line.indexOf(dataKey);
    if (keyAt <= 0)
        return std::nullopt;
    // The key's opening quote must be structural: an unescaped '"' right after '{' or ',' starts
    // a member name (inside a string it could not stand unescaped).
    qsizetype before = keyAt - 1;
    while (before > 0 && isJsonSpace(line[before]))
        --before;
    if (line[before] != '{' && line[before] != ',')
        return std::nullopt;
    const qsizetype valueAt = keyAt + dataKey.size();
    const char *valueBegin = line.data() + valueAt;
    const auto *quote = static_cast<const char *>(
        std::memchr(valueBegin, '"', static_cast<size_t>(line.size() - valueAt)));
    if (!quote)
        return std::nullopt;
    const qsizetype valueSize = quote - valueBegin;
    if (std::memchr(valueBegin, '\\', static_cast<size_t>(valueSize)))
        return std::nullopt; // an escape ("\/") in base64: let the JSON parser deal with it

    QByteArray rest;
    rest.reserve(line.size() - valueSize);
    rest.append(line.first(valueAt));
    rest.append(line.sliced(valueAt + valueSize));
    // Without escapes every member name is spelled literally, so a single "data" token in what is
    // left is the member we cut, and no other member can be called data.
    if (rest.contains('\\') || countOf(rest, dataToken) != 1)
        return std::nullopt;
    const std::optional<QJsonObject> object = parseObject(rest, nullptr);
    if (!object)
        return std::nullopt;
    const QJsonValue container = object->contains(QLatin1String("id"))
        ? object->value(QLatin1String("result"))
        : object->value(QLatin1String("params"));
    const QJsonValue data = container.toObject().value(QLatin1String("data"));
    if (!data.isString() || !data.toString().isEmpty())
        return std::nullopt;
    return Message{*object, QByteArrayView(valueBegin, valueSize), true};
}

QByteArray jsonString(const QString &text)
{
    const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2); // ["..."] -> "..."
}

} // namespace

std::optional<Message> parseLine(QByteArrayView line, QString *error)
{
    if (std::optional<Message> fast = parseWithoutData(line))
        return fast;
    std::optional<QJsonObject> object =
        parseObject(QByteArray::fromRawData(line.data(), line.size()), error);
    if (!object)
        return std::nullopt;
    return Message{std::move(*object), {}, false};
}

std::optional<QByteArray> decodeBase64(QByteArrayView base64)
{
    const qsizetype length = base64.size();
    if (length % 4 != 0)
        return std::nullopt;
    if (length == 0)
        return QByteArray();
    const auto *in = reinterpret_cast<const std::uint8_t *>(base64.data());
    const int padding = in[length - 1] == '=' ? (in[length - 2] == '=' ? 2 : 1) : 0;
    QByteArray out(length / 4 * 3 - padding, Qt::Uninitialized);
    auto *to = reinterpret_cast<std::uint8_t *>(out.data());

    // All quads but the last: no padding allowed. Invalid characters map to 0x80, which survives
    // the OR; checking once at the end keeps the loop free of branches.
    const qsizetype fullQuads = length / 4 - 1;
    std::uint32_t seen = 0;
    for (qsizetype quad = 0; quad < fullQuads; ++quad, in += 4, to += 3) {
        const std::uint32_t a = base64Table[in[0]];
        const std::uint32_t b = base64Table[in[1]];
        const std::uint32_t c = base64Table[in[2]];
        const std::uint32_t d = base64Table[in[3]];
        seen |= a | b | c | d;
        const std::uint32_t bits = a << 18 | b << 12 | c << 6 | d;
        to[0] = static_cast<std::uint8_t>(bits >> 16);
        to[1] = static_cast<std::uint8_t>(bits >> 8);
        to[2] = static_cast<std::uint8_t>(bits);
    }
    const std::uint32_t a = base64Table[in[0]];
    const std::uint32_t b = base64Table[in[1]];
    const std::uint32_t c = padding >= 2 ? 0 : base64Table[in[2]];
    const std::uint32_t d = padding >= 1 ? 0 : base64Table[in[3]];
    if ((seen | a | b | c | d) & invalid)
        return std::nullopt;
    const std::uint32_t bits = a << 18 | b << 12 | c << 6 | d;
    to[0] = static_cast<std::uint8_t>(bits >> 16);
    if (padding < 2)
        to[1] = static_cast<std::uint8_t>(bits >> 8);
    if (padding < 1)
        to[2] = static_cast<std::uint8_t>(bits);
    return out;
}

QByteArray encodeMessage(qint64 id, const QString &method, const QJsonObject &params,
                         const QByteArray *data)
{
    QByteArray paramsJson;
    if (data) {
        QJsonObject rest = params;
        rest.remove(QLatin1String("data"));
        const QByteArray others = QJsonDocument(rest).toJson(QJsonDocument::Compact);
        const QByteArray base64 = data->toBase64();
        paramsJson.reserve(others.size() + base64.size() + 12);
        paramsJson.append("{\"data\":\"").append(base64).append('"');
        if (others.size() > 2)
            paramsJson.append(',').append(QByteArrayView(others).sliced(1)); // skips the '{'
        else
            paramsJson.append('}');
    } else {
        paramsJson = QJsonDocument(params).toJson(QJsonDocument::Compact);
    }

    QByteArray line;
    line.reserve(paramsJson.size() + method.size() + 64);
    line.append("{\"jsonrpc\":\"2.0\",");
    if (id > 0)
        line.append("\"id\":").append(QByteArray::number(id)).append(',');
    line.append("\"method\":").append(jsonString(method)).append(",\"params\":");
    line.append(paramsJson).append("}\n");
    return line;
}

QByteArray encodeAck(bool pty, qint64 id, qint64 bytes)
{
    QByteArray line;
    line.reserve(96);
    line.append(pty ? "{\"jsonrpc\":\"2.0\",\"method\":\"pty.ack\",\"params\":{\"pty\":"
                    : "{\"jsonrpc\":\"2.0\",\"method\":\"exec.ack\",\"params\":{\"job\":");
    line.append(QByteArray::number(id)).append(",\"bytes\":").append(QByteArray::number(bytes));
    line.append("}}\n");
    return line;
}

} // namespace Terrarium::Vm::AgentWire
