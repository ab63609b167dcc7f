// The prompt's text is written for an agent (a program reading it), not for the person: it stays in English, as the
// local API's answers do, and is not translated.
#include "OutsideAgentPrompt.h"

#include "domain/PromptVariables.h"
#include "domain/TransitionGraph.h"

#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

QString nameAmong(const QList<Agent> &agents, const QString &id)
{
    if (id == TransitionGraph::kOrchestrator)
        return u"the orchestrator (the dashboard itself)"_s;
    for (const Agent &agent : agents)
        if (agent.id == id)
            return agent.name;
    return id;
}

} // namespace

QString OutsideAgentPrompt::payloadFormat(const QString &instructions)
{
    static const QRegularExpression block(u"^```json\\n(.*?)^```$"_s,
        QRegularExpression::MultilineOption | QRegularExpression::DotMatchesEverythingOption);
    return block.match(instructions).captured(1);
}

QString OutsideAgentPrompt::render(
    const Agent &agent, const QList<Agent> &agents, const QHash<QString, QString> &values)
{
    const QString token = u"$"_s + kTokenVariable;
    const QString auth = u"-H \"Authorization: Bearer %1\""_s.arg(token);
    const QString json = u"-H \"Content-Type: application/json\""_s;
    // The story id goes into a URL: encoded there once it is known; `$STORY_ID` is left for the shell otherwise.
    const QString storyInUrl = values.contains(u"STORY_ID"_s)
        ? QString::fromLatin1(QUrl::toPercentEncoding(values.value(u"STORY_ID"_s)))
        : u"$STORY_ID"_s;
    const QString post = u"curl -s -X POST %1 %2 \"$DASHBOARD_URL/api/handoffs\" -d"_s.arg(auth, json);

    QStringList lines;
    lines << u"---"_s << u"id: %1"_s.arg(agent.id) << u"name: %1"_s.arg(agent.name) << u"---"_s;
    lines << u"# %1"_s.arg(agent.name) << QString();
    lines << u"You are the %1 of a pipeline that Tandem's dashboard coordinates:"_s.arg(agent.name)
          << u"Orchestrator → Analyst → Implementer ⇄ Reviewer → Refactorer → Documenter → Complete."_s;
    if (!agent.role.isEmpty())
        lines << u"Your role: %1"_s.arg(agent.role);
    lines << QString()
          << u"> **Context:** DASHBOARD_URL = $DASHBOARD_URL, STORY_ID = $STORY_ID, BRANCH = $BRANCH. Every request "
             "to the dashboard carries the header `Authorization: Bearer %1`: the token is in the environment "
             "variable %2, never in this file."_s.arg(token, kTokenVariable)
          << QString();
    lines << u"Run each `curl` line below as it is, with the words in capitals (HANDOFF_ID, PAYLOAD, REASON) replaced. "
             "Every answer is JSON; an error is `{\"error\": \"…\"}` with a sentence (409: the board does not allow "
             "that move now, 404: no such story or handoff)."_s
          << QString();

    lines << u"## The story"_s << QString()
          << u"The story, where its work stands (`currentAgent`, `phase`) and its handoffs:"_s << QString()
          << u"```sh"_s << u"curl -s %1 \"$DASHBOARD_URL/api/stories/%2\""_s.arg(auth, storyInUrl) << u"```"_s
          << QString();

    lines << u"## 1. Take the work"_s << QString()
          << u"The handoff waiting for you (`{\"handoff\": null}` while there is none; ask again later). Its `id` is "
             "the HANDOFF_ID below, its `payload` your brief:"_s
          << QString() << u"```sh"_s
          << u"curl -s %1 \"$DASHBOARD_URL/api/handoffs?storyId=%2&agent=%3\""_s.arg(auth, storyInUrl, agent.id)
          << u"```"_s << QString() << u"Accept it before you start: the work is yours."_s << QString() << u"```sh"_s
          << u"%1 '{\"action\": \"accept\", \"handoffId\": HANDOFF_ID}'"_s.arg(post) << u"```"_s << QString()
          << u"Or, instead of accepting it, reject it with the reason (REASON: a JSON string, such as \"Tests "
             "failing: …\"): the work goes back to the agent that handed it to you."_s
          << QString() << u"```sh"_s
          << u"%1 '{\"action\": \"reject\", \"handoffId\": HANDOFF_ID, \"reason\": REASON}'"_s.arg(post) << u"```"_s
          << QString();

    lines << u"## 2. Hand the work on"_s << QString();
    QStringList targets;
    for (const QString &target : agent.handoffTargets)
        targets << u"%1 (`%2`)"_s.arg(nameAmong(agents, target), target);
    lines << u"When your part is done, hand the work on. From %1 the board allows: %2. Nothing else is accepted "
             "(409)."_s.arg(agent.id, targets.join(u", "_s))
          << QString();
    for (const QString &target : agent.handoffTargets) {
        // The orchestrator is no agent that takes the handoff up: the board accepts it as it is made.
        lines << (target == TransitionGraph::kOrchestrator
                ? u"To %1, which completes the story (the board accepts it at once):"_s.arg(nameAmong(agents, target))
                : u"To %1:"_s.arg(nameAmong(agents, target)))
              << QString() << u"```sh"_s
              << u"%1 '{\"action\": \"create\", \"storyId\": \"$STORY_ID\", \"fromAgent\": \"%2\", \"toAgent\": "
                 "\"%3\", \"payload\": PAYLOAD}'"_s.arg(post, agent.id, target)
              << u"```"_s << QString();
    }
    lines << u"If the agent you handed the work to rejects it, the work is back with you: the story (above) shows you "
             "as `currentAgent`, and your handoff's `rejection_reason` says what to change. Change it and hand the "
             "work on again with the same line."_s
          << QString();
    lines << u"PAYLOAD is a JSON object: the next agent works from it alone, and the board stores and returns it "
             "exactly as you send it."_s;
    const QString format = payloadFormat(agent.instructions);
    if (!format.isEmpty())
        lines << QString() << u"Give it these fields:"_s << QString() << u"```json"_s << format.chopped(1) << u"```"_s;
    lines << QString();

    // Only the execution context's variables are filled in: never the token's variable.
    QHash<QString, QString> known = values;
    known.remove(kTokenVariable.toString());
    return PromptVariables::substitute(lines.join(u'\n'), known).text;
}

} // namespace Tandem
