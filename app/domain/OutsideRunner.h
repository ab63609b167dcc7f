#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace Tandem {

/// @brief How an agent file says it is run: by Tandem's model calls (the default), or as an outside program
/// (`runner: command`) that Tandem starts when work is handed to it and that answers through the local API.
struct OutsideRunner
{
    Q_DECLARE_TR_FUNCTIONS(OutsideRunner)

public:
    QStringList argv; ///< the command line; empty: the agent is run by Tandem's model calls
    bool network = false; ///< `network: true`: the command keeps the network (it needs it to reach the local API)

    bool isCommand() const { return !argv.isEmpty(); }

    /// @brief Splits @p text into words without a shell: spaces separate, double quotes group (a quote inside is
    /// written three times, as QProcess::splitCommand reads it); nothing is expanded. An empty string if it is a
    /// command line, with @p argv filled in; otherwise why not.
    static QString split(QStringView text, QStringList *argv);
    friend bool operator==(const OutsideRunner &, const OutsideRunner &) = default;
};

} // namespace Tandem
