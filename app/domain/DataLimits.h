#pragma once

#include <QCoreApplication>
#include <QJsonValue>
#include <QString>
#include <QStringView>

namespace Tandem {

/// @brief The sizes a stored text, name or payload may have: the same where the data enters (a model's tool call,
/// a handoff from the local API or the CLI) as where an export is read back (exchange/JsonImporter), so that Tandem
/// never stores what its own import would refuse.
class DataLimits
{
    Q_DECLARE_TR_FUNCTIONS(DataLimits)

public:
    /// Characters of a text: a message, a payload's text, instructions, a tool call's arguments.
    static constexpr qsizetype kMaxTextLength = 16 * 1024 * 1024;
    /// Characters of a name: ids, agent and tool names, statuses, variable names.
    static constexpr qsizetype kMaxNameLength = 1000;
    /// Nesting of a handoff payload (objects and arrays inside it).
    static constexpr int kMaxPayloadDepth = 32;

    /// @brief Why a model's tool call (@p callId, @p name, @p arguments) cannot be stored whole (English, for the
    /// model); empty if it can.
    static QString toolCallProblem(QStringView callId, QStringView name, QStringView arguments);
    /// @brief Why the handoff payload @p payload cannot be stored (a sentence in the language of this process);
    /// empty if it can.
    static QString payloadProblem(const QJsonValue &payload);
    /// @brief @p text with every lone UTF-16 surrogate replaced by U+FFFD. SQLite takes a lone high surrogate and
    /// the next character as one pair (U+D800 then ']' became U+1005D), so no such text may reach it.
    static QString wellFormed(const QString &text);

private:
    /// @brief What in @p value is too deep (depth > the limit) or too long, starting at @p depth; empty if nothing.
    static QString payloadProblemAt(const QJsonValue &value, int depth);
};

} // namespace Tandem
