#include "AgentFile.h"

#include "Conversation.h"
#include "FrontMatterLines.h"
#include "FrontMatterScalars.h"
#include "TransitionGraph.h"

#include <QHash>
#include <QList>

#include <optional>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

constexpr qsizetype kMaxIdLength = 64;
constexpr QStringView kFence = u"---";

/// How the value of a key is read.
enum class Kind { Slug, Text, Bool, Count, Tools, Modes, Targets, Handles, Runner, Command };

struct KeySpec
{
    QStringView name;
    Kind kind;
};

constexpr KeySpec kKeys[] = {
    { u"id", Kind::Slug },
    { u"name", Kind::Text },
    { u"role", Kind::Text },
    { u"model", Kind::Text },
    { u"provider", Kind::Text },
    { u"tools", Kind::Tools },
    { u"targets", Kind::Targets },
    { u"terminal", Kind::Bool },
    { u"enabled", Kind::Bool },
    { u"max_output_tokens", Kind::Count },
    { u"modes", Kind::Modes },
    { u"description", Kind::Text },
    { u"handles", Kind::Handles },
    { u"fallback", Kind::Bool },
    { u"runner", Kind::Runner },
    { u"command", Kind::Command },
    { u"network", Kind::Bool },
};

constexpr QStringView kTargetKeys[] = { u"to", u"transfer", u"timing", u"warm" };

using Line = FrontMatterLines::Line;

/// A key with its value on the same line and the indented lines under it.
struct Entry
{
    QStringView key;
    Kind kind = Kind::Text;
    int line = 0;
    QStringView value;
    QList<Line> children;
};

using Scalar = FrontMatterScalars::Scalar;
using Place = FrontMatterScalars::Place;

/// A target being read from a block list: "- to: id" and the option lines under it.
struct TargetDraft
{
    int line = 0;
    qsizetype dashIndent = 0;
    bool isMap = false;
    QString to;
    EdgeOptions options;
    QStringList given;
};

using LineReader = FrontMatterLines;

class Parser
{
public:
    Parser(QStringView text, const QString &fileName)
        : m_text(text)
        , m_fileName(fileName)
    { }

    AgentFile::Result run();

private:
    bool fail(int line, const QString &sentence);
    bool readEntries(QStringView frontMatter, int firstLine);
    bool finish(Entry &entry);
    bool readScalar(QStringView raw, int line, Scalar *out, Place place);
    bool readFlowList(QStringView raw, int line, QList<Scalar> *items);
    bool readList(const Entry &entry, QList<std::pair<Scalar, int>> *items);
    bool readTargets(const Entry &entry);
    bool addTarget(const TargetDraft &draft);
    bool setTargetKey(TargetDraft &draft, QStringView key, QStringView value, int line);
    bool readCommand(const Entry &entry);
    bool checkAgent();

    QStringView m_text;
    QString m_fileName;
    AgentFile::Result m_result;
    QHash<QString, int> m_keyLines; ///< key → the line it was given on
    QHash<QString, int> m_targetLines; ///< target → the line it was listed on
    bool m_commandRunner = false; ///< `runner: command`
};

bool Parser::fail(int line, const QString &sentence)
{
    if (m_result.error.isEmpty()) {
        m_result.line = line;
        m_result.error = u"%1:%2: %3"_s.arg(m_fileName, QString::number(line), sentence);
    }
    return false;
}

AgentFile::Result Parser::run()
{
    m_result.agent.enabled = true;
    QStringView text = m_text;
    if (text.startsWith(QChar(0xFEFF)))
        text = text.sliced(1);
    LineReader reader(text);
    Line line;
    if (!reader.next(&line) || !line.text.startsWith(kFence) || line.text.trimmed() != kFence) {
        fail(1,
            AgentFile::tr("An agent file starts with a line “---”, then its front matter (id, name, …), then a line "
                          "“---”, then its instructions."));
        return m_result;
    }
    // The closing line is found first: without it, the Markdown below would be read as keys.
    const qsizetype frontStart = reader.position();
    bool closed = false;
    while (!closed && reader.next(&line))
        closed = line.text.startsWith(kFence) && line.text.trimmed() == kFence;
    if (!closed) {
        fail(1, AgentFile::tr("The front matter is not closed: add a line “---” after its last key."));
        return m_result;
    }
    const QStringView body = text.sliced(reader.position());
    if (!readEntries(text.sliced(frontStart, reader.lastStart() - frontStart), 2) || !checkAgent())
        return m_result;
    m_result.agent.instructions = FrontMatterLines::withLineFeeds(body).trimmed();
    return m_result;
}

