#pragma once

#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief Finds the agent an id names, with agent ids matched case-insensitively (`Analyst` names `analyst`), as
/// the local API and the command line both read them.
class AgentIdMatch final
{
public:
    /// @brief The id among @p known that @p given names: itself, or the one id it spells in other capitals; empty
    /// when it names none, or when two known ids differ only in capitals (neither is meant more than the other).
    static QString find(const QStringList &known, const QString &given);
};

} // namespace Tandem
