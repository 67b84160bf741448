#pragma once

#include <cstdint>
#include <string>

namespace Terrarium::Guest {

// A JSON-RPC error object (see PROTOCOL.md, "Errors"). Handlers return it instead of throwing.
struct RpcError
{
    enum Code : int {
        ParseError = -32700,
        InvalidRequest = -32600,
        MethodNotFound = -32601,
        InvalidParams = -32602,
        OsError = 1,
        LimitExceeded = 2,
        UnknownId = 3,
    };

    int code = 0;
    std::string message;
    int sysErrno = 0; // data.errno, for OsError
    int64_t size = -1; // data.size, for a file over the limit

    static RpcError invalidParams(std::string message)
    {
        return {InvalidParams, std::move(message)};
    }
    static RpcError os(int err, std::string message) { return {OsError, std::move(message), err}; }
};

} // namespace Terrarium::Guest
