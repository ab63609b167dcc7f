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

    /// @brief The phase in which @p agentId works, in seed 002's words: analyzing, implementing, reviewing,
    /// refactoring, documenting; the end of the pipeline (the orchestrator) is "complete"; another agent's phase is its
    /// id.
    static QString of(const QString &agentId)
    {
        if (agentId == u"analyst")
            return QStringLiteral("analyzing");
        if (agentId == u"implementer")
            return QStringLiteral("implementing");
        if (agentId == u"reviewer")
            return QStringLiteral("reviewing");
        if (agentId == u"refactorer")
            return QStringLiteral("refactoring");
        if (agentId == u"documenter")
            return QStringLiteral("documenting");
        if (agentId == u"orchestrator")
            return kComplete.toString();
        return agentId;
    }
};

} // namespace Tandem
