// HandoffPreparation runs before a handoff is made, so a target that cannot run is refused while the conversation is
// still with its source (seed 003: "Return error to user, stay with Agent A"), and a summary transfer carries a
// summary the source's own model wrote.
#include "HandoffPreparation.h"

#include "agents/ClientPool.h"
#include "agents/EngineConfig.h"
#include "agents/HandoffContext.h"
#include "agents/HandoffExecutor.h"
#include "agents/OutsideRunners.h"
#include "agents/RequestBuilder.h"
#include "agents/Run.h"
#include "domain/Logging.h"
#include "llm/LlmClient.h"
#include "llm/LlmJob.h"
#include "storage/UnitOfWork.h"

#include <QElapsedTimer>

using namespace Qt::StringLiterals;

namespace Tandem {

HandoffPreparation::HandoffPreparation(UnitOfWork &work, ClientPool *clients, const EngineConfig &config,
    RequestBuilder &requests, const HandoffExecutor &handoffs, QObject *parent)
    : QObject(parent)
    , m_work(work)
    , m_clients(clients)
    , m_config(config)
    , m_requests(requests)
    , m_handoffs(handoffs)
{ }

void HandoffPreparation::prepare(Run &run, HandoffRequest request, Current current, Done done)
{
    const Agent *target = run.roster.find(request.targetAgent);
    // What the rules refuse (an unknown or disabled target, an undeclared edge) is refused by them, as before. An
    // outside agent (`runner: command`) is a program, not a model call: its own checks are chat/OutsideAgents'.
    if (!target || m_handoffs.refusal(run, request)
        || OutsideRunners::of(m_config.agentsFolder, target->id).isCommand()) {
        done(&run, request);
        return;
    }
    std::optional<ProviderProfile> ownProvider;
    if (const std::optional<QString> unready = problem(run, *target, &ownProvider)) {
        request.unready = *unready;
        done(&run, request);
        return;
    }
    // A local server needs no key; a hosted one does, and without one the target's first call could only fail.
    if (!ownProvider || onThisMachine(*ownProvider) || !m_clients) {
        summarize(run, request, current, done);
        return;
    }
    request.unready
        = tr("%1 cannot take the conversation: its provider “%2” has no API key in the keychain. The "
             "conversation stays with %3.")
              .arg(run.roster.name(target->id), ownProvider->name.isEmpty() ? ownProvider->id : ownProvider->name,
                  run.roster.name(request.fromAgent));
    m_clients->hasKey(*ownProvider, [this, request, current, done](bool found) mutable {
        Run *r = current();
        if (!r)
            return;
        if (!found) {
            done(r, request);
            return;
        }
        request.unready.clear();
        summarize(*r, request, current, done);
    });
}

std::optional<QString> HandoffPreparation::problem(
    Run &run, const Agent &target, std::optional<ProviderProfile> *ownProvider)
{
    const QString targetName = run.roster.name(target.id);
    const QString sourceName = run.roster.name(run.agentId);
    QStringList unknown;
    m_requests.instructions(run, target, &unknown);
    if (!unknown.isEmpty())
        return tr("%1 cannot take the conversation: its prompt uses %2, which this conversation does not set. The "
                  "conversation stays with %3.")
            .arg(targetName, u"$"_s + unknown.join(u", $"_s), sourceName);
    // The target's own provider, where it names one other than the run's (a provider given for this process only
    // overrides every agent's).
    // The store keeps only a configured provider's id: a name the target's file gives that is none is kept aside
    // (EngineConfig::unknownProviders).
    const QString named = !target.providerId.isEmpty() ? target.providerId : m_config.unknownProviders.value(target.id);
    QString providerModel = run.client ? run.client->profile().defaultModel : QString();
    if (m_config.unstoredProvider.id.isEmpty() && !named.isEmpty() && named != run.conversation.providerId) {
        *ownProvider = m_work.providers().get(named);
        if (!*ownProvider)
            return tr("%1 cannot take the conversation: its provider “%2” is unknown. The conversation stays with %3.")
                .arg(targetName, named, sourceName);
        providerModel = (*ownProvider)->defaultModel;
    }
    // A model for the target's own provider (with the run's, the source's call went with the same rule).
    if (*ownProvider && RequestBuilder::modelFor(target, run.conversation, m_config, providerModel).isEmpty())
        return tr("%1 cannot take the conversation: no model is chosen for it. The conversation stays with %2.")
            .arg(targetName, sourceName);
    return std::nullopt;
}

void HandoffPreparation::summarize(Run &run, HandoffRequest request, Current current, Done done)
{
    const std::optional<TransitionGraph::Edge> edge = run.roster.graph.edge(request.fromAgent, request.targetAgent);
    const Agent *source = run.roster.find(request.fromAgent);
    if (request.source != HandoffRequest::Source::Tool || !edge
        || edge->transfer != TransitionGraph::ContextTransfer::Summary || !source || !run.client) {
        done(&run, request);
        return;
    }
    const QString model
        = RequestBuilder::modelFor(*source, run.conversation, m_config, run.client->profile().defaultModel);
    int omitted = 0;
    const QList<Message> rows = HandoffContext::newest(
        m_work.messages().transcript(run.conversationId, 0), m_config.historyTokenCap, &omitted);
    LlmJob *job = run.client->stream(
        HandoffContext::summaryRequest(rows, run.roster, model, run.roster.name(request.targetAgent)));
    run.job = job;
    QElapsedTimer clock;
    clock.start();
    connect(job, &LlmJob::finished, this, [this, request, current, done, clock](const LlmResult &result) mutable {
        if (Run *r = current()) {
            r->job = nullptr;
            // The summary is a model call of the source's like any other: its tokens count against the run's budget
            // and in the metrics.
            r->counters.addUsage(result.usage);
            if (!m_work.metrics().recordModelCall(
                    r->conversationId, r->runId, request.fromAgent, result.usage, clock.elapsed()))
                qCWarning(lcAgents) << "the handoff summary's model call could not be recorded";
            request.summary = result.text;
            done(r, request);
        }
    });
    connect(job, &LlmJob::failed, this, [request, current, done](const LlmError &error) mutable {
        if (Run *r = current()) {
            // The handoff still goes ahead; the target reads that the summary is missing and why.
            qCInfo(lcAgents) << "the handoff summary failed:" << error.detail;
            r->job = nullptr;
            request.summary = u"(The summary could not be written: %1)"_s.arg(error.detail);
            done(r, request);
        }
    });
}

bool HandoffPreparation::onThisMachine(const ProviderProfile &profile)
{
    const QString host = profile.baseUrl.host();
    return host == u"localhost" || host.startsWith(u"127.") || host == u"::1" || host == u"[::1]";
}

} // namespace Tandem
