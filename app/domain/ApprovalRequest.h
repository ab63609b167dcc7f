#pragma once

#include <QDateTime>
#include <QMetaType>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief A critical tool call waiting for the person's decision (allow once / always / deny).
struct ApprovalRequest
{
    qint64 id = 0; ///< stable across restarts (a stored row)
    qint64 conversationId = 0;
    qint64 runId = 0;
    QString agentId;
    QString toolName;
    QString callId;
    QString arguments; ///< the raw JSON the model wrote; the person may edit it
    QDateTime createdAt;
    /// Not stored, said again each time the request is shown: false if the tool asks every time (git_push), so the
    /// question offers no "always".
    bool allowsAlways = true;
    /// Not stored: the agent's file says `network: true` for this command and the person has not yet said whether
    /// the conversation's commands may use the network; the question asks it too.
    bool asksNetwork = false;
};

/// @brief The person's answer to an ApprovalRequest.
enum class ApprovalDecision { AllowOnce, AllowAlways, Deny };

/// @brief How a run ended, for the view models and the CLI's exit code.
enum class RunOutcome { Completed, Failed, Cancelled, GuardrailStopped };

/// @brief The stored names of ApprovalDecision ("allow_once", "allow_always", "deny").
QString approvalDecisionName(ApprovalDecision decision);
std::optional<ApprovalDecision> approvalDecisionFromName(QStringView name);

} // namespace Tandem

Q_DECLARE_METATYPE(Tandem::ApprovalRequest)
Q_DECLARE_METATYPE(Tandem::RunOutcome)
