// The layers as drawn (docs/architecture.md, "Layers"), checked on the sources: every #include of app/ and ui/ is read
// and held against one table, and so are the module links of app/CMakeLists.txt and ui/CMakeLists.txt.
//
//   ui -> presentation -> chat -> agents -> tools -> llm, storage -> domain
//   api (the local HTTP API) beside ui and cli, above chat; the window and the CLI start it
//   composition (AppContext: the objects every entry point shares) above chat, below cli and app/main.cpp
//
// A folder may include its own headers and those of the folders its row names, nothing else; Qt's modules and the
// keychain stay in the folders named for them (QtSql in storage/, QtKeychain and QtDBus in keychain/, QtNetwork in
// llm/, mcp/ and api/, QtHttpServer in api/, QtWidgets in ui/). app/main.cpp (tandem) and app/main_cli.cpp (tandem-cli)
// are the composition roots and may include everything.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QLibraryInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

/// The composition root: app/main.cpp, a "folder" of its own.
const QString kRoot = u"main"_s;

/// What each folder may include besides itself. A folder missing here fails the test until it is placed.
const QHash<QString, QSet<QString>> kAllowedModules = {
    { u"domain"_s, {} },
    { u"storage"_s, { u"domain"_s } },
    // The keychain module (tandem-keychain.so): QtKeychain behind storage's KeychainBackend, which storage loads at
    // the first key operation rather than links.
    { u"keychain"_s, { u"storage"_s } },
    { u"llm"_s, { u"domain"_s } },
    // The tools agents call (built-in now, MCP next): a tool's definition is a ToolDefinition (llm); the task tools
    // write through storage. Never the engine: a tool knows nothing of runs, approvals or handoffs.
    { u"tools"_s, { u"llm"_s, u"storage"_s, u"domain"_s } },
    // The MCP client (docs/mcp.md) beside llm: it speaks JSON-RPC to a server over a process or HTTP (llm's network
    // manager and SSE parser) and offers the server's tools as a ToolProvider. Never the engine, the façade or a view.
    { u"mcp"_s, { u"tools"_s, u"llm"_s, u"domain"_s } },
    { u"agents"_s, { u"tools"_s, u"llm"_s, u"storage"_s, u"domain"_s } },
    // The façade over the engine: it wires the engine, the stores and the providers' clients behind one interface.
    { u"chat"_s, { u"agents"_s, u"tools"_s, u"llm"_s, u"storage"_s, u"domain"_s } },
    // Export and import read and write whole conversations (rows with their ids and states) through their own store,
    // ExchangeStore, behind ExchangeApi (LocalExchange), beside the chat façade rather than through it.
    { u"exchange"_s, { u"chat"_s, u"storage"_s, u"domain"_s } },
    // The view models: the façades (chat), export and import (exchange, beside chat), and the MCP servers' config
    // file and providers (mcp) for Settings → Tools → MCP servers.
    { u"presentation"_s, { u"chat"_s, u"exchange"_s, u"mcp"_s, u"domain"_s } },
    // The composition root's objects (AppContext): it opens the database and makes the network manager, the keychain,
    // the tools, the settings and the engine's repository, once, for the window and every headless command.
    { u"composition"_s, { u"chat"_s, u"agents"_s, u"mcp"_s, u"tools"_s, u"llm"_s, u"storage"_s, u"domain"_s } },
    // The headless commands take the database, the tools and the façade from the composition root, as main.cpp
    // does. No view model, no widget.
    // The local API: seed 002's board over HTTP through the chat façade (the engine's config for DASHBOARD_URL, the
    // keychain for its token). Beside the window and the CLI, which start it.
    { u"api"_s, { u"chat"_s, u"agents"_s, u"storage"_s, u"domain"_s } },
    // No exchange: tandem-cli links the headless commands without QtGui (docs/architecture.md, "Two binaries").
    { u"cli"_s,
        { u"composition"_s, u"chat"_s, u"agents"_s, u"mcp"_s, u"tools"_s, u"llm"_s, u"storage"_s, u"domain"_s,
            u"api"_s } },
    // export and import: the exchange module lays out text with QtGui, so these live in the full `tandem` only.
    { u"cliexchange"_s, { u"cli"_s, u"composition"_s, u"exchange"_s, u"storage"_s, u"domain"_s } },
    // The window binds to view models; it only starts and stops the local API (its settings page).
    { u"ui"_s, { u"presentation"_s, u"domain"_s, u"api"_s } },
};

