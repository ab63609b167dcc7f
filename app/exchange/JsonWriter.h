#pragma once

#include "ConversationWriter.h"

namespace Tandem {

/// @brief The lossless format (docs/export-format.md, version ExchangeFormat::kVersion): every stored field of the
/// conversation and its rows, written as a stream with one message per line, so 100,000 messages never sit in
/// memory at once. Provider secrets are never part of it.
class JsonWriter final : public ConversationWriter
{
public:
    void beginConversation(const ConversationArchive &archive, const QList<Agent> &agents) override;
    void writeMessages(const QList<Message> &messages) override;
    void endConversation() override;

    /// @brief Appends @p text to @p out as a JSON string literal.
    static void appendString(QString &out, QStringView text);

private:
    void writeHeader() override;
    void writeFooter() override;

    int m_conversations = 0;
    qint64 m_messages = 0;
    QString m_line;
};

} // namespace Tandem
