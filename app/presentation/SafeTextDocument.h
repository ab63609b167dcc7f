#pragma once

#include <QColor>
#include <QTextDocument>

namespace Tandem {

/// @brief A QTextDocument that never loads a resource from outside the application: a message's Markdown may name
/// remote or local images (`![x](https://…)`, `![x](/etc/…)`), and none of them is fetched or read. Only images
/// compiled into the application (qrc) load.
class SafeTextDocument final : public QTextDocument
{
    Q_OBJECT

public:
    using QTextDocument::QTextDocument;
    Q_DISABLE_COPY_MOVE(SafeTextDocument)

    /// @brief How many resources were asked for and refused (tests check it).
    int refusedResources() const { return m_refused; }
    /// @brief Sets @p markdown and gives code blocks a tinted background (@p codeBackground, if valid).
    void setChatMarkdown(const QString &markdown, const QColor &codeBackground = {});
    /// @brief Gives the code blocks from document position @p from on a tinted background.
    void tintCodeBlocks(const QColor &codeBackground, int from = 0);

protected:
    QVariant loadResource(int type, const QUrl &name) override;

private:
    int m_refused = 0;
};

} // namespace Tandem
