#pragma once

#include "domain/Handoff.h"
#include "domain/Message.h"

#include <QCoreApplication>
#include <QHash>
#include <QString>

namespace Tandem {

class ChatRepository;
class Database;
class TerminalStream;
class UnitOfWork;

/// @brief How the headless commands print: through TerminalText (model text, titles, errors and log lines alike), one
/// stored row as a line, and a storage failure as one sentence.
class CliOutput
{
    Q_DECLARE_TR_FUNCTIONS(CliOutput)

public:
    static TerminalStream &out();
    static TerminalStream &err();
    /// @brief Agent id → name, for labels.
    static QHash<QString, QString> agentNames(UnitOfWork &work);
    /// @brief The label of @p agentId: its name, else the id.
    static QString agentLabel(const QHash<QString, QString> &names, const QString &agentId);
    /// @brief One stored row as the CLI prints it, shared by `run` (live) and `show` (stored).
    static QString formatRow(
        const Message &row, const QHash<QString, QString> &names, const Handoff *handoff = nullptr);
    /// @brief Why a write failed, for the person: a locked database is named as such, anything else is @p what.
    static QString storageProblem(const Database &database, const QString &what);
    /// @brief Prints each refused agent file of @p repository (ChatRepository::agentProblems()) on standard error.
    static void printAgentProblems(ChatRepository &repository);
    /// @brief Prints storageProblem() and returns the storage exit code.
    static int storageFailure(const Database &database, const QString &what);
};

} // namespace Tandem
