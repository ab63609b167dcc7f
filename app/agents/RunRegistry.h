#pragma once

#include <QObject>

#include <memory>
#include <unordered_map>
#include <vector>

namespace Tandem {

struct Run;

/// @brief The runs in flight, one per conversation at most. A run that ends is kept until the stack that ended it
/// has unwound, so no caller further up holds a dangling pointer.
class RunRegistry final
{
public:
    RunRegistry() = default;
    ~RunRegistry();
    Q_DISABLE_COPY_MOVE(RunRegistry)

    /// @brief Takes @p run as its conversation's run.
    Run *adopt(std::unique_ptr<Run> run);
    /// @brief The run of @p conversationId, or null.
    Run *find(qint64 conversationId) const;
    /// @brief The run of @p conversationId if it is still the one numbered @p generation and has not ended.
    Run *live(qint64 conversationId, quint64 generation) const;
    bool contains(qint64 conversationId) const { return m_runs.contains(conversationId); }
    /// @brief Removes @p run; it is deleted once control is back in the event loop.
    void retire(Run *run);
    /// @brief Every run in flight.
    std::vector<Run *> all() const;

private:
    std::unordered_map<qint64, std::unique_ptr<Run>> m_runs;
    std::vector<std::unique_ptr<Run>> m_retired;
    QObject m_sweeper; ///< the context of the queued clean-up: gone with the registry
};

} // namespace Tandem
