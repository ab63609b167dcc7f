// Each headless command's own help, on the real `tandem` executable: `tandem COMMAND --help` and `tandem help COMMAND`
// print that command's usage, the options it reads (and none it does not), examples and the exit codes; `tandem help`
// prints every command and option.
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
struct Outcome
{
    int exitCode = -1;
    QString out;
    QString err;
};
} // namespace

class TestCliHelp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eachCommandHasItsOwnHelp_data();
    void eachCommandHasItsOwnHelp();
    void helpListsEveryCommand();
    void helpOfAnUnknownCommand();

private:
    Outcome tandem(const QStringList &arguments);

    QTemporaryDir m_dir;
};

Outcome TestCliHelp::tandem(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir.filePath(u"config"_s));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(TANDEM_EXECUTABLE), QStringList { u"--data-dir"_s, m_dir.path() } + arguments);
    Outcome outcome;
    if (!process.waitForFinished(60000))
        return outcome;
    outcome.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    outcome.out = QString::fromUtf8(process.readAllStandardOutput());
    outcome.err = QString::fromUtf8(process.readAllStandardError());
    return outcome;
}

void TestCliHelp::eachCommandHasItsOwnHelp_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("usage");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QStringList>("notTheirs");
    QTest::newRow("run") << u"run"_s << u"tandem run --provider"_s
                         << QStringList { u"--provider"_s, u"--allow-tool"_s, u"--max-turns"_s, u"--var"_s }
                         << QStringList { u"--print-token"_s, u"--format"_s, u"--stale"_s };
    QTest::newRow("chat") << u"chat"_s << u"tandem chat"_s << QStringList { u"--provider"_s, u"--allow-tool"_s }
                          << QStringList { u"--payload"_s, u"--all"_s };
    QTest::newRow("conversations") << u"conversations"_s << u"tandem conversations"_s << QStringList {}
                                   << QStringList { u"--provider"_s, u"--json"_s };
    QTest::newRow("show") << u"show"_s << u"tandem show ID"_s << QStringList {} << QStringList { u"--mode"_s };
    QTest::newRow("handoffs") << u"handoffs"_s << u"tandem handoffs --story STORY|--conversation ID"_s
                              << QStringList { u"--story"_s, u"--stale"_s, u"--json"_s }
                              << QStringList { u"--provider"_s };
    QTest::newRow("handoff") << u"handoff"_s << u"tandem handoff create"_s
                             << QStringList { u"--from"_s, u"--to"_s, u"--payload"_s, u"--reason"_s }
                             << QStringList { u"--stale"_s, u"--max-turns"_s };
    QTest::newRow("story") << u"story"_s << u"tandem story start --story STORY|--conversation ID"_s
                           << QStringList { u"--story"_s, u"--payload"_s, u"--json"_s }
                           << QStringList { u"--from"_s, u"--provider"_s };
    QTest::newRow("serve") << u"serve"_s << u"tandem serve"_s << QStringList { u"--port"_s, u"--print-token"_s }
                           << QStringList { u"--provider"_s };
    QTest::newRow("agents") << u"agents"_s << u"tandem agents export-prompts DIR"_s << QStringList { u"--port"_s }
                            << QStringList { u"--provider"_s };
    QTest::newRow("metrics") << u"metrics"_s << u"tandem metrics"_s << QStringList { u"--json"_s }
                             << QStringList { u"--provider"_s };
    QTest::newRow("eval-routing") << u"eval-routing"_s << u"tandem eval-routing CASES.jsonl"_s
                                  << QStringList { u"--provider"_s, u"--min-accuracy"_s }
                                  << QStringList { u"--allow-tool"_s };
    QTest::newRow("export") << u"export"_s << u"tandem export"_s << QStringList { u"--format"_s, u"--all"_s }
                            << QStringList { u"--provider"_s };
    QTest::newRow("import") << u"import"_s << u"tandem import FILE"_s << QStringList {}
                            << QStringList { u"--format"_s };
    QTest::newRow("help") << u"help"_s << u"tandem help [COMMAND]"_s << QStringList {}
                          << QStringList { u"--provider"_s };
}

void TestCliHelp::eachCommandHasItsOwnHelp()
{
    QFETCH(QString, command);
    QFETCH(QString, usage);
    QFETCH(QStringList, options);
    QFETCH(QStringList, notTheirs);
    const Outcome help = tandem({ command, u"--help"_s });
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.startsWith(u"Usage: "_s + usage), qPrintable(help.out));
    QVERIFY2(!help.out.contains(u"Commands:"_s), qPrintable(help.out)); // not every command's help
    QVERIFY2(help.out.contains(u"Examples:\n  tandem "_s + command), qPrintable(help.out));
    QVERIFY2(help.out.contains(u"--data-dir"_s) && help.out.contains(u"Exit codes:"_s), qPrintable(help.out));
    // An option's line starts "  --name " (with its value, or its text after it).
    for (const QString &option : std::as_const(options))
        QVERIFY2(help.out.contains(u"\n  "_s + option + u' '), qPrintable(option + u'\n' + help.out));
    for (const QString &option : std::as_const(notTheirs))
        QVERIFY2(!help.out.contains(u"\n  "_s + option + u' '), qPrintable(option + u'\n' + help.out));
    // The same page from `tandem help COMMAND`.
    const Outcome same = tandem({ u"help"_s, command });
    QCOMPARE(same.exitCode, 0);
    QCOMPARE(same.out, help.out);
}

void TestCliHelp::helpListsEveryCommand()
{
    const Outcome help = tandem({ u"help"_s });
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains(u"Commands:"_s), qPrintable(help.out));
    for (const QString &command :
        { u"run"_s, u"chat"_s, u"conversations"_s, u"show ID"_s, u"export"_s, u"import FILE"_s, u"handoffs"_s,
            u"handoff"_s, u"serve"_s, u"agents"_s, u"metrics"_s, u"eval-routing"_s, u"eval-agents"_s, u"help"_s })
        QVERIFY2(help.out.contains(u"\n  "_s + command + u' '), qPrintable(command));
    QVERIFY2(help.out.contains(u"8 the conversation is busy"_s), qPrintable(help.out));
}

void TestCliHelp::helpOfAnUnknownCommand()
{
    const Outcome help = tandem({ u"help"_s, u"shwo"_s });
    QCOMPARE(help.exitCode, 2);
    QVERIFY2(help.err.contains(u"Did you mean “show”?"_s), qPrintable(help.err));
}

QTEST_GUILESS_MAIN(TestCliHelp)
#include "tst_clihelp.moc"
