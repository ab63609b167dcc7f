#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

namespace Tandem {

/// @brief Plain text with the spans a search matched: no markup, so text from anywhere is shown as text.
struct HighlightedText
{
    /// One matched span: its first character and its length in UTF-16 code units.
    struct Span
    {
        qsizetype start = 0;
        qsizetype length = 0;
        friend bool operator==(const Span &, const Span &) = default;
    };

    QString text;
    QList<Span> spans;

    bool isEmpty() const { return text.isEmpty(); }
    /// @brief @p text with every case-insensitive occurrence of @p needle marked (none for an empty needle).
    static HighlightedText findAll(const QString &text, const QString &needle);

    friend bool operator==(const HighlightedText &, const HighlightedText &) = default;
};

} // namespace Tandem

Q_DECLARE_METATYPE(Tandem::HighlightedText)
