#include "TerminalSafeJson.h"

#include "core/output/VisibleText.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <utility>

namespace Terrarium::Core {

namespace {

void appendEscape(QByteArray &out, char16_t unit)
{
    static constexpr char hex[] = "0123456789abcdef";
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4)
        out += hex[(unit >> shift) & 0xf];
}

// The code point whose UTF-8 lead byte is at `at` and how many bytes it takes; a byte that
// does not start a well-formed sequence counts as itself (it is passed on unchanged).
std::pair<char32_t, qsizetype> decode(const QByteArray &bytes, qsizetype at)
{
    const auto lead = uchar(bytes[at]);
    const qsizetype length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    if (length == 1 || at + length > bytes.size())
        return {lead, 1};
    char32_t code = lead & (0x7f >> length);
    for (qsizetype i = 1; i < length; ++i) {
        const auto next = uchar(bytes[at + i]);
        if ((next & 0xc0) != 0x80)
            return {lead, 1};
        code = (code << 6) | (next & 0x3f);
    }
    return {code, length};
}

} // namespace

QByteArray TerminalSafeJson::compact(const QJsonObject &object)
{
    return escape(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QByteArray TerminalSafeJson::escape(const QByteArray &json)
{
    // Outside strings JSON is ASCII, and QJsonDocument already escaped what is below DEL: only
    // characters from DEL up, all inside strings, need looking at.
    qsizetype first = 0;
    while (first < json.size() && uchar(json[first]) < 0x7f)
        ++first;
    if (first == json.size())
        return json;
    QByteArray out;
    out.reserve(json.size() + 16);
    out.append(json.constData(), first);
    for (qsizetype at = first; at < json.size();) {
        const auto byte = uchar(json[at]);
        if (byte < 0x7f) {
            out += char(byte);
            ++at;
            continue;
        }
        const auto [code, length] = decode(json, at);
        if (!VisibleText::isHidden(code)) {
            out.append(json.constData() + at, length);
        } else if (code < 0x10000) {
            appendEscape(out, char16_t(code));
        } else {
            appendEscape(out, QChar::highSurrogate(code));
            appendEscape(out, QChar::lowSurrogate(code));
        }
        at += length;
    }
    return out;
}

} // namespace Terrarium::Core
