// Settings → Tools → MCP servers in each language: no two access keys (the underlined letters Alt reaches) of the
// page and of the settings' tabs, which stay reachable from it, share a letter, for a stdio server's form and an HTTP
// server's. In Russian "Импорт", "Имя" and the "Инструменты" tab once all took И.
#include "McpServersPage.h"
#include "SettingsDialog.h"
#include "chat/Translations.h"
#include "mcp/McpServers.h"
#include "presentation/McpServersViewModel.h"
#include "tools/ToolCatalog.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QMap>
#include <QSettings>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {
/// The access key of @p text ("Re&move": m), lower case; none for "&&" or no '&'.
std::optional<QChar> accessKey(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != u'&')
            continue;
        if (text.at(i + 1) != u'&')
            return text.at(i + 1).toLower();
        ++i;
    }
    return std::nullopt;
}

/// Each access key of the visible buttons, labels and tabs of @p top, with the texts that carry it.
QMap<QChar, QStringList> accessKeys(QWidget *top)
{
    QMap<QChar, QStringList> keys;
    const auto add = [&keys](const QString &text) {
        if (const std::optional<QChar> key = accessKey(text))
            keys[*key] << text;
    };
    const QList<QWidget *> widgets = top->findChildren<QWidget *>();
    for (QWidget *widget : widgets) {
        if (!widget->isVisibleTo(top))
            continue;
        if (const auto *button = qobject_cast<QAbstractButton *>(widget))
            add(button->text());
        else if (const auto *label = qobject_cast<QLabel *>(widget); label && label->buddy())
            add(label->text());
        else if (const auto *tabs = qobject_cast<QTabBar *>(widget))
            for (int i = 0; i < tabs->count(); ++i)
                add(tabs->tabText(i));
    }
    return keys;
}

QStringList clashes(QWidget *top)
{
    QStringList found;
    const QMap<QChar, QStringList> keys = accessKeys(top);
    for (auto it = keys.cbegin(); it != keys.cend(); ++it)
        if (it.value().size() > 1)
            found << it.key() + u": "_s + it.value().join(u" / "_s);
    return found;
}
} // namespace

class TestMcpAccessKeys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase() { Translations::install(u"en"_s); }
    void noTwoShareALetter_data();
    void noTwoShareALetter();
};

void TestMcpAccessKeys::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestMcpAccessKeys::noTwoShareALetter_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("transport");
    // English is not held to it yet: its settings tabs share P and A with each other and with the page.
    QTest::newRow("ru, stdio") << u"ru"_s << int(McpServerConfig::Transport::Stdio);
    QTest::newRow("ru, HTTP") << u"ru"_s << int(McpServerConfig::Transport::Http);
}

void TestMcpAccessKeys::noTwoShareALetter()
{
    QFETCH(QString, language);
    QFETCH(int, transport);
    QVERIFY(Translations::install(language));
    QTemporaryDir dir;
    ToolCatalog catalog;
    McpServers servers(&catalog, nullptr, {}, dir.filePath(u"mcp.json"_s));
    servers.load();
    McpServersViewModel model(&servers, {});
    SettingsDialog dialog(nullptr);
    dialog.addMcpServersPage(&model);
    auto *tabs = dialog.findChild<QTabWidget *>();
    QVERIFY(tabs);
    tabs->setCurrentIndex(tabs->count() - 1);
    auto *page = dialog.findChild<McpServersPage *>();
    QVERIFY(page);
    auto *kind = page->findChild<QComboBox *>();
    QVERIFY(kind);
    kind->setCurrentIndex(kind->findData(transport));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    qsizetype texts = 0;
    for (const QStringList &carrying : accessKeys(&dialog))
        texts += carrying.size();
    QCOMPARE_GT(texts, 15); // the page's and the tabs' keys were found
    const QStringList found = clashes(&dialog);
    QVERIFY2(found.isEmpty(), qPrintable(found.join(u"; "_s)));
}

QTEST_MAIN(TestMcpAccessKeys)
#include "tst_mcpaccesskeys.moc"
