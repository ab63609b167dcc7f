#include "DefaultAgents.h"

#include "domain/Logging.h"
#include "storage/AgentStore.h"

#include <QFile>

using namespace Qt::StringLiterals;

namespace Tandem {

QString DefaultAgents::prompt(const QString &agentId)
{
    QFile file(u":/agents/%1.md"_s.arg(agentId));
    if (!file.open(QIODevice::ReadOnly)) {
        qCWarning(lcAgents) << "no shipped prompt for" << agentId;
        return {};
    }
    return QString::fromUtf8(file.readAll()).trimmed();
}

QList<Agent> DefaultAgents::all()
{
    Agent assistant;
    assistant.id = kAssistant.toString();
    assistant.name = tr("Assistant");
    assistant.role = tr("Answers in single-agent conversations, using the built-in tools.");
    assistant.instructions = prompt(assistant.id);
    assistant.allowedTools = { u"current_datetime"_s, u"calculator"_s, u"list_files"_s, u"read_file"_s, u"write_file"_s,
        u"delete_file"_s };

    Agent agent1;
    agent1.id = kAgent1.toString();
    agent1.name = tr("Agent 1");
    agent1.role = tr("Clarifies the request, then hands a self-contained brief to agent 2.");
    agent1.instructions = prompt(agent1.id);
    agent1.handoffTargets = { kAgent2.toString() };

    Agent agent2;
    agent2.id = kAgent2.toString();
    agent2.name = tr("Agent 2");
    agent2.role = tr("Validates the brief and writes the answer.");
    agent2.instructions = prompt(agent2.id);
    agent2.terminal = true;

    return { assistant, agent1, agent2 };
}

bool DefaultAgents::seed(AgentStore &store)
{
    bool ok = true;
    const QList<Agent> agents = all();
    for (const Agent &agent : agents)
        if (!store.get(agent.id))
            ok = store.save(agent) && ok;
    return ok;
}

QString DefaultAgents::firstAgent(Conversation::Mode mode)
{
    switch (mode) {
    case Conversation::Mode::Dual:
        return kAgent1.toString();
    case Conversation::Mode::Pipeline:
        return u"analyst"_s; // seed 002: the orchestrator hands every story to the analyst first
    case Conversation::Mode::Single:
    case Conversation::Mode::Router:
        break;
    }
    return kAssistant.toString();
}

} // namespace Tandem
