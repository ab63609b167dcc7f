#include "ExportCommand.h"

#include "cli/CliCommands.h"
#include "cli/HandedOverCommand.h"
#include "cli/TerminalStream.h"
#include "composition/AppContext.h"
#include "exchange/Exporter.h"
#include "storage/Database.h"
#include "storage/ExchangeStore.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace Tandem {

QString ExportCommand::usage()
{
    return tr("Usage: tandem export --conversation ID [--conversation ID …] | --all --format md|json|html|pdf|txt "
              "-o PATH (a folder: one file per conversation)");
}

QString ExportCommand::name() const
{
    return u"export"_s;
}

QString ExportCommand::synopsis() const
{
    return u"export"_s;
}

QString ExportCommand::description() const
{
    return HandedOverCommand::descriptionOf(HandedOverCommand::Export); // the same line in tandem-cli's help
}

CommandPage ExportCommand::page() const
{
    return HandedOverCommand::pageOf(HandedOverCommand::Export);
}

int ExportCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    return run(parser, context.database());
}

int ExportCommand::run(const QCommandLineParser &parser, Database &database)
{
    TerminalStream &out = TerminalStream::out();
    TerminalStream &err = TerminalStream::err();
    const QString path = parser.value(u"output"_s);
    const bool all = parser.isSet(u"all"_s);
    const QStringList idTexts = parser.values(u"conversation"_s);
    QString formatName = parser.value(u"format"_s);
    if (formatName.isEmpty())
        formatName = QFileInfo(path).suffix().toLower();
    const std::optional<ExportFormat> format = exportFormatFromName(formatName);
    if (path.isEmpty() || all == !idTexts.isEmpty() || !format) {
        if (!formatName.isEmpty() && !format)
            err << tr("Unknown format “%1”: use md, json, html, pdf or txt.").arg(formatName) << '\n';
        err << usage() << '\n';
        return CliCommands::UsageError;
    }

    ExportRequest request;
    request.format = *format;
    request.all = all;
    request.path = path;
    for (const QString &text : idTexts) {
        bool ok = false;
        const qint64 id = text.toLongLong(&ok);
        if (!ok || id <= 0) {
            err << tr("There is no conversation %1.").arg(text) << '\n';
            return CliCommands::UsageError;
        }
        request.conversationIds.append(id);
    }
    // A folder (existing, or named with a trailing slash) gets one file per conversation.
    request.toFolder = QFileInfo(path).isDir() || path.endsWith(u'/') || path.endsWith(QDir::separator());

    ExchangeStore store(database.work());
    Exporter exporter(&store, request);
    if (!exporter.run()) {
        err << exporter.errorString() << '\n';
        return exporter.error() == Exporter::Error::UnknownConversation ? CliCommands::UsageError
                                                                        : CliCommands::StorageError;
    }
    for (const QString &file : exporter.files())
        out << file << '\n';
    err << tr("%n messages exported.", nullptr, int(exporter.done())) << '\n';
    return CliCommands::Success;
}

} // namespace Tandem
