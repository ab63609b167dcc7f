#pragma once

#include "ConversationWriter.h"
#include "ExportDocument.h"
#include "ExportText.h"

namespace Tandem {

/// @brief One self-contained HTML file that looks like the app's chat: bubbles (the person's on the right, the
/// agents' on the left in their colours) and dividers with their icons, styles in the file, nothing remote (a
/// Content-Security-Policy forbids scripts and outside resources besides). Every piece of text is escaped; agents'
/// Markdown goes through QTextDocument with raw HTML kept as text, images as their names and unsafe links disarmed.
class HtmlWriter final : public ConversationWriter
{
public:
    void beginConversation(const ConversationArchive &archive, const QList<Agent> &agents) override;
    void writeMessages(const QList<Message> &messages) override;
    void endConversation() override;

    /// @brief The colour of @p agentId's name and bubble tint, as the app paints it.
    static QString agentColor(const QString &agentId);
    /// @brief The colour of a divider's icon, as the app paints it.
    static QColor dividerColor(Message::Divider divider);

private:
    void writeHeader() override;
    void writeFooter() override;
    QString dividerIcon(Message::Divider divider);

    ExportText::Context m_context;
    ExportDocument m_document;
    QHash<int, QString> m_icons;
    QString m_out;
};

} // namespace Tandem
