// Bad input at the door (#17 part 7), through the real `tandem` executable: a read-only data folder (empty, or holding
// a database), a read-only database file, a data path that is a file (or below one), a file that is not a database, a
// database with damaged pages, a database another program holds (its write lock, or all of it), and a full disk (a
// file size limit, RLIMIT_FSIZE, in the child). Each ends in time with exit code 1 (storage) and a clear sentence
// first; nothing is half-written (no conversation or message of the command is left, the file's pages are intact) and
// a damaged file is left exactly as it was.
//
// Permissions do not hold for root: run as root, the child drops to the user nobody for the read-only cases.
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

#include <functional>
#include <grp.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

constexpr uid_t kNobody = 65534;

enum class Setup {
    ReadOnlyEmptyFolder,
    ReadOnlyFolder,
    ReadOnlyFile,
    PathIsAFile,
    PathBelowAFile,
    NotADatabase,
    DamagedPages,
    WriteLocked,
    ExclusivelyLocked,
    DiskFull,
};

QByteArray digest(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

/// A query on the test's own connection to @p path; its first column of the first row.
QVariant scalar(const QString &path, const QString &sql, QString *error = nullptr)
{
    QVariant value;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"inspect"_s);
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery query(db);
            if (query.exec(sql) && query.next())
                value = query.value(0);
            else if (error)
                *error = query.lastError().text();
        } else if (error) {
            *error = db.lastError().text();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"inspect"_s);
    return value;
}

} // namespace

class TestBadInput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void refusedClearly_data();
    void refusedClearly();

private:
    QTemporaryDir m_programs;
    QString m_executable = QStringLiteral(TANDEM_EXECUTABLE);
};

void TestBadInput::initTestCase()
{
    // As root, the read-only cases run the child as nobody, who cannot reach a build tree under a private folder (a
    // clone made in `mktemp -d`, mode 700). So the programs are copied to a folder anyone may enter: `tandem`, the
    // `tandem-cli` it hands the command over to, and the commands module that one loads from beside itself.
    if (::geteuid() != 0)
        return;
    QVERIFY(m_programs.isValid());
    const auto everyoneMayRun = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
        | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther;
    QVERIFY(QFile::setPermissions(m_programs.path(), everyoneMayRun));
    const QFileInfo tandem(m_executable);
    for (const QString &name : { tandem.fileName(), u"tandem-cli"_s, u"tandem-commands.so"_s }) {
        const QString copy = m_programs.filePath(name);
        QVERIFY2(QFile::copy(tandem.dir().filePath(name), copy), qPrintable(name));
        QVERIFY(QFile::setPermissions(copy, everyoneMayRun));
    }
    m_executable = m_programs.filePath(tandem.fileName());
}

void TestBadInput::refusedClearly_data()
{
    QTest::addColumn<int>("setup");
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("says");

    const QString readOnly = u"Make it writable, or start Tandem with --data-dir and another folder."_s;
    const QString locked = u"is locked: another program"_s;
    for (const QString &command : { u"conversations"_s, u"run"_s }) {
        const QByteArray c = command.toLatin1();
        QTest::addRow("read-only empty folder, %s", c.constData())
            << int(Setup::ReadOnlyEmptyFolder) << command << u"the folder is read-only. "_s + readOnly;
        QTest::addRow("read-only folder with a database, %s", c.constData())
            << int(Setup::ReadOnlyFolder) << command << u"the folder is read-only. "_s + readOnly;
        QTest::addRow("read-only database file, %s", c.constData())
            << int(Setup::ReadOnlyFile) << command << u"tandem.sqlite is read-only. "_s + readOnly;
        QTest::addRow("data path is a file, %s", c.constData())
            << int(Setup::PathIsAFile) << command << u"is a file, not a folder."_s;
        QTest::addRow("data path below a file, %s", c.constData())
            << int(Setup::PathBelowAFile) << command << u"is a file, not a folder."_s;
        QTest::addRow("not a database, %s", c.constData())
            << int(Setup::NotADatabase) << command << u"is damaged (file is not a database"_s;
        QTest::addRow("damaged pages, %s", c.constData()) << int(Setup::DamagedPages) << command << u"is damaged ("_s;
        QTest::addRow("locked by another program, %s", c.constData())
            << int(Setup::ExclusivelyLocked) << command << locked;
    }
    // Another program's write lock leaves reading to Tandem: only a write is refused.
    QTest::addRow("write lock of another program, run") << int(Setup::WriteLocked) << u"run"_s << locked;
    QTest::addRow("disk full, run") << int(Setup::DiskFull) << u"run"_s
                                    << u"the disk is full, or the file may not grow any larger."_s;
}

