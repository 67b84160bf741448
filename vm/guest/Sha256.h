#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace Terrarium::Guest {

// SHA-256 (FIPS 180-4), incremental: the agent has no libraries to take it from. Plain and
// portable, about 200-300 MB/s on one core; fs.manifest hashes workspace files with it.
class Sha256
{
public:
    Sha256();

    void update(const void *data, size_t size);
    void update(std::string_view data) { update(data.data(), data.size()); }
    // The digest as 64 lowercase hex digits; the object is spent afterwards.
    std::string hexDigest();

private:
    void compress(const uint8_t *block);

    std::array<uint32_t, 8> m_state;
    std::array<uint8_t, 64> m_block{};
    size_t m_blockSize = 0;
    uint64_t m_totalBytes = 0;
};

} // namespace Terrarium::Guest
