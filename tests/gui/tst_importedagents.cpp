// Agents that came with an import (issue #24, item 2): they arrive switched off, the agents editor lists them as
// imported in their modes, saving one makes it the person's own agent file, and "Remove Agent" removes it (and the
// person's own added agents) while a shipped agent can only be reset. Real repository, agents folder and database.
#include "AgentsEditor.h"
#include "EngineHarness.h"
#include "ExchangeFixture.h"
#include "ModalAnswer.h"
#include "exchange/JsonImporter.h"
#include "presentation/AgentsEditorViewModel.h"
#include "storage/AgentStore.h"
#include "storage/ExchangeStore.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ModalAnswer;

class TestImportedAgents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup() { QVERIFY(EngineHarness::takeSpecProblems().isEmpty()); }
    void importedAgentIsListedAndRemovable();
    void savingAdoptsTheImportedAgent();

private:
    /// Imports the fixed export with its first agent renamed "planner" (for router mode, enabled in the file).
    static bool importPlanner(EngineHarness &h);
};

namespace {
EngineConfig configWith(const QString &folder)
{
    EngineConfig config = EngineHarness::testConfig();
    config.agentsFolder = folder;
    return config;
}

/// The list's text for @p agentId; empty if it is not listed.
QString listed(AgentsEditor &editor, const QString &agentId)
{
    auto *list = editor.findChild<QListWidget *>(u"AgentsList"_s);
    for (int row = 0; row < list->count(); ++row)
        if (list->item(row)->data(Qt::UserRole).toString() == agentId)
            return list->item(row)->text();
    return {};
}
} // namespace

void TestImportedAgents::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

bool TestImportedAgents::importPlanner(EngineHarness &h)
{
    QFile file(Test::ExchangeFixture::dataFile(u"export/fixed.json"_s));
    if (!file.open(QIODevice::ReadOnly))
        return false;
    QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    QJsonArray conversations = root[u"conversations"_s].toArray();
    QJsonObject conversation = conversations[0].toObject();
    QJsonArray agents = conversation[u"agents"_s].toArray();
    QJsonObject planner = agents[0].toObject();
    planner.insert(u"id"_s, u"planner"_s);
    planner.insert(u"name"_s, u"Planner"_s);
    planner.insert(u"enabled"_s, true);
    planner.insert(u"modes"_s, QJsonArray { u"router"_s });
    planner.insert(u"handoff_targets"_s, QJsonArray {});
    planner.insert(u"edge_options"_s, QJsonObject {});
    agents.replace(0, planner);
    conversation.insert(u"agents"_s, agents);
    conversations.replace(0, conversation);
    root.insert(u"conversations"_s, conversations);
    ExchangeStore store(h.work());
    JsonImporter importer(&store);
    if (!importer.importData(QJsonDocument(root).toJson()))
        qWarning() << importer.errorString();
    return importer.agentsAdded() == 1;
}

void TestImportedAgents::importedAgentIsListedAndRemovable()
{
    QTemporaryDir folder;
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, configWith(folder.path()));
    QVERIFY(h.isReady());
    QVERIFY(importPlanner(h));
    QVERIFY(!h.work().agents().get(u"planner"_s)->enabled);

    AgentsEditorViewModel model(&h.repository());
    AgentsEditor editor(&model);
    editor.show();
    editor.select(Conversation::Mode::Router, u"planner"_s);
    QCOMPARE(listed(editor, u"planner"_s), u"Planner (imported)"_s);
    QVERIFY(!editor.findChild<QCheckBox *>(u"AgentEnabled"_s)->isChecked());
    auto *remove = editor.findChild<QPushButton *>(u"RemoveAgent"_s);
    QVERIFY(remove->isEnabled());
    QVERIFY(!editor.findChild<QPushButton *>(u"ResetToPreset"_s)->isEnabled());

    ModalAnswer<QMessageBox> yes([](QMessageBox *box) {
        box->button(QMessageBox::Yes)->click();
        return true;
    });
    remove->click();
    QVERIFY(yes.answered());
    QVERIFY(!h.work().agents().get(u"planner"_s));
    QVERIFY(listed(editor, u"planner"_s).isEmpty());

    // A shipped agent is never removed: it can only be reset.
    editor.select(Conversation::Mode::Router, u"general"_s);
    QVERIFY(!remove->isEnabled());
    QVERIFY(!h.repository().removeAgentDefinition(u"general"_s).isEmpty());
    QVERIFY(h.work().agents().get(u"general"_s));
}

void TestImportedAgents::savingAdoptsTheImportedAgent()
{
    QTemporaryDir folder;
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, configWith(folder.path()));
    QVERIFY(h.isReady());
    QVERIFY(importPlanner(h));
    AgentsEditorViewModel model(&h.repository());
    AgentsEditor editor(&model);
    editor.show();
    editor.select(Conversation::Mode::Router, u"planner"_s);
    editor.findChild<QCheckBox *>(u"AgentEnabled"_s)->click();
    QVERIFY(editor.save());

    // The person's own file now: switched on, listed as theirs, taking part in router mode, removable.
    QVERIFY(QFile::exists(folder.filePath(u"planner.md"_s)));
    QVERIFY(h.work().agents().get(u"planner"_s)->enabled);
    QVERIFY(!h.repository().isImportedAgent(u"planner"_s));
    QCOMPARE(listed(editor, u"planner"_s), u"Planner (edited)"_s);
    const qint64 router = h.createConversation(Conversation::Mode::Router);
    const QList<Agent> taking = h.repository().modeAgents(router);
    QVERIFY(std::any_of(taking.cbegin(), taking.cend(), [](const Agent &a) { return a.id == u"planner"; }));
    QVERIFY(h.repository().isRemovableAgent(u"planner"_s));
    QVERIFY(h.repository().removeAgentDefinition(u"planner"_s).isEmpty());
    QVERIFY(!QFile::exists(folder.filePath(u"planner.md"_s)));
    QVERIFY(!h.work().agents().get(u"planner"_s));
}

QTEST_MAIN(TestImportedAgents)
#include "tst_importedagents.moc"
