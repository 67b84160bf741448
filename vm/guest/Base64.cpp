#include "Base64.h"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace Terrarium::Guest {

namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// Two output characters per 12 input bits: half the table lookups of the textbook loop.
constexpr std::array<uint16_t, 4096> makePairTable()
{
    std::array<uint16_t, 4096> table{};
    for (unsigned i = 0; i < 4096; ++i) {
        const auto first = uint16_t(uint8_t(kAlphabet[i >> 6]));
        const auto second = uint16_t(uint8_t(kAlphabet[i & 63]));
        table[i] = uint16_t(first | (second << 8)); // first char in the low byte
    }
    return table;
}

constexpr std::array<int8_t, 256> makeDecodeTable()
{
    std::array<int8_t, 256> table{};
    for (auto &entry : table)
        entry = -1;
    for (int i = 0; i < 64; ++i)
        table[uint8_t(kAlphabet[i])] = int8_t(i);
    return table;
}

constexpr auto kPairs = makePairTable();
constexpr auto kDecode = makeDecodeTable();

} // namespace

void Base64::encodeAppend(std::string &out, const void *data, size_t size)
{
    const size_t start = out.size();
    const size_t total = start + encodedSize(size);
    // Skips the zero-filling that resize() would do before we overwrite every byte anyway.
    out.resize_and_overwrite(total, [&](char *buffer, size_t) {
        encodeInto(reinterpret_cast<uint8_t *>(buffer + start), static_cast<const uint8_t *>(data),
                   size);
        return total;
    });
}

void Base64::encodeInto(uint8_t *dst, const uint8_t *in, size_t size)
{

    size_t i = 0;
    // Six input bytes per round: one 64-bit load, four pair lookups, one 64-bit store (laid out
    // for little-endian). Stops while 8 bytes remain readable: the load takes two more than it
    // uses.
    for (; std::endian::native == std::endian::little && i + 8 <= size; i += 6) {
        uint64_t word;
        std::memcpy(&word, in + i, sizeof word);
        const uint64_t bits = __builtin_bswap64(word) >> 16; // the six bytes, big-endian
        const uint64_t chars = uint64_t(kPairs[(bits >> 36) & 0xfff])
            | uint64_t(kPairs[(bits >> 24) & 0xfff]) << 16
            | uint64_t(kPairs[(bits >> 12) & 0xfff]) << 32 | uint64_t(kPairs[bits & 0xfff]) << 48;
        std::memcpy(dst, &chars, sizeof chars);
        dst += 8;
    }
    for (; i + 3 <= size; i += 3) {
        const uint32_t triple = uint32_t(in[i]) << 16 | uint32_t(in[i + 1]) << 8 | in[i + 2];
        const uint16_t hi = kPairs[triple >> 12];
        const uint16_t lo = kPairs[triple & 0xfff];
        dst[0] = uint8_t(hi);
        dst[1] = uint8_t(hi >> 8);
        dst[2] = uint8_t(lo);
        dst[3] = uint8_t(lo >> 8);
        dst += 4;
    }
    const size_t rest = size - i;
    if (rest == 1) {
        const uint32_t v = uint32_t(in[i]) << 16;
        dst[0] = uint8_t(kAlphabet[v >> 18]);
        dst[1] = uint8_t(kAlphabet[(v >> 12) & 63]);
        dst[2] = '=';
        dst[3] = '=';
    } else if (rest == 2) {
        const uint32_t v = uint32_t(in[i]) << 16 | uint32_t(in[i + 1]) << 8;
        dst[0] = uint8_t(kAlphabet[v >> 18]);
        dst[1] = uint8_t(kAlphabet[(v >> 12) & 63]);
        dst[2] = uint8_t(kAlphabet[(v >> 6) & 63]);
        dst[3] = '=';
    }
}

std::string Base64::encode(std::string_view data)
{
    std::string out;
    encodeAppend(out, data.data(), data.size());
    return out;
}

std::optional<std::string> Base64::decode(std::string_view text)
{
    if (text.size() % 4 != 0)
        return std::nullopt;
    size_t padding = 0;
    if (!text.empty() && text.back() == '=')
        padding = text.size() >= 2 && text[text.size() - 2] == '=' ? 2 : 1;

    std::string out;
    out.resize(text.size() / 4 * 3 - padding);
    auto *dst = reinterpret_cast<uint8_t *>(out.data());
    const auto *src = reinterpret_cast<const uint8_t *>(text.data());
    const size_t fullQuads = text.size() / 4 - (padding ? 1 : 0);

    for (size_t q = 0; q < fullQuads; ++q, src += 4, dst += 3) {
        const int a = kDecode[src[0]], b = kDecode[src[1]], c = kDecode[src[2]],
                  d = kDecode[src[3]];
        if ((a | b | c | d) < 0)
            return std::nullopt;
        const uint32_t v = uint32_t(a) << 18 | uint32_t(b) << 12 | uint32_t(c) << 6 | uint32_t(d);
        dst[0] = uint8_t(v >> 16);
        dst[1] = uint8_t(v >> 8);
        dst[2] = uint8_t(v);
    }
    if (padding) {
        const int a = kDecode[src[0]], b = kDecode[src[1]];
        const int c = padding == 1 ? kDecode[src[2]] : 0;
        if ((a | b | c) < 0)
            return std::nullopt;
        const uint32_t v = uint32_t(a) << 18 | uint32_t(b) << 12 | uint32_t(c) << 6;
        dst[0] = uint8_t(v >> 16);
        if (padding == 1)
            dst[1] = uint8_t(v >> 8);
    }
    return out;
}

} // namespace Terrarium::Guest
