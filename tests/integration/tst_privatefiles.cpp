// The database, the files SQLite keeps beside it (WAL, shared memory) and the settings file are readable by their
// owner only (0600), in a folder Tandem creates for its owner only (0700); files an older version left readable are
// made private when Tandem opens them. Exports hold what the database holds: the window's export writes them 0600 too.
#include "ExchangeFixture.h"
#include "cli/AppSetup.h"
#include "exchange/LocalExchange.h"
#include "presentation/ExchangeViewModel.h"
#include "storage/Database.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {
constexpr QFileDevice::Permissions kOwner = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner;
constexpr QFileDevice::Permissions kOthers = QFileDevice::ReadGroup | QFileDevice::WriteGroup | QFileDevice::ExeGroup
    | QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther;

/// The owner's, group's and others' bits of @p path (not the "user" bits Qt adds for the current user).
QFileDevice::Permissions modeOf(const QString &path)
{
    return QFileInfo(path).permissions() & (kOwner | kOthers);
}
} // namespace

class TestPrivateFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void databaseFilesAreTheOwnersOnly();
    void olderReadableFilesBecomePrivate();
    void settingsFileIsTheOwnersOnly();
    void windowExportsAreTheOwnersOnly();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestPrivateFiles::initTestCase()
{
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-privatefiles-test"_s);
    ::umask(022); // as on most desktops: what is not made private explicitly is readable by everyone
}

void TestPrivateFiles::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QFile::setPermissions(m_dir->path(),
        kOwner | QFileDevice::ReadGroup | QFileDevice::ExeGroup | QFileDevice::ReadOther
            | QFileDevice::ExeOther)); // as readable as a home folder often is
}

void TestPrivateFiles::databaseFilesAreTheOwnersOnly()
{
    const QString folder = m_dir->filePath(u"share/Tandem/tandem"_s);
    const QString path = QDir(folder).filePath(u"tandem.sqlite"_s);
    Database database;
    QVERIFY2(database.open(path), qPrintable(database.errorString()));
    QCOMPARE(modeOf(folder), kOwner);
    QCOMPARE(modeOf(path), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QSqlQuery write(database.connection());
    QVERIFY(write.exec(u"INSERT INTO conversations (title, mode, created_at, updated_at) "
                       u"VALUES ('x', 'single', '2026-01-01', '2026-01-01')"_s));
    for (const QString &suffix : { u"-wal"_s, u"-shm"_s }) {
        QVERIFY2(QFileInfo::exists(path + suffix), qPrintable(suffix));
        QCOMPARE(modeOf(path + suffix), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
}

void TestPrivateFiles::olderReadableFilesBecomePrivate()
{
    const QString path = m_dir->filePath(u"tandem.sqlite"_s);
    {
        Database database;
        QVERIFY(database.open(path));
    }
    const auto readable
        = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;
    QVERIFY(QFile::setPermissions(path, readable));
    Database database;
    QVERIFY(database.open(path));
    QCOMPARE(modeOf(path), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    // A folder the person chose is theirs: it is left as it is.
    QVERIFY(modeOf(m_dir->path()) & QFileDevice::ReadOther);
}

void TestPrivateFiles::settingsFileIsTheOwnersOnly()
{
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir->filePath(u"config"_s));
    const QString file = QSettings().fileName();
    QVERIFY2(file.startsWith(m_dir->path()), qPrintable(file));
    QVERIFY(!QFileInfo::exists(file));

    AppSetup::protectSettingsFile();
    QCOMPARE(modeOf(file), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QCOMPARE(modeOf(QFileInfo(file).absolutePath()), kOwner);
    {
        QSettings settings;
        settings.setValue(u"ui/theme"_s, u"dark"_s);
        settings.sync();
        QCOMPARE(settings.status(), QSettings::NoError);
    }
    QVERIFY(QFile(file).size() > 0);
    QCOMPARE(modeOf(file), QFileDevice::ReadOwner | QFileDevice::WriteOwner); // rewritten, still private

    // A settings file an older version wrote readable for everyone.
    QVERIFY(QFile::setPermissions(file, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadOther));
    AppSetup::protectSettingsFile();
    QCOMPARE(modeOf(file), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QCOMPARE(QSettings().value(u"ui/theme"_s).toString(), u"dark"_s);
}

void TestPrivateFiles::windowExportsAreTheOwnersOnly()
{
    Database database;
    QVERIFY(database.open(m_dir->filePath(u"tandem.sqlite"_s)));
    const qint64 id = Test::ExchangeFixture::create(database.work());
    QVERIFY(id > 0);
    LocalExchange exchangeApi(database.work());
    ExchangeViewModel exchange(&exchangeApi);
    QSignalSpy finished(&exchange, &ExchangeViewModel::exportFinished);
    // Export… in the window: one file, then a folder it creates.
    const QString file = m_dir->filePath(u"conversation.md"_s);
    QVERIFY(exchange.startExport({ id }, false, u"md"_s, file, false));
    QVERIFY(finished.wait(30000));
    QVERIFY2(finished.last().at(0).toBool(), qPrintable(finished.last().at(1).toString()));
    QCOMPARE(modeOf(file), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    const QString folder = m_dir->filePath(u"exports"_s);
    QVERIFY(exchange.startExport({}, true, u"md"_s, folder, true));
    QVERIFY(finished.wait(30000));
    QVERIFY2(finished.last().at(0).toBool(), qPrintable(finished.last().at(1).toString()));
    QCOMPARE(modeOf(folder), kOwner);
    const QFileInfoList files = QDir(folder).entryInfoList(QDir::Files);
    QCOMPARE(files.size(), 1);
    QCOMPARE(modeOf(files.first().filePath()), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

QTEST_GUILESS_MAIN(TestPrivateFiles)
#include "tst_privatefiles.moc"
