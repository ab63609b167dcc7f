// OutsideAgents owns the programs of the outside agents (`runner: command`): when each starts, what it is given, its
// bubble, and what its end means for the handoff it was started for.
#include "OutsideAgents.h"

#include "agents/AgentRunner.h"
#include "agents/OutsideRunners.h"
#include "agents/RunRows.h"
#include "chat/OutsideBubble.h"
#include "domain/Logging.h"
#include "domain/PromptVariables.h"
#include "storage/UnitOfWork.h"
#include "tools/OutsideProcess.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

constexpr int kLastLines = 3;
/// How far back the person's kept messages are looked for (hold()).
constexpr int kHeldRows = 200;

/// The last @p count lines of @p text that hold something, joined by " / " for a one-line sentence.
QString lastLines(const QString &text, int count)
{
    QStringList lines;
    const QStringList all = text.split(u'\n');
    for (auto it = all.crbegin(); it != all.crend() && lines.size() < count; ++it)
        if (!it->trimmed().isEmpty())
            lines.prepend(it->trimmed());
    return lines.join(u" / "_s);
}

} // namespace

OutsideAgents::OutsideAgents(UnitOfWork &work, AgentRunner &runner, QObject *parent)
    : QObject(parent)
    , m_work(work)
    , m_runner(runner)
{ }

OutsideAgents::~OutsideAgents() = default;

void OutsideAgents::onHandoffChanged(const Handoff &handoff)
{
    for (const std::shared_ptr<Running> &running : std::as_const(m_running)) {
        if (running->handoff.conversationId != handoff.conversationId)
            continue;
        // Any handoff the agent makes after it was started is the work handed on (to the next agent, the person, or
        // the orchestrator at the end of a pipeline).
        if (handoff.id != running->handoff.id && handoff.fromAgent == running->handoff.toAgent)
            running->handedOn = true;
        if (handoff.id == running->handoff.id && handoff.status() != Handoff::Status::Pending
            && handoff.status() != Handoff::Status::Accepted && running->stopReason.isEmpty()) {
            running->stopReason = handoff.status() == Handoff::Status::TimedOut
                ? tr("Its handoff timed out, so its program was ended.")
                : tr("Its handoff was settled without it, so its program was ended.");
            running->process->stop();
        }
    }
    if (handoff.status() == Handoff::Status::Pending && !m_running.contains(handoff.id))
        launch(handoff);
}

void OutsideAgents::stop(qint64 conversationId)
{
    for (const std::shared_ptr<Running> &running : std::as_const(m_running))
        if (running->handoff.conversationId == conversationId && running->stopReason.isEmpty()) {
            running->stopReason = tr("Stopped: its program was ended.");
            running->process->stop();
        }
}

bool OutsideAgents::isWorking(qint64 conversationId) const
{
    for (const std::shared_ptr<Running> &running : std::as_const(m_running))
        if (running->handoff.conversationId == conversationId)
            return true;
    return false;
}

QString OutsideAgents::holder(const Conversation &conversation)
{
    const QString next = m_runner.nextAgent(conversation);
    if (next.isEmpty() || !OutsideRunners::of(m_runner.config().agentsFolder, next).isCommand())
        return {};
    return next;
}

qint64 OutsideAgents::hold(qint64 conversationId, const QString &agentId, const QString &text)
{
    const EngineEvents::Entry entry(m_runner.events());
    // Stored as any message is, before anything else; no run: that is how the agent's next prompt finds it.
    Message message;
    message.conversationId = conversationId;
    message.role = Message::Role::User;
    message.content = text;
    if (!RunRows::add(m_work, m_runner.events(), message))
        return 0;
    const QString name = nameOf(agentId);
    RunRows::addDivider(m_work, m_runner.events(), conversationId, 0, Message::Divider::HandingOver,
        tr("The work is with the outside agent %1, a program Tandem does not answer for, so no model was asked. Your "
           "message is kept here and goes into %1's prompt the next time work is handed to it.")
            .arg(name),
        agentId);
    qCInfo(lcAgents) << "message" << message.id << "kept for the outside agent" << agentId;
    return message.id;
}

