#pragma once

#include <QCoreApplication>
#include <QString>

namespace Tandem {

/// @brief The check of a conversation variable the person sets: `tandem run --var NAME=value` and the window's
/// Conversation → Variables… both ask it, so both refuse the same names, each in its own words.
class VariableAssignment
{
    Q_DECLARE_TR_FUNCTIONS(VariableAssignment)

public:
    /// @brief Why @p assignment (NAME=value, split at the first '=') cannot set a variable; empty if it can.
    static QString problem(const QString &assignment);
    /// @brief Why @p name cannot take @p value, in the words of the window's form (a name field and a value field);
    /// empty if it can.
    static QString problem(const QString &name, const QString &value);
};

} // namespace Tandem
