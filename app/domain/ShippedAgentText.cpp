#include "ShippedAgentText.h"

#include <QCoreApplication>

#include <span>

namespace Tandem {

namespace {
struct Entry
{
    const char *id;
    const char *name;
    const char *role;
};

// The words of resources/agents/*.md, for lupdate (tst_agentcatalog checks that they are the files' words). The
// context stays "AgentCatalog", where the names were translated first.
constexpr Entry kShipped[] = {
    { "agent1", QT_TRANSLATE_NOOP("AgentCatalog", "Agent 1"),
        QT_TRANSLATE_NOOP("AgentCatalog", "Clarifies the request, then hands a self-contained brief to agent 2.") },
    { "agent2", QT_TRANSLATE_NOOP("AgentCatalog", "Agent 2"),
        QT_TRANSLATE_NOOP("AgentCatalog", "Validates the brief and writes the answer.") },
    { "analyst", QT_TRANSLATE_NOOP("AgentCatalog", "Analyst"),
        QT_TRANSLATE_NOOP(
            "AgentCatalog", "Reads the story, analyses the codebase and writes the implementation plan.") },
    { "assistant", QT_TRANSLATE_NOOP("AgentCatalog", "Assistant"),
        QT_TRANSLATE_NOOP("AgentCatalog", "Answers in single-agent conversations, using the built-in tools.") },
    { "documenter", QT_TRANSLATE_NOOP("AgentCatalog", "Documenter"),
        QT_TRANSLATE_NOOP(
            "AgentCatalog", "Updates the documentation, adds comments, and signals that the story is complete.") },
    { "general", QT_TRANSLATE_NOOP("AgentCatalog", "General agent"),
        QT_TRANSLATE_NOOP(
            "AgentCatalog", "Handles greetings and casual conversation; the default when no specialist matches.") },
    { "implementer", QT_TRANSLATE_NOOP("AgentCatalog", "Implementer"),
        QT_TRANSLATE_NOOP("AgentCatalog", "Writes the code following the plan, and its tests.") },
    { "orchestrator", QT_TRANSLATE_NOOP("AgentCatalog", "Orchestrator"),
        QT_TRANSLATE_NOOP(
            "AgentCatalog", "Routes each request of router mode to the specialist best placed to answer it.") },
    { "qa", QT_TRANSLATE_NOOP("AgentCatalog", "Q&A agent"),
        QT_TRANSLATE_NOOP("AgentCatalog",
            "Answers questions about Tandem's features, gives productivity advice, explains ADHD-friendly "
            "workflows.") },
    { "refactorer", QT_TRANSLATE_NOOP("AgentCatalog", "Refactorer"),
        QT_TRANSLATE_NOOP("AgentCatalog", "Polishes the working code without changing its behaviour.") },
    { "reviewer", QT_TRANSLATE_NOOP("AgentCatalog", "Reviewer"),
        QT_TRANSLATE_NOOP("AgentCatalog", "Reviews the implementation, and approves it or rejects it with feedback.") },
    { "task", QT_TRANSLATE_NOOP("AgentCatalog", "Task agent"),
        QT_TRANSLATE_NOOP("AgentCatalog",
            "Creates, completes, updates, searches and deletes the person's tasks (with confirmation).") },
    { "tracking", QT_TRANSLATE_NOOP("AgentCatalog", "Tracking agent"),
        QT_TRANSLATE_NOOP(
            "AgentCatalog", "Gives status updates, finds stale tasks, suggests next actions and shows progress.") },
};

const Entry *entryOf(const QString &id)
{
    for (const Entry &entry : std::span(kShipped))
        if (id == QLatin1StringView(entry.id))
            return &entry;
    return nullptr;
}

/// @p written translated when it is the shipped @p english word for word; a person's own words stay theirs.
QString translatedIf(const QString &written, const char *english)
{
    if (written != QString::fromUtf8(english))
        return written;
    return QCoreApplication::translate("AgentCatalog", english);
}
} // namespace

QStringList ShippedAgentText::names()
{
    QStringList names;
    for (const Entry &entry : std::span(kShipped))
        names << QString::fromUtf8(entry.name);
    return names;
}

QStringList ShippedAgentText::roles()
{
    QStringList roles;
    for (const Entry &entry : std::span(kShipped))
        roles << QString::fromUtf8(entry.role);
    return roles;
}

QString ShippedAgentText::name(const Agent &agent)
{
    const Entry *entry = entryOf(agent.id);
    return entry ? translatedIf(agent.name, entry->name) : agent.name;
}

QString ShippedAgentText::role(const Agent &agent)
{
    const Entry *entry = entryOf(agent.id);
    return entry ? translatedIf(agent.role, entry->role) : agent.role;
}

Agent ShippedAgentText::shown(Agent agent)
{
    agent.name = name(agent);
    agent.role = role(agent);
    return agent;
}

} // namespace Tandem
