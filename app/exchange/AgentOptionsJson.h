#pragma once

#include "domain/Agent.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QStringView>

namespace Tandem {

/// @brief The agent fields of a Tandem JSON export that came with prompt-file agents: the output limit, the options
/// of each handoff target and the modes; and router mode's keywords, description and fallback mark. Written always;
/// read when present (an older export has none of them).
class AgentOptionsJson final
{
    Q_DECLARE_TR_FUNCTIONS(AgentOptionsJson)

public:
    /// @brief What is wrong with one field; field empty when nothing is.
    struct Problem
    {
        QStringView field; ///< a literal: the member's name
        QString what;
    };

    /// @brief Appends `, "max_output_tokens": …, "edge_options": {…}, "modes": […], "handles": […], "description": …,
    /// "fallback": …` for @p agent.
    static void append(QString &out, const Agent &agent);
    /// @brief Reads the fields that @p object has into @p agent; the first problem, if any.
    static Problem read(const QJsonObject &object, Agent *agent);

private:
    /// @brief Reads router mode's `handles`, `description` and `fallback` when present.
    static Problem readRouterFields(const QJsonObject &object, Agent *agent);
};

} // namespace Tandem
