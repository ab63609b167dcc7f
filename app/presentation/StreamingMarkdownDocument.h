#pragma once

#include <QColor>
#include <QFont>
#include <QString>

#include <memory>

class QTextDocument;

namespace Tandem {

class SafeTextDocument;

/// @brief The document of a reply that is still streaming: each new text parses only what changed since the last.
///
/// A streamed reply grows by a few characters at a time; parsing and laying out all of it on every update costs time
/// that grows with its length. This keeps the reply's stable part (every block before the last blank line that no
/// later text can change: outside code fences, not followed by a list item or an indented line) as already-built
/// blocks, and parses again only the tail after it. Appending blocks lets QTextDocument's layout continue from the
/// change instead of starting over. When the text does not continue the previous one, everything is parsed again.
/// The finished reply is rendered once more in full (SafeTextDocument::setChatMarkdown), so a block that renders
/// differently alone (the numbering of a list split by blank lines) is right in the end.
class StreamingMarkdownDocument final
{
public:
    /// @brief @p codeBackground tints code blocks as SafeTextDocument::setChatMarkdown does (if valid).
    StreamingMarkdownDocument(const QFont &font, const QColor &codeBackground, int textWidth);
    ~StreamingMarkdownDocument();
    Q_DISABLE_COPY_MOVE(StreamingMarkdownDocument)

    /// @brief Shows @p markdown, parsing only the part after the stable prefix when it continues the previous text.
    void setMarkdown(const QString &markdown);
    QTextDocument *document() const;
    const QString &markdown() const { return m_text; }
    int textWidth() const { return m_textWidth; }
    /// @brief How often everything was parsed from the start (tests: a growing reply parses once).
    int fullParses() const { return m_fullParses; }
    /// @brief The length of @p markdown's stable prefix, at least @p from (which must be a stable boundary).
    static qsizetype stableLength(const QString &markdown, qsizetype from = 0);

private:
    void reset();
    void append(const QString &chunk);
    qsizetype endPosition() const;

    std::unique_ptr<SafeTextDocument> m_document;
    QColor m_codeBackground;
    int m_textWidth;
    QString m_text; ///< everything shown
    qsizetype m_stable = 0; ///< how much of m_text is built as stable blocks
    qsizetype m_tailStart = 0; ///< the document position where the tail's blocks begin
    int m_fullParses = 0;
};

} // namespace Tandem