void TestBadInput::refusedClearly()
{
    QFETCH(int, setup);
    QFETCH(QString, command);
    QFETCH(QString, says);
    const auto kind = Setup(setup);
    const bool asRoot = ::geteuid() == 0;
    const bool permissions
        = kind == Setup::ReadOnlyEmptyFolder || kind == Setup::ReadOnlyFolder || kind == Setup::ReadOnlyFile;

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile::setPermissions(dir.path(),
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther
            | QFile::ExeOther); // nobody may look in
    QString dataDir = dir.filePath(u"data"_s);
    const QString database = dataDir + u"/tandem.sqlite"_s;
    // A database made by Tandem itself (and closed, its WAL checkpointed).
    const auto makeDatabase = [&] {
        QProcess maker;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"XDG_CONFIG_HOME"_s, dir.filePath(u"config"_s));
        maker.setProcessEnvironment(environment);
        maker.start(m_executable, { u"--data-dir"_s, dataDir, u"conversations"_s });
        QVERIFY(maker.waitForFinished(60000) && maker.exitCode() == 0);
        QVERIFY(QFile::exists(database));
    };
    QByteArray before;
    QSqlDatabase holder;
    const QString message = command == u"run" ? u"Hello from the door "_s + QString(120'000, u'x') : QString();
    switch (kind) {
    case Setup::ReadOnlyEmptyFolder:
        QVERIFY(QDir().mkpath(dataDir));
        break;
    case Setup::ReadOnlyFolder:
    case Setup::ReadOnlyFile:
        makeDatabase();
        break;
    case Setup::PathIsAFile: {
        QFile file(dataDir);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("not a folder\n");
        break;
    }
    case Setup::PathBelowAFile: {
        QFile file(dataDir);
        QVERIFY(file.open(QIODevice::WriteOnly));
        dataDir += u"/below/it"_s;
        break;
    }
    case Setup::NotADatabase: {
        QVERIFY(QDir().mkpath(dataDir));
        QFile file(database);
        QVERIFY(file.open(QIODevice::WriteOnly));
        for (int i = 0; i < 4096; ++i)
            file.write(QByteArray::number(i * 7919 % 65521, 16));
        break;
    }
    case Setup::DamagedPages: {
        makeDatabase();
        QFile file(database);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.seek(3 * 4096)); // past the schema's page: tables' pages
        file.write(QByteArray(5 * 4096, '\xa5'));
        break;
    }
    case Setup::WriteLocked:
    case Setup::ExclusivelyLocked:
        makeDatabase();
        break;
    case Setup::DiskFull:
        makeDatabase();
        break;
    }
    if (permissions && asRoot) { // the folder and the files are nobody's, as a person's own would be theirs
        const QStringList paths { dataDir, database, database + u"-wal"_s, database + u"-shm"_s };
        for (const QString &path : paths)
            if (QFile::exists(path))
                QVERIFY(::chown(QFile::encodeName(path).constData(), kNobody, kNobody) == 0);
    }
    if (kind == Setup::ReadOnlyEmptyFolder || kind == Setup::ReadOnlyFolder)
        QVERIFY(QFile::setPermissions(dataDir,
            QFile::ReadOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther
                | QFile::ExeOther));
    if (kind == Setup::ReadOnlyFile) {
        QVERIFY(QFile::setPermissions(dataDir, QFile::Permissions(0x7777)));
        QVERIFY(QFile::setPermissions(database, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    }
    if (QFile::exists(database))
        before = digest(database);
    const qlonglong conversationsBefore = kind == Setup::DiskFull || kind == Setup::WriteLocked
        ? scalar(database, u"SELECT COUNT(*) FROM conversations"_s).toLongLong()
        : 0;

    // Another program takes the database last: closing any descriptor of the file in this process (digest()) would
    // drop its POSIX locks.
    if (kind == Setup::WriteLocked || kind == Setup::ExclusivelyLocked) {
        holder = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"holder"_s);
        holder.setDatabaseName(database);
        QVERIFY(holder.open());
        QSqlQuery query(holder);
        // Exclusive locking mode before the first read: readers are shut out too (the WAL index is not shared).
        if (kind == Setup::ExclusivelyLocked)
            QVERIFY(query.exec(u"PRAGMA locking_mode = EXCLUSIVE"_s));
        QVERIFY2(query.exec(u"BEGIN EXCLUSIVE"_s), qPrintable(query.lastError().text()));
        QVERIFY(query.exec(u"CREATE TABLE another_program (x)"_s));
    }

    QProcess child;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"HOME"_s, dir.path());
    environment.insert(u"XDG_CONFIG_HOME"_s, dir.filePath(u"config"_s));
    environment.insert(u"TANDEM_API_KEY"_s, u"sk-door"_s);
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    if (permissions && asRoot) {
        const QString runtime = dir.filePath(u"runtime"_s);
        QVERIFY(QDir().mkpath(runtime));
        QVERIFY(::chown(QFile::encodeName(runtime).constData(), kNobody, kNobody) == 0);
        QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        environment.insert(u"XDG_RUNTIME_DIR"_s, runtime);
    }
    child.setProcessEnvironment(environment);
    child.setChildProcessModifier([kind, permissions, asRoot] {
        if (kind == Setup::DiskFull) {
            const rlimit limit { 200'000, 200'000 }; // the database is ~150 KB; the message is larger than the rest
            ::setrlimit(RLIMIT_FSIZE, &limit);
        }
        if (permissions && asRoot) {
            ::setgroups(0, nullptr);
            if (::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)
                ::_exit(99);
        }
    });
    QStringList arguments { u"--data-dir"_s, dataDir, command };
    if (command == u"run")
        arguments << u"--provider"_s << u"http://127.0.0.1:9/v1"_s << message;
    child.start(m_executable, arguments);
    QVERIFY(child.waitForStarted());
    const bool ended = child.waitForFinished(60000); // the busy timeout is 5 s: a lock is waited for, then refused
    if (!ended)
        child.kill();
    if (holder.isOpen()) {
        QSqlQuery(holder).exec(u"ROLLBACK"_s);
        holder.close();
    }
    holder = {};
    QSqlDatabase::removeDatabase(u"holder"_s);
    QFile::setPermissions(dataDir, QFile::Permissions(0x7700));
    if (QFile::exists(database))
        QFile::setPermissions(database, QFile::ReadOwner | QFile::WriteOwner);

    const QString err = QString::fromUtf8(child.readAllStandardError()).trimmed();
    const QString out = QString::fromUtf8(child.readAllStandardOutput());
    qInfo().noquote() << u"| %1 | %2 | exit %3 | %4 |"_s.arg(QString::fromLatin1(QTest::currentDataTag()))
                             .arg(command)
                             .arg(child.exitCode())
                             .arg(err.section(u'\n', 0, 0));
    QVERIFY2(ended, "it hung");
    QVERIFY2(child.exitStatus() == QProcess::NormalExit, qPrintable(u"it crashed: "_s + err));
    QVERIFY2(child.exitCode() == 1, qPrintable(u"exit %1: %2"_s.arg(child.exitCode()).arg(err)));
    QVERIFY2(err.section(u'\n', 0, 0).contains(says), qPrintable(err));
    if (kind != Setup::NotADatabase && kind != Setup::DamagedPages)
        QVERIFY2(!err.contains(u'\n'), qPrintable(err)); // one sentence, no log lines after it
    QVERIFY2(!out.contains(u"Hello from the door"_s), qPrintable(out.left(200)));

    // Nothing half-written: a damaged file is left as it was; an intact one holds nothing of the command.
    if (kind == Setup::NotADatabase || kind == Setup::DamagedPages || kind == Setup::ReadOnlyFile
        || kind == Setup::ReadOnlyFolder) {
        QCOMPARE(digest(database), before);
    } else if (QFile::exists(database)) {
        QString error;
        QCOMPARE(scalar(database, u"PRAGMA integrity_check"_s, &error).toString(), u"ok"_s);
        QCOMPARE(scalar(database, u"SELECT COUNT(*) FROM conversations"_s).toLongLong(), conversationsBefore);
        QCOMPARE(
            scalar(database, u"SELECT COUNT(*) FROM messages WHERE content LIKE 'Hello from the door%'"_s).toLongLong(),
            0);
    }
    if (kind == Setup::ReadOnlyEmptyFolder)
        QVERIFY(!QFile::exists(database));
}

QTEST_GUILESS_MAIN(TestBadInput)
#include "tst_badinput.moc"
