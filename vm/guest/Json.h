#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace Terrarium::Guest {

// A JSON value with a parser and a writer, just enough for the agent protocol. Objects keep
// insertion order (replies read naturally) and are searched linearly (they have a handful of
// members). Bytes is not JSON: it is raw data that dump() writes as a base64 string, so large
// payloads go straight into the output buffer without an intermediate encoded copy.
class Json
{
public:
    using Array = std::vector<Json>;
    using Member = std::pair<std::string, Json>;
    using Object = std::vector<Member>;
    struct Bytes
    {
        std::string data;
    };

    enum class Type { Null, Bool, Int, Double, String, Bytes, Array, Object };

    Json() = default;
    Json(std::nullptr_t) { }
    Json(bool value)
        : m_value(value)
    { }
    template<typename T>
    requires(std::is_integral_v<T> && !std::is_same_v<T, bool>) Json(T value)
        : m_value(int64_t(value))
    { }
    Json(double value)
        : m_value(value)
    { }
    Json(const char *value)
        : m_value(std::string(value))
    { }
    Json(std::string value)
        : m_value(std::move(value))
    { }
    Json(std::string_view value)
        : m_value(std::string(value))
    { }
    Json(Bytes value)
        : m_value(std::move(value))
    { }
    Json(Array value)
        : m_value(std::move(value))
    { }
    Json(Object value)
        : m_value(std::move(value))
    { }

    Type type() const { return Type(m_value.index()); }
    bool isNull() const { return type() == Type::Null; }
    bool isObject() const { return type() == Type::Object; }

    // Member lookup; nullptr when this is not an object or has no such key.
    const Json *find(std::string_view key) const;

    // Typed views; nullopt/nullptr when the value has another type. An integral double counts as
    // an integer (some JSON writers emit 5.0).
    std::optional<int64_t> toInt() const;
    std::optional<bool> toBool() const;
    const std::string *toString() const;
    const Array *toArray() const;
    const Object *toObject() const;

    // Appends a member (turning a null value into an object first).
    Json &set(std::string key, Json value);

    void dump(std::string &out) const;
    std::string dump() const;

    // The value of one complete JSON text, or what is wrong with it.
    static std::expected<Json, std::string> parse(std::string_view text);

    // Writes text as a JSON string literal; invalid UTF-8 becomes U+FFFD.
    static void writeString(std::string &out, std::string_view text);
    static bool isValidUtf8(std::string_view text);

private:
    std::variant<std::nullptr_t, bool, int64_t, double, std::string, Bytes, Array, Object> m_value;
};

} // namespace Terrarium::Guest
