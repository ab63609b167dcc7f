#include "AgentProviders.h"

using namespace Qt::StringLiterals;

namespace Tandem {

AgentProviders::Choice AgentProviders::choose(const QString &agentName, const QString &named,
    const QList<ProviderProfile> &configured, const std::optional<ProviderProfile> &conversation)
{
    Choice choice;
    if (named.isEmpty()) {
        choice.profile = conversation;
        if (!conversation)
            choice.error = tr("This conversation has no model provider: choose one in the settings.");
        return choice;
    }
    choice.own = true;
    // The id is what the settings store; a name is what a person writes by hand. The id wins when both match.
    for (const ProviderProfile &profile : configured)
        if (profile.id == named)
            choice.profile = profile;
    for (const ProviderProfile &profile : configured)
        if (!choice.profile && profile.name.compare(named, Qt::CaseInsensitive) == 0)
            choice.profile = profile;
    if (!choice.profile)
        choice.error = tr("The agent “%1” names the provider “%2”, which is not one of the configured providers: "
                          "add it in Settings → Providers or change the agent's provider.")
                           .arg(agentName, named);
    return choice;
}

QString AgentProviders::named(const Agent *agent, const QString &agentId, const QHash<QString, QString> &unknown)
{
    // The stored agent holds only a configured provider's id; a name its file gives that is none is kept aside.
    return agent && !agent->providerId.isEmpty() ? agent->providerId : unknown.value(agentId);
}

QHash<QString, QString> AgentProviders::unknown(const QList<Agent> &agents, const QList<ProviderProfile> &configured)
{
    QHash<QString, QString> names;
    for (const Agent &agent : agents)
        if (!agent.providerId.isEmpty() && !choose(agent.name, agent.providerId, configured, std::nullopt).profile)
            names.insert(agent.id, agent.providerId);
    return names;
}

bool AgentProviders::needsKey(const ProviderProfile &profile)
{
    // Written out instead of QHostAddress: the engine does not link QtNetwork (docs/architecture.md, "Layers").
    const QString host = profile.baseUrl.host().toLower();
    return host != u"localhost"_s && !host.startsWith(u"127."_s) && host != u"::1"_s;
}

QString AgentProviders::missingKey(const QString &agentName, const ProviderProfile &profile)
{
    return tr("The agent “%1” uses the provider “%2”, which has no API key: add its key in Settings → Providers.")
        .arg(agentName, profile.name.isEmpty() ? profile.id : profile.name);
}

} // namespace Tandem
