#pragma once

#include "BoardStore.h"
#include "StoreBase.h"

namespace Tandem {

/// @brief The handoff board in the SQLite file: the handoffs table (created pending, processed once) and the
/// handoff_changes log.
class HandoffStore final : public StoreBase, public BoardStore
{
public:
    using StoreBase::StoreBase;

    StoreResult create(Handoff &handoff) override;
    StoreResult saveStatus(const Handoff &handoff) override;
    StoreResult savePayload(const Handoff &handoff) override;
    std::optional<Handoff> get(qint64 id) override;
    QList<Handoff> forConversation(qint64 conversationId) override;
    QList<Handoff> involving(qint64 conversationId, const QString &agentId) override;
    QList<Handoff> pendingFor(qint64 conversationId, const QString &agentId) override;
    QList<Handoff> stale(const QDateTime &now, int minutes = Handoff::kStaleMinutes) override;
    QList<Handoff> pendingIn(qint64 conversationId) override;
    QList<HandoffChange> changesAfter(qint64 afterId, int limit) override;
    qint64 lastChangeId() override;

private:
    QList<Handoff> readAll(Statement &query);
    StoreResult logChange(const Handoff &handoff);
};

} // namespace Tandem
