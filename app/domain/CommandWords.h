#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace Tandem {

/// @brief A command's argv as one line a person reads and edits, and back: words that need it are quoted the way a
/// POSIX shell reads them ('…', "…", a backslash), so `join` and `split` give the same words back. No shell runs it:
/// the line is only a way to show and edit the list.
class CommandWords
{
    Q_DECLARE_TR_FUNCTIONS(CommandWords)

public:
    /// @brief @p words on one line, each quoted only if it has to be (spaces, quotes, $, an empty word, ...).
    static QString join(const QStringList &words);
    /// @brief The words of @p line; nothing, with @p problem saying why (translated), for an unclosed quote or a
    /// backslash at the end.
    static std::optional<QStringList> split(const QString &line, QString *problem = nullptr);
};

} // namespace Tandem
