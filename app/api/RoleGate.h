#pragma once

#include "ApiReply.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace Tandem {

class ChatRepository;
struct ApiCaller;

/// @brief Holds a per-agent token to its role (TokenRole) before a request moves the board: the 403 that says why, or
/// nothing to let it through. Reading (GET) and following events are every role's; a malformed request, an unknown
/// agent or handoff is let through for its endpoint to answer (400, 404) as for anyone.
class RoleGate final
{
public:
    static std::optional<ApiReply> check(
        ChatRepository &repository, const ApiCaller &caller, bool post, const QString &path, const QByteArray &body);
};

} // namespace Tandem
