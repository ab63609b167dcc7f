// The writer emits only what AgentFile's parser reads, and checks itself against it before anything reaches the disk:
// a file the catalog would refuse would silently bring the shipped agent back.
#include "AgentFileWriter.h"

#include "domain/AgentFile.h"
#include "domain/FrontMatterLines.h"
#include "domain/TransitionGraph.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
/// @p text in double quotes, with the escapes the parser reads (a CR has none: it is left out).
QString quoted(const QString &text)
{
    QString out = u"\""_s;
    for (const QChar c : text) {
        if (c == u'"' || c == u'\\')
            out += u'\\' + QString(c);
        else if (c == u'\n')
            out += u"\\n"_s;
        else if (c == u'\t')
            out += u"\\t"_s;
        else if (c != u'\r')
            out += c;
    }
    return out + u'"';
}

QString flowList(const QStringList &items)
{
    QStringList parts;
    for (const QString &item : items)
        parts << quoted(item);
    return u'[' + parts.join(u", "_s) + u']';
}

QString boolean(bool value)
{
    return value ? u"true"_s : u"false"_s;
}
} // namespace

QString AgentFileWriter::text(const Agent &agent, const OutsideRunner &runner)
{
    QString out = u"---\n"_s;
    out += u"id: "_s + agent.id + u'\n';
    out += u"name: "_s + quoted(agent.name) + u'\n';
    out += u"role: "_s + quoted(agent.role) + u'\n';
    out += u"model: "_s + quoted(agent.model) + u'\n';
    out += u"provider: "_s + quoted(agent.providerId) + u'\n';
    out += u"tools: "_s + flowList(agent.allowedTools) + u'\n';
    if (agent.handoffTargets.isEmpty())
        out += u"targets: []\n"_s;
    else
        out += u"targets:\n"_s;
    for (const QString &target : agent.handoffTargets) {
        const EdgeOptions options = agent.edgeOptions.value(target);
        out += u"  - to: "_s + target + u'\n';
        out += u"    transfer: "_s + TransitionGraph::transferName(options.transfer) + u'\n';
        out += u"    timing: "_s + TransitionGraph::timingName(options.timing) + u'\n';
        out += u"    warm: "_s + boolean(options.warm) + u'\n';
    }
    out += u"terminal: "_s + boolean(agent.terminal) + u'\n';
    out += u"enabled: "_s + boolean(agent.enabled) + u'\n';
    if (agent.network)
        out += u"network: true\n"_s;
    out += u"max_output_tokens: "_s + QString::number(agent.maxOutputTokens) + u'\n';
    out += u"modes: "_s + flowList(agent.modes) + u'\n';
    if (!agent.description.isEmpty())
        out += u"description: "_s + quoted(agent.description) + u'\n';
    if (!agent.handles.isEmpty())
        out += u"handles: "_s + flowList(agent.handles) + u'\n';
    if (agent.fallback)
        out += u"fallback: true\n"_s;
    if (runner.isCommand()) {
        // The argv as a list, word for word: no splitting or quoting rules stand between the file and the program.
        out += u"runner: command\n"_s;
        out += u"command: "_s + flowList(runner.argv) + u'\n';
    }
    out += u"---\n"_s;
    out += agent.instructions.trimmed() + u'\n';
    return out;
}

bool AgentFileWriter::write(const Agent &agent, const QString &path, QString *error)
{
    return write(agent, OutsideRunner {}, path, error);
}

bool AgentFileWriter::write(const Agent &agent, const OutsideRunner &runner, const QString &path, QString *error)
{
    const QString content = text(agent, runner);
    // What the parser gives back: the trimmed instructions, options only of listed targets that differ from the
    // default.
    Agent expected = agent;
    expected.instructions = FrontMatterLines::withLineFeeds(expected.instructions).trimmed();
    expected.edgeOptions.clear();
    for (const QString &target : agent.handoffTargets)
        if (const EdgeOptions options = agent.edgeOptions.value(target); options != EdgeOptions {})
            expected.edgeOptions.insert(target, options);
    const AgentFile::Result reread = AgentFile::parse(content, path);
    if (!reread.ok()) {
        *error = reread.error;
        return false;
    }
    // The runner's network is the agent's one `network` key.
    OutsideRunner expectedRunner = runner;
    expectedRunner.network = agent.network;
    if (!(reread.agent == expected) || !(reread.runner == expectedRunner)) {
        *error = tr("%1: the agent “%2” cannot be written so that it reads back the same.").arg(path, agent.id);
        return false;
    }
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        *error = tr("%1: its folder cannot be made.").arg(path);
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content.toUtf8()) < 0 || !file.commit()) {
        *error = tr("%1: cannot be written: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

bool AgentFileWriter::remove(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.exists() || file.remove())
        return true;
    *error = tr("%1: cannot be removed: %2").arg(path, file.errorString());
    return false;
}

} // namespace Tandem
