#pragma once

#include "cli/Command.h"

#include <QCoreApplication>

class QCommandLineParser;

namespace Tandem {

/// @brief `tandem serve [--port N] [--print-token]`: the local API (the handoff board over HTTP on 127.0.0.1)
/// without the window, until SIGINT or SIGTERM. Prints its URL when it listens; the token only with --print-token
/// (it is in the keychain, per data folder, shared with the window's API).
class ServeCommand final : public Command
{
    Q_DECLARE_TR_FUNCTIONS(ServeCommand)

public:
    QString name() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;
    /// @brief The port of --port: @p ok false when it is given but not 0–65535.
    static quint16 portOption(const QCommandLineParser &parser, bool *ok);
};

} // namespace Tandem
