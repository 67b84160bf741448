#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace Terrarium::Guest {

// RFC 4648 base64 with padding. Output is the hot path of the agent (every byte a command
// prints goes through encode), so encode appends in place and works on whole byte triples.
class Base64
{
public:
    static size_t encodedSize(size_t bytes) { return (bytes + 2) / 3 * 4; }
    // Appends the encoding of data to out.
    static void encodeAppend(std::string &out, const void *data, size_t size);
    static std::string encode(std::string_view data);
    // nullopt unless text is padded base64 without whitespace.
    static std::optional<std::string> decode(std::string_view text);

private:
    static void encodeInto(uint8_t *dst, const uint8_t *in, size_t size);
};

} // namespace Terrarium::Guest
