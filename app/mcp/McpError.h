#pragma once

#include <QString>

namespace Tandem {

/// @brief Why an MCP request got no result, typed so a caller can tell a Stop from a dead server.
struct McpError
{
    enum class Type {
        Timeout, ///< no answer within the request's timeout (the request was cancelled on the server)
        Cancelled, ///< the caller cancelled it (Stop, a guardrail)
        Closed, ///< the server exited or its connection ended before it answered
        Protocol, ///< the server answered with something that is not MCP (wrong version, malformed message)
        Server, ///< a JSON-RPC error from the server
    };

    Type type = Type::Protocol;
    QString message; ///< one translated sentence for the model and the person
    int code = 0; ///< the JSON-RPC error code for Type::Server
};

} // namespace Tandem
