// `tandem export` and `tandem import` as child processes (the built executable, no display): files written, the
// Markdown identical to the golden file, exit codes 0 / 1 / 2, and a refused import that changes nothing.
#include "ExchangeFixture.h"
#include "storage/DataLocation.h"
#include "storage/Database.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {
struct Outcome
{
    int exitCode = -1;
    QString out;
    QString err;
};
} // namespace

class TestExchangeCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void helpNamesTheCommands();
    void exportsEveryFormat_data();
    void exportsEveryFormat();
    void exportsAllToAFolder();
    void exportsAreTheOwnersOnly_data();
    void exportsAreTheOwnersOnly();
    void exitCodes_data();
    void exitCodes();
    void importRoundTrip();
    void refusedImportChangesNothing();

private:
    Outcome tandem(const QStringList &arguments);
    QString counts();

    std::unique_ptr<QTemporaryDir> m_dir;
    qint64 m_id = 0;
};

void TestExchangeCli::initTestCase()
{
    ::umask(022); // as on most desktops: what is not made private explicitly is readable by everyone
}

void TestExchangeCli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    Database database;
    QVERIFY(database.open(DataLocation::databasePath(m_dir->filePath(u"data"_s))));
    m_id = Test::ExchangeFixture::create(database.work());
    QVERIFY(m_id > 0);
}

void TestExchangeCli::cleanup()
{
    m_dir.reset();
}

QString TestExchangeCli::counts()
{
    Database database;
    if (!database.open(DataLocation::databasePath(m_dir->filePath(u"data"_s))))
        return {};
    return Test::ExchangeFixture::tableCounts(database.connection());
}

Outcome TestExchangeCli::tandem(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.remove(u"QT_QPA_PLATFORM"_s);
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s));
    process.setProcessEnvironment(environment);
    process.start(
        QStringLiteral(TANDEM_EXECUTABLE), QStringList { u"--data-dir"_s, m_dir->filePath(u"data"_s) } + arguments);
    Outcome outcome;
    if (!process.waitForFinished(60000))
        return outcome;
    outcome.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    outcome.out = QString::fromUtf8(process.readAllStandardOutput());
    outcome.err = QString::fromUtf8(process.readAllStandardError());
    return outcome;
}

void TestExchangeCli::helpNamesTheCommands()
{
    // Each command's own help: its usage and options, not every command's.
    const Outcome help = tandem({ u"export"_s, u"--help"_s });
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.startsWith(u"Usage: tandem export"_s) && help.out.contains(u"--format"_s), qPrintable(help.out));
    QVERIFY(help.out.contains(u"--all"_s));
    QVERIFY(help.out.contains(u"-o, --output"_s));
    QVERIFY2(!help.out.contains(u"import FILE"_s) && !help.out.contains(u"--max-turns"_s), qPrintable(help.out));
    const Outcome import = tandem({ u"import"_s, u"--help"_s });
    QCOMPARE(import.exitCode, 0);
    QVERIFY2(import.out.startsWith(u"Usage: tandem import FILE"_s), qPrintable(import.out));
    // `tandem help`: every command.
    const Outcome all = tandem({ u"help"_s });
    QCOMPARE(all.exitCode, 0);
    QVERIFY2(all.out.contains(u"import FILE"_s) && all.out.contains(u"  export "_s), qPrintable(all.out));
}

void TestExchangeCli::exportsEveryFormat_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("start");
    QTest::newRow("md") << u"md"_s << QByteArray("# Weekend in Kazan");
    QTest::newRow("json") << u"json"_s << QByteArray("{\n  \"format\": \"tandem-conversations\"");
    QTest::newRow("html") << u"html"_s << QByteArray("<!DOCTYPE html>");
    QTest::newRow("pdf") << u"pdf"_s << QByteArray("%PDF-");
    QTest::newRow("txt") << u"txt"_s << QByteArray("Weekend in Kazan");
}

void TestExchangeCli::exportsEveryFormat()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, start);
    const QString path = m_dir->filePath(u"out."_s + format);
    const Outcome result
        = tandem({ u"export"_s, u"--conversation"_s, QString::number(m_id), u"--format"_s, format, u"-o"_s, path });
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QCOMPARE(result.out.trimmed(), path);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray data = file.readAll();
    QVERIFY2(data.startsWith(start), data.left(200).constData());
    if (format == u"md" || format == u"txt") {
        // The readable text formats carry no export time: the command writes exactly the golden file.
        QFile golden(Test::ExchangeFixture::dataFile(u"export/fixed."_s + format));
        QVERIFY(golden.open(QIODevice::ReadOnly));
        QCOMPARE(data, golden.readAll());
    }
}

void TestExchangeCli::exportsAllToAFolder()
{
    const QString folder = m_dir->filePath(u"all"_s) + u'/';
    const Outcome result = tandem({ u"export"_s, u"--all"_s, u"--format"_s, u"html"_s, u"-o"_s, folder });
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QCOMPARE(QDir(folder).entryList(QDir::Files), QStringList { u"conversation-1-weekend-in-kazan-план.html"_s });

    // One JSON file for everything; the format follows the file's suffix when --format is not given.
    const QString file = m_dir->filePath(u"all.json"_s);
    const Outcome one = tandem({ u"export"_s, u"--all"_s, u"-o"_s, file });
    QVERIFY2(one.exitCode == 0, qPrintable(one.err));
    QFile json(file);
    QVERIFY(json.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(json.readAll()).object()[u"conversations"_s].toArray().size(), 1);
}

