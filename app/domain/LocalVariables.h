#pragma once

#include <QStringView>

namespace Tandem {

/// @brief The conversation variables that belong to this machine and never travel in an export nor arrive with an
/// import: the person's choices about approvals ("always for this conversation" is `approval.always_allowed`), and
/// the prompt variables Tandem fills in itself (DASHBOARD_URL is this machine's local API).
///
/// A file that carried `approval.always_allowed` would let the next run use critical tools without a question; one
/// that carried DASHBOARD_URL would point the agents' prompts at another host.
class LocalVariables
{
public:
    /// The prefix of the variables that hold the person's approval choices.
    static constexpr QStringView kApprovalPrefix = u"approval.";
    /// The tools the person allowed for the whole conversation (a JSON array of tool names).
    static constexpr QStringView kAlwaysAllowed = u"approval.always_allowed";
    /// Whether the commands of agents whose file says `network: true` may use the network ("allowed" or "denied").
    static constexpr QStringView kNetwork = u"approval.network";
    /// The prompt variables Tandem sets from this machine's state.
    static constexpr QStringView kReserved[] = { u"DASHBOARD_URL" };

    /// @brief True if @p name stays on this machine: it is neither exported nor imported.
    static bool isLocal(QStringView name)
    {
        if (name.startsWith(kApprovalPrefix))
            return true;
        for (const QStringView reserved : kReserved)
            if (name == reserved)
                return true;
        return false;
    }
};

} // namespace Tandem
