#include "HandoffCommands.h"

#include "chat/ChatRepository.h"
#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/TerminalStream.h"
#include "domain/AgentIdMatch.h"
#include "domain/BoardJson.h"

#include <QCommandLineParser>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

QString usage()
{
    return HandoffCommands::tr(
        "Usage: tandem handoffs --conversation ID [--json] | tandem handoffs --stale MINUTES [--json]\n"
        "       tandem handoff create --conversation ID --from AGENT --to AGENT [--payload JSON] [--reason TEXT]\n"
        "       tandem handoff accept ID | reject ID --reason TEXT | timeout ID | cleanup --conversation ID");
}

int usageError(const QString &problem)
{
    CliOutput::err() << problem << '\n' << usage() << '\n';
    return CliCommands::UsageError;
}

int unknownAgent(const QString &option, const QString &given, const QStringList &known)
{
    CliOutput::err() << HandoffCommands::tr("%1 “%2” is no agent's id; the ids are %3.")
                            .arg(option, given.left(100), known.join(u", "_s))
                     << '\n';
    return CliCommands::UsageError;
}

/// A number given as @p text, or 0 when it is not a positive one.
qint64 idFrom(const QString &text)
{
    bool ok = false;
    const qint64 id = text.toLongLong(&ok);
    return ok && id > 0 ? id : 0;
}

void printJson(const QJsonValue &value)
{
    const QJsonDocument document = value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    CliOutput::out() << QString::fromUtf8(document.toJson(QJsonDocument::Indented));
    CliOutput::out().flush();
}

QString line(const Handoff &handoff)
{
    QString text = u"#%1  %2 → %3  %4  %5"_s.arg(handoff.id)
                       .arg(handoff.fromAgent, handoff.toAgent, Handoff::statusName(handoff.status()),
                           handoff.createdAt.toUTC().toString(Qt::ISODate));
    if (handoff.processedAt().isValid())
        text += u" → "_s + handoff.processedAt().toUTC().toString(Qt::ISODate);
    if (!handoff.rejectionReason().isEmpty())
        text += u"  ("_s + handoff.rejectionReason() + u')';
    return text;
}

int print(const QCommandLineParser &parser, const BoardResult &result)
{
    if (!result.ok()) {
        CliOutput::err() << result.message << '\n';
        return result.problem == BoardResult::Problem::Storage || result.problem == BoardResult::Problem::Busy
            ? CliCommands::StorageError
            : CliCommands::UsageError;
    }
    if (parser.isSet(u"json"_s)) {
        printJson(result.handoff.id > 0 ? QJsonValue(BoardJson::handoff(result.handoff))
                                        : QJsonValue(QJsonObject { { u"cleaned"_s, result.count } }));
        return CliCommands::Success;
    }
    if (result.handoff.id > 0)
        CliOutput::out() << line(result.handoff) << '\n';
    else
        CliOutput::out() << HandoffCommands::tr("%n pending handoff(s) cleaned up.", nullptr, result.count) << '\n';
    CliOutput::out().flush();
    return CliCommands::Success;
}

} // namespace

