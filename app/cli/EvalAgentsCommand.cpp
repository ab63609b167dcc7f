#include "EvalAgentsCommand.h"

#include "cli/AgentCaseRunner.h"
#include "cli/CaseFile.h"
#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/RunCommand.h"
#include "cli/TerminalStream.h"
#include "composition/AppContext.h"
#include "storage/Database.h"
#include "storage/ProviderStore.h"
#include "storage/SecretStore.h"
#include "storage/UnitOfWork.h"

#include <QCommandLineParser>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
// The message column is cut here, so that a table line stays readable in a terminal.
constexpr int kMessageWidth = 44;

QString cell(const QString &text, int width)
{
    QString flat = text.simplified();
    if (flat.size() > width)
        flat = flat.left(width - 1) + u'…';
    return flat.leftJustified(width);
}

/// --min-pass N: N cases, or N% of them.
std::optional<int> minimumOf(const QString &value, qsizetype cases)
{
    bool ok = false;
    if (value.endsWith(u'%')) {
        const double share = value.chopped(1).toDouble(&ok);
        if (!ok || share < 0.0 || share > 100.0)
            return std::nullopt;
        return int(std::ceil(share * double(cases) / 100.0));
    }
    const int count = value.toInt(&ok);
    return ok && count >= 0 ? std::optional(count) : std::nullopt;
}
} // namespace

QString EvalAgentsCommand::name() const
{
    return u"eval-agents"_s;
}

QString EvalAgentsCommand::description() const
{
    return CliCommands::tr("run each case of a JSONL file against an agent or the router and check what it did: "
                           "CASES.jsonl [--agent ID|--router] [--min-pass N]");
}

int EvalAgentsCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    const QStringList positional = parser.positionalArguments();
    if (positional.size() < 2 || (parser.isSet(u"agent"_s) && parser.isSet(u"router"_s))) {
        CliOutput::err() << tr("Usage: tandem eval-agents CASES.jsonl [--agent ID|--router] [--provider P] "
                               "[--min-pass N]")
                         << '\n';
        return CliCommands::UsageError;
    }
    QList<CaseFile::Line> lines;
    QString problem;
    if (!CaseFile::read(positional.at(1), &lines, &problem)) {
        CliOutput::err() << problem << '\n';
        return CliCommands::UsageError;
    }
    QList<AgentCase> cases;
    for (const CaseFile::Line &line : std::as_const(lines)) {
        const std::optional<AgentCase> each = AgentCase::fromJson(line.object, line.number, &problem);
        if (!each) {
            CliOutput::err() << u"%1:%2: %3"_s.arg(positional.at(1)).arg(line.number).arg(problem) << '\n';
            return CliCommands::UsageError;
        }
        cases << *each;
    }
    std::optional<int> minimum = 0;
    if (parser.isSet(u"min-pass"_s))
        minimum = minimumOf(parser.value(u"min-pass"_s), cases.size());
    if (!minimum) {
        CliOutput::err() << tr("--min-pass needs a number of cases or a percentage (such as 18 or 90%).") << '\n';
        return CliCommands::UsageError;
    }

    // The provider of the cases: --provider, or the person's default one; either way it is used for this command only
    // (each case has a database of its own), its key read from the person's keychain or TANDEM_API_KEY.
    AgentCaseRunner::Setup setup;
    setup.config = context.engineConfig(true);
    setup.agentId = parser.value(u"agent"_s);
    RunCommand::ResolvedProvider resolved;
    if (parser.isSet(u"provider"_s)) {
        resolved = RunCommand::resolveProvider(context.database(), parser);
        if (!resolved.profile) {
            CliOutput::err() << resolved.problem << '\n';
            return resolved.exitCode;
        }
    } else {
        ProviderStore &providers = context.database().work().providers();
        resolved.profile
            = providers.get(ProviderProfile::defaultAmong(providers.list(), setup.config.defaultProviderId));
        if (!resolved.profile) {
            CliOutput::err() << tr("There is no model provider: give --provider, or add one in the settings.") << '\n';
            return CliCommands::UsageError;
        }
    }
    setup.config.unstoredProvider = *resolved.profile;
    setup.config.defaultProviderId = resolved.profile->id;
    if (resolved.isUrl)
        setup.apiKey = qEnvironmentVariable("TANDEM_API_KEY");
    else
        setup.secrets = &context.secrets();

    TerminalStream &out = CliOutput::out();
    out << tr("Line") << u"  "_s << cell(tr("Message"), kMessageWidth) << u"  "_s << cell(tr("Agent"), 10) << u"  "_s
        << tr("Result") << '\n';
    out.flush();
    int passed = 0;
    for (const AgentCase &each : std::as_const(cases)) {
        const AgentCase::Observed observed = AgentCaseRunner::run(each, setup);
        const QStringList failures = each.failures(observed, setup.agentId.isEmpty());
        if (failures.isEmpty())
            ++passed;
        out << QString::number(each.line).rightJustified(4) << u"  "_s << cell(each.message, kMessageWidth) << u"  "_s
            << cell(observed.agent, 10) << u"  "_s << (failures.isEmpty() ? tr("pass") : tr("FAIL")) << '\n';
        for (const QString &failure : failures)
            out << u"      "_s << failure << '\n';
        out.flush();
    }
    out << '\n' << tr("Passed: %1/%2").arg(passed).arg(cases.size()) << '\n';
    out.flush();
    if (passed < *minimum) {
        CliOutput::err()
            << tr("%1 of %2 cases passed, fewer than the minimum %3.").arg(passed).arg(cases.size()).arg(*minimum)
            << '\n';
        return CliCommands::BelowAccuracy;
    }
    return CliCommands::Success;
}

CommandPage EvalAgentsCommand::page() const
{
    return CommandPage { CommandHelp::tr(
                             "tandem eval-agents CASES.jsonl [--agent ID|--router] [--provider PROFILE|URL] "
                             "[--min-pass N|N%]"),
        CommandHelp::tr("Runs each case of a JSONL file for real, each in a database of its own (your conversations "
                        "and tasks are never touched), through router mode's orchestrator (--router, the default) or "
                        "straight to one agent (--agent), and checks what the case expects: the agent chosen "
                        "(\"agent\"), the tool calls made with their arguments (\"calls\") or not (\"no_calls\"), a "
                        "pending confirmation (\"pending\"), an approval asked (\"approval\"), text that must or must "
                        "not appear (\"contains\", \"excludes\"); \"tasks\" are the tasks that exist first. Prints a "
                        "table of the cases with what failed. Tandem ships a case file for each router agent."),
        { u"agent"_s, u"router"_s, u"provider"_s, u"model"_s, u"protocol"_s, u"min-pass"_s },
        { u"tandem eval-agents /usr/share/tandem/evals/task.jsonl --agent task --min-pass 90%"_s,
            u"tandem eval-agents /usr/share/tandem/evals/tracking.jsonl --router --provider %1"_s.arg(
                CommandHelp::exampleUrl()) } };
}

} // namespace Tandem
