#include "TemplateTurns.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
bool isSystem(const InputItem &item)
{
    return item.type == InputItem::Type::Message
        && (item.role == InputItem::Role::System || item.role == InputItem::Role::Developer);
}

QString joined(const QString &first, const QString &second)
{
    return first.isEmpty() ? second : first + u"\n\n"_s + second;
}
} // namespace

LlmRequest TemplateTurns::arranged(LlmRequest request)
{
    // A request that goes on with a thread the provider keeps has no start of its own.
    const bool whole = request.conversationId.isEmpty() && request.previousResponseId.isEmpty();
    qsizetype start = 0;
    if (whole) {
        for (; start < request.input.size() && isSystem(request.input.at(start)); ++start)
            if (!request.input.at(start).text.trimmed().isEmpty())
                request.instructions = joined(request.instructions, request.input.at(start).text);
    }
    QList<InputItem> input;
    input.reserve(request.input.size() - start);
    for (qsizetype i = start; i < request.input.size(); ++i) {
        InputItem item = request.input.at(i);
        if (item.type == InputItem::Type::Message) {
            if (item.text.trimmed().isEmpty())
                continue;
            if (isSystem(item))
                item.role = InputItem::Role::User;
            if (!input.isEmpty() && input.constLast().type == InputItem::Type::Message
                && input.constLast().role == item.role) {
                // Appended in place: a run of thousands of rows of one role (an imported conversation's, kept
                // without a run) would otherwise copy the growing text once per row.
                QString &text = input.last().text;
                if (!text.isEmpty())
                    text += u"\n\n"_s;
                text += item.text;
                continue;
            }
        }
        input << item;
    }
    // A whole conversation opens with a user turn: replies whose question is not in the thread (rows kept without a
    // run) cannot open it.
    if (whole) {
        qsizetype first = 0;
        while (first < input.size()
            && !(input.at(first).type == InputItem::Type::Message && input.at(first).role == InputItem::Role::User))
            ++first;
        if (first < input.size())
            input.remove(0, first);
    }
    request.input = input;
    return request;
}

} // namespace Tandem
