#pragma once

#include <QColor>
#include <QTextDocument>

namespace Tandem {

/// @brief A QTextDocument that never loads a resource from outside the application: a message's Markdown may name
/// remote or local images (`![x](https://…)`, `![x](/etc/…)`), and none of them is fetched or read. Only images
/// compiled into the application (qrc) load.
///
/// Chat text is Markdown in GitHub's dialect, and HTML in it is shown as the text it is (`<b>`, `<img …>`,
/// `<script>…</script>` appear as written): a model's text never renders as markup, and never vanishes.
class SafeTextDocument final : public QTextDocument
{
    Q_OBJECT

public:
    using QTextDocument::QTextDocument;
    Q_DISABLE_COPY_MOVE(SafeTextDocument)

    /// @brief The Markdown features of chat text: GitHub's dialect, raw HTML shown as text.
    static constexpr MarkdownFeatures kChatMarkdown { MarkdownDialectGitHub | MarkdownNoHTML };

    /// @brief How many resources were asked for and refused (tests check it).
    int refusedResources() const { return m_refused; }
    /// @brief Sets @p markdown (kChatMarkdown) and gives code blocks a tinted background (@p codeBackground, if
    /// valid). Markdown that would show nothing at all (only a link definition, a rule, an image that is not
    /// loaded) is shown as its plain text instead. Long unbroken runs get break opportunities (breakLongRuns()).
    void setChatMarkdown(const QString &markdown, const QColor &codeBackground = {});
    /// @brief True if the document shows no text: nothing but white space and object characters (images).
    bool showsNoText() const;
    /// @brief Gives a line break opportunity (U+200B, zero width) to every run of more than kLongRun characters
    /// without one, from document position @p from on: Qt lays out an unbroken run in time that grows with its square
    /// (a 200,000-character line took seconds per layout), and a reply may be one. Only the shown text changes.
    void breakLongRuns(int from = 0);
    static constexpr int kLongRun = 256;
    /// @brief Gives the code blocks from document position @p from on a tinted background.
    void tintCodeBlocks(const QColor &codeBackground, int from = 0);

protected:
    QVariant loadResource(int type, const QUrl &name) override;

private:
    int m_refused = 0;
};

} // namespace Tandem
