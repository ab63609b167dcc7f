// Where the database lives: `--data-dir` wins, then $TANDEM_DATA_DIR, then the platform's app data folder (here
// QStandardPaths' test location, so a test never points at a person's real data).
#include "storage/DataLocation.h"
#include "storage/Database.h"

#include <QDir>
#include <QStandardPaths>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

enum class Source { CommandLine, Environment, Standard };

} // namespace

Q_DECLARE_METATYPE(Source)
Q_DECLARE_METATYPE(std::optional<QString>)

class TestDataLocation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();

    void precedence_data();
    void precedence();
    void standardLocationIsPerApplication();

private:
    QString m_standard;
    std::optional<QByteArray> m_savedEnvironment;
};

void TestDataLocation::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem"_s);
    m_standard = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QVERIFY(!m_standard.isEmpty());
    if (qEnvironmentVariableIsSet(DataLocation::kEnvironmentVariable))
        m_savedEnvironment = qgetenv(DataLocation::kEnvironmentVariable);
}

void TestDataLocation::cleanup()
{
    if (m_savedEnvironment)
        qputenv(DataLocation::kEnvironmentVariable, *m_savedEnvironment);
    else
        qunsetenv(DataLocation::kEnvironmentVariable);
}

void TestDataLocation::precedence_data()
{
    QTest::addColumn<QString>("commandLine");
    QTest::addColumn<std::optional<QString>>("environment"); // nullopt: the variable is not set at all
    QTest::addColumn<Source>("expected");

    const std::optional<QString> unset;
    QTest::newRow("command line wins over the environment")
        << u"/srv/tandem/flag"_s << std::optional(u"/srv/tandem/env"_s) << Source::CommandLine;
    QTest::newRow("command line alone") << u"/srv/tandem/flag"_s << unset << Source::CommandLine;
    QTest::newRow("relative command line")
        << u"data/here"_s << std::optional(u"/srv/tandem/env"_s) << Source::CommandLine;
    QTest::newRow("command line with dot-dot") << u"/srv/tandem/a/../flag"_s << unset << Source::CommandLine;
    QTest::newRow("environment without command line")
        << QString() << std::optional(u"/srv/tandem/env"_s) << Source::Environment;
    QTest::newRow("relative environment") << QString() << std::optional(u"env/here"_s) << Source::Environment;
    QTest::newRow("non-ASCII environment")
        << QString() << std::optional(u"/srv/tandem/данные"_s) << Source::Environment;
    QTest::newRow("empty environment is not set") << QString() << std::optional(QString()) << Source::Standard;
    QTest::newRow("neither") << QString() << unset << Source::Standard;
}

void TestDataLocation::precedence()
{
    QFETCH(QString, commandLine);
    QFETCH(std::optional<QString>, environment);
    QFETCH(Source, expected);

    if (environment)
        qputenv(DataLocation::kEnvironmentVariable, environment->toLocal8Bit());
    else
        qunsetenv(DataLocation::kEnvironmentVariable);

    QString folder;
    switch (expected) {
    case Source::CommandLine:
        folder = QDir::cleanPath(QDir::current().absoluteFilePath(commandLine));
        break;
    case Source::Environment:
        folder = QDir::cleanPath(QDir::current().absoluteFilePath(*environment));
        break;
    case Source::Standard:
        folder = m_standard;
        break;
    }
    QCOMPARE(DataLocation::folder(commandLine), folder);
    QVERIFY(QDir::isAbsolutePath(DataLocation::folder(commandLine)));
    QCOMPARE(DataLocation::databasePath(commandLine), QString(folder + u'/' + Database::kFileName));
}

void TestDataLocation::standardLocationIsPerApplication()
{
    qunsetenv(DataLocation::kEnvironmentVariable);
    // The platform's folder of this application: under the test location in tests (~/.qttest/share/...), so it
    // never is the real ~/.local/share/Tandem/tandem of the person running them.
    QCOMPARE(DataLocation::folder(), QDir::homePath() + u"/.qttest/share/Tandem/tandem"_s);
    QCOMPARE(DataLocation::folder(), m_standard);
    QCOMPARE(DataLocation::databasePath(), m_standard + u"/tandem.sqlite"_s);
}

QTEST_GUILESS_MAIN(TestDataLocation)
#include "tst_datalocation.moc"
