#pragma once

#include "domain/Message.h"

#include <QCoreApplication>
#include <QString>

namespace Tandem {

/// @brief What a tool call's or a tool result's bubble says, as Markdown: which tool, then its arguments or its
/// answer in a code block, JSON indented so that it wraps inside the bubble instead of running off its edge.
class ToolRowText
{
    Q_DECLARE_TR_FUNCTIONS(ToolRowText)

public:
    /// Beyond this many characters the code block is cut and says so; Copy still copies the whole row.
    static constexpr qsizetype kMaxShown = 4000;
    /// Beyond this many characters the text is cut as it is, not parsed and indented first: a model's arguments can be
    /// megabytes, and the row is laid out whenever it scrolls into view.
    static constexpr qsizetype kMaxIndented = 64 * 1024;
    /// A tool's name is cut to this many characters.
    static constexpr qsizetype kMaxName = 80;

    /// @brief The bubble's Markdown for a row of @p kind (ToolCall or ToolResult) of the tool @p toolName.
    static QString markdown(Message::Kind kind, const QString &toolName, const QString &content);
    /// @brief What a running call's row says of its progress: "Running… 40%: message", the percentage only when the
    /// tool knows its total, else the count ("step 3").
    static QString progress(double progress, double total, const QString &message);
};

} // namespace Tandem
