// The language switches while the window is open, without a restart: a dual-agent turn is stored in English, then
// View → Language → Русский swaps the translators, and the menus, the toolbar's mode, the dock, the sidebar and the
// stored dividers (rendered from their kind, not from the sentence stored with them) read Russian; back to English
// the same way. The .qm files are compiled into the test as into the app.

#include "AgentsEditor.h"
#include "ApprovalDialog.h"
#include "ChatView.h"
#include "EngineHarness.h"
#include "MainActions.h"
#include "MainToolBar.h"
#include "MainWindow.h"
#include "ModalAnswer.h"
#include "PipelinePanel.h"
#include "SettingsDialog.h"
#include "chat/Translations.h"
#include "presentation/AgentsEditorViewModel.h"
#include "presentation/ChatViewModel.h"
#include "presentation/ConversationListModel.h"
#include "presentation/MessageListModel.h"
#include "presentation/SettingsViewModel.h"

#include <QAbstractItemView>
#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QToolButton>
#include <QWindow>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestLanguageSwitch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void switchesAtRunTime();
    void openDialogsFollowTheLanguage();
    void agentsBadgesAndRouterDividersFollowTheLanguage();

private:
    static QStringList menuTitles(MainWindow &window);
    static QStringList dividers(MainWindow &window);
    static QAction *language(MainWindow &window, const QString &code);
    static QStringList agentNames(MainWindow &window);
    static QString badge(MainWindow &window, qint64 conversationId);
};

void TestLanguageSwitch::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
    QSettings().remove(u"ui/language"_s);
    QVERIFY(Translations::install(u"en"_s));
}

QStringList TestLanguageSwitch::menuTitles(MainWindow &window)
{
    QStringList titles;
    const QList<QAction *> menus = window.menuBar()->actions();
    for (const QAction *menu : menus)
        titles << menu->text();
    return titles;
}

QStringList TestLanguageSwitch::dividers(MainWindow &window)
{
    QStringList shown;
    MessageListModel *model = window.viewModel()->messages();
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->messageAt(row).isDivider())
            shown << model->index(row).data(MessageListModel::ContentRole).toString();
    return shown;
}

QStringList TestLanguageSwitch::agentNames(MainWindow &window)
{
    QStringList shown;
    MessageListModel *model = window.viewModel()->messages();
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->messageAt(row).role == Message::Role::Assistant && !model->messageAt(row).isDivider())
            shown << model->index(row).data(MessageListModel::AgentNameRole).toString();
    shown.removeDuplicates();
    return shown;
}

QString TestLanguageSwitch::badge(MainWindow &window, qint64 conversationId)
{
    // What the sidebar's delegate paints beside the title.
    const QAbstractItemModel *list = window.findChild<QAbstractItemView *>(u"ConversationList"_s)->model();
    for (int row = 0; row < list->rowCount(); ++row) {
        const QModelIndex index = list->index(row, 0);
        if (index.data(ConversationListModel::IdRole).toLongLong() == conversationId)
            return index.data(ConversationListModel::ModeBadgeRole).toString();
    }
    return {};
}

QAction *TestLanguageSwitch::language(MainWindow &window, const QString &code)
{
    const QList<QAction *> actions = window.actions()->languages()->actions();
    for (QAction *action : actions)
        if (action->data().toString() == code)
            return action;
    return nullptr;
}

