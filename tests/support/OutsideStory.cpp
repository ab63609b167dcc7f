#include "OutsideStory.h"

#include "storage/UnitOfWork.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

OutsideStory::OutsideStory(const QString &command, const QString &agent)
{
    const QDir root(m_folder.path());
    if (!m_folder.isValid() || !root.mkpath(u"agents"_s) || !root.mkpath(u"workspace"_s))
        return;
    // The sandbox shows the command the workspace and the system's folders only: the scripts are copied there.
    const QDir scripts(QStringLiteral(TANDEM_SOURCE_DIR) + u"/tests/integration/outside-agents"_s);
    for (const QString &name : scripts.entryList({ u"*.sh"_s }, QDir::Files))
        if (!QFile::copy(scripts.filePath(name), root.filePath(u"workspace/"_s + name)))
            return;
    QFile file(root.filePath(u"agents/%1.md"_s.arg(agent)));
    if (!file.open(QIODevice::WriteOnly))
        return;
    const QString name = agent == u"analyst"_s ? u"Analyst"_s : u"Implementer"_s;
    const QString target = agent == u"analyst"_s ? u"implementer"_s : u"reviewer"_s;
    file.write(
        u"---\nid: %1\nname: %2\nrole: Works outside Tandem.\ntargets: [%3]\n"
        u"modes: [pipeline]\nrunner: command\ncommand: [%4]\nnetwork: true\n---\n"
        u"You are the %1 of story $STORY_ID. The board is at $DASHBOARD_URL.\n"_s.arg(agent, name, target, command)
            .toUtf8());
    file.close();

    EngineConfig config = EngineHarness::testConfig();
    config.agentsFolder = root.filePath(u"agents"_s);
    config.workspaceRoot = root.filePath(u"workspace"_s);
    // Where bwrap cannot run (a container without user namespaces), the scripts run directly.
    config.commandsWithoutSandbox = true;
    m_harness = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions, config);
    if (!m_harness->isReady())
        return;
    m_story = m_harness->createConversation(Conversation::Mode::Pipeline);
    m_server = std::make_unique<ApiServer>(m_harness->repository());
    m_server->setToken(kToken);
    if (m_story <= 0 || !m_server->listen(0))
        return;
    config.dashboardUrl = m_server->url();
    config.apiToken = kToken;
    m_harness->repository().setEngineConfig(config);
    m_ready = true;
}

Handoff OutsideStory::handToAnalyst()
{
    const BoardResult created = m_harness->repository().createHandoff(
        m_story, u"orchestrator"_s, u"analyst"_s, QJsonObject { { u"story"_s, u"Add a login page"_s } });
    if (!created.ok())
        qWarning().noquote() << "the story was not handed to the analyst:" << created.message;
    return created.handoff;
}

std::optional<Message> OutsideStory::bubble(qint64 handoffId, const QString &agentId)
{
    std::optional<Message> found;
    for (const Message &row : m_harness->rows(m_story))
        if (row.role == Message::Role::Assistant && row.agentId == agentId && row.handoffId == handoffId)
            found = row;
    return found;
}

QList<qint64> OutsideStory::processesRunning(const QStringList &argv)
{
    const QByteArray wanted = argv.join(QChar(0)).toUtf8() + '\0';
    QList<qint64> pids;
    QDirIterator entries(u"/proc"_s, QDir::Dirs | QDir::NoDotAndDotDot);
    while (entries.hasNext()) {
        bool number = false;
        const qint64 pid = entries.next().section(u'/', -1).toLongLong(&number);
        QFile cmdline(u"/proc/%1/cmdline"_s.arg(pid));
        if (number && cmdline.open(QIODevice::ReadOnly) && cmdline.readAll() == wanted)
            pids << pid;
    }
    return pids;
}

bool OutsideStory::alive(qint64 pid)
{
    QFile stat(u"/proc/%1/stat"_s.arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close > 0 && text.mid(close + 2, 1) != "Z";
}

} // namespace Tandem::Test