/// Libraries outside QtCore and the folders that may include them. QtCore and the standard library go anywhere.
const QHash<QString, QSet<QString>> kLibraryFolders = {
    { u"QtSql"_s, { u"storage"_s } },
    { u"keychain"_s, { u"keychain"_s } },
    { u"QtDBus"_s, { u"keychain"_s } },
    { u"QtNetwork"_s, { u"llm"_s, u"mcp"_s, u"api"_s, kRoot } },
    { u"QtHttpServer"_s, { u"api"_s } },
    { u"QtGui"_s, { u"presentation"_s, u"exchange"_s, u"ui"_s, kRoot } },
    { u"QtPrintSupport"_s, { u"exchange"_s, u"ui"_s } },
    { u"QtSvg"_s, { u"ui"_s } },
    { u"QtSvgWidgets"_s, { u"ui"_s } },
    { u"QtCharts"_s, { u"ui"_s } }, // the metrics view's chart, in the window only
    { u"QtWidgets"_s, { u"ui"_s, kRoot } },
};

/// The CMake targets of Qt and the keychain, by the library name above.
const QHash<QString, QString> kLinkTargets = {
    { u"Qt6::Sql"_s, u"QtSql"_s },
    { u"qt6keychain"_s, u"keychain"_s },
    { u"Qt6::DBus"_s, u"QtDBus"_s },
    { u"Qt6::Network"_s, u"QtNetwork"_s },
    { u"Qt6::HttpServer"_s, u"QtHttpServer"_s },
    { u"Qt6::Gui"_s, u"QtGui"_s },
    { u"Qt6::PrintSupport"_s, u"QtPrintSupport"_s },
    { u"Qt6::Svg"_s, u"QtSvg"_s },
    { u"Qt6::SvgWidgets"_s, u"QtSvgWidgets"_s },
    { u"Qt6::Charts"_s, u"QtCharts"_s },
    { u"Qt6::Widgets"_s, u"QtWidgets"_s },
};

/// Qt's header folders in the order a header found in several is attributed (the lower module wins).
const QStringList kQtModuleOrder = { u"QtCore"_s, u"QtGui"_s, u"QtNetwork"_s, u"QtSql"_s, u"QtDBus"_s, u"QtSvg"_s,
    u"QtPrintSupport"_s, u"QtWidgets"_s, u"QtSvgWidgets"_s, u"QtCharts"_s };

/// Reads includes and says which break the table. Knows Qt's headers by the folders they are installed in.
class LayerCheck
{
public:
    explicit LayerCheck(const QString &sourceDir)
        : m_sourceDir(sourceDir)
    {
        const QString qtHeaders = QLibraryInfo::path(QLibraryInfo::HeadersPath);
        QStringList modules = kQtModuleOrder;
        const QStringList installed = QDir(qtHeaders).entryList({ u"Qt*"_s }, QDir::Dirs | QDir::NoDotAndDotDot);
        for (const QString &module : installed)
            if (!modules.contains(module))
                modules << module;
        for (const QString &module : std::as_const(modules)) {
            const QStringList headers = QDir(qtHeaders + u'/' + module).entryList(QDir::Files);
            for (const QString &header : headers)
                if (!m_qtHeaders.contains(header))
                    m_qtHeaders.insert(header, module);
        }
    }

