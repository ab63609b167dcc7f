// Makes the README's screenshots with the real window, the real repository on a fresh SQLite file and the
// loopback fake LLM server of the tests (a scripted "Demo server"): a single-agent chat, a dual-agent handoff with
// both dividers, a failed reply with Retry, a pipeline with its panel, the handoff inspector and the side-by-side
// view, an MCP server's tool call and Settings → Tools → MCP servers, and the settings; the views again in Russian
// after switching the language at run time. Run by scripts/screenshots.sh under Xvfb:
//   tandem_screenshots <output folder> [light|dark]

#include "AgentsEditor.h"
#include "ApprovalDialog.h"
#include "ChatView.h"
#include "FakeLlmServer.h"
#include "HandoffInspector.h"
#include "MainWindow.h"
#include "McpTestServers.h"
#include "MessageEditor.h"
#include "MetricsView.h"
#include "PanelDocks.h"
#include "PipelinePanel.h"
#include "SettingsDialog.h"
#include "TasksPanel.h"
#include "Theme.h"
#include "VariablesDialog.h"
#include "agents/AgentCatalog.h"
#include "chat/LocalChatRepository.h"
#include "chat/LocalSettingsService.h"
#include "chat/Translations.h"
#include "exchange/LocalExchange.h"
#include "mcp/McpServers.h"
#include "mcp/McpToolReadiness.h"
#include "presentation/AgentsEditorViewModel.h"
#include "presentation/ChatViewModel.h"
#include "presentation/ExchangeViewModel.h"
#include "presentation/McpServersViewModel.h"
#include "presentation/MetricsViewModel.h"
#include "presentation/SettingsViewModel.h"
#include "presentation/VariablesViewModel.h"
#include "storage/Database.h"
#include "storage/ProviderStore.h"
#include "storage/TaskStore.h"
#include "storage/UnitOfWork.h"
#include "tools/ToolCatalog.h"
#include "tools/ToolRegistry.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPixmap>
#include <QRadioButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <QTreeWidget>

#include <cstdio>
#include <tuple>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::ScriptedReply;