QStringList OutsideAgents::heldFor(qint64 conversationId, const QString &agentId)
{
    // The person's messages that started no run, since the agent's last bubble: those hold() kept for it.
    QStringList held;
    const QList<Message> rows = m_work.messages().page(conversationId, 0, kHeldRows);
    for (auto it = rows.crbegin(); it != rows.crend(); ++it) {
        if (it->role == Message::Role::Assistant && it->kind == Message::Kind::Text && it->agentId == agentId)
            break;
        if (it->role == Message::Role::User && it->kind == Message::Kind::Text && it->runId == 0)
            held.prepend(it->content);
    }
    return held;
}

QString OutsideAgents::nameOf(const QString &agentId)
{
    const std::optional<Agent> agent = m_work.agents().get(agentId);
    return agent && !agent->name.isEmpty() ? agent->name : agentId;
}

void OutsideAgents::launch(const Handoff &handoff)
{
    const EngineConfig &config = m_runner.config();
    const OutsideRunner runner = OutsideRunners::of(config.agentsFolder, handoff.toAgent);
    if (!runner.isCommand())
        return;
    const std::optional<Conversation> conversation = m_work.conversations().get(handoff.conversationId);
    if (!conversation)
        return;
    const EngineEvents::Entry entry(m_runner.events());
    if (config.dashboardUrl.isEmpty() || config.apiToken.isEmpty()) {
        fail(handoff,
            tr("%1 is an outside agent and works through the local API, which is off: turn it on in Settings → Local "
               "API.")
                .arg(handoff.toAgent));
        return;
    }
    // The same values the agents' prompts get (RequestBuilder::instructions): a conversation is the story.
    QHash<QString, QString> values {
        { u"STORY_ID"_s,
            conversation->storyId.isEmpty() ? QString::number(handoff.conversationId) : conversation->storyId },
        { u"BRANCH"_s, u"story-%1"_s.arg(handoff.conversationId) },
        { u"DASHBOARD_URL"_s, config.dashboardUrl },
    };
    const QHash<QString, QString> stored = m_work.variables().all(handoff.conversationId);
    for (auto it = stored.cbegin(); it != stored.cend(); ++it)
        if (PromptVariables::isName(it.key()))
            values.insert(it.key(), it.value());

    auto running = std::make_shared<Running>();
    running->handoff = handoff;
    // Read before its bubble is stored: the person's messages kept for it are those after its previous one.
    const QByteArray input = prompt(handoff, values);
    Message row;
    row.conversationId = handoff.conversationId;
    row.role = Message::Role::Assistant;
    row.kind = Message::Kind::Text;
    row.status = Message::Status::Streaming;
    row.agentId = handoff.toAgent;
    row.handoffId = handoff.id;
    if (!RunRows::add(m_work, m_runner.events(), row))
        return;

    OutsideProcess::Options options;
    options.workspaceRoot = config.workspaceRoot;
    options.network = runner.network;
    options.withoutSandbox = config.commandsWithoutSandbox;
    options.environment = { { u"DASHBOARD_URL"_s, config.dashboardUrl }, { u"STORY_ID"_s, values[u"STORY_ID"_s] },
        { u"BRANCH"_s, values[u"BRANCH"_s] }, { u"HANDOFF_ID"_s, QString::number(handoff.id) },
        { u"TANDEM_TOKEN"_s, config.apiToken } };
    running->process = new OutsideProcess(this);
    const QString folder = m_work.filePath().isEmpty() ? QString() : QFileInfo(m_work.filePath()).absolutePath();
    running->bubble = new OutsideBubble(m_work, m_runner.events(), row,
        folder.isEmpty()
            ? QString()
            : QDir(folder).filePath(
                u"outside-output/conversation-%1-handoff-%2.log"_s.arg(handoff.conversationId).arg(handoff.id)),
        running->process);
    const qint64 id = handoff.id;
    connect(
        running->process, &OutsideProcess::output, this, [this, id](const QByteArray &bytes) { append(id, bytes); });
    connect(running->process, &OutsideProcess::finished, this,
        [this, id](int exitCode, bool killed) { finish(id, exitCode, killed); });
    const QString problem = running->process->start(runner.argv, input, options);
    if (!problem.isEmpty()) {
        running->process->deleteLater();
        row.status = Message::Status::Error;
        row.error = problem;
        if (m_work.messages().update(row))
            m_runner.events().postMessageUpdated(row);
        fail(handoff, problem);
        return;
    }
    m_running.insert(id, running);
    m_runner.events().postAgentWorking(handoff.conversationId, handoff.toAgent, true);
    // The stale timeout holds for an outside agent too: one that has not handed the work on by then is ended.
    auto *stale = new QTimer(running->process);
    stale->setSingleShot(true);
    connect(stale, &QTimer::timeout, this, [this, id, minutes = config.limits.staleHandoffMinutes] {
        const std::shared_ptr<Running> late = m_running.value(id);
        if (!late || !late->stopReason.isEmpty())
            return;
        late->stopReason
            = tr("It did not hand the work on within %n minute(s), so its program was ended.", nullptr, minutes);
        late->process->stop();
    });
    stale->start(std::chrono::minutes(config.limits.staleHandoffMinutes));
}

