// The agent file format (domain/AgentFile): what a sound file gives, and every way a file is refused, each with its
// file, line and sentence. The parser must survive any input, so cut and scrambled files are read too.
#include "domain/AgentFile.h"
#include "domain/TransitionGraph.h"

#include <QRandomGenerator>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

Q_DECLARE_METATYPE(Tandem::Agent)

namespace {

/// Every field of @p agent on one line each, so that a failed comparison shows what differs.
QString describe(const Agent &agent)
{
    QStringList edges;
    QStringList targets = agent.edgeOptions.keys();
    targets.sort();
    for (const QString &target : std::as_const(targets)) {
        const EdgeOptions options = agent.edgeOptions.value(target);
        edges << u"%1=%2/%3/%4"_s.arg(target, TransitionGraph::transferName(options.transfer),
            TransitionGraph::timingName(options.timing), options.warm ? u"warm"_s : u"cold"_s);
    }
    return QStringList { u"id: "_s + agent.id, u"name: "_s + agent.name, u"role: "_s + agent.role,
        u"model: "_s + agent.model, u"provider: "_s + agent.providerId, u"tools: "_s + agent.allowedTools.join(u','),
        u"targets: "_s + agent.handoffTargets.join(u','), u"options: "_s + edges.join(u','),
        u"terminal: "_s + QString::number(agent.terminal), u"enabled: "_s + QString::number(agent.enabled),
        u"max: "_s + QString::number(agent.maxOutputTokens), u"modes: "_s + agent.modes.join(u','),
        u"instructions: "_s + agent.instructions }
        .join(u'\n');
}

Agent agent(const QString &id, const QString &name, const QString &instructions)
{
    Agent result;
    result.id = id;
    result.name = name;
    result.instructions = instructions;
    return result;
}

const QString kFull = u"---\n"
                      u"# The reviewer of the pipeline.\n"
                      u"id: reviewer\n"
                      u"name: Reviewer\n"
                      u"role: \"Reviews: approves or rejects\"   # quoted, so the colon is text\n"
                      u"model: 'gpt-4.1-mini'\n"
                      u"provider: openai\n"
                      u"tools:\n"
                      u"  - read_file\n"
                      u"  - \"list_files\"\n"
                      u"\n"
                      u"targets:\n"
                      u"  - to: refactorer\n"
                      u"    transfer: summary\n"
                      u"    timing: next_turn\n"
                      u"    warm: true\n"
                      u"  - implementer\n"
                      u"  - to: person\n"
                      u"    transfer: full\n"
                      u"terminal: false\n"
                      u"enabled: False\n"
                      u"max_output_tokens: 2000\n"
                      u"modes: [pipeline, router]\n"
                      u"---\n"
                      u"\n"
                      u"You are the **reviewer**.\n"
                      u"\n"
                      u"---\n"
                      u"A rule inside the body stays.\n"_s;

} // namespace

class TestAgentFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sound_data();
    void sound();
    void refused_data();
    void refused();
    void isSlug_data();
    void isSlug();
    void anyInputIsAnsweredNeverCrashes();
};

