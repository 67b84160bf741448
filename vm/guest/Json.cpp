#include "Json.h"

#include "Base64.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace Terrarium::Guest {

namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0 if it is not one.
size_t utf8SequenceLength(std::string_view s, size_t i)
{
    const auto c = uint8_t(s[i]);
    auto cont = [&](size_t k) {
        return i + k < s.size() && (uint8_t(s[i + k]) & 0xc0) == 0x80;
    };
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        return cont(1) ? 2 : 0;
    if (c >= 0xe0 && c <= 0xef) {
        if (!cont(1) || !cont(2))
            return 0;
        const auto c1 = uint8_t(s[i + 1]);
        if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 >= 0xa0)) // overlong, surrogate
            return 0;
        return 3;
    }
    if (c >= 0xf0 && c <= 0xf4) {
        if (!cont(1) || !cont(2) || !cont(3))
            return 0;
        const auto c1 = uint8_t(s[i + 1]);
        if ((c == 0xf0 && c1 < 0x90) || (c == 0xf4 && c1 >= 0x90)) // overlong, > U+10FFFF
            return 0;
        return 4;
    }
    return 0;
}

void appendUtf8(std::string &out, uint32_t cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xc0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        out += char(0xe0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3f));
        out += char(0x80 | (cp & 0x3f));
    } else {
        out += char(0xf0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3f));
        out += char(0x80 | ((cp >> 6) & 0x3f));
        out += char(0x80 | (cp & 0x3f));
    }
}

// Recursive descent over the whole text. Depth is capped so that a hostile line cannot
// overflow the stack.
class Parser
{
public:
    explicit Parser(std::string_view text)
        : m_text(text)
    { }

    std::expected<Json, std::string> parseDocument()
    {
        Json value;
        skipSpace();
        if (!parseValue(value, 0))
            return std::unexpected(m_error);
        skipSpace();
        if (m_pos != m_text.size())
            return std::unexpected(errorAt("trailing characters"));
        return value;
    }

private:
    static constexpr int kMaxDepth = 64;

    std::string errorAt(const char *what) const
    {
        return std::string(what) + " at offset " + std::to_string(m_pos);
    }
    bool fail(const char *what)
    {
        if (m_error.empty())
            m_error = errorAt(what);
        return false;
    }