bool Parser::readEntries(QStringView frontMatter, int firstLine)
{
    LineReader reader(frontMatter);
    Line line;
    std::optional<Entry> current;
    while (reader.next(&line)) {
        line.number += firstLine - 1;
        const QStringView trimmed = line.text.trimmed();
        if (trimmed.isEmpty() || trimmed.startsWith(u'#'))
            continue;
        qsizetype indent = 0;
        while (indent < line.text.size() && (line.text.at(indent) == u' ' || line.text.at(indent) == u'\t')) {
            if (line.text.at(indent) == u'\t')
                return fail(
                    line.number, AgentFile::tr("Indent with spaces: tabs are not allowed in the front matter."));
            ++indent;
        }
        line.indent = indent;
        // YAML lets a list's items start at its key's indentation: "targets:" then "- reviewer".
        const bool listItem = trimmed.startsWith(u'-') && (trimmed.size() == 1 || trimmed.at(1) == u' ');
        if (indent > 0 || (listItem && current && FrontMatterLines::isBlankValue(current->value))) {
            if (!current)
                return fail(line.number,
                    AgentFile::tr("This line is indented, but there is no key above it that it could belong to."));
            if (!FrontMatterLines::isBlankValue(current->value))
                return fail(line.number,
                    AgentFile::tr("“%1” already has a value on its line, so the indented lines below it belong to "
                                  "nothing.")
                        .arg(current->key));
            current->children.append(line);
            continue;
        }
        if (current && !finish(*current))
            return false;
        current.reset();
        if (listItem)
            return fail(line.number,
                AgentFile::tr("This list item belongs to no key: put it under a key that takes a list, such as "
                              "“tools:”."));
        const qsizetype colon = line.text.indexOf(u':');
        if (colon < 0)
            return fail(line.number, AgentFile::tr("Expected “key: value” here."));
        const QStringView key = line.text.first(colon).trimmed();
        const KeySpec *spec = nullptr;
        for (const KeySpec &candidate : kKeys)
            if (candidate.name == key)
                spec = &candidate;
        if (!spec)
            return fail(line.number,
                AgentFile::tr("Unknown key “%1”. The keys are: %2.").arg(key, AgentFile::keys().join(u", "_s)));
        if (const auto first = m_keyLines.constFind(key.toString()); first != m_keyLines.cend())
            return fail(
                line.number, AgentFile::tr("“%1” is given twice (first on line %2).").arg(key).arg(first.value()));
        m_keyLines.insert(key.toString(), line.number);
        current = Entry { key, spec->kind, line.number, line.text.sliced(colon + 1).trimmed(), {} };
    }
    return !current || finish(*current);
}

bool Parser::readScalar(QStringView raw, int line, Scalar *out, Place place)
{
    QString problem;
    return FrontMatterScalars::read(raw, place, out, &problem) || fail(line, problem);
}

bool Parser::readFlowList(QStringView raw, int line, QList<Scalar> *items)
{
    QString problem;
    return FrontMatterScalars::readFlowList(raw, items, &problem) || fail(line, problem);
}

