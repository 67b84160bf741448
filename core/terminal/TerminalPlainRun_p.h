#pragma once

#include <QByteArrayView>

#include <bit>
#include <cstdint>
#include <cstring>

namespace Terrarium::Core {

// libvterm keeps 16 parameters of a control sequence; the 16th separator would start a 17th.
inline constexpr int MaxControlSequenceSeparators = 15;

// Where the run of plain bytes from `from` on ends (data.size() when it goes to the end). Plain:
// printable ASCII and DEL; the C0 controls a terminal carries out in place (all but ESC, CAN,
// SUB, SO and SI); complete UTF-8 characters from U+00A0 up; and control sequences of ESC [,
// digits and at most MaxControlSequenceSeparators separators, and a final byte other than REP's
// and SM's and RM's (insert mode changes how text is written: the parser guard follows it).
//
// Plain bytes leave libvterm's parser at rest, shift or designate no character set and need no
// mending, so the input filter and the parser guard pass over them here, in one tight loop:
// coloured output has an ESC every few bytes, and finding each with memchr() and looking at it
// in a call of its own cost both passes more than all the rest of their work.
inline qsizetype plainRunEnd(QByteArrayView data, qsizetype from)
{
    const auto *bytes = reinterpret_cast<const unsigned char *>(data.data());
    const qsizetype size = data.size();
    qsizetype at = from;
    while (at < size) {
        // Printable ASCII, eight bytes at a time: flags each byte from 0x80 up and, for the
        // others, each one below 0x20. A borrow can flag a byte above a flagged one, never one
        // below, so on little-endian machines the lowest flag is the first byte to look at.
        constexpr std::uint64_t High = 0x8080808080808080ULL;
        constexpr std::uint64_t Space = 0x2020202020202020ULL;
        while (size - at >= 8) {
            std::uint64_t word;
            std::memcpy(&word, bytes + at, sizeof word);
            const std::uint64_t stops = (word | ((word - Space) & ~word)) & High;
            if (stops == 0) {
                at += 8;
                continue;
            }
            if constexpr (std::endian::native == std::endian::little)
                at += std::countr_zero(stops) / 8;
            break;
        }
        if (at == size)
            break;
        const unsigned char c = bytes[at];
        if (c >= 0x20 && c < 0x80) {
            ++at;
            continue;
        }
        if (c == 0x1b) {
            if (at + 1 >= size || bytes[at + 1] != '[')
                return at;
            int separators = 0;
            qsizetype end = at + 2;
            for (; end < size; ++end) {
                const unsigned char p = bytes[end];
                if (p >= '0' && p <= '9')
                    continue;
                if (p != ';' && p != ':')
                    break;
                if (++separators > MaxControlSequenceSeparators)
                    return at;
            }
            if (end >= size || bytes[end] < 0x40 || bytes[end] > 0x7e || bytes[end] == 'b'
                || bytes[end] == 'h' || bytes[end] == 'l')
                return at;
            at = end + 1;
            continue;
        }
        if (c < 0x20) {
            // CAN and SUB end a sequence, SO and SI shift the character sets.
            if (c == 0x18 || c == 0x1a || c == 0x0e || c == 0x0f)
                return at;
            ++at;
            continue;
        }
        // UTF-8: a lead byte of a two- to four-byte character, all of it here.
        const int continuations = c >= 0xc2 && c <= 0xdf ? 1
            : c >= 0xe0 && c <= 0xef                     ? 2
            : c >= 0xf0 && c <= 0xf4                     ? 3
                                                         : 0;
        if (continuations == 0 || size - at <= continuations)
            return at;
        for (int i = 1; i <= continuations; ++i) {
            if ((bytes[at + i] & 0xc0) != 0x80)
                return at;
        }
        if (c == 0xc2 && bytes[at + 1] < 0xa0)
            return at; // U+0080 to U+009F: C1 controls
        at += 1 + continuations;
    }
    return size;
}

// Where the run of printable ASCII (0x20 to 0x7e) from `from` on ends; eight bytes at a time, as
// above (a byte is flagged from 0x80 up, below 0x20, and at 0x7f, which adding one takes to 0x80;
// carries, like borrows, only flag bytes above a flagged one).
inline qsizetype printableRunEnd(QByteArrayView data, qsizetype from)
{
    const auto *bytes = reinterpret_cast<const unsigned char *>(data.data());
    const qsizetype size = data.size();
    qsizetype at = from;
    if constexpr (std::endian::native == std::endian::little) {
        constexpr std::uint64_t High = 0x8080808080808080ULL;
        constexpr std::uint64_t Space = 0x2020202020202020ULL;
        constexpr std::uint64_t Ones = 0x0101010101010101ULL;
        while (size - at >= 8) {
            std::uint64_t word;
            std::memcpy(&word, bytes + at, sizeof word);
            const std::uint64_t stops = (word | ((word - Space) & ~word) | (word + Ones)) & High;
            if (stops != 0)
                return at + std::countr_zero(stops) / 8;
            at += 8;
        }
    }
    while (at < size && bytes[at] >= 0x20 && bytes[at] < 0x7f)
        ++at;
    return at;
}

} // namespace Terrarium::Core
