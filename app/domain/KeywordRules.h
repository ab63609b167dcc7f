#pragma once

#include "Agent.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief Router mode's keyword rules: what decides the specialist when the orchestrator's classification
/// is not confident enough or failed. The keywords are the agents' own (`handles:` in their files, any language).
class KeywordRules
{
public:
    struct Rule
    {
        QString agentId;
        QStringList keywords; ///< a keyword matches at the start of a word ("task" in "tasks"), in any case
    };

    /// @brief One rule per agent of @p agents that declares keywords, in their order.
    static QList<Rule> of(const QList<Agent> &agents);
    /// @brief The agent whose rule matches most keywords of @p text (a tie goes to the longer matched words, then to
    /// the earlier rule); empty if none matches.
    static QString match(const QString &text, const QList<Rule> &rules);
};

} // namespace Tandem
