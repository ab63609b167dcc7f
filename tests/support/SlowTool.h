#pragma once

#include "tools/Tool.h"
#include "tools/ToolJob.h"

#include <QList>
#include <QPointer>

#include <memory>

namespace Tandem::Test {

/// @brief A tool that takes long, for the tests and benchmarks of the engine's tool jobs: `slow_job` starts a job that
/// ends after durationMs (a timer, the event loop stays free), or when the test calls release(); never on its own when
/// durationMs is 0. Its state is shared with the test, which keeps it after the registry took the tool.
class SlowTool final : public Tool
{
public:
    static constexpr QStringView kName = u"slow_job";

    /// @brief What the test sees of the tool's jobs.
    struct State
    {
        int durationMs = 0; ///< how long a job takes; 0: until release()
        int started = 0;
        int aborted = 0;
        QList<QPointer<ToolJob>> jobs; ///< every job started, in order (null once deleted)

        /// @brief Ends the running jobs with the output `{"done":true}`; the number ended.
        int release();
    };

    explicit SlowTool(std::shared_ptr<State> state);

    ToolDefinition definition() const override;
    /// @brief Refuses: the tool only runs as a job.
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
    ToolJob *start(const QJsonObject &arguments, const ToolContext &context) const override;

private:
    std::shared_ptr<State> m_state;
};

} // namespace Tandem::Test
