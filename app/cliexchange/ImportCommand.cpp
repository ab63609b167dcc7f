#include "ImportCommand.h"

#include "cli/CliCommands.h"
#include "cli/TerminalStream.h"
#include "exchange/JsonImporter.h"
#include "storage/Database.h"
#include "storage/ExchangeStore.h"

#include <QCommandLineParser>

using namespace Qt::StringLiterals;

namespace Tandem {

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
