#pragma once

#include "ScriptedReply.h"

#include <QJsonObject>
#include <QString>

namespace Tandem::Test {

/// @brief What a router-mode test has the fake server answer: the orchestrator's classification, and JSON arguments.
class RouterReplies final
{
public:
    /// @brief @p object as compact JSON text (a tool call's arguments, a classification).
    static QString json(const QJsonObject &object);
    /// @brief The orchestrator's answer choosing @p agent with @p confidence.
    static ScriptedReply classified(const QString &agent, double confidence);
};

} // namespace Tandem::Test
