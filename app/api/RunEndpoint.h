#pragma once

#include "api/ApiReply.h"

#include <QCoreApplication>

namespace Tandem {

class ChatRepository;

/// @brief `POST /api/run` (seed 002's run of a story): `{"action": "start", "storyId": …}` times out the stale
/// handoffs and starts the pipeline at the orchestrator's handoff to the analyst (`payload`, if given, is that
/// handoff's payload as posted; otherwise the story's id and title); `{"action": "stop", "storyId": …}` cancels the
/// story's pending handoffs and ends its run. A story that is running already (or not running, for a stop) is a 409,
/// one that names none a 404, both with a sentence.
class RunEndpoint
{
    Q_DECLARE_TR_FUNCTIONS(RunEndpoint)

public:
    /// @brief What a successful call changed, for the event stream: the story's id and its new status.
    struct Change
    {
        QString storyId;
        QString status; ///< "running" or "stopped"; empty when nothing changed
    };

    /// @brief POST /api/run with the JSON @p body; @p change says what it did.
    static ApiReply post(ChatRepository &repository, const QByteArray &body, Change *change);
};

} // namespace Tandem