bool Parser::readList(const Entry &entry, QList<std::pair<Scalar, int>> *items)
{
    if (entry.value.startsWith(u'[')) {
        QList<Scalar> flow;
        if (!readFlowList(entry.value, entry.line, &flow))
            return false;
        for (const Scalar &item : std::as_const(flow))
            items->append({ item, entry.line });
        return true;
    }
    if (!FrontMatterLines::isBlankValue(entry.value))
        return fail(entry.line,
            AgentFile::tr("“%1” takes a list: [a, b] on its line, or one “- item” per line below it.").arg(entry.key));
    for (const Line &child : entry.children) {
        const QStringView text = child.text.trimmed();
        if (!text.startsWith(u'-') || (text.size() > 1 && text.at(1) != u' '))
            return fail(child.number, AgentFile::tr("Expected a list item here: “- ” and its value."));
        const QStringView value = text.sliced(1).trimmed();
        if (FrontMatterLines::isBlankValue(value))
            return fail(child.number, AgentFile::tr("The list item is empty."));
        Scalar item;
        if (!readScalar(value, child.number, &item, Place::BlockItem))
            return false;
        items->append({ item, child.number });
    }
    return true;
}

bool Parser::finish(Entry &entry)
{
    Agent &agent = m_result.agent;
    const QString key = entry.key.toString();
    if (entry.kind == Kind::Targets)
        return readTargets(entry);
    if (entry.kind == Kind::Command)
        return readCommand(entry);
    if (entry.kind == Kind::Tools || entry.kind == Kind::Modes || entry.kind == Kind::Handles) {
        QList<std::pair<Scalar, int>> items;
        if (!readList(entry, &items))
            return false;
        QStringList &list = entry.kind == Kind::Tools ? agent.allowedTools
            : entry.kind == Kind::Modes               ? agent.modes
                                                      : agent.handles;
        for (const auto &[item, line] : std::as_const(items)) {
            if (entry.kind == Kind::Modes && !Conversation::modeFromName(item.text))
                return fail(
                    line, AgentFile::tr("Unknown mode “%1”: use single, dual, pipeline or router.").arg(item.text));
            if (entry.kind == Kind::Tools && (item.text.isEmpty() || item.text.contains(u' ')))
                return fail(line, AgentFile::tr("“%1” is not a tool name.").arg(item.text));
            if (entry.kind == Kind::Handles && item.text.trimmed().isEmpty())
                return fail(line, AgentFile::tr("The list item is empty."));
            if (list.contains(item.text))
                return fail(line, AgentFile::tr("“%1” is listed twice.").arg(item.text));
            list << item.text;
        }
        return true;
    }
    // A single value.
    if (!entry.children.isEmpty())
        return fail(entry.children.constFirst().number,
            AgentFile::tr("“%1” takes a single value on its own line, not indented lines below it.").arg(key));
    Scalar value;
    if (!readScalar(entry.value, entry.line, &value, Place::Value))
        return false;
    const QString &text = value.text;
    switch (entry.kind) {
    case Kind::Slug:
        if (text.isEmpty())
            return fail(entry.line, AgentFile::tr("“%1” is empty.").arg(key));
        if (text == TransitionGraph::kPerson)
            return fail(entry.line, AgentFile::tr("“person” names the human and cannot be an agent's id."));
        if (!AgentFile::isSlug(text))
            return fail(entry.line,
                AgentFile::tr("“%1” is not a valid id: use a-z, 0-9, _ and -, starting with a letter, at most %2 "
                              "characters.")
                    .arg(text, QString::number(kMaxIdLength)));
        agent.id = text;
        return true;
    case Kind::Text:
        if (key == u"name") {
            if (text.trimmed().isEmpty())
                return fail(entry.line, AgentFile::tr("“%1” is empty.").arg(key));
            agent.name = text;
        } else if (key == u"role") {
            agent.role = text;
        } else if (key == u"description") {
            agent.description = text;
        } else if (key == u"model") {
            agent.model = text;
        } else {
            agent.providerId = text;
        }
        return true;
    case Kind::Bool: {
        const bool yes = text.compare(u"true"_s, Qt::CaseInsensitive) == 0;
        if (!yes && text.compare(u"false"_s, Qt::CaseInsensitive) != 0)
            return fail(entry.line, AgentFile::tr("“%1” is true or false, not “%2”.").arg(key, text));
        if (key == u"network") {
            // One key for both: an outside program's network, and the network of the agent's own commands.
            m_result.runner.network = yes;
            agent.network = yes;
        } else {
            (key == u"terminal" ? agent.terminal : key == u"fallback" ? agent.fallback : agent.enabled) = yes;
        }
        return true;
    }
    case Kind::Count: {
        bool ok = false;
        const qint64 count = text.toLongLong(&ok);
        if (!ok || count < 0)
            return fail(entry.line, AgentFile::tr("“%1” is a whole number, 0 or more, not “%2”.").arg(key, text));
        agent.maxOutputTokens = count;
        return true;
    }
    case Kind::Runner:
        if (text != u"model" && text != u"command")
            return fail(entry.line, AgentFile::tr("“runner” is model or command, not “%1”.").arg(text));
        m_commandRunner = text == u"command";
        return true;
    case Kind::Tools:
    case Kind::Modes:
    case Kind::Targets:
    case Kind::Handles:
    case Kind::Command:
        break;
    }
    return true;
}