void TestLanguageSwitch::switchesAtRunTime()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    SettingsViewModel settings(nullptr);
    MainWindow window(&h.repository(), &settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    window.viewModel()->openConversation(id);
    h.server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\nShorten: the quick brown fox."_s }));
    h.server().enqueue(ScriptedReply::text({ u"Quick fox."_s }));
    QCOMPARE(h.sendAndWait(id, u"Shorten my sentence"_s), RunOutcome::Completed);
    window.viewModel()->messages()->flushDeltas();

    const QStringList english { u"Handing the message to agent 2"_s, u"Message accepted by agent 2"_s };
    QCOMPARE(menuTitles(window), (QStringList { u"&File"_s, u"&Edit"_s, u"&Conversation"_s, u"&View"_s, u"&Help"_s }));
    QCOMPARE(dividers(window), english);
    QCOMPARE(window.findChild<QToolButton *>(u"ModeSelector"_s)->text(), u"Dual agents"_s);

    // View → Language → Русский.
    QAction *russian = language(window, u"ru"_s);
    QVERIFY(russian);
    russian->trigger();
    QCOMPARE(QSettings().value(u"ui/language"_s).toString(), u"ru"_s);
    QTRY_COMPARE(
        menuTitles(window), (QStringList { u"&Файл"_s, u"&Правка"_s, u"&Беседа"_s, u"&Вид"_s, u"&Справка"_s }));
    QCOMPARE(window.windowTitle(), u"Tandem"_s);
    QCOMPARE(window.dualAction()->text(), u"&Два агента"_s);
    QCOMPARE(window.findChild<QToolButton *>(u"ModeSelector"_s)->text(), u"Два агента"_s);
    QCOMPARE(window.findChild<QPushButton *>(u"NewConversationButton"_s)->text(), u"Новая беседа"_s);
    QCOMPARE(window.pipelineDock()->windowTitle(), u"Конвейер"_s);
    QCOMPARE(window.findChild<QPushButton *>(u"SendButton"_s)->text(), u"&Отправить"_s);
    QVERIFY(russian->isChecked());
    // Dates and numbers follow: every view formats them through the default locale.
    QCOMPARE(QLocale().language(), QLocale::Russian);
    QCOMPARE(QLocale().toString(QDate(2026, 11, 22), u"d MMMM"_s), u"22 ноября"_s);
    // The rows were stored in English; they show in Russian now, and stay English in the store.
    QCOMPARE(
        dividers(window), (QStringList { u"Передача сообщения во 2-го агента"_s, u"Сообщение принято агентом 2"_s }));
    QStringList stored;
    for (const Message &row : h.rows(id))
        if (row.isDivider())
            stored << row.content;
    QCOMPARE(stored, english);

    // And back.
    language(window, u"en"_s)->trigger();
    QTRY_COMPARE(
        menuTitles(window), (QStringList { u"&File"_s, u"&Edit"_s, u"&Conversation"_s, u"&View"_s, u"&Help"_s }));
    QCOMPARE(dividers(window), english);
    QCOMPARE(QLocale().language(), QLocale::English);
    QCOMPARE(
        window.findChild<QLineEdit *>(u"SearchField"_s)->placeholderText(), u"Search titles and messages (Ctrl+F)"_s);
    QSettings().remove(u"ui/language"_s);
}

void TestLanguageSwitch::openDialogsFollowTheLanguage()
{
    // The settings dialog and the agents editor, open while the language changes, read the new one at once.
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    SettingsViewModel settings(nullptr);
    SettingsDialog dialog(&settings);
    dialog.show();
    auto *tabs = dialog.findChild<QTabWidget *>();
    tabs->setCurrentIndex(2);
    AgentsEditorViewModel agents(&h.repository());
    AgentsEditor editor(&agents);
    editor.show();
    QCOMPARE(dialog.windowTitle(), u"Settings"_s);
    QCOMPARE(editor.windowHandle()->title(), u"Agents"_s); // the title shown: "[*]" is the unsaved mark

    Translations::install(u"ru"_s); // not through the settings: a parallel test may share them
    QTRY_COMPARE(dialog.windowTitle(), u"Настройки"_s);
    QCOMPARE(dialog.findChild<QTabWidget *>()->tabText(2), u"&Ограничители"_s);
    QCOMPARE(dialog.findChild<QTabWidget *>()->currentIndex(), 2); // the page shown stays
    QCOMPARE(dialog.findChildren<QTabWidget *>().size(), 1); // the old pages are gone
    QCOMPARE(editor.windowHandle()->title(), u"Агенты"_s);
    QCOMPARE(editor.findChild<QPushButton *>(u"SaveAgent"_s)->text(), u"&Сохранить"_s);

    Translations::install(u"en"_s);
    QTRY_COMPARE(dialog.windowTitle(), u"Settings"_s);
    QCOMPARE(dialog.findChild<QTabWidget *>()->tabText(2), u"&Guardrails"_s);
    QCOMPARE(editor.windowHandle()->title(), u"Agents"_s);
}

