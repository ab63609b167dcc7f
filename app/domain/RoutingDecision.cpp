#include "RoutingDecision.h"

#include "EnumNames.h"

namespace Tandem {

namespace {
constexpr EnumName<RoutingDecision::Method> kMethods[] = {
    { RoutingDecision::Method::Classifier, u"classifier" },
    { RoutingDecision::Method::Keywords, u"keywords" },
    { RoutingDecision::Method::CarryOver, u"carry_over" },
    { RoutingDecision::Method::Fallback, u"fallback" },
    { RoutingDecision::Method::Confirmation, u"confirmation" },
    { RoutingDecision::Method::Direct, u"direct" },
};
} // namespace

QString RoutingDecision::methodName(Method method)
{
    return nameOf(kMethods, method);
}

std::optional<RoutingDecision::Method> RoutingDecision::methodFromName(QStringView name)
{
    return valueOf(kMethods, name);
}

} // namespace Tandem
