#include "AgentCaseRunner.h"

#include "chat/LocalChatRepository.h"
#include "composition/AppContext.h"
#include "storage/Database.h"
#include "storage/UnitOfWork.h"

#include <QEventLoop>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
void observeRows(LocalChatRepository &repository, qint64 conversationId, AgentCase::Observed *observed)
{
    // A case is one message: its rows are few, well under one page.
    QStringList replies;
    for (const Message &row : repository.messages(conversationId, 0, 1000)) {
        if (row.kind == Message::Kind::ToolCall && row.toolName != u"handoff_to")
            observed->calls << ToolCall { row.toolCallId, row.toolName, row.content, {} };
        else if (row.kind == Message::Kind::Text && row.role == Message::Role::Assistant)
            replies << row.displayText();
    }
    observed->text = replies.join(u'\n');
    observed->pending = repository.pendingConfirmation(conversationId).has_value();
    const QList<RoutingDecision> decisions = repository.routingDecisions(conversationId);
    if (!decisions.isEmpty())
        observed->agent = decisions.constFirst().agentId;
}
} // namespace

AgentCase::Observed AgentCaseRunner::run(const AgentCase &each, const Setup &setup)
{
    AgentCase::Observed observed;
    observed.agent = setup.agentId;
    QTemporaryDir folder;
    AppContext scratch(folder.path());
    if (!folder.isValid() || !scratch.open(AppContext::IntegrityCheck::Now)) {
        observed.problem = tr("no database for the case: %1").arg(scratch.database().errorString());
        return observed;
    }
    for (const QString &title : each.tasks) {
        Task task;
        task.title = title;
        if (!scratch.database().work().tasks().create(task)) {
            observed.problem = tr("the case's task “%1” could not be stored").arg(title);
            return observed;
        }
    }
    LocalChatRepository &repository = scratch.makeRepository(setup.config, setup.secrets);
    if (!setup.apiKey.isEmpty())
        repository.setApiKey(setup.config.unstoredProvider.id, setup.apiKey);
    const qint64 id = repository.createConversation(Conversation::Mode::Router);
    QEventLoop loop;
    bool finished = false;
    RunOutcome outcome = RunOutcome::Failed;
    QString ending;
    QObject::connect(&repository, &ChatRepository::runFinished, &loop,
        [&](qint64 conversationId, qint64, RunOutcome how, const QString &message) {
            if (conversationId != id)
                return;
            finished = true;
            outcome = how;
            ending = message;
            loop.quit();
        });
    // An eval never approves: the call is stored (and checked), nothing is carried out, and the case ends there.
    QObject::connect(&repository, &ChatRepository::approvalNeeded, &loop, [&](const ApprovalRequest &request) {
        if (request.conversationId != id)
            return;
        observed.approval = true;
        repository.cancel(id);
    });
    const SendResult sent = setup.agentId.isEmpty() ? repository.send(id, each.message)
                                                    : repository.sendTo(id, setup.agentId, each.message);
    if (!sent.accepted()) {
        observed.problem = tr("the message was refused");
        return observed;
    }
    if (!finished)
        loop.exec();
    observeRows(repository, id, &observed);
    if (outcome != RunOutcome::Completed && !(observed.approval && outcome == RunOutcome::Cancelled))
        observed.problem = tr("the run did not complete: %1").arg(ending.isEmpty() ? tr("no reason given") : ending);
    return observed;
}

} // namespace Tandem