    /// Number of Qt headers known; zero means the check could not tell QtWidgets from QtCore.
    qsizetype knownQtHeaders() const { return m_qtHeaders.size(); }

    /// The folder of @p path (relative to the source dir): "ui", "main" or the folder under app/. The files right in
    /// app/ (main.cpp and the few classes only the executable builds with it) are the composition root, "main".
    static QString folderOf(const QString &path)
    {
        if (path.startsWith(u"app/"_s) && path.count(u'/') == 1)
            return kRoot;
        const QStringList parts = path.split(u'/');
        if (parts.value(0) == u"ui")
            return u"ui"_s;
        return parts.size() > 2 ? parts.at(1) : QString();
    }

    /// What is wrong with the includes of @p text, the file @p path (relative to the source dir), one line each.
    QStringList check(const QString &path, const QString &text) const
    {
        static const QRegularExpression include(
            uR"(^\s*#\s*include\s*([<"])([^>"]+)[>"])"_s, QRegularExpression::MultilineOption);
        const QString folder = folderOf(path);
        QStringList problems;
        if (folder != kRoot && !kAllowedModules.contains(folder))
            return { u"%1: the folder “%2” has no row in the layer table"_s.arg(path, folder) };
        for (auto it = include.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            const bool quoted = match.captured(1) == u"\"";
            const QString header = match.captured(2).trimmed();
            const int line = int(text.left(match.capturedStart()).count(u'\n')) + 1;
            const QString where = u"%1:%2: #include %3%4%5"_s.arg(path).arg(line).arg(
                match.captured(1), header, quoted ? u"\""_s : u">"_s);
            if (const QString module = projectModule(path, header, quoted); !module.isNull()) {
                if (module.isEmpty())
                    problems << where + u" — not found in app/ or ui/, so its layer is unknown"_s;
                else if (module != folder && folder != kRoot && !kAllowedModules.value(folder).contains(module))
                    problems << where + u" — %1/ may not include %2/"_s.arg(folder, module);
                continue;
            }
            const QString library = libraryOf(header);
            if (library.isEmpty() || library == u"QtCore")
                continue;
            if (!kLibraryFolders.contains(library))
                problems << where + u" — %1 is not in the table of libraries"_s.arg(library);
            else if (!kLibraryFolders.value(library).contains(folder))
                problems << where
                        + u" — only %1 may include %2"_s.arg(folders(kLibraryFolders.value(library)), library);
        }
        return problems;
    }

    /// What is wrong with the links of `tandem_<module>` to @p dependencies (CMake target names).
    static QStringList checkLinks(const QString &module, const QStringList &dependencies)
    {
        QStringList problems;
        if (!kAllowedModules.contains(module))
            return { u"tandem_%1 has no row in the layer table"_s.arg(module) };
        for (const QString &dependency : dependencies) {
            if (dependency.startsWith(u"tandem_")) {
                const QString target = dependency.mid(7);
                if (!kAllowedModules.value(module).contains(target))
                    problems << u"tandem_%1 links %2, a layer it may not use"_s.arg(module, dependency);
            } else if (const QString library = kLinkTargets.value(dependency); !library.isEmpty()) {
                if (!kLibraryFolders.value(library).contains(module))
                    problems << u"tandem_%1 links %2: only %3 may"_s.arg(
                        module, dependency, folders(kLibraryFolders.value(library)));
            }
        }
        return problems;
    }

