#pragma once

#include "domain/Agent.h"

#include <QHash>
#include <QList>
#include <QString>

namespace Tandem {

/// @brief The prompt `tandem agents export-prompts` writes for an agent that runs outside Tandem (a coding agent's
/// CLI, a script): who it is, and exactly how it uses the board, as `curl` lines against the local API with the
/// `Authorization` header, the transitions its role allows, the payload's format and the story's own URL.
///
/// It names no tool of Tandem's (the outside agent has its own): only the board's endpoints. DASHBOARD_URL,
/// STORY_ID and BRANCH are filled in from the values given, as seed 002's execution prompt does; one that is not
/// known stays `$NAME`. The token is never written: the lines read it from the environment variable kTokenVariable.
class OutsideAgentPrompt
{
public:
    static constexpr QStringView kTokenVariable = u"TANDEM_TOKEN";

    /// @brief The prompt of @p agent among @p agents (for the names of its targets), with @p values substituted.
    static QString render(const Agent &agent, const QList<Agent> &agents, const QHash<QString, QString> &values);

private:
    /// The first ```json block of @p instructions: the payload the agent's own prompt asks for; empty if none.
    static QString payloadFormat(const QString &instructions);
};

} // namespace Tandem
