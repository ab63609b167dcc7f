// Rows read per model call, as a conversation grows: the engine reads what a step needs (targeted queries), not the
// whole conversation. One turn against the fake LLM server (in this process; only rows are counted here) after a
// conversation of 100, 1,000 and 10,000 earlier messages, in three shapes:
//  - Responses with the agent's thread kept on the provider (a Conversations object): only the pending input is read;
//  - Chat Completions, the earlier messages belonging to another agent (dual mode's agent 2): the agent's own thread
//    is read, nothing of the other's;
//  - Chat Completions, the earlier messages being the agent's own thread: the history the request carries is read,
//    row by row, and grows with it (that is the request itself, not overhead); printed for comparison.

#include "BenchSupport.h"
#include "EngineHarness.h"

#include <QCoreApplication>

#include <cstdio>

using namespace Tandem;
using namespace Tandem::Test;

namespace {

enum class Shape { RemoteThread, OtherAgentsRows, OwnThread };

/// Earlier turns of @p agentId: @p count messages, half the person's (in runs started with that agent), half replies.
void fill(EngineHarness &h, qint64 conversationId, int count, const QString &agentId)
{
    Transaction transaction(h.work());
    for (int i = 0; i < count / 2; ++i) {
        RunRecord run;
        run.conversationId = conversationId;
        run.agentId = agentId;
        run.mode = QStringLiteral("single");
        h.work().runs().create(run);
        h.work().runs().finish(run.id, RunRecord::Status::Completed, {}, {});
        Message user;
        user.conversationId = conversationId;
        user.role = Message::Role::User;
        user.runId = run.id;
        user.content = QStringLiteral("Question %1").arg(i);
        h.work().messages().append(user);
        Message reply = user;
        reply.id = 0;
        reply.role = Message::Role::Assistant;
        reply.agentId = agentId;
        reply.content = QStringLiteral("Answer %1").arg(i);
        h.work().messages().append(reply);
    }
    transaction.commit();
}

/// Rows read per model call of one turn in a conversation with @p earlier messages of @p shape.
double rowsPerCall(Shape shape, int earlier)
{
    EngineHarness h(shape == Shape::RemoteThread ? ProviderProfile::Protocol::Responses
                                                 : ProviderProfile::Protocol::ChatCompletions);
    const qint64 id = h.createConversation(Conversation::Mode::Single);
    fill(h, id, earlier, shape == Shape::OtherAgentsRows ? QStringLiteral("agent2") : QStringLiteral("assistant"));
    h.server().enqueue(ScriptedReply::text({ QStringLiteral("Fine.") }));
    if (shape == Shape::RemoteThread) // the agent's thread exists on the provider already
        h.server().enqueue(ScriptedReply::text({ QStringLiteral("Fine.") }));
    if (shape == Shape::RemoteThread)
        h.sendAndWait(id, QStringLiteral("warm up"));
    const qsizetype callsBefore = h.modelRequests().size();
    const quint64 before = h.work().rowsRead();
    h.sendAndWait(id, QStringLiteral("One more question"));
    const qsizetype calls = h.modelRequests().size() - callsBefore;
    return calls > 0 ? double(h.work().rowsRead() - before) / double(calls) : -1.0;
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_LOGGING_RULES", "tandem.*=false");
    QCoreApplication app(argc, argv);
    std::printf("rows read per model call (whole turn: run start, the call, the reply, the run's end)\n");
    std::printf("%-58s %10s %10s %10s\n", "earlier messages in the conversation", "100", "1,000", "10,000");
    const std::pair<Shape, const char *> shapes[] = {
        { Shape::RemoteThread, "Responses, the agent's thread on the provider" },
        { Shape::OtherAgentsRows, "Chat Completions, earlier messages of another agent" },
        { Shape::OwnThread, "Chat Completions, earlier messages of its own thread" },
    };
    for (const auto &[shape, label] : shapes) {
        std::printf("%-58s", label);
        for (const int earlier : { 100, 1000, 10000 })
            std::printf(" %10.0f", rowsPerCall(shape, earlier));
        std::printf("\n");
    }
    return 0;
}
