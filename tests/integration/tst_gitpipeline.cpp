// A whole pipeline story on a temporary git repository (issue #26): the shipped five agents on the real engine,
// their commands and git calls run in the sandbox, against the fake LLM server. Each scripted step first checks what
// its request carries (the agent's prompt, the handoff it works from, the tool results of the step before: the
// failing test's exit code, the diff) and refuses a request without it, so a result that never reaches the model
// fails the story. Approvals go through the engine's own path: the test answers each question "always for this
// conversation". At the end the branch's log, main and the working tree are checked.
#include "EngineHarness.h"
#include "tools/Bubblewrap.h"
#include "tools/ToolJob.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

const QString kBranch = u"story-7"_s;
const QStringList kRunTests { u"sh"_s, u"test_add.sh"_s };

// The story's code as the implementer writes it: first wrong, then right, then with the check the review asks for.
const QString kAddWrong = u"#!/bin/sh\necho $(($1 - $2))\n"_s;
const QString kAddRight = u"#!/bin/sh\necho $(($1 + $2))\n"_s;
const QString kAddChecked = u"#!/bin/sh\n[ $# -eq 2 ] || { echo \"usage: add.sh A B\" >&2; exit 2; }\n"
                            u"echo $(($1 + $2))\n"_s;
const QString kTest = u"#!/bin/sh\ngot=$(sh add.sh 2 3)\n"
                      u"if [ \"$got\" != 5 ]; then echo \"FAIL: add.sh 2 3 printed $got, expected 5\"; exit 1; fi\n"
                      u"echo \"ok: add.sh 2 3 = 5\"\n"_s;
const QString kTestChecked = kTest
    + u"if sh add.sh 2 2>/dev/null; then echo \"FAIL: add.sh 2 succeeded\"; exit 1; fi\n"
      u"echo \"ok: add.sh 2 is refused\"\n"_s;
const QString kReadme = u"# Adder\n\n`sh add.sh A B` prints A + B; `sh test_add.sh` runs its tests.\n"_s;
const QString kAddedLine = u"echo $(($1 + $2))"_s; // the line of add.sh the review quotes from the diff
const QString kRejection = u"Missing check: add.sh, the line `%1` runs without two arguments; check $# first, exit 2 "
                           u"with a usage line, and test it."_s;

