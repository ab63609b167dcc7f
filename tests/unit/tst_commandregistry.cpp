// The headless commands' registry: found by name, listed in `tandem help` in one layout, each with its own help page,
// and the full binary's export and import put in the place of tandem-cli's handed-over ones.
#include "cli/CliCommands.h"
#include "cli/CommandHelp.h"
#include "cli/CommandRegistry.h"
#include "cli/HandedOverCommand.h"

#include <QTest>

using namespace Qt::StringLiterals;

namespace {

/// A command with only a name, to see where add() puts it.
class NamedCommand final : public Tandem::Command
{
public:
    explicit NamedCommand(const QString &name)
        : m_name(name)
    { }
    QString name() const override { return m_name; }
    QString description() const override { return u"own "_s + m_name; }
    Tandem::CommandPage page() const override { return { m_name, {}, {}, {} }; }
    int execute(const QCommandLineParser &, Tandem::AppContext &) override { return 0; }

private:
    QString m_name;
};

} // namespace

class TestCommandRegistry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void headlessHasEveryCommandInHelpOrder();
    void findsByName();
    void listTextKeepsTheColumns();
    void everyCommandHasItsHelpPage();
    void addReplacesInPlace();
    void everyValueOptionIsSkippedToTheCommand();
};

void TestCommandRegistry::headlessHasEveryCommandInHelpOrder()
{
    const Tandem::CommandRegistry registry = Tandem::CommandRegistry::headless();
    QCOMPARE(registry.names(),
        QStringList({ u"run"_s, u"chat"_s, u"conversations"_s, u"show"_s, u"export"_s, u"import"_s, u"handoffs"_s,
            u"handoff"_s, u"story"_s, u"serve"_s, u"tokens"_s, u"board"_s, u"agents"_s, u"mcp"_s, u"metrics"_s,
            u"eval-routing"_s, u"eval-agents"_s }));
}

void TestCommandRegistry::findsByName()
{
    const Tandem::CommandRegistry registry = Tandem::CommandRegistry::headless();
    QVERIFY(registry.find(u"run"));
    QCOMPARE(registry.find(u"eval-routing")->name(), u"eval-routing"_s);
    QVERIFY(!registry.find(u"help")); // answered by CliCommands::exec itself
    QVERIFY(!registry.find(u"ru"));
    QVERIFY(!registry.find(u""));
    // tandem-cli hands export and import over without opening the database; the others open it first.
    QVERIFY(!registry.find(u"export")->opensDatabase());
    QVERIFY(registry.find(u"conversations")->opensDatabase());
}

void TestCommandRegistry::listTextKeepsTheColumns()
{
    const QStringList lines = Tandem::CommandRegistry::headless().listText().split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 17);
    QVERIFY(lines.at(0).startsWith(u"  run           send "_s));
    QCOMPARE(lines.at(2), u"  conversations list the stored conversations"_s);
    QCOMPARE(lines.at(3), u"  show ID       print one conversation with its dividers"_s);
    QVERIFY(lines.at(5).startsWith(u"  import FILE   add "_s));
    QVERIFY(lines.at(11).startsWith(u"  board ACTION  password URL: "_s));
    QVERIFY(lines.at(13).startsWith(u"  mcp ACTION    list, add, remove "_s));
    QVERIFY(lines.at(15).startsWith(u"  eval-routing  classify "_s));
    QVERIFY(lines.at(16).startsWith(u"  eval-agents   run each case "_s));
}

void TestCommandRegistry::everyCommandHasItsHelpPage()
{
    const QList<QCommandLineOption> options = Tandem::CliCommands::options();
    const Tandem::CommandRegistry registry = Tandem::CommandRegistry::headless();
    const QStringList names = registry.names();
    for (const QString &name : names) {
        const QString text = Tandem::CommandHelp::text(registry.find(name)->page(), options);
        QVERIFY2(text.section(u'\n', 0, 0).split(u' ').value(2) == name, qPrintable(text)); // Usage: tandem NAME …
        QVERIFY2(text.contains(u"\n  --data-dir <folder>"_s), qPrintable(text)); // every command reads it
    }
    QVERIFY(Tandem::CommandHelp::text(Tandem::CommandHelp::helpPage(), options).startsWith(u"Usage: tandem help"_s));
}

void TestCommandRegistry::addReplacesInPlace()
{
    Tandem::CommandRegistry registry = Tandem::CommandRegistry::headless();
    registry.add(std::make_unique<NamedCommand>(u"export"_s));
    registry.add(std::make_unique<NamedCommand>(u"extra"_s));
    QCOMPARE(registry.names().indexOf(u"export"_s), 4);
    QCOMPARE(registry.names().size(), 18);
    QCOMPARE(registry.names().constLast(), u"extra"_s);
    QCOMPARE(registry.find(u"export")->description(), u"own export"_s);
    QVERIFY(registry.find(u"export")->opensDatabase());
}

void TestCommandRegistry::everyValueOptionIsSkippedToTheCommand()
{
    // The command is the first word that is no option and no option's value: for every option that takes a value,
    // given before the command, in each of its names (`tandem --story v0.1:1.1.1 handoffs` is `handoffs`).
    int checked = 0;
    for (const QCommandLineOption &option : Tandem::CliCommands::options()) {
        if (option.valueName().isEmpty())
            continue;
        for (const QString &name : option.names()) {
            const QByteArray flag = (name.size() == 1 ? "-" : "--") + name.toLocal8Bit();
            const char *argv[] = { "tandem", flag.constData(), "value", "handoffs" };
            QCOMPARE(Tandem::CliCommands::commandOf(4, argv), u"handoffs"_s);
            ++checked;
        }
    }
    QVERIFY(checked > 20);
    // Qt's own options of the window, with one dash or two, and a flag without a value.
    const char *qt[] = { "tandem", "--platform", "offscreen", "-style", "fusion", "--verbose", "show" };
    QCOMPARE(Tandem::CliCommands::commandOf(7, qt), u"show"_s);
    // A value given with = is part of its option.
    const char *joined[] = { "tandem", "--story=7", "metrics" };
    QCOMPARE(Tandem::CliCommands::commandOf(3, joined), u"metrics"_s);
}

QTEST_GUILESS_MAIN(TestCommandRegistry)
#include "tst_commandregistry.moc"