void TestAgentFile::sound_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Agent>("expected");

    Agent full
        = agent(u"reviewer"_s, u"Reviewer"_s, u"You are the **reviewer**.\n\n---\nA rule inside the body stays."_s);
    full.role = u"Reviews: approves or rejects"_s;
    full.model = u"gpt-4.1-mini"_s;
    full.providerId = u"openai"_s;
    full.allowedTools = { u"read_file"_s, u"list_files"_s };
    full.handoffTargets = { u"refactorer"_s, u"implementer"_s, u"person"_s };
    full.edgeOptions.insert(u"refactorer"_s, EdgeOptions { ContextTransfer::Summary, HandoffTiming::NextTurn, true });
    full.edgeOptions.insert(u"person"_s, EdgeOptions { ContextTransfer::FullHistory, HandoffTiming::SameTurn, false });
    full.enabled = false;
    full.maxOutputTokens = 2000;
    full.modes = { u"pipeline"_s, u"router"_s };
    QTest::newRow("every key, block and flow lists, comments") << kFull << full;

    QTest::newRow("only id and name") << u"---\nid: a\nname: A\n---\nHello."_s << agent(u"a"_s, u"A"_s, u"Hello."_s);
    QTest::newRow("no body") << u"---\nid: a\nname: A\n---"_s << agent(u"a"_s, u"A"_s, {});
    QTest::newRow("empty front matter lines and comments")
        << u"---\n\n# c\nid: a # the id\n   \nname: A\n---\nX"_s << agent(u"a"_s, u"A"_s, u"X"_s);
    QTest::newRow("CRLF line ends") << u"---\r\nid: a\r\nname: A\r\n---\r\nLine 1\r\nLine 2\r\n"_s
                                    << agent(u"a"_s, u"A"_s, u"Line 1\nLine 2"_s);
    // Found by fuzz_promptfile: "\r\r\n" left a CR-LF in the instructions, which read differently when written back.
    QTest::newRow("CRs before a line feed") << u"---\nid: a\nname: A\n---\nod\nyB\r\r\nwith\r\rCR\r\n\r\r\r\nend\r"_s
                                            << agent(u"a"_s, u"A"_s, u"od\nyB\nwith\r\rCR\n\nend"_s);
    QTest::newRow("byte order mark") << u"\uFEFF---\nid: a\nname: A\n---\nX"_s << agent(u"a"_s, u"A"_s, u"X"_s);
    QTest::newRow("fences with trailing spaces")
        << u"---  \nid: a\nname: A\n--- \nX"_s << agent(u"a"_s, u"A"_s, u"X"_s);

    Agent escapes = agent(u"a"_s, u"Say \"hi\"\tnow\n\\ / it's"_s, {});
    escapes.role = u"it's # not a comment"_s;
    QTest::newRow("escapes in quotes") << u"---\nid: a\nname: \"Say \\\"hi\\\"\\tnow\\n\\\\ \\/ it's\"\n"
                                          u"role: 'it''s # not a comment'\n---\n"_s
                                       << escapes;

    Agent flow = agent(u"a"_s, u"A"_s, {});
    flow.handoffTargets = { u"b"_s, u"person"_s };
    flow.allowedTools = { u"x"_s, u"y-z"_s };
    QTest::newRow("flow lists, short targets, quoted items")
        << u"---\nid: a\nname: A\ntargets: [b, person]\ntools: [ x , \"y-z\" ]  # two tools\n---\n"_s << flow;

    Agent none = agent(u"a"_s, u"A"_s, {});
    none.terminal = true;
    QTest::newRow("empty lists, terminal")
        << u"---\nid: a\nname: A\ntargets: []\ntools:\nmodes: [ ]\nterminal: true\n---\n"_s << none;

    Agent defaults = agent(u"a"_s, u"A"_s, {});
    defaults.handoffTargets = { u"b"_s };
    QTest::newRow("target map with the default options")
        << u"---\nid: a\nname: A\ntargets:\n  - to: b\n    transfer: payload\n    timing: same_turn\n"
           u"    warm: false\n---\n"_s
        << defaults;

    Agent firstKeyNotTo = agent(u"a"_s, u"A"_s, {});
    firstKeyNotTo.handoffTargets = { u"b"_s };
    firstKeyNotTo.edgeOptions.insert(u"b"_s, EdgeOptions { ContextTransfer::PayloadOnly, HandoffTiming::NextTurn });
    QTest::newRow("target map in any order")
        << u"---\nid: a\nname: A\ntargets:\n- timing: next_turn\n  to: \"b\"\n---\n"_s << firstKeyNotTo;

    Agent dollars = agent(u"a"_s, u"A"_s, u"Use $STORY_ID and ${BRANCH}; $$ stays."_s);
    QTest::newRow("variables are the engine's business")
        << u"---\nid: a\nname: A\n---\nUse $STORY_ID and ${BRANCH}; $$ stays.\n"_s << dollars;
}

void TestAgentFile::sound()
{
    QFETCH(QString, text);
    QFETCH(Agent, expected);
    const AgentFile::Result result = AgentFile::parse(text, u"agent.md"_s);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.line, 0);
    QCOMPARE(describe(result.agent), describe(expected));
    QVERIFY(result.agent == expected);
}

