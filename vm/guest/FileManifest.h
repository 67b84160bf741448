#pragma once

#include "Json.h"
#include "RpcError.h"

#include <cstddef>
#include <cstdint>
#include <expected>

namespace Terrarium::Guest {

// fs.manifest: every entry under a directory with its type, permission bits, size, the SHA-256 of
// regular files and the target of symlinks, sorted by path (byte order), so that the host can
// tell what a run changed in a copied workspace (PROTOCOL.md, fs.manifest).
//
// The walk follows no symlink (the root must not be one), does not descend into other file
// systems mounted below the root (the mount point is listed, marked "other_fs"), and skips
// nothing else. Results are paged: a reply holds at most about kMaxPageBytes of JSON and names a
// cursor for the rest. Cost: each request walks the whole tree again (one fstatat per entry,
// about 0.3 s per 100,000 entries on a warm cache) and hashes the files of its page (about
// 250 MB/s); the agent serves nothing else meanwhile.
class FileManifest
{
public:
    static constexpr int64_t kDefaultMaxEntries = 200000;
    static constexpr int64_t kMaxMaxEntries = 1000000;
    static constexpr size_t kMaxDepth = 256;
    // The JSON of one page's entries: well below the 24 MiB a host must accept per line.
    static constexpr size_t kMaxPageBytes = 8 * 1024 * 1024;

    static std::expected<Json, RpcError> build(const Json &params);
};

} // namespace Terrarium::Guest