private:
    /// The project folder @p header belongs to; a null string when it is not one of ours, empty when it should be
    /// but is nowhere to be found.
    QString projectModule(const QString &path, const QString &header, bool quoted) const
    {
        const QString first = header.section(u'/', 0, 0);
        if (header.contains(u'/') && (kAllowedModules.contains(first) || first == kRoot))
            return first;
        if (!quoted)
            return {};
        // A bare name: the including file's own folder first, then the folders on the include path (app/, ui/).
        const QString own = QFileInfo(m_sourceDir + u'/' + path).absolutePath();
        if (QFileInfo::exists(own + u'/' + header))
            return folderOf(path);
        if (QFileInfo::exists(m_sourceDir + u"/ui/"_s + header))
            return u"ui"_s;
        return u""_s;
    }

    /// The library of an angle-bracket include: a Qt module, "keychain", or empty (the standard library, others).
    QString libraryOf(const QString &header) const
    {
        if (header.startsWith(u"qt6keychain/") || header.startsWith(u"qtkeychain/"))
            return u"keychain"_s;
        if (const QString first = header.section(u'/', 0, 0); header.contains(u'/') && first.startsWith(u"Qt"))
            return first; // <QtSql/QSqlQuery>
        return m_qtHeaders.value(header); // <QSqlQuery>, <QtWidgets>, <qglobal.h>
    }

    static QString folders(const QSet<QString> &set)
    {
        QStringList sorted = set.values();
        sorted.sort();
        return sorted.join(u", "_s);
    }

    QString m_sourceDir;
    QHash<QString, QString> m_qtHeaders; ///< "QWidget" -> "QtWidgets"
};

QString readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestLayers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void includesFollowTheLayers();
    void moduleLinksFollowTheLayers();
    void forbiddenIncludesAreCaught_data();
    void forbiddenIncludesAreCaught();

private:
    QString m_source = QStringLiteral(TANDEM_SOURCE_DIR);
    std::unique_ptr<LayerCheck> m_check;
};

void TestLayers::initTestCase()
{
    QVERIFY2(QFileInfo::exists(m_source + u"/app/main.cpp"_s), qPrintable(m_source));
    m_check = std::make_unique<LayerCheck>(m_source);
    QVERIFY2(m_check->knownQtHeaders() > 1000, "Qt's headers were not found: QtWidgets could not be told from QtCore");
}

void TestLayers::includesFollowTheLayers()
{
    QStringList problems;
    QHash<QString, int> filesPerFolder;
    for (const QString &top : { u"app"_s, u"ui"_s }) {
        QDirIterator it(m_source + u'/' + top, { u"*.h"_s, u"*.cpp"_s }, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next().mid(m_source.size() + 1);
            ++filesPerFolder[LayerCheck::folderOf(path)];
            problems << m_check->check(path, readAll(m_source + u'/' + path));
        }
    }
    // Nothing read would pass too: make sure the walk found the layers it checks.
    for (const QString &folder : { u"domain"_s, u"storage"_s, u"llm"_s, u"tools"_s, u"agents"_s, u"chat"_s,
             u"presentation"_s, u"api"_s, u"composition"_s, u"cli"_s, u"ui"_s, kRoot })
        QVERIFY2(filesPerFolder.value(folder) > 0, qPrintable(u"no sources found in "_s + folder));
    QVERIFY2(problems.isEmpty(), qPrintable(u"\n"_s + problems.join(u'\n')));
}

void TestLayers::moduleLinksFollowTheLayers()
{
    // tandem_add_module(<name> LINK <public...> PRIVATE <private...>) in app/, target_link_libraries(tandem_ui ...).
    static const QRegularExpression module(uR"(tandem_add_module\(\s*(\w+)([^)]*)\))"_s);
    static const QRegularExpression links(uR"(target_link_libraries\(\s*tandem_(\w+)([^)]*)\))"_s);
    const QString app = readAll(m_source + u"/app/CMakeLists.txt"_s);
    const QString ui = readAll(m_source + u"/ui/CMakeLists.txt"_s);
    QHash<QString, QStringList> dependencies;
    for (auto it = module.globalMatch(app); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        if (match.captured(1) == u"name")
            continue; // the function's own definition
        dependencies[match.captured(1)] << match.captured(2).split(QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts);
    }
    for (const QString &text : { app, ui })
        for (auto it = links.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            if (match.captured(1) == u"core" || match.captured(1) == u"${name}")
                continue; // everything that is not a widget, for the app and the tests
            dependencies[match.captured(1)]
                << match.captured(2).split(QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts);
        }
    for (const QString &expected : { u"domain"_s, u"storage"_s, u"llm"_s, u"tools"_s, u"agents"_s, u"chat"_s,
             u"presentation"_s, u"api"_s, u"composition"_s, u"cli"_s, u"ui"_s })
        QVERIFY2(dependencies.contains(expected), qPrintable(u"no links found for tandem_"_s + expected));
    QStringList problems;
    for (auto it = dependencies.cbegin(); it != dependencies.cend(); ++it)
        problems << LayerCheck::checkLinks(it.key(), it.value());
    QVERIFY2(problems.isEmpty(), qPrintable(u"\n"_s + problems.join(u'\n')));
}

