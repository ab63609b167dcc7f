#pragma once

#include <QTextDocument>

namespace Tandem {

/// @brief The QTextDocument of the HTML and PDF exports: it loads no resource at all (a message's Markdown may name
/// remote or local images, and an export must neither fetch nor embed them), and turns Markdown into text that is
/// safe to publish: images become their name in brackets, links other than http(s) and mailto lose their target.
class ExportDocument final : public QTextDocument
{
    Q_OBJECT

public:
    using QTextDocument::QTextDocument;
    Q_DISABLE_COPY_MOVE(ExportDocument)

    /// @brief Replaces the content with @p markdown (GitHub dialect, raw HTML kept as text), made safe.
    void setSafeMarkdown(const QString &markdown);
    /// @brief The body of toHtml(): the content without the document's head and default font, code in a generic
    /// monospace family (so the file does not depend on this machine's fonts).
    QString bodyHtml() const;

protected:
    QVariant loadResource(int type, const QUrl &name) override;

private:
    void neutralize();
};

} // namespace Tandem
