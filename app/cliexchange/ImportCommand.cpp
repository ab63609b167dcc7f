#include "ImportCommand.h"

#include "cli/CliCommands.h"
#include "cli/HandedOverCommand.h"
#include "cli/TerminalStream.h"
#include "composition/AppContext.h"
#include "exchange/JsonImporter.h"
#include "storage/Database.h"
#include "storage/ExchangeStore.h"

#include <QCommandLineParser>

using namespace Qt::StringLiterals;

namespace Tandem {

QString ImportCommand::name() const
{
    return u"import"_s;
}

QString ImportCommand::synopsis() const
{
    return u"import FILE"_s;
}

QString ImportCommand::description() const
{
    return HandedOverCommand::descriptionOf(HandedOverCommand::Import); // the same line in tandem-cli's help
}

CommandPage ImportCommand::page() const
{
    return HandedOverCommand::pageOf(HandedOverCommand::Import);
}

int ImportCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    return run(parser, context.database());
}

int ImportCommand::run(const QCommandLineParser &parser, Database &database)
{
    TerminalStream &out = TerminalStream::out();
    TerminalStream &err = TerminalStream::err();
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 2) {
        err << tr("Usage: tandem import FILE (a JSON export of Tandem)") << '\n';
        return CliCommands::UsageError;
    }
    ExchangeStore store(database.work());
    JsonImporter importer(&store);
    if (!importer.importFile(positional.at(1))) {
        err << importer.errorString() << '\n';
        return importer.error() == JsonImporter::Error::Storage ? CliCommands::StorageError : CliCommands::UsageError;
    }
    const QList<qint64> ids = importer.importedIds();
    for (const qint64 id : ids)
        out << id << '\n';
    err << tr("%n conversations imported as new ones.", nullptr, int(ids.size())) << '\n';
    return CliCommands::Success;
}

} // namespace Tandem
