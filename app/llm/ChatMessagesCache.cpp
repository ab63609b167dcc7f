#include "ChatMessagesCache.h"

#include "TemplateTurns.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace Tandem {

using namespace Qt::StringLiterals;

namespace {
bool sameItem(const InputItem &a, const InputItem &b)
{
    return a.type == b.type && a.role == b.role && a.text == b.text && a.call == b.call && a.output == b.output
        && a.raw == b.raw;
}
} // namespace

QByteArray ChatMessagesCache::body(const LlmRequest &request, ChatCompletionsClient::Dialect dialect)
{
    const LlmRequest arranged = TemplateTurns::arranged(request);
    const QList<QList<InputItem>> units = unitsOf(arranged.input);
    qsizetype kept = 0;
    Thread &thread = threadFor(arranged, dialect, units, &kept);
    thread.units.resize(kept);
    for (qsizetype i = kept; i < units.size(); ++i) {
        QJsonArray messages;
        ChatCompletionsClient::appendMessages(
            messages, std::span<const InputItem>(units.at(i).constData(), units.at(i).size()), dialect);
        thread.units.append(Unit { units.at(i), withoutBrackets(messages) });
        ++m_serialized;
    }

    QByteArray messages = "[";
    if (!arranged.instructions.isEmpty())
        messages += withoutBrackets(QJsonArray { ChatCompletionsClient::systemMessage(arranged.instructions) });
    for (const Unit &unit : std::as_const(thread.units)) {
        if (unit.json.isEmpty())
            continue;
        if (messages.size() > 1)
            messages += ',';
        messages += unit.json;
    }
    messages += ']';

    // The rest of the body as the client writes it, with an empty messages array where the kept text goes. Its keys
    // are sorted and only "max_tokens"/"max_completion_tokens" (a number) can come before "messages", so the first
    // occurrence is the body's own.
    LlmRequest shell = request;
    shell.instructions.clear();
    shell.input.clear();
    QByteArray body
        = QJsonDocument(ChatCompletionsClient::buildRequestBody(shell, dialect)).toJson(QJsonDocument::Compact);
    static const QByteArray empty = "\"messages\":[]";
    const qsizetype at = body.indexOf(empty);
    Q_ASSERT(at >= 0);
    body.replace(at + empty.size() - 2, 2, messages);
    return body;
}

QList<QList<InputItem>> ChatMessagesCache::unitsOf(const QList<InputItem> &input)
{
    // A unit begins at every item but a function call: the calls join the item before them (or, at the start, make a
    // unit of their own), as ChatCompletionsClient::appendMessages folds them.
    QList<QList<InputItem>> units;
    for (const InputItem &item : input) {
        if (units.isEmpty() || item.type != InputItem::Type::FunctionCall)
            units.append(QList<InputItem>());
        units.last().append(item);
    }
    return units;
}

bool ChatMessagesCache::same(const QList<InputItem> &a, const QList<InputItem> &b)
{
    return std::equal(a.cbegin(), a.cend(), b.cbegin(), b.cend(), sameItem);
}

qsizetype ChatMessagesCache::sharedUnits(const Thread &thread, const QList<QList<InputItem>> &units)
{
    qsizetype shared = 0;
    const qsizetype most = std::min(thread.units.size(), units.size());
    while (shared < most && same(thread.units.at(shared).items, units.at(shared)))
        ++shared;
    return shared;
}

QByteArray ChatMessagesCache::withoutBrackets(const QJsonArray &messages)
{
    const QByteArray text = QJsonDocument(messages).toJson(QJsonDocument::Compact);
    return text.size() > 2 ? text.mid(1, text.size() - 2) : QByteArray();
}

ChatMessagesCache::Thread &ChatMessagesCache::threadFor(const LlmRequest &arranged,
    ChatCompletionsClient::Dialect dialect, const QList<QList<InputItem>> &units, qsizetype *shared)
{
    // The kept thread of these instructions that shares the most units with the request; else a new one, in the
    // place of the least recently used when kThreads are kept.
    Thread *best = nullptr;
    qsizetype bestShared = -1;
    for (Thread &thread : m_threads) {
        if (thread.dialect != dialect || thread.instructions != arranged.instructions)
            continue;
        const qsizetype count = sharedUnits(thread, units);
        if (count > bestShared) {
            best = &thread;
            bestShared = count;
        }
    }
    if (!best) {
        if (m_threads.size() >= kThreads) {
            const auto oldest = std::min_element(
                m_threads.begin(), m_threads.end(), [](const Thread &a, const Thread &b) { return a.used < b.used; });
            m_threads.erase(oldest);
        }
        m_threads.append(Thread { arranged.instructions, dialect, {}, 0 });
        best = &m_threads.last();
    }
    best->used = ++m_uses;
    *shared = std::max<qsizetype>(0, bestShared);
    return *best;
}

} // namespace Tandem
