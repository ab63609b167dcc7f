#pragma once

#include <QString>

namespace Tandem {

/// @brief The phase of a pipeline conversation: which part of the work is being done, named after the agent
/// doing it. Stored in the conversation's variables under kVariable.
class PipelinePhase
{
public:
    static constexpr QStringView kVariable = u"pipeline.phase";
    static constexpr QStringView kComplete = u"complete";

    /// @brief The phase in which @p agentId works: analysis, implementation, review, refactoring, documentation; the
    /// end of the pipeline (the orchestrator) is "complete"; another agent's phase is its id.
    static QString of(const QString &agentId)
    {
        if (agentId == u"analyst")
            return QStringLiteral("analysis");
        if (agentId == u"implementer")
            return QStringLiteral("implementation");
        if (agentId == u"reviewer")
            return QStringLiteral("review");
        if (agentId == u"refactorer")
            return QStringLiteral("refactoring");
        if (agentId == u"documenter")
            return QStringLiteral("documentation");
        if (agentId == u"orchestrator")
            return kComplete.toString();
        return agentId;
    }
};

} // namespace Tandem