bool Parser::readTargets(const Entry &entry)
{
    if (entry.value.startsWith(u'[') || !FrontMatterLines::isBlankValue(entry.value)) {
        QList<std::pair<Scalar, int>> items;
        if (!readList(entry, &items))
            return false;
        for (const auto &[item, line] : std::as_const(items))
            if (!addTarget(TargetDraft { line, 0, false, item.text, {}, {} }))
                return false;
        return true;
    }
    std::optional<TargetDraft> draft;
    for (const Line &child : entry.children) {
        const QStringView text = child.text.trimmed();
        if (text.startsWith(u'-') && (text.size() == 1 || text.at(1) == u' ')) {
            if (draft && !addTarget(*draft))
                return false;
            draft.reset();
            const QStringView item = text.sliced(1).trimmed();
            if (FrontMatterLines::isBlankValue(item))
                return fail(child.number, AgentFile::tr("The list item is empty."));
            if (const std::optional<QStringView> key = FrontMatterLines::keyOf(item)) {
                draft = TargetDraft { child.number, child.indent, true, {}, {}, {} };
                if (!setTargetKey(*draft, *key, item.sliced(key->size() + 1), child.number))
                    return false;
                continue;
            }
            Scalar id;
            if (!readScalar(item, child.number, &id, Place::BlockItem))
                return false;
            draft = TargetDraft { child.number, child.indent, false, id.text, {}, {} };
            continue;
        }
        const std::optional<QStringView> key = FrontMatterLines::keyOf(text);
        if (!draft || !draft->isMap || child.indent <= draft->dashIndent || !key)
            return fail(child.number,
                AgentFile::tr("Expected a target here: “- id”, or “- to: id” with its options indented on the lines "
                              "below."));
        if (!setTargetKey(*draft, *key, text.sliced(key->size() + 1), child.number))
            return false;
    }
    return !draft || addTarget(*draft);
}

bool Parser::setTargetKey(TargetDraft &draft, QStringView key, QStringView value, int line)
{
    bool known = false;
    for (const QStringView candidate : kTargetKeys)
        known = known || candidate == key;
    if (!known)
        return fail(line, AgentFile::tr("Unknown target key “%1”: use to, transfer, timing or warm.").arg(key));
    if (draft.given.contains(key))
        return fail(line, AgentFile::tr("“%1” is given twice for this target.").arg(key));
    draft.given << key.toString();
    Scalar scalar;
    if (!readScalar(value, line, &scalar, Place::Value))
        return false;
    const QString &text = scalar.text;
    if (key == u"to") {
        draft.to = text;
    } else if (key == u"transfer") {
        const std::optional<ContextTransfer> transfer
            = text == u"full" ? ContextTransfer::FullHistory : TransitionGraph::transferFromName(text);
        if (!transfer)
            return fail(line,
                AgentFile::tr("Unknown transfer “%1”: use payload, summary, full_history or reference.").arg(text));
        draft.options.transfer = *transfer;
    } else if (key == u"timing") {
        const std::optional<HandoffTiming> timing = TransitionGraph::timingFromName(text);
        if (!timing)
            return fail(line, AgentFile::tr("Unknown timing “%1”: use same_turn or next_turn.").arg(text));
        draft.options.timing = *timing;
    } else {
        const bool yes = text.compare(u"true"_s, Qt::CaseInsensitive) == 0;
        if (!yes && text.compare(u"false"_s, Qt::CaseInsensitive) != 0)
            return fail(line, AgentFile::tr("“%1” is true or false, not “%2”.").arg(key, text));
        draft.options.warm = yes;
    }
    return true;
}

