#pragma once

#include "ApiReply.h"

#include <QJsonValue>
#include <QString>

namespace Tandem {

struct BoardResult;

/// @brief What the board's endpoints (/api/handoffs, /api/run, /api/stories) read from a request and answer alike.
class BoardRequest final
{
public:
    /// @brief A positive whole number given as a JSON number or as text; 0 when it is none.
    static qint64 idFrom(const QJsonValue &value);
    /// @brief A storyId as text: a story's own id (`v0.1:1.1.1`) or a conversation's id, as text or a whole number.
    static QString storyTextFrom(const QJsonValue &value);
    /// @brief The 404 for a story id that names no story.
    static ApiReply noStory(const QString &storyText);
    /// @brief The HTTP status of a board action's outcome (200, 404, 409 or 500).
    static int statusOf(const BoardResult &result);
};

} // namespace Tandem