void TestLayers::forbiddenIncludesAreCaught_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("allowed");

    QTest::newRow("view model includes a store")
        << u"app/presentation/X.cpp"_s << u"#include \"storage/ProviderStore.h\"\n"_s << false;
    QTest::newRow("view model includes a client")
        << u"app/presentation/X.h"_s << u"#include \"llm/LlmClient.h\""_s << false;
    QTest::newRow("view model includes the façade")
        << u"app/presentation/X.h"_s << u"#include \"chat/ChatRepository.h\""_s << true;
    QTest::newRow("widget includes the façade") << u"ui/X.cpp"_s << u"#include \"chat/ChatRepository.h\""_s << false;
    QTest::newRow("widget includes a view model")
        << u"ui/X.cpp"_s << u"#include \"presentation/ChatViewModel.h\""_s << true;
    QTest::newRow("widget includes a value type") << u"ui/X.h"_s << u"  #  include \"domain/Message.h\""_s << true;
    QTest::newRow("domain includes the engine") << u"app/domain/X.h"_s << u"#include \"agents/Run.h\""_s << false;
    QTest::newRow("storage includes the engine") << u"app/storage/X.cpp"_s << u"#include \"agents/Run.h\""_s << false;
    QTest::newRow("engine includes a store") << u"app/agents/X.cpp"_s << u"#include \"storage/UnitOfWork.h\""_s << true;
    QTest::newRow("engine includes a tool") << u"app/agents/X.cpp"_s << u"#include \"tools/Tool.h\""_s << true;
    QTest::newRow("tool includes the engine") << u"app/tools/X.cpp"_s << u"#include \"agents/Run.h\""_s << false;
    QTest::newRow("tool includes the façade")
        << u"app/tools/X.cpp"_s << u"#include \"chat/ChatRepository.h\""_s << false;
    QTest::newRow("tool includes a store") << u"app/tools/X.cpp"_s << u"#include \"storage/UnitOfWork.h\""_s << true;
    QTest::newRow("network in a tool") << u"app/tools/X.cpp"_s << u"#include <QNetworkReply>"_s << false;
    QTest::newRow("engine includes the façade")
        << u"app/agents/X.cpp"_s << u"#include \"chat/ChatRepository.h\""_s << false;
    QTest::newRow("cli includes the composition root")
        << u"app/cli/X.cpp"_s << u"#include \"composition/AppContext.h\""_s << true;
    QTest::newRow("composition root includes the cli")
        << u"app/composition/X.cpp"_s << u"#include \"cli/CliCommands.h\""_s << false;
    QTest::newRow("the window includes the composition root")
        << u"ui/X.cpp"_s << u"#include \"composition/AppContext.h\""_s << false;
    QTest::newRow("network in the composition root")
        << u"app/composition/X.cpp"_s << u"#include <QNetworkAccessManager>"_s << false;
    QTest::newRow("cli includes a view model")
        << u"app/cli/X.cpp"_s << u"#include \"presentation/SettingsViewModel.h\""_s << false;
    QTest::newRow("SQL outside storage, header") << u"app/chat/X.h"_s << u"#include <QSqlDatabase>"_s << false;
    QTest::newRow("SQL outside storage, module") << u"app/agents/X.cpp"_s << u"#include <QtSql/QSqlQuery>"_s << false;
    QTest::newRow("SQL in storage") << u"app/storage/X.cpp"_s << u"#include <QSqlQuery>"_s << true;
    QTest::newRow("keychain outside its module")
        << u"app/chat/X.cpp"_s << u"#include <qt6keychain/keychain.h>"_s << false;
    QTest::newRow("keychain in storage, which loads it")
        << u"app/storage/X.cpp"_s << u"#include <qt6keychain/keychain.h>"_s << false;
    QTest::newRow("keychain in its module")
        << u"app/keychain/X.cpp"_s << u"#include <qt6keychain/keychain.h>"_s << true;
    QTest::newRow("widgets outside ui") << u"app/presentation/X.cpp"_s << u"#include <QWidget>"_s << false;
    QTest::newRow("widgets module outside ui") << u"app/chat/X.cpp"_s << u"#include <QtWidgets>"_s << false;
    QTest::newRow("application outside ui") << u"app/cli/X.cpp"_s << u"#include <QApplication>"_s << false;
    QTest::newRow("widgets in ui") << u"ui/X.cpp"_s << u"#include <QPushButton>"_s << true;
    QTest::newRow("widgets in the composition root") << u"app/main.cpp"_s << u"#include <QApplication>"_s << true;
    QTest::newRow("network outside llm") << u"app/agents/X.cpp"_s << u"#include <QNetworkReply>"_s << false;
    QTest::newRow("network in the cli") << u"app/cli/X.cpp"_s << u"#include <QNetworkAccessManager>"_s << false;
    QTest::newRow("network in llm") << u"app/llm/X.cpp"_s << u"#include <QNetworkAccessManager>"_s << true;
    QTest::newRow("http server in the api") << u"app/api/X.cpp"_s << u"#include <QAbstractHttpServer>"_s << true;
    QTest::newRow("http server in the cli") << u"app/cli/X.cpp"_s << u"#include <QHttpServerRequest>"_s << false;
    QTest::newRow("http server in the chat") << u"app/chat/X.h"_s << u"#include <QtHttpServer/QHttpServer>"_s << false;
    QTest::newRow("api includes a widget") << u"app/api/X.cpp"_s << u"#include <QWidget>"_s << false;
    QTest::newRow("api includes a view model")
        << u"app/api/X.cpp"_s << u"#include \"presentation/ChatViewModel.h\""_s << false;
    QTest::newRow("chat includes the api") << u"app/chat/X.cpp"_s << u"#include \"api/ApiServer.h\""_s << false;
    QTest::newRow("the window starts the api") << u"ui/X.cpp"_s << u"#include \"api/LocalApi.h\""_s << true;
    QTest::newRow("gui in the engine") << u"app/agents/X.cpp"_s << u"#include <QColor>"_s << false;
    QTest::newRow("gui in a view model") << u"app/presentation/X.cpp"_s << u"#include <QTextDocument>"_s << true;
    QTest::newRow("core anywhere") << u"app/domain/X.cpp"_s << u"#include <QString>\n#include <optional>"_s << true;
    QTest::newRow("unknown own header") << u"app/chat/X.cpp"_s << u"#include \"NoSuchHeader.h\""_s << false;
    QTest::newRow("a folder without a row") << u"app/newfolder/X.cpp"_s << u"#include <QString>"_s << false;
}

void TestLayers::forbiddenIncludesAreCaught()
{
    QFETCH(QString, path);
    QFETCH(QString, text);
    QFETCH(bool, allowed);
    const QStringList problems = m_check->check(path, text);
    QVERIFY2(problems.isEmpty() == allowed, qPrintable(problems.join(u'\n')));
}

QTEST_GUILESS_MAIN(TestLayers)
#include "tst_layers.moc"