QTEST_MAIN(TestLanguageSwitch)
void TestLanguageSwitch::agentsBadgesAndRouterDividersFollowTheLanguage()
{
    // Issue #24, item 11: the shipped agents' names, the sidebar's badge and router mode's dividers (the routing and
    // the approval it then asks) were said once, in the language of their time; they follow View → Language now.
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    Task dentist;
    dentist.title = u"Dentist"_s;
    QVERIFY(h.work().tasks().create(dentist));
    SettingsViewModel settings(nullptr);
    MainWindow window(&h.repository(), &settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    window.viewModel()->openConversation(id);
    const auto json = [](const QJsonObject &object) {
        return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
    };
    h.server().enqueue(ScriptedReply::text(
        { json({ { u"agent"_s, u"task"_s }, { u"confidence"_s, 0.95 }, { u"reason"_s, u"test"_s } }) }));
    h.server().enqueue(
        ScriptedReply::calling({ ToolCall { {}, u"delete_task"_s, json({ { u"task_id"_s, dentist.id } }), {} } }));
    h.server().enqueue(ScriptedReply::text({ u"Kept it."_s }));
    // The window asks in its approval dialog; the person declines.
    ModalAnswer<ApprovalDialog> answer([](ApprovalDialog *dialog) {
        dialog->reject();
        return true;
    });
    QVERIFY(h.repository().send(id, u"Delete the dentist task"_s).accepted());
    QVERIFY(QTest::qWaitFor([&] { return answer.answered(); }, 20'000));
    QCOMPARE(h.waitForRun(id), RunOutcome::Completed);
    window.viewModel()->messages()->flushDeltas();

    const QStringList english { u"Routed to Task agent · 0.95"_s,
        u"Task agent wants to run “delete_task” and needs your approval."_s };
    QCOMPARE(dividers(window), english);
    QCOMPARE(agentNames(window), QStringList { u"Task agent"_s });
    QCOMPARE(badge(window, id), u"router"_s);

    language(window, u"ru"_s)->trigger();
    QTRY_COMPARE(
        menuTitles(window), (QStringList { u"&Файл"_s, u"&Правка"_s, u"&Беседа"_s, u"&Вид"_s, u"&Справка"_s }));
    QCOMPARE(dividers(window),
        (QStringList { u"Направлено к: Агент задач · 0.95"_s,
            u"Агент задач хочет запустить «delete_task» и ждёт вашего подтверждения."_s }));
    QCOMPARE(agentNames(window), QStringList { u"Агент задач"_s });
    QCOMPARE(badge(window, id), u"маршрутизатор"_s);
    // The store keeps the English words: the files' names and the sentences as they were written.
    QCOMPARE(h.work().agents().get(u"task"_s)->name, u"Task agent"_s);
    QStringList stored;
    for (const Message &row : h.rows(id))
        if (row.isDivider())
            stored << row.content;
    QCOMPARE(stored, english);

    language(window, u"en"_s)->trigger();
    QTRY_COMPARE(
        menuTitles(window), (QStringList { u"&File"_s, u"&Edit"_s, u"&Conversation"_s, u"&View"_s, u"&Help"_s }));
    QCOMPARE(dividers(window), english);
    QCOMPARE(agentNames(window), QStringList { u"Task agent"_s });
    QCOMPARE(badge(window, id), u"router"_s);
    QSettings().remove(u"ui/language"_s);
}

#include "tst_languageswitch.moc"
