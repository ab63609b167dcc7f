#include "Tool.h"

#include "storage/Transaction.h"
#include "storage/UnitOfWork.h"
#include "tools/ToolJob.h"

namespace Tandem {

// Out of line so the vtable has one home.
Tool::~Tool() = default;

ToolJob *Tool::start(const QJsonObject &arguments, const ToolContext &context) const
{
    return ToolJob::deferred([this, arguments, context] { return execute(arguments, context); });
}

ToolResult Tool::execute(const QJsonObject &arguments, const ToolContext &context) const
{
    // Only the tools that write keep a transaction; a caller that holds one already (the tasks panel) gets a
    // savepoint inside it.
    if (!changesTasks() || !context.work)
        return run(arguments, context);
    Transaction transaction(*context.work);
    if (!transaction.isActive())
        return ToolResult::failure(tr("The task list is busy; try again in a moment."));
    ToolResult result = run(arguments, context);
    if (!result.ok) {
        transaction.rollback();
        return result;
    }
    // The engine's answer to the call joins the change: a task never exists while its call reads unanswered.
    if (context.storeResult && !context.storeResult(result)) {
        transaction.rollback();
        return ToolResult::failure(tr("The task list could not be stored."));
    }
    if (!transaction.commit())
        return ToolResult::failure(tr("The task list could not be stored."));
    return result;
}

} // namespace Tandem
