#include "Message.h"

#include "EnumNames.h"
#include "HandoffSignal.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr EnumName<Message::Role> kRoles[] = {
    { Message::Role::User, u"user" },
    { Message::Role::Assistant, u"assistant" },
    { Message::Role::System, u"system" },
    { Message::Role::Tool, u"tool" },
};
constexpr EnumName<Message::Kind> kKinds[] = {
    { Message::Kind::Text, u"text" },
    { Message::Kind::Divider, u"divider" },
    { Message::Kind::ToolCall, u"tool_call" },
    { Message::Kind::ToolResult, u"tool_result" },
    { Message::Kind::Error, u"error" },
};
constexpr EnumName<Message::Status> kStatuses[] = {
    { Message::Status::Complete, u"complete" },
    { Message::Status::Streaming, u"streaming" },
    { Message::Status::Interrupted, u"interrupted" },
    { Message::Status::Error, u"error" },
    { Message::Status::Cancelled, u"cancelled" },
};
constexpr EnumName<Message::Divider> kDividers[] = {
    { Message::Divider::None, u"" },
    { Message::Divider::HandingOver, u"handing_over" },
    { Message::Divider::Accepted, u"accepted" },
    { Message::Divider::Rejected, u"rejected" },
    { Message::Divider::Transferred, u"transferred" },
    { Message::Divider::Error, u"error" },
    { Message::Divider::ApprovalNeeded, u"approval_needed" },
    { Message::Divider::Completed, u"completed" },
    { Message::Divider::WaitingForYou, u"waiting_for_you" },
    { Message::Divider::Routed, u"routed" },
    { Message::Divider::Combined, u"combined" },
};
} // namespace

QString Message::roleName(Role role)
{
    return nameOf(kRoles, role);
}
std::optional<Message::Role> Message::roleFromName(QStringView name)
{
    return valueOf(kRoles, name);
}
QString Message::kindName(Kind kind)
{
    return nameOf(kKinds, kind);
}
std::optional<Message::Kind> Message::kindFromName(QStringView name)
{
    return valueOf(kKinds, name);
}
QString Message::statusName(Status status)
{
    return nameOf(kStatuses, status);
}
std::optional<Message::Status> Message::statusFromName(QStringView name)
{
    return valueOf(kStatuses, name);
}
QString Message::dividerName(Divider divider)
{
    return nameOf(kDividers, divider);
}
std::optional<Message::Divider> Message::dividerFromName(QStringView name)
{
    return valueOf(kDividers, name);
}

QString Message::displayText() const
{
    if (kind == Kind::Text && handoffId != 0)
        return HandoffSignal::visibleText(content);
    return content;
}

} // namespace Tandem
