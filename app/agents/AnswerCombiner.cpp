// The orchestrator's combined reply: its own model call, outside any agent's thread (the specialists' answers are
// given to it in the instructions), streamed into a reply row like any agent's and ended with the run.
#include "AnswerCombiner.h"

#include "agents/EngineConfig.h"
#include "agents/EngineEvents.h"
#include "agents/RequestBuilder.h"
#include "agents/Run.h"
#include "agents/RunMachine.h"
#include "agents/RunRegistry.h"
#include "agents/RunRows.h"
#include "agents/Step.h"
#include "domain/Logging.h"
#include "llm/LlmClient.h"
#include "llm/LlmJob.h"
#include "storage/UnitOfWork.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace Tandem {

AnswerCombiner::AnswerCombiner(UnitOfWork &work, EngineEvents &events, RunRegistry &runs, RunMachine &machine,
    const EngineConfig &config, QObject *parent)
    : QObject(parent)
    , m_work(work)
    , m_events(events)
    , m_runs(runs)
    , m_machine(machine)
    , m_config(config)
{ }

QString AnswerCombiner::instructions(const Run &run)
{
    // Written for the model, in English like the other protocol texts; the reply is in the person's language.
    QString text = u"You are the orchestrator. The person's message asked several specialists, and each has "
                   u"answered its part below. Write one short reply to the person that combines their answers: keep "
                   u"every fact, figure and question they contain, add nothing they did not say, and write in the "
                   u"language of the person's message."_s;
    for (const QPair<QString, QString> &answer : run.answers)
        text += u"\n\n[%1 (%2)]\n%3"_s.arg(run.roster.name(answer.first), answer.first, answer.second.trimmed());
    return text;
}

void AnswerCombiner::combine(Run *run, const QString &orchestrator, const QString &text)
{
    const Agent *agent = run->roster.find(orchestrator);
    if (!agent || !run->client) {
        // Without an orchestrator the specialists' answers stand on their own.
        m_machine.finish(run, RunOutcome::Completed, {});
        return;
    }
    if (const std::optional<GuardrailViolation> violation = run->counters.checkBeforeModelCall()) {
        m_machine.finish(run, RunOutcome::GuardrailStopped, violation->message);
        return;
    }
    // The orchestrator's own provider and model, as for its classification: the specialists' client may be another.
    run->agentId = orchestrator;
    m_machine.useAgentClient(
        run, orchestrator, [this, orchestrator, text](Run *r) { callModel(r, orchestrator, text); });
}

void AnswerCombiner::callModel(Run *run, const QString &orchestrator, const QString &text)
{
    const Agent *agent = run->roster.find(orchestrator);
    QStringList names;
    for (const QPair<QString, QString> &answer : std::as_const(run->answers))
        names << run->roster.name(answer.first);
    // The divider is the mark: the reply below it is the orchestrator's combination, not a specialist's answer.
    Step step(m_work, m_events);
    const bool stored = step.isActive()
        && RunRows::addDivider(m_work, m_events, *run, Message::Divider::Combined,
            tr("%1 combines the answers of %2").arg(run->roster.name(orchestrator), names.join(u", "_s)), orchestrator)
        && step.commit();
    if (!stored) {
        step.rollback();
        m_machine.fail(run, tr("The combined answer could not be stored."), RunFailure::Storage);
        return;
    }
    LlmRequest request;
    request.model = RequestBuilder::modelFor(*agent, run->conversation, m_config, run->client->profile().defaultModel);
    request.instructions = instructions(*run);
    request.input << InputItem::user(text);
    run->counters.recordModelCall();
    m_events.postAgentWorking(run->conversationId, orchestrator, true);
    run->reply.begin(run->conversationId, run->runId, orchestrator, false);
    LlmJob *job = run->client->stream(request);
    run->job = job;
    run->callClock.start();
    // Late signals of a call the run aborted (cancel, timeout) are dropped, as RunMachine's are.
    const quint64 serial = ++run->callSerial;
    const qint64 conversationId = run->conversationId;
    const quint64 generation = run->generation;
    auto current = [this, conversationId, generation, serial]() -> Run * {
        Run *r = m_runs.live(conversationId, generation);
        return r && r->callSerial == serial ? r : nullptr;
    };
    connect(job, &LlmJob::textDelta, this, [this, current](const QString &delta) {
        const EngineEvents::Entry entry(m_events);
        if (Run *r = current(); r && !r->reply.append(delta))
            m_machine.fail(r, tr("The combined answer could not be stored."), RunFailure::Storage);
    });
    connect(job, &LlmJob::finished, this, [this, current](const LlmResult &result) {
        const EngineEvents::Entry entry(m_events);
        if (Run *r = current())
            finished(r, result);
    });
    connect(job, &LlmJob::failed, this, [this, current](const LlmError &error) {
        const EngineEvents::Entry entry(m_events);
        if (Run *r = current()) {
            r->job = nullptr;
            m_machine.fail(r, error.userMessage(), RunFailure::Provider);
        }
    });
    connect(job, &LlmJob::cancelled, this, [this, current] {
        const EngineEvents::Entry entry(m_events);
        if (Run *r = current())
            m_machine.finish(r, RunOutcome::Cancelled, tr("Stopped."));
    });
}

void AnswerCombiner::finished(Run *run, const LlmResult &result)
{
    run->job = nullptr;
    run->counters.addUsage(result.usage);
    const ReplyWriter::Saved saved = run->reply.save();
    Step step(m_work, m_events);
    const bool ok = step.isActive() && m_work.runs().updateUsage(run->runId, run->counters.runUsage())
        && m_work.metrics().recordModelCall(
            run->conversationId, run->runId, run->agentId, result.usage, run->callClock.elapsed())
        && run->reply.complete(result) && step.commit();
    if (!ok) {
        step.rollback();
        run->reply.restore(saved);
        m_machine.fail(run, tr("The combined answer could not be stored."), RunFailure::Storage);
        return;
    }
    m_machine.finish(run, RunOutcome::Completed, {});
}

} // namespace Tandem
