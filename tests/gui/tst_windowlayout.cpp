// The main window remembers its layout: the geometry and the sidebar's splitter, saved when the window closes, are
// restored by the next window. QSettings in QStandardPaths' test mode, under an application name of this test only,
// so that no other test's window shares the file. The windows run on the real LocalChatRepository (temporary SQLite
// file, fake LLM server over loopback), as the app's do.

#include "EngineHarness.h"
#include "MainWindow.h"

#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;

class TestWindowLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void defaultsWithoutSavedLayout();
    void secondWindowRestoresGeometryAndSplitter();
    void unreadableSettingsFallBackToDefaults();

private:
    static QSplitter *splitterOf(MainWindow &window) { return window.findChild<QSplitter *>(u"MainSplitter"_s); }

    std::unique_ptr<EngineHarness> m_h;
};

void TestWindowLayout::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test-windowlayout"_s);
}

void TestWindowLayout::init()
{
    QSettings().clear();
    m_h = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(m_h->isReady());
}

void TestWindowLayout::cleanup()
{
    m_h.reset();
    QSettings settings;
    settings.clear();
    settings.sync();
}

void TestWindowLayout::defaultsWithoutSavedLayout()
{
    MainWindow window(&m_h->repository());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.size(), QSize(1100, 720));
    QSplitter *splitter = splitterOf(window);
    QVERIFY(splitter);
    QTRY_COMPARE(splitter->sizes().constFirst(), 260);
}

void TestWindowLayout::secondWindowRestoresGeometryAndSplitter()
{
    QRect geometry;
    QList<int> sizes;
    {
        MainWindow first(&m_h->repository());
        first.show();
        QVERIFY(QTest::qWaitForWindowExposed(&first));
        first.setGeometry(QRect(QPoint(60, 40), QSize(980, 660)));
        QTRY_COMPARE(first.size(), QSize(980, 660));
        QSplitter *splitter = splitterOf(first);
        splitter->setSizes({ 333, 980 - 333 - splitter->handleWidth() });
        QTRY_COMPARE(splitter->sizes().constFirst(), 333);
        geometry = first.geometry();
        sizes = splitter->sizes();
        QVERIFY(first.close()); // the layout is saved as the window closes
    }
    QSettings settings;
    QVERIFY(settings.contains(u"window/geometry"_s));
    QVERIFY(settings.contains(u"window/splitter"_s));

    MainWindow second(&m_h->repository());
    second.show();
    QVERIFY(QTest::qWaitForWindowExposed(&second));
    QCOMPARE(second.size(), geometry.size());
    QCOMPARE(second.geometry(), geometry);
    QTRY_COMPARE(splitterOf(second)->sizes(), sizes);
}

void TestWindowLayout::unreadableSettingsFallBackToDefaults()
{
    {
        QSettings settings;
        settings.setValue(u"window/geometry"_s, QByteArray("not a geometry"));
        settings.setValue(u"window/splitter"_s, QByteArray("not a splitter state"));
    }
    MainWindow window(&m_h->repository());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.size(), QSize(1100, 720));
    QTRY_COMPARE(splitterOf(window)->sizes().constFirst(), 260);
}

QTEST_MAIN(TestWindowLayout)
#include "tst_windowlayout.moc"