QByteArray OutsideAgents::prompt(const Handoff &handoff, const QHash<QString, QString> &values)
{
    const std::optional<Agent> agent = m_work.agents().get(handoff.toAgent);
    const QString instructions = agent ? PromptVariables::substitute(agent->instructions, values).text : QString();
    // The agent's prompt as its model would get it, then the work handed to it.
    QString text = instructions + u"\n\n## Handoff %1 from %2\n\n"_s.arg(handoff.id).arg(handoff.fromAgent)
        + QString::fromUtf8(QJsonDocument(handoff.payload).toJson(QJsonDocument::Indented));
    // What the person wrote while the work was with it (hold()), after the work itself.
    const QStringList held = heldFor(handoff.conversationId, handoff.toAgent);
    if (!held.isEmpty())
        text
            += u"\n## Messages from the person while the work was with you\n\n"_s + held.join(u"\n\n---\n\n"_s) + u'\n';
    return text.toUtf8();
}

void OutsideAgents::append(qint64 handoffId, const QByteArray &bytes)
{
    const std::shared_ptr<Running> running = m_running.value(handoffId);
    if (running)
        running->bubble->append(bytes);
}

void OutsideAgents::finish(qint64 handoffId, int exitCode, bool killed)
{
    const std::shared_ptr<Running> running = m_running.take(handoffId);
    if (!running)
        return;
    running->process->deleteLater();
    const EngineEvents::Entry entry(m_runner.events());
    running->bubble->flush();
    Message &row = running->bubble->row();
    const std::optional<Agent> agent = m_work.agents().get(row.agentId);
    const QString name = agent ? agent->name : row.agentId;
    QString sentence;
    if (running->handedOn) {
        row.status = Message::Status::Complete;
    } else {
        const QString last = lastLines(running->bubble->kept(), kLastLines);
        if (!running->stopReason.isEmpty())
            sentence = name + u": "_s + running->stopReason;
        else if (killed)
            sentence = tr("%1's program was ended by a signal without handing the work on.").arg(name);
        else
            sentence = tr("%1's program exited with code %2 without handing the work on.").arg(name).arg(exitCode);
        if (!last.isEmpty())
            sentence += u' ' + tr("Its last lines: %1").arg(last);
        row.status = running->stopReason.isEmpty() ? Message::Status::Error : Message::Status::Cancelled;
        row.error = sentence;
    }
    qCInfo(lcAgents) << "outside agent" << row.agentId << "ended:" << (killed ? -1 : exitCode)
                     << (running->handedOn ? "handed on" : "did not hand on");
    if (m_work.messages().update(row))
        m_runner.events().postMessageUpdated(row);
    m_runner.events().postAgentWorking(row.conversationId, row.agentId, false);
    if (!running->handedOn)
        fail(running->handoff, sentence);
}

void OutsideAgents::fail(const Handoff &handoff, const QString &sentence)
{
    RunRows::addDivider(m_work, m_runner.events(), handoff.conversationId, 0, Message::Divider::Error, sentence,
        handoff.toAgent, handoff.id);
    // A handoff the agent never took goes back to its source with the reason; one it took stays accepted, and the
    // divider says the work stopped there.
    const std::optional<Handoff> stored = m_work.board().get(handoff.id);
    if (stored && stored->status() == Handoff::Status::Pending)
        m_runner.rejectHandoff(handoff.id, sentence);
}

} // namespace Tandem
