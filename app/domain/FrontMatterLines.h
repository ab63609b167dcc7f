#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace Tandem {

/// @brief Walks the lines of a prompt file (the last may end without a line break), with the small lexical checks of
/// its front matter; AgentFile's parser reads the keys and values on top of it.
class FrontMatterLines final
{
public:
    /// @brief One line, without its line break (and a CR before it).
    struct Line
    {
        int number = 0;
        QStringView text;
        qsizetype indent = 0;
    };

    explicit FrontMatterLines(QStringView text)
        : m_text(text)
    { }

    /// @brief Reads the next line into @p line; false after the last.
    bool next(Line *line);
    /// @brief Where the line after the last one read starts.
    qsizetype position() const { return qMin(m_pos, m_text.size()); }
    /// @brief Where the last line read starts.
    qsizetype lastStart() const { return m_lastStart; }

    static bool isLower(QChar c) { return c >= u'a' && c <= u'z'; }
    static bool isDigit(QChar c) { return c >= u'0' && c <= u'9'; }
    /// @brief True for an empty value or a comment.
    static bool isBlankValue(QStringView value) { return value.isEmpty() || value.startsWith(u'#'); }
    /// @brief A "key: value" line's key, if it has the shape of one (lowercase letters and underscores before a colon).
    static std::optional<QStringView> keyOf(QStringView text);
    /// @brief @p text with every run of CRs before a line feed dropped: "\r\n" and also "\r\r\n" end a line as "\n"
    /// does, so the instructions hold no CR-LF however the file was edited (and read the same when written back).
    static QString withLineFeeds(QStringView text);

private:
    QStringView m_text;
    qsizetype m_pos = 0;
    qsizetype m_lastStart = 0;
    int m_number = 0;
};

} // namespace Tandem
