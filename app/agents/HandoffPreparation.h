#pragma once

#include "domain/HandoffRequest.h"
#include "domain/ProviderProfile.h"

#include <QCoreApplication>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace Tandem {

class ClientPool;
class HandoffExecutor;
class RequestBuilder;
class UnitOfWork;
struct Agent;
struct EngineConfig;
struct Run;

/// @brief What is settled before a handoff is made (seed 003): whether its target can run at all (the variables its
/// prompt uses, its own provider known and with a key, a model), and for a summary transfer the summary the source
/// agent's model writes. Nothing is written here: the handoff itself is HandoffExecutor's one step.
class HandoffPreparation final : public QObject
{
    Q_OBJECT

public:
    /// @brief Finds the run again when an answer comes later: null if it ended or was stopped meanwhile.
    using Current = std::function<Run *()>;
    /// @brief Gets the run (still going) and the prepared request.
    using Done = std::function<void(Run *run, const HandoffRequest &prepared)>;

    HandoffPreparation(UnitOfWork &work, ClientPool *clients, const EngineConfig &config, RequestBuilder &requests,
        const HandoffExecutor &handoffs, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(HandoffPreparation)

    /// @brief Checks @p request's target in @p run and, for a summary transfer, asks the source's model for it; then
    /// @p done gets the request with HandoffRequest::unready or HandoffRequest::summary filled in. @p done may run at
    /// once, and never once @p current says the run is gone. A summary call is the run's job until it ends, so Stop
    /// aborts it.
    void prepare(Run &run, HandoffRequest request, Current current, Done done);

private:
    std::optional<QString> problem(Run &run, const Agent &target, std::optional<ProviderProfile> *ownProvider);
    void summarize(Run &run, HandoffRequest request, Current current, Done done);
    static bool onThisMachine(const ProviderProfile &profile);

    UnitOfWork &m_work;
    ClientPool *m_clients;
    const EngineConfig &m_config;
    RequestBuilder &m_requests;
    const HandoffExecutor &m_handoffs;
};

} // namespace Tandem
