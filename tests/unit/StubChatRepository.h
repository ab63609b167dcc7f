#pragma once

// An in-memory ChatRepository for the view-model unit tests (paging, coalescing, roles): it stores what it is told
// and emits the signals the real repository emits, without agents or a network. The GUI tests use the real one.

#include "chat/ChatRepository.h"

#include <QDateTime>
#include <QMap>

#include <algorithm>

namespace Tandem::Test {

class StubChatRepository final : public ChatRepository
{
public:
    QMap<qint64, Conversation> conversationRows;
    QList<Message> messageRows;
    QList<Agent> agentRows { Agent { QStringLiteral("agent1"), QStringLiteral("Agent 1"), {}, {}, {}, {}, {}, {}, false,
                                 true },
        Agent { QStringLiteral("agent2"), QStringLiteral("Agent 2"), {}, {}, {}, {}, {}, {}, true, true } };
    QString active = QStringLiteral("agent1");
    QList<ApprovalRequest> approvals;
    qint64 nextMessageId = 1;
    qint64 nextConversationId = 1;
    int sendCalls = 0;
    int cancelCalls = 0;
    int regenerateCalls = 0;
    int messagesCalls = 0;
    bool running = false;
    bool failSend = false;

    QList<Conversation> conversations() override
    {
        QList<Conversation> list = conversationRows.values();
        std::stable_sort(list.begin(), list.end(), [](const Conversation &a, const Conversation &b) {
            if (a.pinned != b.pinned)
                return a.pinned;
            return a.updatedAt > b.updatedAt;
        });
        return list;
    }
    QList<Conversation> searchConversations(const QString &text) override
    {
        QList<Conversation> found;
        for (const Conversation &c : conversations()) {
            bool hit = c.title.contains(text, Qt::CaseInsensitive);
            for (const Message &m : std::as_const(messageRows))
                hit = hit || (m.conversationId == c.id && m.content.contains(text, Qt::CaseInsensitive));
            if (hit)
                found << c;
        }
        return found;
    }
    std::optional<Conversation> conversation(qint64 id) override
    {
        if (!conversationRows.contains(id))
            return std::nullopt;
        return conversationRows.value(id);
    }
    qint64 createConversation(Conversation::Mode mode) override
    {
        Conversation c;
        c.id = nextConversationId++;
        c.mode = mode;
        c.createdAt = c.updatedAt = QDateTime::currentDateTimeUtc();
        conversationRows.insert(c.id, c);
        Q_EMIT conversationsChanged();
        return c.id;
    }
    bool renameConversation(qint64 id, const QString &title) override
    {
        conversationRows[id].title = title;
        Q_EMIT conversationsChanged();
        return true;
    }
    bool setPinned(qint64 id, bool pinned) override
    {
        conversationRows[id].pinned = pinned;
        Q_EMIT conversationsChanged();
        return true;
    }
    bool deleteConversation(qint64 id) override
    {
        conversationRows.remove(id);
        Q_EMIT conversationsChanged();
        return true;
    }
    bool setMode(qint64 id, Conversation::Mode mode) override
    {
        conversationRows[id].mode = mode;
        Q_EMIT conversationsChanged();
        return true;
    }
    bool setProvider(qint64 id, const QString &providerId, const QString &model) override
    {
        conversationRows[id].providerId = providerId;
        conversationRows[id].model = model;
        return true;
    }
    QList<Message> messages(qint64 conversationId, qint64 beforeId, int limit) override
    {
        ++messagesCalls;
        QList<Message> mine;
        for (const Message &m : std::as_const(messageRows))
            if (m.conversationId == conversationId && (beforeId == 0 || m.id < beforeId))
                mine << m;
        return mine.mid(qMax<qsizetype>(0, mine.size() - limit));
    }
    qint64 messageCount(qint64 conversationId) override
    {
        return std::count_if(messageRows.cbegin(), messageRows.cend(),
            [conversationId](const Message &m) { return m.conversationId == conversationId; });
    }
    QList<Handoff> handoffs(qint64) override { return {}; }
    QList<Agent> agents(qint64) override { return agentRows; }
    QString activeAgent(qint64) override { return active; }
    QString effectiveModel(qint64 id, const QString &) override
    {
        return conversation(id) ? conversation(id)->model : QString();
    }
    void providerChanged(const QString &) override { }
    qint64 send(qint64 conversationId, const QString &text) override
    {
        ++sendCalls;
        if (failSend)
            return 0;
        Message m;
        m.conversationId = conversationId;
        m.content = text;
        return store(m).id;
    }
    bool regenerate(qint64) override
    {
        ++regenerateCalls;
        return true;
    }
    void cancel(qint64) override { ++cancelCalls; }
    void cancelAgent(qint64, const QString &) override { ++cancelCalls; }
    bool isRunning(qint64) const override { return running; }
    bool resetAgent(qint64, const QString &) override { return true; }
    QList<ApprovalRequest> pendingApprovals(qint64) override { return approvals; }
    bool decideApproval(qint64, ApprovalDecision, const QString &) override { return true; }

    /// Stores @p message with the next id (silently: for history that exists before a model is made).
    Message seed(Message message)
    {
        message.id = nextMessageId++;
        if (!message.createdAt.isValid())
            message.createdAt = message.updatedAt = QDateTime::currentDateTimeUtc();
        messageRows << message;
        return message;
    }
    /// Stores @p message and announces it.
    Message store(const Message &message)
    {
        const Message stored = seed(message);
        if (stored.isDivider())
            Q_EMIT dividerAdded(stored);
        Q_EMIT messageAdded(stored);
        return stored;
    }
    /// Replaces a stored row and announces it.
    void update(const Message &message)
    {
        for (Message &m : messageRows)
            if (m.id == message.id)
                m = message;
        Q_EMIT messageUpdated(message);
    }
    /// Appends @p text to a stored row and announces the delta.
    void delta(qint64 messageId, const QString &text)
    {
        for (Message &m : messageRows) {
            if (m.id == messageId) {
                m.content += text;
                Q_EMIT messageDelta(m.conversationId, messageId, text);
            }
        }
    }
    Message stored(qint64 id) const
    {
        for (const Message &m : messageRows)
            if (m.id == id)
                return m;
        return {};
    }
};

} // namespace Tandem::Test
