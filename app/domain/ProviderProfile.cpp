#include "ProviderProfile.h"

#include "EnumNames.h"

namespace Tandem {

namespace {
constexpr EnumName<ProviderProfile::Protocol> kProtocols[] = {
    { ProviderProfile::Protocol::Responses, u"responses" },
    { ProviderProfile::Protocol::ChatCompletions, u"chat_completions" },
};
} // namespace

QString ProviderProfile::protocolName(Protocol protocol)
{
    return nameOf(kProtocols, protocol);
}
std::optional<ProviderProfile::Protocol> ProviderProfile::protocolFromName(QStringView name)
{
    return valueOf(kProtocols, name);
}

QString ProviderProfile::defaultAmong(const QList<ProviderProfile> &stored, const QString &chosenId)
{
    for (const ProviderProfile &profile : stored)
        if (!chosenId.isEmpty() && profile.id == chosenId)
            return chosenId;
    return stored.isEmpty() ? QString() : stored.constFirst().id;
}

} // namespace Tandem
