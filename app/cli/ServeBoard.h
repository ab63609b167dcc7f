#pragma once

#include "storage/BoardOpenFailure.h"

#include <QCoreApplication>

#include <memory>

namespace Tandem {

class AppContext;
class BoardUrl;
class LocalChatRepository;
class BoardMirror;

/// @brief `tandem serve --board URL`: the team board opened with its password from the keychain (never from the URL,
/// the settings or the command line), and the sentence and exit code when it cannot be.
class ServeBoard
{
    Q_DECLARE_TR_FUNCTIONS(ServeBoard)

public:
    /// @brief The team board at @p urlText for the data folder of @p context, whose conversations @p repository
    /// holds; null with the reason printed on standard error and *@p exitCode set.
    static std::unique_ptr<BoardMirror> open(
        const QString &urlText, AppContext &context, LocalChatRepository &repository, int *exitCode);
    /// @brief What a person reads when the board at @p url cannot be opened for @p failure; @p detail is the
    /// driver's message.
    static QString sentence(BoardOpenFailure failure, const BoardUrl &url, const QString &detail);
};

} // namespace Tandem
