#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief Router mode's keyword rules: what decides the specialist when the orchestrator's classification
/// is not confident enough or failed. English and Russian.
class KeywordRules
{
public:
    /// @brief The router's specialists: tasks, questions and answers, tracking, and the general agent.
    static constexpr QStringView kTask = u"task";
    static constexpr QStringView kQa = u"qa";
    static constexpr QStringView kTracking = u"tracking";
    static constexpr QStringView kGeneral = u"general";

    struct Rule
    {
        QString agentId;
        QStringList keywords; ///< lower case; a keyword matches at the start of a word ("task" in "tasks")
    };

    /// @brief The shipped rules, tracking before task before Q&A (the first wins a tie).
    static QList<Rule> defaults();
    /// @brief The agent whose rule matches most keywords of @p text; empty if none matches.
    static QString match(const QString &text, const QList<Rule> &rules = defaults());
};

} // namespace Tandem