    void skipSpace()
    {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
                break;
            ++m_pos;
        }
    }

    bool consume(std::string_view literal)
    {
        if (m_text.substr(m_pos, literal.size()) != literal)
            return false;
        m_pos += literal.size();
        return true;
    }

    bool parseValue(Json &out, int depth)
    {
        if (depth > kMaxDepth)
            return fail("nesting too deep");
        if (m_pos >= m_text.size())
            return fail("unexpected end");
        switch (m_text[m_pos]) {
        case '{':
            return parseObject(out, depth);
        case '[':
            return parseArray(out, depth);
        case '"': {
            std::string s;
            if (!parseString(s))
                return false;
            out = Json(std::move(s));
            return true;
        }
        case 't':
            if (!consume("true"))
                return fail("invalid literal");
            out = Json(true);
            return true;
        case 'f':
            if (!consume("false"))
                return fail("invalid literal");
            out = Json(false);
            return true;
        case 'n':
            if (!consume("null"))
                return fail("invalid literal");
            out = Json();
            return true;
        default:
            return parseNumber(out);
        }
    }

    bool parseObject(Json &out, int depth)
    {
        ++m_pos; // '{'
        Json::Object object;
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == '}') {
            ++m_pos;
            out = Json(std::move(object));
            return true;
        }
        for (;;) {
            skipSpace();
            if (m_pos >= m_text.size() || m_text[m_pos] != '"')
                return fail("expected a member name");
            std::string key;
            if (!parseString(key))
                return false;
            skipSpace();
            if (m_pos >= m_text.size() || m_text[m_pos] != ':')
                return fail("expected ':'");
            ++m_pos;
            skipSpace();
            Json value;
            if (!parseValue(value, depth + 1))
                return false;
            object.emplace_back(std::move(key), std::move(value));
            skipSpace();
            if (m_pos < m_text.size() && m_text[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_pos < m_text.size() && m_text[m_pos] == '}') {
                ++m_pos;
                out = Json(std::move(object));
                return true;
            }
            return fail("expected ',' or '}'");
        }
    }

    bool parseArray(Json &out, int depth)
    {
        ++m_pos; // '['
        Json::Array array;
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == ']') {
            ++m_pos;
            out = Json(std::move(array));
            return true;
        }
        for (;;) {
            skipSpace();
            Json value;
            if (!parseValue(value, depth + 1))
                return false;
            array.push_back(std::move(value));
            skipSpace();
            if (m_pos < m_text.size() && m_text[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_pos < m_text.size() && m_text[m_pos] == ']') {
                ++m_pos;
                out = Json(std::move(array));
                return true;
            }
            return fail("expected ',' or ']'");
        }
    }

    bool parseHex4(uint32_t &out)
    {
        if (m_pos + 4 > m_text.size())
            return fail("truncated \\u escape");
        out = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = m_text[m_pos++];
            out <<= 4;
            if (c >= '0' && c <= '9')
                out |= uint32_t(c - '0');
            else if (c >= 'a' && c <= 'f')
                out |= uint32_t(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                out |= uint32_t(c - 'A' + 10);
            else
                return fail("invalid \\u escape");
        }
        return true;
    }

    bool parseString(std::string &out)
    {
        ++m_pos; // opening quote
        for (;;) {
            // Copy the run up to the next quote or backslash in one go: base64 payloads are
            // megabytes without either.
            size_t end = m_pos;
            while (end < m_text.size()) {
                const char c = m_text[end];
                if (c == '"' || c == '\\' || uint8_t(c) < 0x20)
                    break;
                ++end;
            }
            out.append(m_text.data() + m_pos, end - m_pos);
            m_pos = end;
            if (m_pos >= m_text.size())
                return fail("unterminated string");
            const char c = m_text[m_pos++];
            if (c == '"')
                return true;
            if (c != '\\')
                return fail("control character in string");
            if (m_pos >= m_text.size())
                return fail("unterminated string");
            const char e = m_text[m_pos++];
            switch (e) {
            case '"':
            case '\\':
            case '/':
                out += e;
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                uint32_t cp = 0;
                if (!parseHex4(cp))
                    return false;
                if (cp >= 0xd800 && cp <= 0xdbff && m_text.substr(m_pos, 2) == "\\u") {
                    const size_t save = m_pos;
                    m_pos += 2;
                    uint32_t low = 0;
                    if (!parseHex4(low))
                        return false;
                    if (low >= 0xdc00 && low <= 0xdfff)
                        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
                    else
                        m_pos = save;
                }
                if (cp >= 0xd800 && cp <= 0xdfff)
                    cp = 0xfffd; // lone surrogate
                appendUtf8(out, cp);
                break;
            }
            default:
                return fail("invalid escape");
            }
        }
    }

    bool parseNumber(Json &out)
    {
        const size_t start = m_pos;
        bool integral = true;
        if (m_pos < m_text.size() && m_text[m_pos] == '-')
            ++m_pos;
        const size_t digits = m_pos;
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c >= '0' && c <= '9') {
                ++m_pos;
            } else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
                integral = false;
                ++m_pos;
            } else {
                break;
            }
        }
        if (m_pos == digits)
            return fail("unexpected character");
        const char *first = m_text.data() + start;
        const char *last = m_text.data() + m_pos;
        if (integral) {
            int64_t value = 0;
            const auto [ptr, ec] = std::from_chars(first, last, value);
            if (ec == std::errc() && ptr == last) {
                out = Json(value);
                return true;
            }
        }
        double value = 0;
        const auto [ptr, ec] = std::from_chars(first, last, value);
        if (ec != std::errc() || ptr != last)
            return fail("invalid number");
        out = Json(value);
        return true;
    }

    std::string_view m_text;
    size_t m_pos = 0;
    std::string m_error;
};

} // namespace