void TestAgentFile::refused_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("sentence");

    const QString head = u"---\nid: a\nname: A\n"_s; // lines 1-3; the key under test is on line 4
    const QString notAFile = u"An agent file starts with a line “---”, then its front matter (id, name, …), then a "
                             u"line “---”, then its instructions."_s;
    QTest::newRow("empty file") << QString() << 1 << notAFile;
    QTest::newRow("plain Markdown") << u"# Analyst\nYou analyse."_s << 1 << notAFile;
    QTest::newRow("indented fence") << u" ---\nid: a\n---\n"_s << 1 << notAFile;
    QTest::newRow("blank line first") << u"\n---\nid: a\nname: A\n---\n"_s << 1 << notAFile;
    QTest::newRow("not closed") << u"---\nid: a\nname: A\nYou analyse."_s << 1
                                << u"The front matter is not closed: add a line “---” after its last key."_s;
    QTest::newRow("closed by an indented fence")
        << u"---\nid: a\nname: A\n  ---\n"_s << 1
        << u"The front matter is not closed: add a line “---” after its last key."_s;
    QTest::newRow("no id") << u"---\nname: A\n---\n"_s << 1
                           << u"The front matter has no “id”: every agent needs one."_s;
    QTest::newRow("no name") << u"---\nid: a\n---\n"_s << 1
                             << u"The front matter has no “name”: every agent needs one."_s;
    QTest::newRow("empty id") << u"---\nid:\nname: A\n---\n"_s << 2 << u"“id” is empty."_s;
    QTest::newRow("empty name") << u"---\nid: a\nname: \"  \"\n---\n"_s << 3 << u"“name” is empty."_s;
    QTest::newRow("id not a slug") << u"---\nid: Analyst\nname: A\n---\n"_s << 2
                                   << u"“Analyst” is not a valid id: use a-z, 0-9, _ and -, starting with a letter, "
                                      u"at most 64 characters."_s;
    QTest::newRow("id starting with a digit")
        << u"---\nid: 1a\nname: A\n---\n"_s << 2
        << u"“1a” is not a valid id: use a-z, 0-9, _ and -, starting with a letter, at most 64 characters."_s;
    QTest::newRow("id person") << u"---\nid: person\nname: A\n---\n"_s << 2
                               << u"“person” names the human and cannot be an agent's id."_s;
    QTest::newRow("unknown key")
        << head + u"colour: red\n---\n"_s << 4
        << u"Unknown key “colour”. The keys are: id, name, role, model, provider, tools, "
           u"targets, terminal, enabled, max_output_tokens, modes, description, handles, fallback, runner, command, "
           u"network."_s;
    QTest::newRow("duplicate key") << head + u"name: B\n---\n"_s << 4 << u"“name” is given twice (first on line 3)."_s;
    QTest::newRow("no colon") << head + u"terminal\n---\n"_s << 4 << u"Expected “key: value” here."_s;
    QTest::newRow("tab indentation") << head + u"tools:\n\t- x\n---\n"_s << 5
                                     << u"Indent with spaces: tabs are not allowed in the front matter."_s;
    QTest::newRow("indented first line") << u"---\n  id: a\nname: A\n---\n"_s << 2
                                         << u"This line is indented, but there is no key above it that it could "
                                            u"belong to."_s;
    QTest::newRow("indented under a value")
        << head + u"role: Reviews\n  the code\n---\n"_s << 5
        << u"“role” already has a value on its line, so the indented lines below it belong to nothing."_s;
    QTest::newRow("item at the top") << head + u"- x\n---\n"_s << 4
                                     << u"This list item belongs to no key: put it under a key that takes a list, "
                                        u"such as “tools:”."_s;
    QTest::newRow("text given lines below") << head + u"role:\n  - x\n---\n"_s << 5
                                            << u"“role” takes a single value on its own line, not indented lines "
                                               u"below it."_s;
    QTest::newRow("text given a list") << head + u"model: [a, b]\n---\n"_s << 4
                                       << u"This key takes a single value, not a list."_s;
    QTest::newRow("unclosed double quote")
        << head + u"role: \"Reviews\n---\n"_s << 4 << u"The quoted text is not closed."_s;
    QTest::newRow("unclosed single quote")
        << head + u"role: 'it''s\n---\n"_s << 4 << u"The quoted text is not closed."_s;
    QTest::newRow("text after the quote")
        << head + u"role: \"Reviews\" code\n---\n"_s << 4 << u"Unexpected text after the closing quote."_s;
    QTest::newRow("unknown escape") << head + u"role: \"a\\qb\"\n---\n"_s << 4
                                    << u"Unknown escape “\\q” in quoted text: use \\\", \\\\, \\n or \\t."_s;
    QTest::newRow("block text") << head + u"role: |\n---\n"_s << 4
                                << u"Block text (| or >) is not supported: write the value on one line, in quotes "
                                   u"if needed."_s;
    QTest::newRow("flow map") << head + u"role: {a: b}\n---\n"_s << 4
                              << u"Maps in braces ({…}) are not supported: write each key on its own line."_s;
    QTest::newRow("bad boolean") << head + u"terminal: yes\n---\n"_s << 4
                                 << u"“terminal” is true or false, not “yes”."_s;
    QTest::newRow("negative count") << head + u"max_output_tokens: -1\n---\n"_s << 4
                                    << u"“max_output_tokens” is a whole number, 0 or more, not “-1”."_s;
    QTest::newRow("count with a unit") << head + u"max_output_tokens: 2k\n---\n"_s << 4
                                       << u"“max_output_tokens” is a whole number, 0 or more, not “2k”."_s;
    QTest::newRow("list as a word") << head + u"tools: read_file\n---\n"_s << 4
                                    << u"“tools” takes a list: [a, b] on its line, or one “- item” per line below "
                                       u"it."_s;
    QTest::newRow("list not closed") << head + u"tools: [a, b\n---\n"_s << 4
                                     << u"The list is not closed: end it with “]”."_s;
    QTest::newRow("text after the list") << head + u"tools: [a] b\n---\n"_s << 4
                                         << u"Unexpected text after the end of the list."_s;
    QTest::newRow("empty list item") << head + u"tools: [a,, b]\n---\n"_s << 4
                                     << u"The list has an empty item: remove the extra comma."_s;
    QTest::newRow("trailing comma") << head + u"modes: [pipeline,]\n---\n"_s << 4
                                    << u"The list has an empty item: remove the extra comma."_s;
    QTest::newRow("nested list") << head + u"tools: [a, [b]]\n---\n"_s << 4
                                 << u"A list item cannot be a list or a map."_s;
    QTest::newRow("nested list, block") << head + u"tools:\n  - [a]\n---\n"_s << 5
                                        << u"A list item cannot be a list or a map."_s;
    QTest::newRow("target in braces") << head + u"targets:\n  - {to: b}\n---\n"_s << 5
                                      << u"Maps in braces ({…}) are not supported: write each key on its own line."_s;
    QTest::newRow("item without a dash") << head + u"tools:\n  - a\n  b\n---\n"_s << 6
                                         << u"Expected a list item here: “- ” and its value."_s;
    QTest::newRow("dash glued to the item")
        << head + u"tools:\n  -a\n---\n"_s << 5 << u"Expected a list item here: “- ” and its value."_s;
    QTest::newRow("empty block item") << head + u"tools:\n  -\n---\n"_s << 5 << u"The list item is empty."_s;
    QTest::newRow("tool with a space") << head + u"tools: [\"read file\"]\n---\n"_s << 4
                                       << u"“read file” is not a tool name."_s;
    QTest::newRow("tool twice") << head + u"tools:\n  - a\n  - a\n---\n"_s << 6 << u"“a” is listed twice."_s;
    QTest::newRow("unknown mode") << head + u"modes: [pipeline, swarm]\n---\n"_s << 4
                                  << u"Unknown mode “swarm”: use single, dual, pipeline or router."_s;
    QTest::newRow("mode twice") << head + u"modes: [dual, dual]\n---\n"_s << 4 << u"“dual” is listed twice."_s;
    QTest::newRow("target twice, flow") << head + u"targets: [b, c, b]\n---\n"_s << 4
                                        << u"The target “b” is listed twice (first on line 4)."_s;
    QTest::newRow("target twice, block") << head + u"targets:\n  - to: b\n    warm: true\n  - b\n---\n"_s << 7
                                         << u"The target “b” is listed twice (first on line 5)."_s;
    QTest::newRow("target not an id") << head + u"targets: [Reviewer]\n---\n"_s << 4
                                      << u"“Reviewer” is not an agent id: use a-z, 0-9, _ and -, starting with a "
                                         u"letter, or “person”."_s;
    QTest::newRow("target to itself") << head + u"targets:\n  - b\n  - a\n---\n"_s << 6
                                      << u"An agent cannot hand over to itself: remove “a” from its targets."_s;
    QTest::newRow("target without to") << head + u"targets:\n  - transfer: summary\n---\n"_s << 5
                                       << u"This target has no “to”: name the agent it hands over to."_s;
    QTest::newRow("unknown target key") << head + u"targets:\n  - to: b\n    speed: fast\n---\n"_s << 6
                                        << u"Unknown target key “speed”: use to, transfer, timing or warm."_s;
    QTest::newRow("target key twice") << head + u"targets:\n  - to: b\n    to: c\n---\n"_s << 6
                                      << u"“to” is given twice for this target."_s;
    QTest::newRow("option under a short target")
        << head + u"targets:\n  - b\n    warm: true\n---\n"_s << 6
        << u"Expected a target here: “- id”, or “- to: id” with its options indented on the lines below."_s;
    QTest::newRow("option not indented under its dash")
        << head + u"targets:\n  - to: b\n  warm: true\n---\n"_s << 6
        << u"Expected a target here: “- id”, or “- to: id” with its options indented on the lines below."_s;
    QTest::newRow("unknown transfer")
        << head + u"targets:\n  - to: b\n    transfer: everything\n---\n"_s << 6
        << u"Unknown transfer “everything”: use payload, summary, full_history or reference."_s;
    QTest::newRow("unknown timing") << head + u"targets:\n  - to: b\n    timing: later\n---\n"_s << 6
                                    << u"Unknown timing “later”: use same_turn or next_turn."_s;
    QTest::newRow("bad warm") << head + u"targets:\n  - to: b\n    warm: 1\n---\n"_s << 6
                              << u"“warm” is true or false, not “1”."_s;
    QTest::newRow("terminal with targets") << head + u"terminal: true\ntargets: [b]\n---\n"_s << 4
                                           << u"A terminal agent never hands over: remove its targets or set "
                                              u"terminal: false."_s;
}

