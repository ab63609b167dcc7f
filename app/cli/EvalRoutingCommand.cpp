#include "EvalRoutingCommand.h"

#include "chat/LocalChatRepository.h"
#include "cli/CaseFile.h"
#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/RunCommand.h"
#include "cli/TerminalStream.h"
#include "composition/AppContext.h"
#include "storage/Database.h"
#include "storage/SecretStore.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QJsonObject>

#include <map>
#include <set>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
struct Case
{
    int line = 0;
    QString message;
    QString expected;
};
} // namespace

QString EvalRoutingCommand::name() const
{
    return u"eval-routing"_s;
}

QString EvalRoutingCommand::description() const
{
    return CliCommands::tr("classify each case of a JSONL file as router mode would: CASES.jsonl [--provider P] "
                           "[--min-accuracy X]");
}

int EvalRoutingCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    const QStringList positional = parser.positionalArguments();
    const QString usage = tr("Usage: tandem eval-routing CASES.jsonl [--provider P] [--min-accuracy 0.8]");
    if (positional.size() < 2) {
        CliOutput::err() << usage << '\n';
        return CliCommands::UsageError;
    }
    double minimum = 0.0;
    if (parser.isSet(u"min-accuracy"_s)) {
        bool ok = false;
        minimum = parser.value(u"min-accuracy"_s).toDouble(&ok);
        if (ok && minimum > 1.0 && minimum <= 100.0)
            minimum /= 100.0; // 80 reads as 80%
        if (!ok || minimum < 0.0 || minimum > 1.0) {
            CliOutput::err() << tr("--min-accuracy needs a share from 0 to 1 (or a percentage).") << '\n';
            return CliCommands::UsageError;
        }
    }
    QList<CaseFile::Line> lines;
    QString problem;
    if (!CaseFile::read(positional.at(1), &lines, &problem)) {
        CliOutput::err() << problem << '\n';
        return CliCommands::UsageError;
    }
    QList<Case> cases;
    for (const CaseFile::Line &line : std::as_const(lines)) {
        const QJsonObject &object = line.object;
        Case each { line.number, object.value(u"message").toString(),
            object.value(u"expected").toString(object.value(u"agent").toString()) };
        if (each.message.trimmed().isEmpty() || each.expected.isEmpty()) {
            CliOutput::err() << tr("%1:%2: a case is {\"message\": \"…\", \"expected\": \"<agent id>\"}.")
                                    .arg(positional.at(1))
                                    .arg(line.number)
                             << '\n';
            return CliCommands::UsageError;
        }
        cases << each;
    }

    EngineConfig config = context.engineConfig(true);
    RunCommand::ResolvedProvider resolved;
    if (parser.isSet(u"provider"_s)) {
        resolved = RunCommand::resolveProvider(context.database(), parser);
        if (!resolved.profile) {
            CliOutput::err() << resolved.problem << '\n';
            return resolved.exitCode;
        }
        config.defaultProviderId = resolved.profile->id;
        if (resolved.isUrl)
            config.unstoredProvider = *resolved.profile;
    }
    LocalChatRepository &repository = context.makeRepository(config, resolved.isUrl ? nullptr : &context.secrets());
    if (resolved.isUrl)
        repository.setApiKey(resolved.profile->id, qEnvironmentVariable("TANDEM_API_KEY"));

    std::map<QString, std::map<QString, int>> confusion; // expected → routed → count
    std::set<QString> agents;
    QStringList wrong;
    int right = 0;
    for (const Case &each : std::as_const(cases)) {
        RoutingDecision decision;
        QEventLoop loop;
        bool done = false;
        repository.classify(each.message, [&](const RoutingDecision &result) {
            decision = result;
            done = true;
            loop.quit();
        });
        if (!done)
            loop.exec();
        ++confusion[each.expected][decision.agentId];
        agents.insert(each.expected);
        agents.insert(decision.agentId);
        if (decision.agentId == each.expected) {
            ++right;
            continue;
        }
        const QString how = decision.failed()
            ? decision.error
            : u"%1 · %2"_s.arg(RoutingDecision::methodName(decision.method)).arg(decision.confidence, 0, 'f', 2);
        wrong << tr("  line %1: “%2”: expected %3, routed to %4 (%5)")
                     .arg(each.line)
                     .arg(each.message, each.expected, decision.agentId, how);
    }

    TerminalStream &out = CliOutput::out();
    const double accuracy = double(right) / double(cases.size());
    out << tr("Accuracy: %1/%2 = %3%").arg(right).arg(cases.size()).arg(100.0 * accuracy, 0, 'f', 1) << '\n';
    out << '\n' << tr("Confusion (rows: expected, columns: routed):") << '\n';
    QString header = QString().leftJustified(12);
    for (const QString &agent : agents)
        header += u' ' + agent.left(10).rightJustified(10);
    out << header << '\n';
    for (const QString &expected : agents) {
        if (!confusion.contains(expected))
            continue;
        QString row = expected.left(12).leftJustified(12);
        for (const QString &routed : agents)
            row += u' ' + QString::number(confusion[expected][routed]).rightJustified(10);
        out << row << '\n';
    }
    if (!wrong.isEmpty()) {
        out << '\n' << tr("Routed wrong:") << '\n';
        for (const QString &line : std::as_const(wrong))
            out << line << '\n';
    }
    out.flush();
    if (accuracy < minimum) {
        CliOutput::err() << tr("The accuracy %1% is below the minimum %2%.")
                                .arg(100.0 * accuracy, 0, 'f', 1)
                                .arg(100.0 * minimum, 0, 'f', 1)
                         << '\n';
        return CliCommands::BelowAccuracy;
    }
    return CliCommands::Success;
}

CommandPage EvalRoutingCommand::page() const
{
    return CommandPage { CommandHelp::tr("tandem eval-routing CASES.jsonl [--provider PROFILE|URL] [--min-accuracy X]"),
        CommandHelp::tr("Classifies each case of a JSONL file ({\"message\": …, \"expected\": …} a line) as "
                        "router mode would, and prints the accuracy, a confusion table and the cases routed "
                        "wrong."),
        { u"provider"_s, u"model"_s, u"protocol"_s, u"min-accuracy"_s },
        { u"tandem eval-routing tests/data/routing/cases.jsonl --provider %1 --min-accuracy 0.8"_s.arg(
            CommandHelp::exampleUrl()) } };
}

} // namespace Tandem
