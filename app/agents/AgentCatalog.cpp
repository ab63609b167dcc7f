// AgentCatalog owns which agent files count: the shipped ones, the person's overrides, and what is refused. The file
// format is domain/AgentFile's; the store is a copy the engine reads its roster from.
#include "AgentCatalog.h"

#include "domain/AgentFile.h"
#include "domain/Logging.h"
#include "domain/ShippedAgentText.h"
#include "domain/TransitionGraph.h"
#include "storage/AgentStore.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QStandardPaths>
#include <QStringDecoder>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
/// A prompt is text for a model's context, not a book: anything larger is surely not an agent file.
constexpr qint64 kMaxFileBytes = 1024 * 1024;

/// The text of the agent file @p path, or why it cannot be read.
std::optional<QString> readText(const QString &path, QString *problem)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = AgentCatalog::tr("%1: cannot be read: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    const QByteArray bytes = file.read(kMaxFileBytes + 1);
    if (bytes.size() > kMaxFileBytes) {
        *problem = AgentCatalog::tr("%1: is larger than %2 KiB, too large for an agent file.")
                       .arg(path, QString::number(kMaxFileBytes / 1024));
        return std::nullopt;
    }
    QStringDecoder decoder(QStringDecoder::Utf8);
    QString text = decoder(bytes);
    if (decoder.hasError()) {
        *problem = AgentCatalog::tr("%1: is not UTF-8 text.").arg(path);
        return std::nullopt;
    }
    return text;
}
} // namespace

QStringList AgentCatalog::shippedNames()
{
    return ShippedAgentText::names();
}

QString AgentCatalog::userFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + u"/agents"_s;
}

std::optional<Agent> AgentCatalog::shipped(const QString &id)
{
    const QString path = kShippedFolder + u'/' + id + u".md"_s;
    QString problem;
    const std::optional<QString> text = readText(path, &problem);
    const AgentFile::Result result = text ? AgentFile::parse(*text, path) : AgentFile::Result {};
    if (!text || !result.ok() || result.agent.id != id) {
        qCWarning(lcAgents) << "no shipped agent" << id << problem << result.error;
        return std::nullopt;
    }
    return result.agent;
}

AgentCatalog::AgentCatalog(const QString &userFolder, const QString &shippedFolder)
{
    const QList<std::pair<Agent, QString>> shipped = readFolder(shippedFolder);
    // The files' English words are stored; the views translate them when they show them (ShippedAgentText), so the
    // language can change while the window is open.
    for (const auto &[agent, path] : shipped) {
        m_agents << agent;
        m_files.insert(agent.id, path);
    }
    if (!userFolder.isEmpty()) {
        const QList<std::pair<Agent, QString>> own = readFolder(userFolder);
        for (const auto &[agent, path] : own) {
            const auto same = std::find_if(
                m_agents.begin(), m_agents.end(), [&](const Agent &candidate) { return candidate.id == agent.id; });
            if (same != m_agents.end())
                *same = agent;
            else
                m_agents << agent;
            m_files.insert(agent.id, path);
        }
    }
    // A target that names no agent (nor the person, nor a pipeline's end): the file is sound, but that handoff cannot
    // be made.
    for (const Agent &agent : std::as_const(m_agents)) {
        for (const QString &target : agent.handoffTargets) {
            if (!TransitionGraph::isPseudoTarget(target) && !m_files.contains(target))
                m_problems << tr("%1: the target “%2” is no agent; that handoff is left out.")
                                  .arg(m_files.value(agent.id), target);
        }
    }
    qCDebug(lcAgents) << m_agents.size() << "agents read," << m_problems.size() << "problems";
}

QList<std::pair<Agent, QString>> AgentCatalog::readFolder(const QString &folder)
{
    QStringList paths;
    QDirIterator files(folder, { u"*.md"_s }, QDir::Files);
    while (files.hasNext())
        paths << files.next();
    paths.sort();
    QList<std::pair<Agent, QString>> found;
    QHash<QString, QString> ids; // id → the file of this folder that gave it first
    for (const QString &path : std::as_const(paths)) {
        QString problem;
        const std::optional<QString> text = readText(path, &problem);
        if (!text) {
            m_problems << problem;
            continue;
        }
        const AgentFile::Result result = AgentFile::parse(*text, path);
        if (!result.ok()) {
            m_problems << result.error;
            continue;
        }
        if (const auto first = ids.constFind(result.agent.id); first != ids.cend()) {
            m_problems << tr("%1: the id “%2” is already given by %3; this file is left out.")
                              .arg(path, result.agent.id, first.value());
            continue;
        }
        ids.insert(result.agent.id, path);
        found.append({ result.agent, path });
    }
    return found;
}

std::optional<Agent> AgentCatalog::agent(const QString &id) const
{
    for (const Agent &candidate : m_agents)
        if (candidate.id == id)
            return candidate;
    return std::nullopt;
}

bool AgentCatalog::syncTo(AgentStore &store) const
{
    const QList<Agent> stored = store.list();
    bool ok = true;
    for (const Agent &agent : m_agents) {
        const auto current = std::find_if(
            stored.cbegin(), stored.cend(), [&](const Agent &candidate) { return candidate.id == agent.id; });
        // `network` is not stored: CommandNetwork reads it from the file, so it makes no copy differ.
        Agent comparable = agent;
        comparable.network = false;
        if (current != stored.cend() && *current == comparable)
            continue;
        ok = store.save(agent) && ok;
    }
    return ok;
}

} // namespace Tandem