namespace {

const QString kLoginFormSaveFirst = u"void LoginForm::submit()\n{\n    QSettings().setValue(\"rememberMe\", "
                                    "m_remember->isChecked());\n    m_auth->login(m_user->text(), "
                                    "m_password->text());\n}\n"_s;
const QString kLoginFormSaveAfter = u"void LoginForm::onLoggedIn()\n{\n    QSettings().setValue(\"rememberMe\", "
                                    "m_remember->isChecked());\n    accept();\n}\n"_s;

/// A small project for the pipeline's agents to read and write: the login form of the story.
bool makeWorkspace(const QDir &root)
{
    if (!root.mkpath(u"src"_s))
        return false;
    const QList<std::pair<QString, QByteArray>> files {
        { u"src/LoginForm.cpp"_s,
            "void LoginForm::submit()\n{\n    m_auth->login(m_user->text(), m_password->text());\n}\n" },
        { u"src/LoginForm.h"_s, "class LoginForm : public QDialog\n{\n    Q_OBJECT\n};\n" },
    };
    for (const auto &[path, bytes] : files) {
        QFile file(root.filePath(path));
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            return false;
    }
    return true;
}

/// Splits @p text into small chunks, as a model streams it.
QStringList chunks(const QString &text)
{
    QStringList parts;
    for (qsizetype i = 0; i < text.size(); i += 12)
        parts << text.mid(i, 12);
    return parts;
}

void settle(int ms = 200)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

bool runTurn(LocalChatRepository &repository, MainWindow &window, qint64 conversationId, const QString &text)
{
    bool done = false;
    const auto connection = QObject::connect(&repository, &ChatRepository::runFinished, &window,
        [&done, conversationId](qint64 id) { done = done || id == conversationId; });
    window.viewModel()->openConversation(conversationId);
    window.viewModel()->send(text);
    QElapsedTimer clock;
    clock.start();
    while (!done && clock.elapsed() < 20000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QObject::disconnect(connection);
    settle(400);
    return done;
}

/// An edit of the person's message @p messageId (a new version beside it), run to its end as runTurn() runs a turn.
bool editTurn(
    LocalChatRepository &repository, MainWindow &window, qint64 conversationId, qint64 messageId, const QString &text)
{
    bool done = false;
    const auto connection = QObject::connect(&repository, &ChatRepository::runFinished, &window,
        [&done, conversationId](qint64 id) { done = done || id == conversationId; });
    window.viewModel()->openConversation(conversationId);
    window.viewModel()->editAndResend(messageId, text);
    QElapsedTimer clock;
    clock.start();
    while (!done && clock.elapsed() < 20000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QObject::disconnect(connection);
    settle(400);
    return done;
}

bool save(QWidget *widget, const QString &path)
{
    const bool ok = widget->grab().save(path);
    std::printf("%s %s\n", ok ? "wrote" : "could not write", qPrintable(QDir::toNativeSeparators(path)));
    return ok;
}

/// The pipeline panel, the inspector on the rejected handoff of @p pipeline and the side-by-side view of @p dual's
/// handoff, each as "<name>-<language>.png".
void saveViews(ChatRepository &repository, MainWindow &window, qint64 pipeline, qint64 dual, const QDir &out,
    const QString &language)
{
    const auto file = [&](const QString &name) {
        return out.filePath(u"%1-%2.png"_s.arg(name, language));
    };
    window.viewModel()->openConversation(pipeline);
    settle(400);
    save(&window, file(u"window"_s));
    // The rejected entry expanded: its reason and what travelled.
    QTreeWidget *history = window.pipelinePanel()->history();
    for (int i = 0; i < history->topLevelItemCount(); ++i)
        history->topLevelItem(i)->setExpanded(
            history->topLevelItem(i)->foreground(1).color() == Theme::rejectedColor());
    settle(200);
    save(window.pipelineDock(), file(u"pipeline-panel"_s));

    qint64 rejected = 0;
    for (const Handoff &handoff : repository.handoffs(pipeline))
        if (handoff.status() == Handoff::Status::Rejected && rejected == 0)
            rejected = handoff.id;
    if (HandoffInspector *inspector = window.inspectHandoff(rejected)) {
        inspector->resize(720, 600);
        inspector->tabs()->setCurrentIndex(0);
        settle(300);
        save(inspector, file(u"handoff-inspector"_s));
    }
    const QList<Handoff> dualHandoffs = repository.handoffs(dual);
    if (HandoffInspector *inspector
        = dualHandoffs.isEmpty() ? nullptr : window.inspectHandoff(dualHandoffs.first().id)) {
        inspector->resize(820, 480);
        inspector->tabs()->setCurrentIndex(1);
        settle(300);
        save(inspector, file(u"side-by-side"_s));
        inspector->close();
    }
    settle(200);
}

/// The message tree (issue #30): an edited question with its "‹ 2/2 ›" switcher, "branch-switcher-<language>.png";
/// the question being edited, "message-edit-<language>.png"; a conversation forked from one of its messages,
/// "fork-<language>.png" (the sidebar shows the copy titled "… (fork)", opened, with the history up to that message).
void saveBranchViews(MainWindow &window, qint64 branched, qint64 fork, const QDir &out, const QString &language)
{
    window.viewModel()->openConversation(branched);
    settle(400);
    save(&window, out.filePath(u"branch-switcher-%1.png"_s.arg(language)));
    window.chatView()->startEdit(0);
    settle(300);
    save(&window, out.filePath(u"message-edit-%1.png"_s.arg(language)));
    if (auto *editor = window.chatView()->findChild<MessageEditor *>())
        Q_EMIT editor->cancelled();
    settle(200);
    window.viewModel()->openConversation(fork);
    settle(400);
    save(&window, out.filePath(u"fork-%1.png"_s.arg(language)));
}

/// The router conversation's views: the pipeline panel with the routing decisions, the tasks panel and the metrics
/// view (its token chart), each as "<name>-<language>.png", each dock floated to a readable size for the picture.
void saveRouterViews(MainWindow &window, qint64 router, const QDir &out, const QString &language)
{
    const auto file = [&](const QString &name) {
        return out.filePath(u"%1-%2.png"_s.arg(name, language));
    };
    window.viewModel()->openConversation(router);
    window.resizeDocks({ window.pipelineDock() }, { 620 }, Qt::Horizontal); // the specialists' names in full
    QTreeWidget *routing = window.pipelinePanel()->routing();
    for (int i = 0; i < routing->topLevelItemCount(); ++i)
        routing->topLevelItem(i)->setExpanded(true); // what the classifier said and why
    settle(400);
    save(window.pipelineDock(), file(u"router-panel"_s));
    window.resizeDocks({ window.pipelineDock() }, { 480 }, Qt::Horizontal);
    TasksPanel *tasks = window.panelDocks()->tasksPanel();
    tasks->view()->setCurrentIndex(tasks->view()->model()->index(0, 0));
    const auto floated = [&](QDockWidget *dock, const QString &name, const QSize &size) {
        dock->setFloating(true);
        dock->show();
        dock->resize(size);
        settle(400);
        save(dock, file(name));
        dock->hide();
        dock->setFloating(false);
    };
    floated(window.panelDocks()->tasksDock(), u"tasks-panel"_s, QSize(640, 360));
    MetricsView *metrics = window.panelDocks()->metricsView();
    metrics->figureBox()->setCurrentIndex(metrics->figureBox()->findData(int(MetricsViewModel::ChartFigure::Tokens)));
    floated(window.panelDocks()->metricsDock(), u"metrics-view"_s, QSize(900, 640));
    settle(200);
}

/// Router mode (seed 004): a task proposed and created after a yes, a look at the stale tasks, and a greeting the
/// classifier could not place (it falls back to the general agent, visibly).
qint64 routerConversation(LocalChatRepository &repository, MainWindow &window, FakeLlmServer &server, UnitOfWork &work)
{
    const auto call = [](const QString &name, const QJsonObject &arguments) {
        return ToolCall { {}, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
    };
    const auto classified = [](const QString &agent, double confidence, const QString &reason) {
        return ScriptedReply::text({ QString::fromUtf8(QJsonDocument(
                                       QJsonObject { { u"agent"_s, agent }, { u"confidence"_s, confidence },
                                           { u"reason"_s,
                                               reason } }).toJson(QJsonDocument::Compact)) },
            TokenUsage { 210, 24, 0, 0 });
    };
    for (const auto &[title, priority, due] :
        { std::tuple { u"Send the invoice to Acme"_s, Task::Priority::High, QDate::currentDate().addDays(-2) },
            std::tuple { u"Book the dentist"_s, Task::Priority::Low, QDate() },
            std::tuple { u"Prepare the sprint demo"_s, Task::Priority::Normal, QDate::currentDate().addDays(3) } }) {
        Task task;
        task.title = title;
        task.priority = priority;
        task.due = due;
        work.tasks().create(task);
    }
    const qint64 router = repository.createConversation(Conversation::Mode::Router);
    server.enqueue(classified(u"task"_s, 0.87, u"asks to create a task"_s));
    server.enqueue(ScriptedReply::calling({ call(u"create_task"_s,
                                              { { u"title"_s, u"Review cloud code for Yury"_s },
                                                  { u"priority"_s, u"high"_s }, { u"due"_s, u"Friday"_s } }) },
        {}, TokenUsage { 640, 38, 0, 0 }));
    server.enqueue(ScriptedReply::text(
        chunks(u"I'll create the task 'Review cloud code for Yury', high priority, due Friday. Shall I?"_s),
        TokenUsage { 720, 26, 0, 0 }));
    runTurn(repository, window, router, u"Create a task to review the cloud code for Yury by Friday, high priority"_s);
    server.enqueue(ScriptedReply::text(
        chunks(u"Done: 'Review cloud code for Yury' is on your list."_s), TokenUsage { 760, 18, 0, 0 }));
    runTurn(repository, window, router, u"Yes"_s);
    server.enqueue(classified(u"tracking"_s, 0.91, u"asks what is overdue"_s));
    server.enqueue(ScriptedReply::calling({ call(u"get_stale_tasks"_s, {}) }, {}, TokenUsage { 580, 20, 0, 0 }));
    server.enqueue(ScriptedReply::text(
        chunks(u"One task is overdue: 'Send the invoice to Acme' (high priority). Start with that one."_s),
        TokenUsage { 690, 31, 0, 0 }));
    runTurn(repository, window, router, u"What's overdue?"_s);
    // Not sure enough: the keyword rules decide.
    server.enqueue(classified(u"qa"_s, 0.42, u"mentions notes"_s));
    server.enqueue(
        ScriptedReply::text(chunks(u"What should the task about the demo notes say?"_s), TokenUsage { 300, 12, 0, 0 }));
    runTurn(repository, window, router, u"Create a task for the demo notes"_s);
    return router;
}

/// The approval of a command whose agent asks for the network, as "command-approval-<language>.png".
void saveCommandApproval(MainWindow &window, const QDir &out, const QString &language)
{
    ApprovalRequest request;
    request.agentId = u"implementer"_s;
    request.toolName = u"run_command"_s;
    request.arguments = u"{\"argv\":[\"sh\",\"-c\",\"make test 2>&1 | tail -n 20\"],\"cwd\":\"src\"}"_s;
    request.asksNetwork = true;
    ApprovalDialog dialog(request, &window);
    dialog.show();
    settle(300);
    save(&dialog, out.filePath(u"command-approval-%1.png"_s.arg(language)));
    dialog.close();
}

/// The agents editor on the pipeline's reviewer and the settings' guardrails page, as "<name>-<language>.png".
void saveDialogs(ChatRepository &repository, SettingsViewModel &settings, MainWindow &window, qint64 conversation,
    const QDir &out, const QString &language)
{
    AgentsEditorViewModel agents(&repository);
    AgentsEditor editor(&agents, &window);
    editor.select(Conversation::Mode::Pipeline, u"reviewer"_s);
    editor.show();
    settle(400);
    save(&editor, out.filePath(u"agents-editor-%1.png"_s.arg(language)));
    editor.findChild<QTabWidget *>()->setCurrentIndex(2); // the handoffs with their options
    settle(200);
    save(&editor, out.filePath(u"agents-editor-handoffs-%1.png"_s.arg(language)));
    // An unsaved edit, then Close: the question before the edit is lost (answered Discard once it is saved).
    editor.findChild<QTabWidget *>()->setCurrentIndex(0);
    editor.findChild<QLineEdit *>(u"AgentRole"_s)->setText(u"Checks the change, then the tests"_s);
    QTimer::singleShot(400, &editor, [&] {
        auto *question = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!question)
            return;
        save(question, out.filePath(u"agents-editor-unsaved-%1.png"_s.arg(language)));
        question->button(QMessageBox::Discard)->click();
    });
    editor.close();

    SettingsDialog dialog(&settings, &window);
    dialog.findChild<QTabWidget *>()->setCurrentIndex(2);
    dialog.show();
    settle(400);
    save(&dialog, out.filePath(u"settings-guardrails-%1.png"_s.arg(language)));
    dialog.close();

    // Conversation → Variables…, with two set and a refused name under the fields.
    VariablesViewModel variables(&repository, conversation);
    variables.set(u"PROJECT"_s, u"login-form"_s);
    variables.set(u"STORY_ID"_s, u"1.2"_s);
    VariablesDialog variablesDialog(&variables, &window);
    variablesDialog.findChild<QLineEdit *>(u"VariableName"_s)->setText(u"2FA"_s);
    variablesDialog.show();
    QMetaObject::invokeMethod(variablesDialog.findChild<QLineEdit *>(u"VariableName"_s), "returnPressed");
    settle(400);
    save(&variablesDialog, out.filePath(u"variables-%1.png"_s.arg(language)));
    variablesDialog.close();
    saveCommandApproval(window, out, language);
}

/// A single chat whose assistant calls server-everything's echo tool (MCP over stdio), and Settings → Tools → MCP
/// servers showing that server, its state, tools and log: "mcp-tool-call-<language>.png",
/// "settings-mcp-<language>.png".
void saveMcpViews(MainWindow &window, SettingsViewModel &settings, McpServersViewModel &servers, qint64 conversation,
    const QDir &out, const QString &language)
{
    if (conversation <= 0)
        return;
    window.viewModel()->openConversation(conversation);
    settle(400);
    save(&window, out.filePath(u"mcp-tool-call-%1.png"_s.arg(language)));

    SettingsDialog dialog(&settings, &window);
    dialog.addMcpServersPage(&servers);
    auto *tabs = dialog.findChild<QTabWidget *>();
    tabs->setCurrentIndex(tabs->count() - 1);
    if (auto *list = tabs->currentWidget()->findChild<QListWidget *>())
        list->setCurrentRow(0);
    dialog.resize(900, 680);
    dialog.show();
    settle(400);
    save(&dialog, out.filePath(u"settings-mcp-%1.png"_s.arg(language)));
    dialog.close();
}

/// The MCP conversation: the assistant, allowed server-everything's echo, calls it and answers from its result. 0 when
/// node or the servers of tests/mcp are missing.
qint64 mcpConversation(
    LocalChatRepository &repository, MainWindow &window, FakeLlmServer &server, McpServers &mcp, const QString &folder)
{
    if (Test::McpTestServers::node().isEmpty() || !Test::McpTestServers::missingPackages().isEmpty()) {
        std::fprintf(stderr, "no MCP screenshots: node or tests/mcp/node_modules is missing\n");
        return 0;
    }
    // The server as a person configures it (npx and the package's name), so the picture shows no folder of the
    // machine it was made on: npx finds the package in its working folder's node_modules, a link to the tests' own.
    const QString working = QDir(folder).filePath(u"mcp"_s);
    if (!QDir().mkpath(working)
        || !QFile::link(Test::McpTestServers::packagesFolder(), QDir(working).filePath(u"node_modules"_s))
        || !QDir::setCurrent(working))
        return 0;
    McpServerConfig everything;
    everything.name = u"everything"_s;
    everything.command = u"npx"_s;
    everything.args = QStringList { u"-y"_s, u"@modelcontextprotocol/server-everything"_s, u"stdio"_s };
    if (!mcp.add(everything))
        return 0;
    EngineConfig config = repository.engineConfig();
    config.agentsFolder = folder;
    repository.setEngineConfig(config);
    std::optional<Agent> assistant = AgentCatalog::shipped(u"assistant"_s);
    if (!assistant)
        return 0;
    assistant->allowedTools << u"mcp:everything/echo"_s;
    repository.saveAgentDefinition(*assistant);
    const qint64 conversation = repository.createConversation(Conversation::Mode::Single);
    const ToolCall echo { {}, u"everything__echo"_s, u"{\"message\":\"Tandem talks MCP\"}"_s, {} };
    server.enqueue(ScriptedReply::calling(
        { echo }, chunks(u"Asking the everything server to echo it."_s), TokenUsage { 410, 22, 0, 0 }));
    server.enqueue(ScriptedReply::text(
        chunks(u"The server's echo tool answered **Echo: Tandem talks MCP**: the call went over stdio to "
               "`server-everything`, and its result came back to me as a tool result."_s),
        TokenUsage { 470, 38, 0, 0 }));
    runTurn(repository, window, conversation, u"Call the MCP echo tool with “Tandem talks MCP”."_s);
    return conversation;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: tandem_screenshots <output folder> [light|dark]\n");
        return 2;
    }
    const QDir out(args.at(1));
    if (!out.exists() && !QDir().mkpath(out.path()))
        return 1;
    QStandardPaths::setTestModeEnabled(true); // settings in a throwaway place, never the person's own
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-screenshots"_s);
    QSettings().clear();
    Translations::install(u"en"_s); // the English plural forms
    QApplication::setFont(QFont(u"DejaVu Sans"_s, 10));
    Theme::apply(args.value(2, u"light"_s));

    QTemporaryDir dir;
    Database database;
    if (!database.open(dir.filePath(u"tandem.sqlite"_s))) {
        std::fprintf(stderr, "%s\n", qPrintable(database.errorString()));
        return 1;
    }
    FakeLlmServer server;
    ProviderProfile profile;
    profile.id = u"demo"_s;
    profile.name = u"Demo server"_s;
    profile.protocol = ProviderProfile::Protocol::ChatCompletions;
    profile.baseUrl = server.baseUrl();
    profile.defaultModel = u"demo-model"_s;
    ProviderStore &providers = database.work().providers();
    providers.save(profile);

    QNetworkAccessManager network;
    LocalSettingsService service(&database.work(), nullptr, &network);
    SettingsViewModel settings(&service);
    settings.setDefaultProviderId(profile.id);
    EngineConfig config;
    service.applyTo(config);
    config.retryPolicy.maxRetries = 0;
    // The pipeline's workspace; its writes run at once (the settings' choice), no approval dialog over the pictures.
    const QDir workspace(dir.filePath(u"workspace"_s));
    if (!makeWorkspace(workspace)) {
        std::fprintf(stderr, "could not make the workspace\n");
        return 1;
    }
    config.workspaceRoot = workspace.path();
    config.criticalTools.insert(u"write_file"_s, false);
    // The built-in tools (the agents editor lists them) and an MCP server's, as the app's catalog holds them.
    const std::unique_ptr<ToolCatalog> tools = ToolCatalog::withBuiltins();
    McpServers mcp(tools.get(), &network, {}, dir.filePath(u"mcp.json"_s));
    mcp.load();
    McpServersViewModel mcpPage(&mcp, {});
    McpToolReadiness mcpReadiness(&mcp);
    LocalChatRepository repository(database.work(), &network, nullptr, &tools->registry(), config);
    repository.setToolReadiness(&mcpReadiness);

    // Export and import wired as the app wires them, so that File → Export… and the toolbar's Export… are enabled.
    LocalExchange exchangeApi(database.work());
    ExchangeViewModel exchange(&exchangeApi);
    MainWindow window(&repository, &settings);
    window.setExchange(&exchange);
    window.resize(1270, 780);
    window.show();
    window.pipelineDock()->show(); // the panel beside every chat of the README
    settle();

    // 1. A single-agent chat with Markdown.
    const qint64 single = repository.createConversation(Conversation::Mode::Single);
    server.enqueue(ScriptedReply::text(
        chunks(u"Use `QStandardPaths::AppDataLocation` and let Qt pick the folder for each platform:\n\n"
               "```cpp\nconst QString dir = QStandardPaths::writableLocation(\n    QStandardPaths::AppDataLocation);\n"
               "QDir().mkpath(dir);\n```\n\n"
               "- **Linux**: `~/.local/share/<org>/<app>`\n- **Windows**: `%APPDATA%\\<org>\\<app>`\n"
               "- **macOS**: `~/Library/Application Support/<app>`\n\n"
               "Set the organisation and application names *before* the first call."_s),
        TokenUsage { 182, 96, 0, 0 }));
    runTurn(repository, window, single, u"Where should a Qt app keep its SQLite database?"_s);

    // 2. A dual-agent turn: agent 1 hands over with HANDOFF_AGENT2, agent 2 answers after both dividers.
    const qint64 dual = repository.createConversation(Conversation::Mode::Dual);
    server.enqueue(ScriptedReply::text(
        chunks(u"HANDOFF_AGENT2\nRewrite this release note for end users, in two short sentences, without internal "
               "ticket numbers: \"Fixed TND-412: stale handoffs now time out after 30 minutes; TND-415: the composer "
               "keeps "
               "drafts per conversation.\""_s),
        TokenUsage { 240, 58, 0, 0 }));
    server.enqueue(ScriptedReply::text(
        chunks(u"Handoffs that wait longer than 30 minutes now close on their own, so nothing stays stuck. "
               "Each conversation also keeps its own unsent draft."_s),
        TokenUsage { 131, 34, 0, 0 }));
    runTurn(repository, window, dual,
        u"Make this release note readable for users: Fixed TND-412: stale handoffs now time out after 30 "
        "minutes; TND-415: the composer keeps drafts per conversation."_s);
    save(&window, out.filePath(u"dual-agent-handoff.png"_s));

    window.viewModel()->openConversation(single);
    settle(400);
    save(&window, out.filePath(u"single-chat.png"_s));

    // 3. A failed reply: the server answers 503; the error bubble offers Retry.
    const qint64 failing = repository.createConversation(Conversation::Mode::Single);
    server.enqueue(ScriptedReply::httpError(503));
    runTurn(repository, window, failing, u"Summarise the meeting notes I pasted yesterday."_s);
    save(&window, out.filePath(u"error-retry.png"_s));

    // 4. A pipeline (seed 002), as a run shows it: each agent says what it does, works in the workspace through its
    // tools (rows in the chat) and hands over (dividers), within the default limit of 12 model calls a run. The analyst
    // plans, the implementer builds, the reviewer rejects once and then approves, the refactorer polishes, the
    // documenter ends it.
    const auto call = [](const QString &name, const QJsonObject &arguments) {
        return ToolCall { {}, name, QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact)), {} };
    };
    const auto handoff = [&call](const QString &target, const QString &context) {
        return call(u"handoff_to"_s, { { u"target_agent"_s, target }, { u"context"_s, context } });
    };
    const auto says = [&server](const ToolCall &tool, const QString &text) {
        server.enqueue(ScriptedReply::calling({ tool }, chunks(text), TokenUsage { 900, 60, 0, 0 }));
    };
    const auto read = [&call](const QString &path) {
        return call(u"read_file"_s, { { u"path"_s, path } });
    };
    const auto write = [&call](const QString &path, const QString &content) {
        return call(u"write_file"_s, { { u"path"_s, path }, { u"content"_s, content } });
    };
    const qint64 pipeline = repository.createConversation(Conversation::Mode::Pipeline);
    says(read(u"src/LoginForm.cpp"_s), u"The form is in LoginForm.cpp; reading it."_s);
    says(handoff(u"implementer"_s,
             u"Plan: add a \"Remember me\" checkbox to the login form; store the flag in QSettings; two tests."_s),
        u"The form has no option yet. The plan: a checkbox below the password, a flag in QSettings, two tests."_s);
    says(write(u"src/LoginForm.cpp"_s, kLoginFormSaveFirst), u"Adding the checkbox and saving its state."_s);
    says(handoff(u"reviewer"_s, u"Checkbox and setting added; tests written."_s),
        u"The checkbox is in and the flag is stored; both tests pass."_s);
    says(read(u"src/LoginForm.cpp"_s), u"Reading the change."_s);
    says(call(u"reject_work"_s, { { u"reason"_s, u"The flag is saved before the login succeeds."_s } }),
        u"The flag is written even when the password is wrong."_s);
    says(write(u"src/LoginForm.cpp"_s, kLoginFormSaveAfter), u"Moving the save after a successful login."_s);
    says(handoff(u"reviewer"_s, u"The flag is saved after a successful login."_s),
        u"Fixed: the flag is saved only once the login succeeds."_s);
    says(call(u"approve_work"_s, { { u"summary"_s, u"Correct order, tests cover both paths."_s } }),
        u"Correct now, and the tests cover both paths."_s);
    says(handoff(u"documenter"_s, u"Names tidied; no behaviour changed."_s),
        u"Renamed the slot to saveRememberMe(); nothing else to tidy."_s);
    says(handoff(u"orchestrator"_s, u"User guide and changelog updated."_s), u"The user guide describes the option."_s);
    runTurn(repository, window, pipeline, u"Story 1.2: a \"Remember me\" option on the login form."_s);
    save(&window, out.filePath(u"pipeline.png"_s));