const Json *Json::find(std::string_view key) const
{
    const auto *object = std::get_if<Object>(&m_value);
    if (!object)
        return nullptr;
    for (const Member &member : *object) {
        if (member.first == key)
            return &member.second;
    }
    return nullptr;
}

std::optional<int64_t> Json::toInt() const
{
    if (const auto *i = std::get_if<int64_t>(&m_value))
        return *i;
    if (const auto *d = std::get_if<double>(&m_value)) {
        if (std::isfinite(*d) && std::trunc(*d) == *d && std::fabs(*d) < 9.0e15)
            return int64_t(*d);
    }
    return std::nullopt;
}

std::optional<bool> Json::toBool() const
{
    if (const auto *b = std::get_if<bool>(&m_value))
        return *b;
    return std::nullopt;
}

const std::string *Json::toString() const
{
    return std::get_if<std::string>(&m_value);
}

const Json::Array *Json::toArray() const
{
    return std::get_if<Array>(&m_value);
}

const Json::Object *Json::toObject() const
{
    return std::get_if<Object>(&m_value);
}

Json &Json::set(std::string key, Json value)
{
    if (isNull())
        m_value = Object();
    std::get<Object>(m_value).emplace_back(std::move(key), std::move(value));
    return *this;
}

bool Json::isValidUtf8(std::string_view text)
{
    for (size_t i = 0; i < text.size();) {
        const size_t n = utf8SequenceLength(text, i);
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

void Json::writeString(std::string &out, std::string_view text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    size_t runStart = 0;
    size_t i = 0;
    auto flush = [&] {
        out.append(text.data() + runStart, i - runStart);
    };
    while (i < text.size()) {
        const auto c = uint8_t(text[i]);
        if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
            ++i;
            continue;
        }
        if (c >= 0x80) {
            const size_t n = utf8SequenceLength(text, i);
            if (n > 0) {
                i += n;
                continue;
            }
            flush();
            out += "\xef\xbf\xbd"; // U+FFFD
            runStart = ++i;
            continue;
        }
        flush();
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            out += "\\u00";
            out += kHex[c >> 4];
            out += kHex[c & 15];
            break;
        }
        runStart = ++i;
    }
    flush();
    out += '"';
}

void Json::dump(std::string &out) const
{
    switch (type()) {
    case Type::Null:
        out += "null";
        break;
    case Type::Bool:
        out += std::get<bool>(m_value) ? "true" : "false";
        break;
    case Type::Int: {
        char buffer[24];
        const auto [end, ec] =
            std::to_chars(buffer, buffer + sizeof buffer, std::get<int64_t>(m_value));
        out.append(buffer, end);
        break;
    }
    case Type::Double: {
        const double d = std::get<double>(m_value);
        if (!std::isfinite(d)) {
            out += "null"; // JSON has no inf/nan
            break;
        }
        char buffer[32];
        const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, d);
        out.append(buffer, end);
        break;
    }
    case Type::String:
        writeString(out, std::get<std::string>(m_value));
        break;
    case Type::Bytes: {
        const std::string &data = std::get<Bytes>(m_value).data;
        out += '"';
        Base64::encodeAppend(out, data.data(), data.size());
        out += '"';
        break;
    }
    case Type::Array: {
        out += '[';
        bool first = true;
        for (const Json &item : std::get<Array>(m_value)) {
            if (!first)
                out += ',';
            first = false;
            item.dump(out);
        }
        out += ']';
        break;
    }
    case Type::Object: {
        out += '{';
        bool first = true;
        for (const Member &member : std::get<Object>(m_value)) {
            if (!first)
                out += ',';
            first = false;
            writeString(out, member.first);
            out += ':';
            member.second.dump(out);
        }
        out += '}';
        break;
    }
    }
}

std::string Json::dump() const
{
    std::string out;
    dump(out);
    return out;
}

std::expected<Json, std::string> Json::parse(std::string_view text)
{
    return Parser(text).parseDocument();
}

} // namespace Terrarium::Guest