void TestAgentFile::refused()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(QString, sentence);
    const AgentFile::Result result = AgentFile::parse(text, u"/home/anna/.config/agents/a.md"_s);
    QVERIFY(!result.ok());
    QCOMPARE(result.error, u"/home/anna/.config/agents/a.md:%1: %2"_s.arg(line).arg(sentence));
    QCOMPARE(result.line, line);
}

void TestAgentFile::isSlug_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("slug");
    QTest::newRow("word") << u"analyst"_s << true;
    QTest::newRow("digits, dash, underscore") << u"agent-2_b"_s << true;
    QTest::newRow("one letter") << u"a"_s << true;
    QTest::newRow("64 characters") << QString(64, u'a') << true;
    QTest::newRow("65 characters") << QString(65, u'a') << false;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("capital") << u"Analyst"_s << false;
    QTest::newRow("digit first") << u"2agent"_s << false;
    QTest::newRow("dash first") << u"-agent"_s << false;
    QTest::newRow("space") << u"an alyst"_s << false;
    QTest::newRow("dot") << u"a.b"_s << false;
    QTest::newRow("non-ASCII letter") << u"analyst\u00e9"_s << false;
}

void TestAgentFile::isSlug()
{
    QFETCH(QString, id);
    QFETCH(bool, slug);
    QCOMPARE(AgentFile::isSlug(id), slug);
}

