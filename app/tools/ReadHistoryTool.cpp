#include "ReadHistoryTool.h"

#include "storage/UnitOfWork.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

// The runs a regenerated answer replaced (the engine's ThreadHistory::supersede keeps them there): their messages are
// no longer the conversation's.
QSet<qint64> supersededRuns(UnitOfWork &work, qint64 conversationId)
{
    QSet<qint64> runs;
    const QJsonArray stored = QJsonDocument::fromJson(
        work.variables().value(conversationId, u"history.superseded_runs"_s, u"[]"_s).toUtf8())
                                  .array();
    for (const QJsonValue &value : stored)
        runs.insert(qint64(value.toDouble()));
    return runs;
}

} // namespace

ToolDefinition ReadHistoryTool::definition() const
{
    const QJsonObject offset { { u"type"_s, u"integer"_s }, { u"minimum"_s, 0 },
        { u"description"_s,
            u"How many of the newest messages to skip: 0 for the newest page, then the next_offset "
            u"of the page before."_s } };
    const QJsonObject limit { { u"type"_s, u"integer"_s }, { u"minimum"_s, 1 }, { u"maximum"_s, kMaxLimit },
        { u"description"_s, u"How many messages to return (default %1)."_s.arg(kDefaultLimit) } };
    return {
        kName.toString(),
        u"Reads earlier messages of this conversation (the person's and the agents' text, oldest first within a "
        u"page), newest page first. Call it only when you need something the handoff did not tell you."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s, QJsonObject { { u"offset"_s, offset }, { u"limit"_s, limit } } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult ReadHistoryTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    if (!context.work || context.conversationId <= 0)
        return ToolResult::failure(tr("read_history has no conversation to read."));
    const int offset = qMax(0, arguments.value(u"offset").toInt(0));
    const int limit = qBound(1, arguments.value(u"limit").toInt(kDefaultLimit), kMaxLimit);
    // Only this conversation's current text messages: no tool rows, no failed replies, nothing a regeneration replaced.
    const QSet<qint64> superseded = supersededRuns(*context.work, context.conversationId);
    QList<Message> rows = context.work->messages().transcript(context.conversationId, 0);
    rows.removeIf([&](const Message &row) { return row.runId != 0 && superseded.contains(row.runId); });
    const qsizetype total = rows.size();
    const qsizetype end = qMax<qsizetype>(0, total - offset);
    const qsizetype begin = qMax<qsizetype>(0, end - limit);
    QJsonArray messages;
    for (qsizetype i = begin; i < end; ++i) {
        const Message &row = rows.at(i);
        messages.append(QJsonObject { { u"id"_s, row.id },
            { u"role"_s, row.role == Message::Role::User ? u"user"_s : u"assistant"_s }, { u"agent"_s, row.agentId },
            { u"text"_s, row.displayText() } });
    }
    QJsonObject output { { u"messages"_s, messages }, { u"total"_s, total } };
    if (begin > 0)
        output.insert(u"next_offset"_s, offset + int(end - begin));
    return ToolResult::success(output);
}

} // namespace Tandem
