#include "RoutingContext.h"

#include <algorithm>

namespace Tandem {

qint64 RoutingContext::estimateTokens(QStringView text)
{
    return (text.size() + 3) / 4;
}

QList<RoutingContext::Turn> RoutingContext::lastTurns(
    const QList<Message> &rows, qint64 budgetTokens, qint64 currentRunId)
{
    QList<Turn> turns;
    qint64 spent = 0;
    // Newest first, so the budget keeps what the message most likely refers to; a turn that does not fit ends the
    // walk rather than skipping ahead, so the classifier never sees a gap in the conversation.
    for (auto it = rows.crbegin(); it != rows.crend(); ++it) {
        if (currentRunId != 0 && it->runId == currentRunId)
            continue;
        if (it->role != Message::Role::User && it->role != Message::Role::Assistant)
            continue;
        const QString text = it->displayText().trimmed();
        if (text.isEmpty())
            continue;
        spent += estimateTokens(text);
        if (spent > budgetTokens)
            break;
        turns.append({ it->role == Message::Role::User ? QString() : it->agentId, text });
    }
    std::reverse(turns.begin(), turns.end());
    return turns;
}

} // namespace Tandem
