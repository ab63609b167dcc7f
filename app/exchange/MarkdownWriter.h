#pragma once

#include "ConversationWriter.h"
#include "ExportText.h"

namespace Tandem {

/// @brief Readable Markdown: the title, each message under its author's name in bold, agents' replies as they wrote
/// them (code blocks kept), dividers as quoted lines naming what their icon means, tool calls and results in fenced
/// blocks. Not meant to be imported.
class MarkdownWriter final : public ConversationWriter
{
public:
    void beginConversation(const ConversationArchive &archive, const QList<Agent> &agents) override;
    void writeMessages(const QList<Message> &messages) override;
    void endConversation() override;

    /// @brief @p text in a fenced code block whose fence is longer than any backtick run inside it.
    static QString fenced(const QString &text, const QString &language = {});
    /// @brief @p text with every line quoted ("> ").
    static QString quoted(const QString &text);

private:
    ExportText::Context m_context;
    int m_conversations = 0;
    QString m_out;
};

} // namespace Tandem