void TestAgentFile::anyInputIsAnsweredNeverCrashes()
{
    // Every cut of a sound file, then random edits of it: each is read, and answered with an agent or a sentence
    // that names the file and a line of it.
    const auto check = [](const QString &text) {
        const AgentFile::Result result = AgentFile::parse(text, u"f.md"_s);
        if (result.ok())
            return !result.agent.id.isEmpty() && !result.agent.name.isEmpty();
        return result.error.startsWith(u"f.md:%1: "_s.arg(result.line)) && result.line >= 1
            && result.line <= text.count(u'\n') + 1;
    };
    for (qsizetype cut = 0; cut <= kFull.size(); ++cut)
        QVERIFY2(check(kFull.first(cut)), qPrintable(kFull.first(cut)));
    QRandomGenerator random(20260131);
    const QString alphabet = u"-:#[]{},'\"\\ \t\r\n|>azAZ09_$\uFEFF"_s;
    for (int round = 0; round < 3000; ++round) {
        QString text = kFull;
        const int edits = 1 + int(random.bounded(8));
        for (int e = 0; e < edits; ++e) {
            const qsizetype at = random.bounded(int(text.size()) + 1);
            switch (random.bounded(3)) {
            case 0:
                text.insert(at, alphabet.at(random.bounded(int(alphabet.size()))));
                break;
            case 1:
                text.remove(at, 1 + random.bounded(4));
                break;
            default:
                if (at < text.size())
                    text[at] = alphabet.at(random.bounded(int(alphabet.size())));
            }
        }
        QVERIFY2(check(text), qPrintable(text));
    }
}

QTEST_APPLESS_MAIN(TestAgentFile)
#include "tst_agentfile.moc"
