#pragma once

#include "domain/Message.h"

#include <QString>

namespace Tandem {

class EngineEvents;
class UnitOfWork;
struct Run;

/// @brief The rows a run writes besides its replies: dividers and error rows, stored and announced.
namespace RunRows {

/// @brief Stores a divider of @p run and announces it; false if it could not be stored. Part of the caller's step.
bool addDivider(UnitOfWork &work, EngineEvents &events, const Run &run, Message::Divider divider, const QString &text,
    const QString &agentId, qint64 handoffId = 0, const QString &callId = {});
/// @brief The same for a divider outside a run (@p runId 0) or of another one.
bool addDivider(UnitOfWork &work, EngineEvents &events, qint64 conversationId, qint64 runId, Message::Divider divider,
    const QString &text, const QString &agentId, qint64 handoffId = 0, const QString &callId = {});
/// @brief Stores @p run's divider asking approval for @p toolName's call @p callId, with @p text as its record.
bool addApprovalDivider(UnitOfWork &work, EngineEvents &events, const Run &run, const QString &text,
    const QString &toolName, const QString &callId);
/// @brief Stores @p row (its id and times set) and announces it.
bool add(UnitOfWork &work, EngineEvents &events, Message &row);

} // namespace RunRows

} // namespace Tandem