ToolCall call(const QString &name, const QJsonObject &arguments)
{
    return ToolCall { {}, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
}
ToolCall writeFile(const QString &path, const QString &content)
{
    return call(u"write_file"_s, { { u"path"_s, path }, { u"content"_s, content } });
}
ToolCall runCommand(const QStringList &argv)
{
    return call(u"run_command"_s, { { u"argv"_s, QJsonArray::fromStringList(argv) } });
}
ToolCall commit(const QString &message, const QStringList &files)
{
    return call(u"git_commit"_s, { { u"message"_s, message }, { u"files"_s, QJsonArray::fromStringList(files) } });
}
ToolCall handoff(const QString &target, const QJsonObject &context)
{
    return call(u"handoff_to"_s,
        { { u"target_agent"_s, target }, { u"reason"_s, u"Next step of story 7"_s },
            { u"context"_s, QString::fromUtf8(QJsonDocument(context).toJson(QJsonDocument::Compact)) } });
}

/// The outputs of the tool calls the request answers (the last items of its input), as JSON objects; a text that is
/// no JSON object (a refusal) comes as {"text": ...}.
QList<QJsonObject> newOutputs(const RecordedRequest &request)
{
    QList<QJsonObject> outputs;
    const QStringList summary = EngineHarness::inputSummary(request);
    for (qsizetype i = summary.size() - 1; i >= 0 && summary.at(i).startsWith(u"output:"_s); --i) {
        const QString text = summary.at(i).mid(7);
        const QJsonDocument json = QJsonDocument::fromJson(text.toUtf8());
        outputs.prepend(json.isObject() ? json.object() : QJsonObject { { u"text"_s, text } });
    }
    return outputs;
}

QString git(const QString &folder, const QStringList &arguments, int *exitCode = nullptr)
{
    QProcess process;
    process.setWorkingDirectory(folder);
    process.start(u"git"_s, arguments);
    process.waitForFinished(30'000);
    if (exitCode)
        *exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
}

QString contents(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

/// The story as the model's side: one step per model request, in order. A step checks its request (returning what
/// is missing) before its reply is given; a request that fails its check, or one after the last step, is answered
/// with an error, which ends the run.
class StoryScript
{
public:
    struct Step
    {
        QString agent; ///< the shipped agent whose prompt the request must carry ("Implementer")
        std::function<QStringList(const RecordedRequest &)> check;
        std::function<ScriptedReply()> reply;
    };

    void add(const QString &agent, std::function<QStringList(const RecordedRequest &)> check,
        std::function<ScriptedReply()> reply)
    {
        m_steps.append({ agent, std::move(check), std::move(reply) });
    }

    FakeLlmServer::Responder responder()
    {
        return [this](const RecordedRequest &request) {
            if (m_next >= m_steps.size()) {
                m_problems << u"request %1: no step left"_s.arg(m_next + 1);
                return ScriptedReply::httpError(400);
            }
            const Step &step = m_steps.at(m_next++);
            QStringList problems;
            if (!request.instructions().contains(u"You are the "_s + step.agent))
                problems << u"not the %1's prompt"_s.arg(step.agent);
            problems << step.check(request);
            if (!problems.isEmpty()) {
                for (const QString &problem : std::as_const(problems))
                    m_problems << u"step %1 (%2): %3"_s.arg(m_next).arg(step.agent, problem);
                return ScriptedReply::httpError(400);
            }
            return step.reply();
        };
    }

    int stepsTaken() const { return m_next; }
    int stepCount() const { return int(m_steps.size()); }
    QStringList problems() const { return m_problems; }

private:
    QList<Step> m_steps;
    int m_next = 0;
    QStringList m_problems;
};

/// What a step expects of the tool results it answers: one output per call, each checked in turn.
QStringList expectOutputs(
    const RecordedRequest &request, const QList<std::function<QString(const QJsonObject &)>> &each)
{
    const QList<QJsonObject> outputs = newOutputs(request);
    if (outputs.size() != each.size())
        return { u"%1 tool results instead of %2: %3"_s.arg(outputs.size())
                     .arg(each.size())
                     .arg(EngineHarness::inputSummary(request).join(u" | "_s)) };
    QStringList problems;
    for (qsizetype i = 0; i < outputs.size(); ++i) {
        const QString problem = each.at(i)(outputs.at(i));
        if (!problem.isEmpty())
            problems << problem + u" in "_s + QString::fromUtf8(QJsonDocument(outputs.at(i)).toJson());
    }
    return problems;
}

/// A command's result: its exit code, and a text its stdout must hold.
std::function<QString(const QJsonObject &)> ran(int exitCode, const QString &stdoutText = {})
{
    return [=](const QJsonObject &output) -> QString {
        if (output.value(u"exit_code"_s).toInt(-1) != exitCode)
            return u"exit code not %1"_s.arg(exitCode);
        if (!output.value(u"stdout"_s).toString().contains(stdoutText))
            return u"stdout without \"%1\""_s.arg(stdoutText);
        return {};
    };
}

/// write_file's result: anything but an error.
std::function<QString(const QJsonObject &)> written()
{
    return [](const QJsonObject &output) -> QString {
        return output.contains(u"error"_s) || output.isEmpty() ? u"the file was not written"_s : QString();
    };
}

QStringList userTextHas(const RecordedRequest &request, const QStringList &texts)
{
    QStringList problems;
    const QString user = request.lastUserText();
    for (const QString &text : texts)
        if (!user.contains(text))
            problems << u"the user turn lacks \"%1\": %2"_s.arg(text, user.left(400));
    return problems;
}

} // namespace

class TestGitPipeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void storyOnARepository_data();
    void storyOnARepository();
    void diffBaseMustBeARevision();

private:
    static void makeRepository(const QString &root);
    static void script(StoryScript &story, QString *base);
};

void TestGitPipeline::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestGitPipeline::makeRepository(const QString &root)
{
    int code = 0;
    for (const QStringList &arguments : QList<QStringList> {
             { u"init"_s, u"-q"_s, u"-b"_s, u"main"_s },
             { u"config"_s, u"user.name"_s, u"Story Tester"_s },
             { u"config"_s, u"user.email"_s, u"tester@example.org"_s },
             { u"config"_s, u"commit.gpgsign"_s, u"false"_s },
         }) {
        git(root, arguments, &code);
        QCOMPARE(code, 0);
    }
    QFile readme(root + u"/README.md"_s);
    QVERIFY(readme.open(QIODevice::WriteOnly));
    readme.write("# Adder\n");
    readme.close();
    for (const QStringList &arguments : QList<QStringList> {
             { u"add"_s, u"README.md"_s },
             { u"commit"_s, u"-q"_s, u"-m"_s, u"Start the adder"_s },
             { u"switch"_s, u"-q"_s, u"-c"_s, kBranch },
         }) {
        git(root, arguments, &code);
        QCOMPARE(code, 0);
    }
}

void TestGitPipeline::script(StoryScript &story, QString *base)
{
    const auto quoted = std::make_shared<QString>();
    const auto implementerDone = [base](const QStringList &commits) {
        return QJsonObject { { u"story_id"_s, u"7"_s }, { u"branch"_s, kBranch }, { u"base"_s, *base },
            { u"commits"_s, QJsonArray::fromStringList(commits) },
            { u"tests"_s, QJsonObject { { u"commands"_s, QJsonArray { QJsonArray::fromStringList(kRunTests) } } } } };
    };

    // The analyst plans; the implementer gets the plan, with the tools to act.
    story.add(
        u"Analyst"_s, [](const RecordedRequest &r) { return userTextHas(r, { u"Story 7: add.sh"_s }); },
        [] {
            return ScriptedReply::calling({ handoff(u"implementer"_s,
                QJsonObject { { u"branch"_s, kBranch },
                    { u"plan"_s, u"Write add.sh and test_add.sh; run sh test_add.sh"_s } }) });
        });
    story.add(
        u"Implementer"_s,
        [](const RecordedRequest &r) {
            QStringList problems = userTextHas(r, { u"Write add.sh and test_add.sh"_s });
            const QStringList tools = EngineHarness::toolNames(r);
            for (const QString &tool : { u"write_file"_s, u"run_command"_s, u"git_status"_s, u"git_commit"_s })
                if (!tools.contains(tool))
                    problems << u"%1 not offered"_s.arg(tool);
            if (r.instructions().contains(u"gives you no shell"_s))
                problems << u"the prompt still says there is no shell"_s;
            return problems;
        },
        [] {
            return ScriptedReply::calling(
                { call(u"git_status"_s, {}), runCommand({ u"git"_s, u"rev-parse"_s, u"HEAD"_s }) });
        });
    // It is on the branch and knows where the story starts; it writes the code and the test, and the test fails.
    story.add(
        u"Implementer"_s,
        [base](const RecordedRequest &r) {
            QStringList problems = expectOutputs(r, { ran(0, u"## "_s + kBranch), ran(0) });
            const QList<QJsonObject> outputs = newOutputs(r);
            if (outputs.size() == 2)
                *base = outputs.at(1).value(u"stdout"_s).toString().trimmed();
            return problems;
        },
        [] {
            return ScriptedReply::calling(
                { writeFile(u"add.sh"_s, kAddWrong), writeFile(u"test_add.sh"_s, kTest), runCommand(kRunTests) });
        });
    story.add(
        u"Implementer"_s,
        [](const RecordedRequest &r) {
            return expectOutputs(r, { written(), written(), ran(1, u"FAIL: add.sh 2 3 printed -1, expected 5"_s) });
        },
        [] {
            return ScriptedReply::calling({ writeFile(u"add.sh"_s, kAddRight), runCommand(kRunTests) });
        });
    story.add(
        u"Implementer"_s,
        [](const RecordedRequest &r) {
            return expectOutputs(r, { written(), ran(0, u"ok: add.sh 2 3 = 5"_s) });
        },
        [] {
            return ScriptedReply::calling(
                { commit(u"Add add.sh, which prints the sum of two numbers"_s, { u"add.sh"_s, u"test_add.sh"_s }) });
        });
    story.add(
        u"Implementer"_s, [](const RecordedRequest &r) { return expectOutputs(r, { ran(0, u"["_s + kBranch) }); },
        [implementerDone] {
            return ScriptedReply::calling(
                { handoff(u"reviewer"_s, implementerDone({ u"Add add.sh, which prints the sum of two numbers"_s })) });
        });

    // The reviewer reads the diff since the base and runs the tests, then rejects with a line of the diff.
    const auto review = [base] {
        return ScriptedReply::calling({ call(u"git_diff"_s, { { u"base"_s, *base } }), runCommand(kRunTests) });
    };
    story.add(
        u"Reviewer"_s,
        [base](const RecordedRequest &r) {
            QStringList problems = userTextHas(r, { *base, u"Add add.sh"_s });
            if (!EngineHarness::toolNames(r).contains(u"git_diff"_s))
                problems << u"git_diff not offered"_s;
            return problems;
        },
        review);
    story.add(
        u"Reviewer"_s,
        [quoted](const RecordedRequest &r) {
            const QStringList problems = expectOutputs(r,
                { ran(0, u"+++ b/add.sh\n@@ -0,0 +1,2 @@\n+#!/bin/sh\n+"_s + kAddedLine),
                    ran(0, u"ok: add.sh 2 3 = 5"_s) });
            // The reason quotes the line as the diff in this request shows it.
            const QList<QJsonObject> outputs = newOutputs(r);
            const QStringList diff
                = outputs.isEmpty() ? QStringList() : outputs.constFirst().value(u"stdout"_s).toString().split(u'\n');
            for (const QString &line : diff)
                if (quoted->isEmpty() && line.startsWith(u"+echo"_s))
                    *quoted = line.mid(1);
            return problems;
        },
        [quoted] {
            return ScriptedReply::calling({ call(u"reject_work"_s, { { u"reason"_s, kRejection.arg(*quoted) } }) });
        });

    // The implementer gets the reason, fixes, tests, commits and hands the change back.
    story.add(
        u"Implementer"_s, [](const RecordedRequest &r) { return userTextHas(r, { kRejection.arg(kAddedLine) }); },
        [] {
            return ScriptedReply::calling({ writeFile(u"add.sh"_s, kAddChecked),
                writeFile(u"test_add.sh"_s, kTestChecked), runCommand(kRunTests) });
        });
    story.add(
        u"Implementer"_s,
        [](const RecordedRequest &r) {
            return expectOutputs(r, { written(), written(), ran(0, u"ok: add.sh 2 is refused"_s) });
        },
        [] {
            return ScriptedReply::calling(
                { commit(u"Refuse a call without two numbers"_s, { u"add.sh"_s, u"test_add.sh"_s }) });
        });
    story.add(
        u"Implementer"_s, [](const RecordedRequest &r) { return expectOutputs(r, { ran(0, u"["_s + kBranch) }); },
        [implementerDone] {
            return ScriptedReply::calling({ handoff(u"reviewer"_s,
                implementerDone({ u"Add add.sh, which prints the sum of two numbers"_s,
                    u"Refuse a call without two numbers"_s })) });
        });
    story.add(
        u"Reviewer"_s,
        [base](const RecordedRequest &r) {
            return userTextHas(r, { *base, u"Refuse a call without two numbers"_s });
        },
        review);
    story.add(
        u"Reviewer"_s,
        [](const RecordedRequest &r) {
            return expectOutputs(r,
                { ran(0, u"+[ $# -eq 2 ] || { echo \"usage: add.sh A B\" >&2; exit 2; }"_s),
                    ran(0, u"ok: add.sh 2 is refused"_s) });
        },
        [base] {
            return ScriptedReply::calling({ call(u"approve_work"_s,
                { { u"summary"_s,
                    QString::fromUtf8(
                        QJsonDocument(QJsonObject { { u"decision"_s, u"approved"_s }, { u"base"_s, *base },
                                          { u"files"_s, u"add.sh, test_add.sh"_s } })
                            .toJson(QJsonDocument::Compact)) } }) });
        });

    // The refactorer finds nothing to tidy; the documenter writes the README, commits it and ends the story.
    story.add(
        u"Refactorer"_s, [](const RecordedRequest &r) { return userTextHas(r, { u"approved"_s }); },
        [] {
            return ScriptedReply::calling({ handoff(u"documenter"_s,
                QJsonObject { { u"behaviour_changed"_s, false },
                    { u"summary_of_the_story"_s, u"add.sh prints the sum of two numbers"_s } }) });
        });
    story.add(
        u"Documenter"_s,
        [](const RecordedRequest &r) {
            QStringList problems = userTextHas(r, { u"add.sh prints the sum of two numbers"_s });
            if (!EngineHarness::toolNames(r).contains(u"git_commit"_s))
                problems << u"git_commit not offered"_s;
            return problems;
        },
        [] {
            return ScriptedReply::calling(
                { writeFile(u"README.md"_s, kReadme), commit(u"Document add.sh in the README"_s, { u"README.md"_s }) });
        });
    story.add(
        u"Documenter"_s,
        [](const RecordedRequest &r) {
            return expectOutputs(r, { written(), ran(0, u"["_s + kBranch) });
        },
        [] {
            return ScriptedReply::calling(
                { handoff(u"orchestrator"_s,
                    QJsonObject { { u"done"_s, u"Story 7 is complete on the branch story-7."_s } }) },
                { u"Story 7 is complete on the branch story-7."_s });
        });
}

void TestGitPipeline::storyOnARepository_data()
{
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
    QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
}

void TestGitPipeline::storyOnARepository()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    if (const QString why = Bubblewrap::unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(u"bubblewrap cannot run here: "_s + why));
    QTemporaryDir workspace;
    QVERIFY(workspace.isValid());
    const QString root = QDir(workspace.path()).canonicalPath();
    makeRepository(root);
    if (QTest::currentTestFailed())
        return;
    const QString start = git(root, { u"rev-parse"_s, u"HEAD"_s });

    EngineConfig config = EngineHarness::testConfig();
    config.workspaceRoot = root;
    config.limits.runTimeoutMs = 120'000; // a dozen sandboxed commands on a busy machine
    config.limits.maxTurnsPerRun = 30; // the story takes 17 model calls; the default (12) would stop it, as it should
    EngineHarness h(protocol, config);
    QVERIFY(h.isReady());
    QString base;
    StoryScript story;
    script(story, &base);
    h.server().setResponder(story.responder());

    const qint64 id = h.createConversation(Conversation::Mode::Pipeline);
    QVERIFY(h.repository().setVariable(id, u"STORY_ID"_s, u"7"_s));
    QVERIFY(h.repository().setVariable(id, u"BRANCH"_s, kBranch));
    QVERIFY(h.repository().setVariable(id, u"DASHBOARD_URL"_s, u"http://localhost:3000"_s));
    // The person answers each question "always for this conversation", through the engine's approval path.
    QStringList asked;
    QObject::connect(
        &h.repository(), &ChatRepository::approvalNeeded, &h.repository(), [&](const ApprovalRequest &request) {
            asked << request.agentId + u':' + request.toolName;
            h.repository().decideApproval(request.id, ApprovalDecision::AllowAlways);
        });

    QSignalSpy finished(&h.repository(), &ChatRepository::runFinished);
    QVERIFY(h.repository().send(id, u"Story 7: add.sh prints the sum of its two numbers."_s).accepted());
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 120'000);
    QVERIFY2(story.problems().isEmpty(), qPrintable(story.problems().join(u'\n')));
    QVERIFY2(finished.constLast().at(2).value<RunOutcome>() == RunOutcome::Completed,
        qPrintable(u"step %1: %2"_s.arg(story.stepsTaken()).arg(finished.constLast().at(3).toString())));
    QCOMPARE(story.stepsTaken(), story.stepCount());
    QCOMPARE(base, start);
    // Asked once per tool: the reviewer's and the documenter's calls ran on the conversation's "always".
    QCOMPARE(asked, (QStringList { u"implementer:run_command"_s, u"implementer:write_file"_s }));
    QCOMPARE(h.rows(id).constLast().divider, Message::Divider::Completed);

    // The branch holds the story's three commits on top of main, main is untouched, nothing is left uncommitted.
    QCOMPARE(git(root, { u"rev-parse"_s, u"--abbrev-ref"_s, u"HEAD"_s }), kBranch);
    QCOMPARE(git(root, { u"log"_s, u"--format=%s"_s, u"main.."_s + kBranch }).split(u'\n'),
        (QStringList { u"Document add.sh in the README"_s, u"Refuse a call without two numbers"_s,
            u"Add add.sh, which prints the sum of two numbers"_s }));
    QCOMPARE(git(root, { u"log"_s, u"--format=%an <%ae>"_s, u"-1"_s }), u"Story Tester <tester@example.org>"_s);
    QCOMPARE(git(root, { u"rev-parse"_s, u"main"_s }), start);
    QCOMPARE(git(root, { u"status"_s, u"--porcelain"_s, u"--untracked-files=all"_s }), QString());
    QCOMPARE(
        git(root, { u"ls-files"_s }).split(u'\n'), (QStringList { u"README.md"_s, u"add.sh"_s, u"test_add.sh"_s }));
    QCOMPARE(contents(root + u"/add.sh"_s), kAddChecked);
    QCOMPARE(contents(root + u"/test_add.sh"_s), kTestChecked);
    QCOMPARE(contents(root + u"/README.md"_s), kReadme);
    int code = -1;
    git(root, { u"diff"_s, u"--quiet"_s, kBranch, u"--"_s }, &code);
    QCOMPARE(code, 0);
}

void TestGitPipeline::diffBaseMustBeARevision()
{
    // A base is a revision, never an option: git diff --output=FILE would write outside the workspace.
    QTemporaryDir workspace;
    const ToolRegistry tools = ToolRegistry::withBuiltins();
    ToolContext context;
    context.workspaceRoot = workspace.path();
    for (const QString &base : { u"--output=/tmp/tandem-diff"_s, u"main;rm"_s, u"a b"_s }) {
        ToolJob *job = tools.start(u"git_diff"_s, u"{\"base\": \"%1\"}"_s.arg(base), context);
        QVERIFY(job);
        QSignalSpy failed(job, &ToolJob::failed);
        QSignalSpy done(job, &ToolJob::finished);
        QTRY_VERIFY(!failed.isEmpty() || !done.isEmpty());
        QVERIFY2(!failed.isEmpty(), qPrintable(base));
        QVERIFY2(failed.at(0).at(0).value<ToolError>().message.contains(u"no commit or branch name"_s),
            qPrintable(failed.at(0).at(0).value<ToolError>().message));
    }
}

QTEST_GUILESS_MAIN(TestGitPipeline)
#include "tst_gitpipeline.moc"
