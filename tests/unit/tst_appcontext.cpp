// The composition root: one database per profile folder, one network manager, one tool catalog and one engine per
// process, the same objects every time they are asked for.
#include "chat/LocalChatRepository.h"
#include "composition/AppContext.h"
#include "storage/Database.h"
#include "tools/ToolCatalog.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TestAppContext : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void opensTheProfileOfTheDataDir();
    void makesEachObjectOnce();
    void engineConfigNamesTheAgentsFolder();
    void reportsADatabaseItCannotOpen();

private:
    QTemporaryDir m_home;
};

void TestAppContext::initTestCase()
{
    QVERIFY(m_home.isValid());
    qputenv("HOME", m_home.path().toUtf8()); // the agents folder and the settings stay in this test's folder
    qputenv("XDG_CONFIG_HOME", (m_home.path() + u"/config"_s).toUtf8());
    qputenv("XDG_DATA_HOME", (m_home.path() + u"/data"_s).toUtf8());
}

void TestAppContext::opensTheProfileOfTheDataDir()
{
    QTemporaryDir folder;
    Tandem::AppContext context(folder.path());
    QCOMPARE(QDir(context.dataFolder()).canonicalPath(), QDir(folder.path()).canonicalPath());
    QVERIFY(context.databasePath().startsWith(context.dataFolder()));
    QVERIFY2(context.open(Tandem::AppContext::IntegrityCheck::Now), qPrintable(context.database().errorString()));
    QCOMPARE(context.database().filePath(), context.databasePath());
    QVERIFY(QFile::exists(context.databasePath()));
}

void TestAppContext::makesEachObjectOnce()
{
    QTemporaryDir folder;
    Tandem::AppContext context(folder.path());
    QVERIFY(context.open(Tandem::AppContext::IntegrityCheck::Deferred));
    QVERIFY(context.network());
    QCOMPARE(context.network(), context.network());
    QCOMPARE(&context.tools(), &context.tools());
    QVERIFY(context.tools().registry().contains(u"read_file"_s));
    QVERIFY(!context.repository());
    Tandem::LocalChatRepository &repository = context.makeRepository(context.engineConfig(), nullptr);
    QCOMPARE(context.repository(), &repository);
    // The engine works on the context's database: what it stores, the database has.
    const qint64 id = repository.createConversation(Tandem::Conversation::Mode::Single);
    QVERIFY(id > 0);
    QVERIFY(repository.conversation(id));
}

void TestAppContext::engineConfigNamesTheAgentsFolder()
{
    const Tandem::AppContext context;
    QVERIFY(!context.engineConfig().agentsFolder.isEmpty());
    QCOMPARE(context.engineConfig(true).agentsFolder, context.engineConfig().agentsFolder);
}

void TestAppContext::reportsADatabaseItCannotOpen()
{
    QTemporaryDir folder;
    const QString file = folder.path() + u"/not-a-folder"_s;
    QFile blocker(file);
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    Tandem::AppContext context(file); // a file where the profile's folder should be
    QVERIFY(!context.open(Tandem::AppContext::IntegrityCheck::Now));
    QVERIFY(!context.database().errorString().isEmpty());
}

QTEST_GUILESS_MAIN(TestAppContext)
#include "tst_appcontext.moc"
