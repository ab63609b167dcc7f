// HandoffContext decides what a handoff's target receives of the conversation. The texts the models read are English
// (like the handoff note itself): they are prompts, not the window's words.
#include "HandoffContext.h"

#include "domain/AgentRoster.h"

#include <QJsonObject>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Tandem {

int HandoffContext::estimateTokens(const QString &text)
{
    return int((text.size() + 3) / 4);
}

QString HandoffContext::redact(const QString &text)
{
    // Secrets never travel to another model: the key-like shapes of the common providers and services, a bearer
    // header, an assignment of a key, token or password, and any long unbroken run of key characters.
    static const QRegularExpression patterns[] = {
        QRegularExpression(u"\\b(?:sk|pk|rk)-[A-Za-z0-9_\\-]{8,}"_s),
        QRegularExpression(u"\\b(?:ghp|gho|ghu|ghs|ghr|github_pat|glpat|xox[abprs])[-_][A-Za-z0-9_\\-]{8,}"_s),
        QRegularExpression(u"\\bAKIA[0-9A-Z]{12,}"_s),
        QRegularExpression(u"\\bAIza[0-9A-Za-z_\\-]{20,}"_s),
        QRegularExpression(u"(?i)\\bbearer\\s+[A-Za-z0-9._~+/=\\-]{8,}"_s),
        QRegularExpression(
            u"(?i)\\b((?:api[_-]?key|token|secret|password|passwd)\\s*[:=]\\s*)[\"']?[^\\s\"']{4,}[\"']?"_s),
        QRegularExpression(u"\\b[A-Za-z0-9_\\-+/]{32,}={0,2}"_s),
    };
    QString out = text;
    for (const QRegularExpression &pattern : patterns)
        out.replace(pattern, pattern.captureCount() > 0 ? u"\\1[redacted]"_s : u"[redacted]"_s);
    return out;
}

QList<Message> HandoffContext::newest(const QList<Message> &rows, int tokenCap, int *omitted)
{
    qsizetype first = rows.size();
    int tokens = 0;
    while (first > 0) {
        const int cost = estimateTokens(rows.at(first - 1).displayText());
        if (first < rows.size() && tokenCap > 0 && tokens + cost > tokenCap)
            break;
        tokens += cost;
        --first;
    }
    if (omitted)
        *omitted = int(first);
    return rows.mid(first);
}

QJsonArray HandoffContext::history(const QList<Message> &rows, int tokenCap)
{
    int omitted = 0;
    const QList<Message> kept = newest(rows, tokenCap, &omitted);
    QJsonArray entries;
    // The cut is said to the target, so it knows the history it reads is not the whole conversation.
    if (omitted > 0)
        entries.append(QJsonObject { { u"role"_s, u"user"_s },
            { u"text"_s, u"[earlier %1 messages omitted]"_s.arg(omitted) }, { u"agent"_s, QString() } });
    for (const Message &row : kept) {
        const bool user = row.role == Message::Role::User;
        entries.append(QJsonObject { { u"role"_s, user ? u"user"_s : u"assistant"_s }, { u"text"_s, row.displayText() },
            { u"agent"_s, row.agentId } });
    }
    return entries;
}

LlmRequest HandoffContext::summaryRequest(
    const QList<Message> &rows, const AgentRoster &roster, const QString &model, const QString &targetName)
{
    LlmRequest request;
    request.model = model;
    request.instructions = u"You hand a conversation over to %1. Write a structured summary of it for %1 with exactly "
                           u"these four sections: Goal, Facts, Decisions, Open questions. Be brief and concrete. "
                           u"Never include secrets, passwords, API keys or tokens: anything that looked like one has "
                           u"been replaced with [redacted] before it reached you; leave it out."_s.arg(targetName);
    QStringList lines;
    for (const Message &row : rows) {
        const QString who = row.role == Message::Role::User ? u"Person"_s : roster.name(row.agentId);
        lines << u"%1: %2"_s.arg(who, redact(row.displayText()));
    }
    request.input << InputItem::user(u"The conversation so far:\n\n"_s + lines.join(u"\n\n"_s));
    return request;
}

QString HandoffContext::summaryNote(const QString &sourceName, const QString &summary)
{
    return u"Summary of the conversation so far, by %1:\n%2"_s.arg(sourceName, redact(summary.trimmed()));
}

QString HandoffContext::referenceNote()
{
    return u"The earlier messages of this conversation are not included: call %1 to read them when you need them."_s
        .arg(kReadHistoryTool);
}

void HandoffContext::grantHistoryTool(AgentRoster &roster)
{
    const QList<TransitionGraph::Edge> edges = roster.graph.edges();
    for (const TransitionGraph::Edge &edge : edges) {
        if (edge.transfer != ContextTransfer::Reference)
            continue;
        for (Agent &agent : roster.agents)
            if (agent.id == edge.to && !agent.allowedTools.contains(kReadHistoryTool))
                agent.allowedTools << kReadHistoryTool.toString();
    }
}

} // namespace Tandem