    // 5. Router mode (seed 004): the routing decisions, the tasks and the metrics.
    const qint64 router = routerConversation(repository, window, server, database.work());
    save(&window, out.filePath(u"router.png"_s));

    // 5a. A question edited: the new version runs, the first stays on its branch.
    const qint64 branched = repository.createConversation(Conversation::Mode::Single);
    server.enqueue(ScriptedReply::text(
        chunks(u"**Trailhead**, **Ridge Runners** or **Second Breakfast**."_s), TokenUsage { 64, 18, 0, 0 }));
    runTurn(repository, window, branched, u"Suggest a name for our hiking club."_s);
    server.enqueue(ScriptedReply::text(
        chunks(u"**Volga Trails**, **Kaban Lake Walkers** or **Sviyazhsk Steps**."_s), TokenUsage { 70, 20, 0, 0 }));
    const QList<Message> asked = repository.messages(branched);
    editTurn(repository, window, branched, asked.isEmpty() ? 0 : asked.constFirst().id,
        u"Suggest a name for our hiking club in Kazan."_s);

    // 5b. The dual conversation forked at agent 2's answer, the fork asked on (a short title, so that the sidebar shows
    // the fork's "(fork)").
    repository.renameConversation(dual, u"Release note"_s);
    const QList<Message> dualRows = repository.messages(dual);
    const qint64 fork = dualRows.isEmpty() ? 0 : repository.forkConversation(dual, dualRows.constLast().id);
    server.enqueue(ScriptedReply::text(chunks(u"Stale handoffs now close by themselves after 30 minutes, and every "
                                              "conversation keeps the draft you have not sent."_s),
        TokenUsage { 150, 30, 0, 0 }));
    runTurn(repository, window, fork, u"Shorter, one sentence each, and say \"you\"."_s);

