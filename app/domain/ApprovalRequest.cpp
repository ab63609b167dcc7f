#include "ApprovalRequest.h"

#include "EnumNames.h"

namespace Tandem {

namespace {
constexpr EnumName<ApprovalDecision> kDecisionNames[] = {
    { ApprovalDecision::AllowOnce, u"allow_once" },
    { ApprovalDecision::AllowAlways, u"allow_always" },
    { ApprovalDecision::Deny, u"deny" },
};
} // namespace

QString approvalDecisionName(ApprovalDecision decision)
{
    return nameOf(kDecisionNames, decision);
}

std::optional<ApprovalDecision> approvalDecisionFromName(QStringView name)
{
    return valueOf(kDecisionNames, name);
}

} // namespace Tandem
