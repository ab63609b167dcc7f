#pragma once

#include "ConversationWriter.h"
#include "ExportText.h"

namespace Tandem {

/// @brief Plain text: a title underlined, each message after a line naming its author and time, dividers between
/// dashes with what their icon means. Nothing to render, nothing to import.
class TextWriter final : public ConversationWriter
{
public:
    void beginConversation(const ConversationArchive &archive, const QList<Agent> &agents) override;
    void writeMessages(const QList<Message> &messages) override;
    void endConversation() override;

private:
    ExportText::Context m_context;
    int m_conversations = 0;
    QString m_out;
};

} // namespace Tandem