    // 6. An MCP server's tool in a conversation.
    const qint64 mcpChat = mcpConversation(repository, window, server, mcp, dir.filePath(u"agents"_s));

    // 7. The views of the handoffs, of router mode and of MCP, in English, then in Russian after switching the language
    // at run time.
    saveViews(repository, window, pipeline, dual, out, u"en"_s);
    saveRouterViews(window, router, out, u"en"_s);
    saveBranchViews(window, branched, fork, out, u"en"_s);
    saveDialogs(repository, settings, window, dual, out, u"en"_s);
    saveMcpViews(window, settings, mcpPage, mcpChat, out, u"en"_s);
    settings.setLanguage(u"ru"_s);
    settle(400);
    saveViews(repository, window, pipeline, dual, out, u"ru"_s);
    saveRouterViews(window, router, out, u"ru"_s);
    saveBranchViews(window, branched, fork, out, u"ru"_s);
    saveDialogs(repository, settings, window, dual, out, u"ru"_s);
    saveMcpViews(window, settings, mcpPage, mcpChat, out, u"ru"_s);
    settings.setLanguage(u"en"_s);
    settle(400);

    // 8. The settings.
    SettingsDialog dialog(&settings, &window);
    dialog.show();
    settle(400);
    save(&dialog, out.filePath(u"settings.png"_s));
    dialog.close();
    mcp.shutdownAll();
    return 0;
}
