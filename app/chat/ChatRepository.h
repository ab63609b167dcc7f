#pragma once

#include "chat/AgentDefinitionsApi.h"
#include "chat/BoardApi.h"
#include "chat/ChatEvents.h"
#include "chat/ConversationsApi.h"
#include "chat/MetricsApi.h"
#include "chat/RunsApi.h"
#include "chat/TasksApi.h"

#include <QObject>

namespace Tandem {

/// @brief The chat façade whole: every focused interface and the events they announce, in one object.
///
/// The view models take only the interfaces they use (ConversationsApi, RunsApi, BoardApi, TasksApi,
/// AgentDefinitionsApi, MetricsApi) and ChatEvents; the CLI, the local API and main.cpp, which wire the application,
/// hold the whole. Export and import are beside it (exchange/ExchangeApi).
class ChatRepository : public ChatEvents,
                       public ConversationsApi,
                       public RunsApi,
                       public BoardApi,
                       public TasksApi,
                       public AgentDefinitionsApi,
                       public MetricsApi
{
    Q_OBJECT

public:
    ~ChatRepository() override;

protected:
    explicit ChatRepository(QObject *parent = nullptr);
};

} // namespace Tandem
