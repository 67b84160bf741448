#pragma once

#include "Json.h"
#include "RpcError.h"

#include <expected>

namespace Terrarium::Guest {

// The fs.* methods: binary-safe reads and writes with size limits, atomic replacement, lstat and
// directory listings. Each takes the request's params and returns its result.
class FileOps
{
public:
    static constexpr int64_t kMaxRead = 16 * 1024 * 1024;

    static std::expected<Json, RpcError> read(const Json &params);
    static std::expected<Json, RpcError> write(const Json &params);
    static std::expected<Json, RpcError> stat(const Json &params);
    static std::expected<Json, RpcError> list(const Json &params);
};

} // namespace Terrarium::Guest
