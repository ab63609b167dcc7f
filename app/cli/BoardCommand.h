#pragma once

#include "cli/Command.h"

#include <QCoreApplication>

namespace Tandem {

/// @brief `tandem board password URL`: reads a team board's password from standard input (without echo on a
/// terminal) and stores it in the keychain under the board's key (BoardUrl::secretKey), where `tandem serve --board
/// URL` reads it; an empty one removes it. The password never appears on the command line, in the output or in a log.
class BoardCommand final : public Command
{
    Q_DECLARE_TR_FUNCTIONS(BoardCommand)

public:
    QString name() const override;
    QString synopsis() const override;
    QString description() const override;
    CommandPage page() const override;
    bool opensDatabase() const override { return false; }
    int execute(const QCommandLineParser &parser, AppContext &context) override;
};

} // namespace Tandem