int HandoffCommands::list(const QCommandLineParser &parser, ChatRepository &repository)
{
    const bool json = parser.isSet(u"json"_s);
    if (parser.isSet(u"stale"_s)) {
        bool ok = false;
        const int minutes = parser.value(u"stale"_s).toInt(&ok);
        if (!ok || minutes < 0)
            return usageError(tr("--stale needs a number of minutes (0 or more)."));
        const QList<Handoff> stale = repository.staleHandoffs(minutes);
        if (json) {
            printJson(BoardJson::handoffs(stale));
            return CliCommands::Success;
        }
        if (stale.isEmpty()) // said in words: an empty output reads as a command that did nothing
            CliOutput::out() << tr("No handoff has been pending for more than %n minute(s).", nullptr, minutes) << '\n';
        for (const Handoff &handoff : stale)
            CliOutput::out() << tr("conversation %1").arg(handoff.conversationId) << "  " << line(handoff) << '\n';
        CliOutput::out().flush();
        return CliCommands::Success;
    }
    const qint64 id = idFrom(parser.value(u"conversation"_s));
    if (id == 0)
        return usageError(tr("Give the conversation: --conversation ID (or --stale MINUTES)."));
    if (!repository.conversation(id)) {
        CliOutput::err() << tr("There is no conversation %1.").arg(parser.value(u"conversation"_s)) << '\n';
        return CliCommands::UsageError;
    }
    const BoardState state = repository.boardState(id);
    if (json) {
        printJson(BoardJson::state(state));
        return CliCommands::Success;
    }
    CliOutput::out() << tr("Conversation %1 · with %2 · phase %3")
                            .arg(id)
                            .arg(state.currentAgent.isEmpty() ? u"—"_s : state.currentAgent,
                                state.phase.isEmpty() ? u"—"_s : state.phase)
                     << '\n';
    for (const Handoff &handoff : state.handoffs)
        CliOutput::out() << line(handoff) << '\n';
    CliOutput::out().flush();
    return CliCommands::Success;
}

int HandoffCommands::act(const QCommandLineParser &parser, ChatRepository &repository)
{
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.value(1);
    if (action == u"create") {
        const qint64 id = idFrom(parser.value(u"conversation"_s));
        if (id == 0 || !parser.isSet(u"from"_s) || !parser.isSet(u"to"_s))
            return usageError(tr("A handoff is created with --conversation ID --from AGENT --to AGENT."));
        QJsonObject payload;
        if (parser.isSet(u"payload"_s)) {
            QJsonParseError error;
            const QJsonDocument document = QJsonDocument::fromJson(parser.value(u"payload"_s).toUtf8(), &error);
            if (!document.isObject())
                return usageError(tr("--payload needs a JSON object, such as {\"plan\": \"…\"}."));
            payload = document.object();
        }
        // Agent ids in other capitals name the same agent, as in the local API; an unknown one is said as such
        // rather than as a transition the table does not declare.
        const QStringList known = repository.handoffAgentIds();
        const QString from = AgentIdMatch::find(known, parser.value(u"from"_s).trimmed());
        if (from.isEmpty())
            return unknownAgent(u"--from"_s, parser.value(u"from"_s), known);
        const QString to = AgentIdMatch::find(known, parser.value(u"to"_s).trimmed());
        if (to.isEmpty())
            return unknownAgent(u"--to"_s, parser.value(u"to"_s), known);
        return print(parser, repository.createHandoff(id, from, to, payload, parser.value(u"reason"_s)));
    }
    if (action == u"cleanup") {
        const qint64 id = idFrom(parser.value(u"conversation"_s));
        if (id == 0)
            return usageError(tr("Give the conversation to clean up: --conversation ID."));
        return print(parser, repository.cleanupHandoffs(id));
    }
    const bool known = action == u"accept" || action == u"reject" || action == u"timeout";
    if (!known)
        return usageError(action.isEmpty()
                ? tr("Say what to do: create, accept, reject, timeout or cleanup.")
                : tr("Unknown action “%1”: use create, accept, reject, timeout or cleanup.").arg(action));
    const qint64 handoffId = idFrom(positional.value(2));
    if (handoffId == 0)
        return usageError(tr("Give the handoff's id after “%1”.").arg(action));
    if (action == u"accept")
        return print(parser, repository.acceptHandoff(handoffId));
    if (action == u"reject") {
        if (parser.value(u"reason"_s).trimmed().isEmpty())
            return usageError(tr("A rejection needs its reason: --reason TEXT."));
        return print(parser, repository.rejectHandoff(handoffId, parser.value(u"reason"_s)));
    }
    return print(parser, repository.timeOutHandoff(handoffId));
}

} // namespace Tandem
