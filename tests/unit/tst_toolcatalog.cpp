// The process's tool catalog: the built-in tools as a provider, a second provider's tools after them, a change
// announced, and one registry object whose contents follow the providers (the engine and the settings hold it).
#include "tools/BuiltinTools.h"
#include "tools/CalculatorTool.h"
#include "tools/HistoryTools.h"
#include "tools/ReadHistoryTool.h"
#include "tools/ToolCatalog.h"
#include "tools/ToolJob.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

/// A provider of one tool, as an MCP server's would be.
class EchoTools final : public ToolProvider
{
public:
    class Echo final : public Tool
    {
    public:
        ToolDefinition definition() const override
        {
            return { u"echo"_s, u"Says it again."_s,
                QJsonObject { { u"type"_s, u"object"_s },
                    { u"properties"_s, QJsonObject { { u"text"_s, QJsonObject { { u"type"_s, u"string"_s } } } } },
                    { u"required"_s, QJsonArray { u"text"_s } } },
                false };
        }
        ToolResult run(const QJsonObject &arguments, const ToolContext &) const override
        {
            return ToolResult::success(arguments.value(u"text"_s).toString());
        }
    };

    explicit EchoTools(QString name = u"echo-server"_s)
        : m_name(std::move(name))
    { }
    QString name() const override { return m_name; }
    QList<const Tool *> tools() const override { return { &m_echo }; }

private:
    QString m_name;
    Echo m_echo;
};

} // namespace

class TestToolCatalog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void builtinsFirst();
    void providersComeAndGo();
    void aJobEndsOnceFromTheEventLoop();
    void anAbortReadsAsCancelled();
    void refusedArgumentsFailTyped();
};

void TestToolCatalog::builtinsFirst()
{
    const std::unique_ptr<ToolCatalog> catalog = ToolCatalog::withBuiltins();
    // The built-in tools, then the history's (read_history, for the targets of a reference handoff).
    QCOMPARE(catalog->providers(), (QStringList { BuiltinTools::kName.toString(), HistoryTools::kName.toString() }));
    QCOMPARE(catalog->registry().names(), ToolRegistry::withBuiltins().names() << ReadHistoryTool::kName.toString());
    QVERIFY(catalog->registry().contains(CalculatorTool::kName.toString()));
}

void TestToolCatalog::providersComeAndGo()
{
    const std::unique_ptr<ToolCatalog> catalog = ToolCatalog::withBuiltins();
    const ToolRegistry *registry = &catalog->registry(); // what the engine keeps
    QSignalSpy changed(catalog.get(), &ToolCatalog::toolsChanged);
    QVERIFY(catalog->addProvider(std::make_unique<EchoTools>()));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(registry->names().constLast(), u"echo"_s);
    QVERIFY(!catalog->addProvider(std::make_unique<EchoTools>())); // the name is taken
    QVERIFY(!catalog->addProvider(nullptr));
    QCOMPARE(changed.size(), 1);
    QVERIFY(catalog->addProvider(std::make_unique<EchoTools>(u"another"_s))); // its "echo" goes to the first
    QCOMPARE(registry->names().count(u"echo"_s), 1);
    QVERIFY(catalog->removeProvider(u"echo-server"_s));
    QVERIFY(registry->contains(u"echo"_s)); // the other's, now
    QVERIFY(catalog->removeProvider(u"another"_s));
    QVERIFY(!registry->contains(u"echo"_s));
    QVERIFY(!catalog->removeProvider(u"another"_s));
    QCOMPARE(changed.size(), 4);
}

void TestToolCatalog::aJobEndsOnceFromTheEventLoop()
{
    const std::unique_ptr<ToolCatalog> catalog = ToolCatalog::withBuiltins();
    ToolJob *job = catalog->registry().start(CalculatorTool::kName.toString(), u"{\"expression\":\"2+3\"}"_s, {});
    QSignalSpy finished(job, &ToolJob::finished);
    QSignalSpy failed(job, &ToolJob::failed);
    QVERIFY(job->isRunning());
    QVERIFY(finished.isEmpty()); // not from inside start()
    QVERIFY(finished.wait(5000));
    QCOMPARE(finished.size(), 1);
    QVERIFY(failed.isEmpty());
    QVERIFY(finished[0].at(0).value<ToolResult>().output.contains(u"\"result\":\"5\""_s));
}

void TestToolCatalog::anAbortReadsAsCancelled()
{
    const std::unique_ptr<ToolCatalog> catalog = ToolCatalog::withBuiltins();
    ToolJob *job = catalog->registry().start(CalculatorTool::kName.toString(), u"{\"expression\":\"1+1\"}"_s, {});
    QPointer<ToolJob> alive = job;
    QSignalSpy finished(job, &ToolJob::finished);
    QSignalSpy cancelled(job, &ToolJob::cancelled);
    job->abort();
    QCOMPARE(job->state(), ToolJob::State::Cancelled);
    QVERIFY(cancelled.isEmpty()); // not from inside abort()
    QVERIFY(cancelled.wait(5000));
    QTRY_VERIFY(alive.isNull()); // it deletes itself once it has ended
    QVERIFY(finished.isEmpty());
}

void TestToolCatalog::refusedArgumentsFailTyped()
{
    const std::unique_ptr<ToolCatalog> catalog = ToolCatalog::withBuiltins();
    for (const auto &[name, arguments, type] :
        {
            std::tuple { u"no_such_tool"_s, u"{}"_s, ToolError::Type::UnknownTool },
            std::tuple { CalculatorTool::kName.toString(), u"{"_s, ToolError::Type::InvalidArguments },
            std::tuple { CalculatorTool::kName.toString(), u"{\"expression\":3}"_s, ToolError::Type::InvalidArguments },
            std::tuple { CalculatorTool::kName.toString(), u"{\"expression\":\"1/\"}"_s, ToolError::Type::Failed },
        }) {
        ToolJob *job = catalog->registry().start(name, arguments, {});
        QSignalSpy failed(job, &ToolJob::failed);
        QVERIFY(failed.wait(5000));
        const ToolError error = failed[0].at(0).value<ToolError>();
        QCOMPARE(error.type, type);
        QVERIFY(!error.message.isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestToolCatalog)
#include "tst_toolcatalog.moc"
