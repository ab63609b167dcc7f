#pragma once

#include "cli/Command.h"

#include <QCoreApplication>

namespace Tandem {

class ApiTokens;

/// @brief `tandem tokens create NAME --role ROLE | list | revoke NAME`: the per-agent tokens a server listening beyond
/// loopback takes (issue #31). A token is printed once, when it is made; only its SHA-256 is stored, in the board's
/// storage, so every server on that board knows it.
class TokensCommand final : public Command
{
    Q_DECLARE_TR_FUNCTIONS(TokensCommand)

public:
    QString name() const override;
    QString synopsis() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;
    /// @brief `tandem tokens …` on @p tokens; returns a CliCommands::ExitCode.
    static int run(const QCommandLineParser &parser, ApiTokens &tokens);

private:
    static int create(const QCommandLineParser &parser, ApiTokens &tokens, const QString &name);
    static int list(ApiTokens &tokens);
    static int revoke(ApiTokens &tokens, const QString &name);
};

} // namespace Tandem