bool Parser::addTarget(const TargetDraft &draft)
{
    if (draft.isMap && !draft.given.contains(u"to"_s))
        return fail(draft.line, AgentFile::tr("This target has no “to”: name the agent it hands over to."));
    if (draft.to != TransitionGraph::kPerson && !AgentFile::isSlug(draft.to))
        return fail(draft.line,
            AgentFile::tr("“%1” is not an agent id: use a-z, 0-9, _ and -, starting with a letter, or “person”.")
                .arg(draft.to));
    if (const auto first = m_targetLines.constFind(draft.to); first != m_targetLines.cend())
        return fail(draft.line,
            AgentFile::tr("The target “%1” is listed twice (first on line %2).").arg(draft.to).arg(first.value()));
    m_targetLines.insert(draft.to, draft.line);
    m_result.agent.handoffTargets << draft.to;
    if (draft.options != EdgeOptions {})
        m_result.agent.edgeOptions.insert(draft.to, draft.options);
    return true;
}

bool Parser::checkAgent()
{
    const Agent &agent = m_result.agent;
    for (const QString &required : { u"id"_s, u"name"_s })
        if (!m_keyLines.contains(required))
            return fail(1, AgentFile::tr("The front matter has no “%1”: every agent needs one.").arg(required));
    if (const auto self = m_targetLines.constFind(agent.id); self != m_targetLines.cend())
        return fail(self.value(),
            AgentFile::tr("An agent cannot hand over to itself: remove “%1” from its targets.").arg(agent.id));
    if (agent.terminal && !agent.handoffTargets.isEmpty())
        return fail(m_keyLines.value(u"terminal"_s),
            AgentFile::tr("A terminal agent never hands over: remove its targets or set terminal: false."));
    if (m_commandRunner != m_result.runner.isCommand())
        return fail(m_keyLines.value(m_commandRunner ? u"runner"_s : u"command"_s),
            m_commandRunner ? AgentFile::tr("“runner: command” needs a “command”: the program and its arguments.")
                            : AgentFile::tr("“command” is read only with “runner: command”."));
    return true;
}

bool Parser::readCommand(const Entry &entry)
{
    // A list is the argv as written; a single string is split into words without a shell (OutsideRunner::split).
    QStringList &argv = m_result.runner.argv;
    if (entry.value.startsWith(u'[') || FrontMatterLines::isBlankValue(entry.value)) {
        QList<std::pair<Scalar, int>> items;
        if (!readList(entry, &items))
            return false;
        for (const auto &[item, line] : std::as_const(items))
            argv << item.text;
        if (argv.isEmpty() || argv.constFirst().isEmpty())
            return fail(entry.line, AgentFile::tr("“command” names no program."));
        return true;
    }
    Scalar value;
    if (!readScalar(entry.value, entry.line, &value, Place::Value))
        return false;
    const QString problem = OutsideRunner::split(value.text, &argv);
    return problem.isEmpty() || fail(entry.line, problem);
}

} // namespace

AgentFile::Result AgentFile::parse(QStringView text, const QString &fileName)
{
    return Parser(text, fileName).run();
}

bool AgentFile::isSlug(QStringView id)
{
    if (id.isEmpty() || id.size() > kMaxIdLength || !FrontMatterLines::isLower(id.front()))
        return false;
    for (const QChar c : id)
        if (!FrontMatterLines::isLower(c) && !FrontMatterLines::isDigit(c) && c != u'_' && c != u'-')
            return false;
    return true;
}

QStringList AgentFile::keys()
{
    QStringList names;
    for (const KeySpec &key : kKeys)
        names << key.name.toString();
    return names;
}

} // namespace Tandem
