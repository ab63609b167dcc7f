#include "StoryCommand.h"

#include "chat/LocalChatRepository.h"
#include "chat/StoryIds.h"
#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/TerminalStream.h"
#include "domain/BoardJson.h"

#include <QCommandLineParser>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

int usageError(const QString &problem)
{
    CliOutput::err() << problem << '\n'
                     << StoryCommand::tr("Usage: tandem story start|stop --story STORY|--conversation ID "
                                         "[--payload JSON] [--json]")
                     << '\n';
    return CliCommands::UsageError;
}

} // namespace

QString StoryCommand::name() const
{
    return u"story"_s;
}

QString StoryCommand::description() const
{
    return CliCommands::tr(
        "start or stop a pipeline's story: start --story STORY [--payload JSON], stop --story STORY");
}

int StoryCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    return run(parser, storedRepository(parser, context));
}

int StoryCommand::run(const QCommandLineParser &parser, ChatRepository &repository)
{
    const QString action = parser.positionalArguments().value(1);
    if (action != u"start" && action != u"stop")
        return usageError(action.isEmpty() ? tr("Say what to do with the story: start or stop.")
                                           : tr("Unknown action “%1”: use start or stop.").arg(action));
    const bool byStory = parser.isSet(u"story"_s);
    const QString given = parser.value(byStory ? u"story"_s : u"conversation"_s).trimmed();
    if (given.isEmpty())
        return usageError(tr("Give the story: --story STORY (or --conversation ID)."));
    QJsonObject payload;
    if (parser.isSet(u"payload"_s)) {
        const QJsonDocument document = QJsonDocument::fromJson(parser.value(u"payload"_s).toUtf8());
        if (!document.isObject() || action != u"start")
            return usageError(tr("--payload goes with start and needs a JSON object, such as {\"story\": \"…\"}."));
        payload = document.object();
    }
    // --story takes a story id or a conversation's id, as the local API's storyId does.
    const std::optional<Conversation> story = repository.conversationForStory(given);
    if (!story || (!byStory && story->id != given.toLongLong())) {
        CliOutput::err() << (byStory ? tr("There is no story %1.") : tr("There is no conversation %1.")).arg(given)
                         << '\n';
        return CliCommands::UsageError;
    }
    const QString storyId = StoryIds::of(*story);
    if (action == u"start" && !parser.isSet(u"payload"_s))
        payload = QJsonObject { { u"story"_s, QJsonObject { { u"id"_s, storyId }, { u"title"_s, story->title } } } };
    const BoardResult result
        = action == u"start" ? repository.startStory(story->id, payload) : repository.stopStory(story->id);
    if (!result.ok()) {
        CliOutput::err() << result.message << '\n';
        return result.problem == BoardResult::Problem::Storage || result.problem == BoardResult::Problem::Busy
            ? CliCommands::StorageError
            : CliCommands::UsageError;
    }
    if (parser.isSet(u"json"_s)) {
        QJsonObject answer { { u"storyId"_s, storyId },
            { u"status"_s, action == u"start" ? u"running"_s : u"stopped"_s } };
        if (action == u"start")
            answer.insert(u"handoff"_s, BoardJson::handoff(result.handoff, storyId));
        else
            answer.insert(u"cancelled"_s, result.count);
        CliOutput::out() << QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Indented));
    } else if (action == u"start") {
        CliOutput::out() << tr("Story %1 started: handoff #%2 from %3 to %4 is pending.")
                                .arg(storyId)
                                .arg(result.handoff.id)
                                .arg(result.handoff.fromAgent, result.handoff.toAgent)
                         << '\n';
    } else {
        CliOutput::out() << tr("Story %1 stopped; %n pending handoff(s) cancelled.", nullptr, result.count).arg(storyId)
                         << '\n';
    }
    CliOutput::out().flush();
    return CliCommands::Success;
}

CommandPage StoryCommand::page() const
{
    return CommandPage { CommandHelp::tr(
                             "tandem story start --story STORY|--conversation ID [--payload JSON] [--json]\n"
                             "       tandem story stop --story STORY|--conversation ID [--json]"),
        CommandHelp::tr("Starts a pipeline's story as the local API's POST /api/run does: the stale handoffs are timed "
                        "out, then the orchestrator hands the story to the analyst (with --payload, or the story's id "
                        "and title). Stop cancels the story's pending handoffs and ends its run. Starting a story that "
                        "runs, or stopping one that does not, is refused."),
        { u"story"_s, u"conversation"_s, u"payload"_s, u"json"_s },
        { u"tandem story start --story v0.1:1.1.1"_s, u"tandem story stop --story v0.1:1.1.1"_s } };
}

} // namespace Tandem