void TestExchangeCli::exportsAreTheOwnersOnly_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("md") << u"md"_s;
    QTest::newRow("json") << u"json"_s;
    QTest::newRow("pdf") << u"pdf"_s;
}

void TestExchangeCli::exportsAreTheOwnersOnly()
{
    QFETCH(QString, format);
    constexpr QFileDevice::Permissions ownerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
    constexpr QFileDevice::Permissions mode = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
        | QFileDevice::ReadGroup | QFileDevice::WriteGroup | QFileDevice::ExeGroup | QFileDevice::ReadOther
        | QFileDevice::WriteOther | QFileDevice::ExeOther;
    // One file, like the database: 0600.
    const QString file = m_dir->filePath(u"private."_s + format);
    const Outcome one = tandem({ u"export"_s, u"--all"_s, u"--format"_s, format, u"-o"_s, file });
    QVERIFY2(one.exitCode == 0, qPrintable(one.err));
    QCOMPARE(QFileInfo(file).permissions() & mode, ownerOnly);
    // A folder it creates is 0700, each file in it 0600.
    const QString folder = m_dir->filePath(u"exports/"_s);
    const Outcome many = tandem({ u"export"_s, u"--all"_s, u"--format"_s, format, u"-o"_s, folder });
    QVERIFY2(many.exitCode == 0, qPrintable(many.err));
    QCOMPARE(QFileInfo(m_dir->filePath(u"exports"_s)).permissions() & mode, ownerOnly | QFileDevice::ExeOwner);
    const QFileInfoList files = QDir(folder).entryInfoList(QDir::Files);
    QCOMPARE(files.size(), 1);
    QCOMPARE(files.first().permissions() & mode, ownerOnly);
    // A file that was there keeps the mode its owner gave it.
    const QFileDevice::Permissions shared = ownerOnly | QFileDevice::ReadGroup | QFileDevice::ReadOther;
    QVERIFY(QFile::setPermissions(file, shared));
    QCOMPARE(tandem({ u"export"_s, u"--all"_s, u"--format"_s, format, u"-o"_s, file }).exitCode, 0);
    QCOMPARE(QFileInfo(file).permissions() & mode, shared);
}

void TestExchangeCli::exitCodes_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString out = u"%1/x.md"_s;
    QTest::newRow("bad format") << QStringList { u"export"_s, u"--all"_s, u"--format"_s, u"docx"_s, u"-o"_s, out } << 2
                                << u"Unknown format “docx”"_s;
    QTest::newRow("no output") << QStringList { u"export"_s, u"--all"_s, u"--format"_s, u"md"_s } << 2
                               << u"Usage: tandem export"_s;
    QTest::newRow("no scope") << QStringList { u"export"_s, u"--format"_s, u"md"_s, u"-o"_s, out } << 2
                              << u"Usage: tandem export"_s;
    QTest::newRow("both scopes") << QStringList { u"export"_s, u"--all"_s, u"--conversation"_s, u"1"_s, u"-o"_s, out }
                                 << 2 << u"Usage: tandem export"_s;
    QTest::newRow("unknown conversation") << QStringList { u"export"_s, u"--conversation"_s, u"42"_s, u"--format"_s,
        u"md"_s, u"-o"_s, out } << 2 << u"There is no conversation 42."_s;
    QTest::newRow("not a number") << QStringList { u"export"_s, u"--conversation"_s, u"abc"_s, u"-o"_s, out } << 2
                                  << u"There is no conversation abc."_s;
    QTest::newRow("unwritable") << QStringList { u"export"_s, u"--conversation"_s, u"1"_s, u"-o"_s,
        u"%1/missing/x.md"_s } << 1
                                << u"could not be written"_s;
    QTest::newRow("import without file") << QStringList { u"import"_s } << 2 << u"Usage: tandem import FILE"_s;
    QTest::newRow("import missing file") << QStringList { u"import"_s, u"%1/none.json"_s } << 2
                                         << u"could not be read"_s;
}

void TestExchangeCli::exitCodes()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    for (QString &argument : arguments)
        argument.replace(u"%1"_s, m_dir->path());
    const Outcome result = tandem(arguments);
    QCOMPARE(result.exitCode, exitCode);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
}

void TestExchangeCli::importRoundTrip()
{
    const QString first = m_dir->filePath(u"first.json"_s);
    QCOMPARE(tandem({ u"export"_s, u"--conversation"_s, u"1"_s, u"-o"_s, first }).exitCode, 0);
    const Outcome imported = tandem({ u"import"_s, first });
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    QCOMPARE(imported.out.trimmed(), u"2"_s);
    const QString second = m_dir->filePath(u"second.md"_s);
    QCOMPARE(tandem({ u"export"_s, u"--conversation"_s, u"2"_s, u"-o"_s, second }).exitCode, 0);
    QFile copy(second);
    QFile golden(Test::ExchangeFixture::dataFile(u"export/fixed.md"_s));
    QVERIFY(copy.open(QIODevice::ReadOnly) && golden.open(QIODevice::ReadOnly));
    QCOMPARE(copy.readAll(), golden.readAll());
}

void TestExchangeCli::refusedImportChangesNothing()
{
    const QString path = m_dir->filePath(u"future.json"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "tandem-conversations", "version": 7, "conversations": []})");
    file.close();
    const QString before = counts();
    const Outcome result = tandem({ u"import"_s, path });
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(u"newer Tandem (format version 7)"_s), qPrintable(result.err));
    QCOMPARE(counts(), before);
}

QTEST_MAIN(TestExchangeCli)
#include "tst_exchangecli.moc"
