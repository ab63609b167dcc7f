#pragma once

#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief What a team's per-agent token may do on the board (issue #31): its role is one of the pipeline's agents, or
/// `admin` (everything) or `observer` (reading and following events only).
///
/// An agent's token acts as that agent and no other: it creates handoffs from its agent, accepts and rejects the ones
/// addressed to its agent, and times out only the ones its agent is part of. Cleaning a story's board and starting or
/// stopping a story are an admin's. The sentences are English, as every answer of the API is: programs read them.
class TokenRole final
{
public:
    static constexpr QStringView kAdmin = u"admin";
    static constexpr QStringView kObserver = u"observer";

    /// @brief Every role a token can have: the pipeline's five agents, then admin and observer.
    static QStringList all();
    /// @brief Whether @p role is one of all() (in these capitals).
    static bool isKnown(const QString &role);
    /// @brief Why a token of @p role may not make the board move @p action (create, accept, reject, timeout, cleanup,
    /// start, stop) on a handoff from @p fromAgent to @p toAgent (the ids the board stores; empty where the action
    /// has none); empty when it may.
    static QString refusal(
        const QString &role, const QString &action, const QString &fromAgent = {}, const QString &toAgent = {});
};

} // namespace Tandem
