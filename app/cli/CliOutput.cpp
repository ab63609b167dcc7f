#include "CliOutput.h"

#include "chat/ChatRepository.h"
#include "cli/CliCommands.h"
#include "cli/TerminalStream.h"
#include "domain/DividerText.h"
#include "domain/ShippedAgentText.h"
#include "storage/Database.h"
#include "storage/UnitOfWork.h"

using namespace Qt::StringLiterals;

namespace Tandem {

TerminalStream &CliOutput::out()
{
    return TerminalStream::out();
}

TerminalStream &CliOutput::err()
{
    return TerminalStream::err();
}

QHash<QString, QString> CliOutput::agentNames(UnitOfWork &work)
{
    QHash<QString, QString> names;
    const QList<Agent> agents = work.agents().list();
    for (const Agent &agent : agents)
        names.insert(agent.id, ShippedAgentText::name(agent));
    return names;
}

QString CliOutput::agentLabel(const QHash<QString, QString> &names, const QString &agentId)
{
    return names.value(agentId, agentId);
}

QString CliOutput::formatRow(const Message &row, const QHash<QString, QString> &names, const Handoff *handoff)
{
    QString suffix;
    if (row.status == Message::Status::Interrupted)
        suffix = u" [interrupted]"_s;
    else if (row.status == Message::Status::Cancelled)
        suffix = u" [cancelled]"_s;
    else if (row.status == Message::Status::Error && row.kind == Message::Kind::Text)
        suffix = u" [error: %1]"_s.arg(row.error);
    switch (row.kind) {
    case Message::Kind::Divider:
        // Said in this process's language, from the divider's kind and its handoff, as the window shows it.
        return u"── %1 ──"_s.arg(
            DividerText::render(row, handoff, [&names](const QString &agentId) { return agentLabel(names, agentId); }));
    case Message::Kind::ToolCall:
        return u"  → %1 %2"_s.arg(row.toolName, row.content);
    case Message::Kind::ToolResult:
        return u"  ← %1"_s.arg(row.content);
    case Message::Kind::Error:
        return u"! %1"_s.arg(row.content);
    case Message::Kind::Text:
        break;
    }
    if (row.role == Message::Role::User)
        return u"> %1"_s.arg(row.content);
    return u"[%1] %2%3"_s.arg(agentLabel(names, row.agentId), row.displayText(), suffix);
}

QString CliOutput::storageProblem(const Database &database, const QString &what)
{
    const QString why = database.writeProblem();
    if (!why.isEmpty())
        return why;
    const QString locked = database.lockProblem();
    return locked.isEmpty() ? what : locked;
}

void CliOutput::printAgentProblems(ChatRepository &repository)
{
    const QStringList problems = repository.agentProblems();
    for (const QString &problem : problems)
        err() << problem << '\n';
    err().flush();
}

int CliOutput::storageFailure(const Database &database, const QString &what)
{
    err() << storageProblem(database, what) << '\n';
    return CliCommands::StorageError;
}

} // namespace Tandem
