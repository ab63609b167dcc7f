// Every control a person can reach has a name for screen readers, asked the way an assistive technology asks it
// (QAccessible: an explicit accessible name, a button's text, a label's buddy): the main window wired to the real
// repository and settings, each page of the settings, the first-run dialog and the approval dialog.

#include "ApprovalDialog.h"
#include "FirstRunDialog.h"
#include "MainWindow.h"
#include "SettingsDialog.h"
#include "TemporaryDatabase.h"
#include "chat/LocalChatRepository.h"
#include "chat/LocalSettingsService.h"
#include "presentation/SettingsViewModel.h"
#include "storage/ProviderStore.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QComboBox>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QTextEdit>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

bool isControl(const QWidget *widget)
{
    return qobject_cast<const QAbstractButton *>(widget) || qobject_cast<const QComboBox *>(widget)
        || qobject_cast<const QLineEdit *>(widget) || qobject_cast<const QAbstractItemView *>(widget)
        || qobject_cast<const QPlainTextEdit *>(widget) || qobject_cast<const QTextEdit *>(widget)
        || qobject_cast<const QAbstractSpinBox *>(widget) || qobject_cast<const QAbstractSlider *>(widget)
        || qobject_cast<const QTabWidget *>(widget);
}

/// The visible controls of @p top that an assistive technology would find without a name.
QStringList unnamedControls(QWidget *top)
{
    QStringList unnamed;
    const QList<QWidget *> widgets = top->findChildren<QWidget *>();
    for (QWidget *widget : widgets) {
        if (!isControl(widget) || !widget->isVisible())
            continue;
        // A combo box's or spin box's own line edit and the scroll bars of a view are parts of another control (the
        // combo box or spin box itself is checked).
        if (qobject_cast<QComboBox *>(widget->parentWidget())
            || qobject_cast<QAbstractSpinBox *>(widget->parentWidget()) || qobject_cast<QAbstractSlider *>(widget))
            continue;
        QAccessibleInterface *accessible = QAccessible::queryAccessibleInterface(widget);
        const QString name = accessible ? accessible->text(QAccessible::Name).trimmed() : QString();
        if (name.isEmpty())
            unnamed << u"%1 \"%2\""_s.arg(QString::fromLatin1(widget->metaObject()->className()), widget->objectName());
    }
    return unnamed;
}

} // namespace

class TestAccessibility : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void findsAnUnnamedControl();
    void mainWindow();
    void settingsPages();
    void firstRunDialog();
    void approvalDialog();
};

void TestAccessibility::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestAccessibility::findsAnUnnamedControl()
{
    // The check itself: a bare line edit is unnamed; a buddy label or an accessible name names it.
    QWidget form;
    auto *field = new QLineEdit(&form);
    field->setObjectName(u"Bare"_s);
    form.show();
    QVERIFY(QTest::qWaitForWindowExposed(&form));
    QCOMPARE(unnamedControls(&form), QStringList { u"QLineEdit \"Bare\""_s });
    field->setAccessibleName(u"Search"_s);
    QVERIFY(unnamedControls(&form).isEmpty());
}

void TestAccessibility::mainWindow()
{
    Test::TemporaryDatabase db;
    QVERIFY2(db.isReady(), qPrintable(db.errorString()));
    QNetworkAccessManager network;
    LocalSettingsService service(&db.work(), nullptr, &network);
    SettingsViewModel settings(&service);
    LocalChatRepository repository(db.work(), &network, nullptr, nullptr);
    MainWindow window(&repository, &settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.newConversation();
    const QStringList unnamed = unnamedControls(&window);
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(u", "_s)));
}

void TestAccessibility::settingsPages()
{
    Test::TemporaryDatabase db;
    QVERIFY2(db.isReady(), qPrintable(db.errorString()));
    QNetworkAccessManager network;
    LocalSettingsService service(&db.work(), nullptr, &network);
    SettingsViewModel settings(&service);
    SettingsDialog dialog(&settings);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *tabs = dialog.findChild<QTabWidget *>();
    QVERIFY(tabs);
    QVERIFY(tabs->count() >= 3);
    for (int page = 0; page < tabs->count(); ++page) {
        tabs->setCurrentIndex(page);
        const QStringList unnamed = unnamedControls(&dialog);
        QVERIFY2(unnamed.isEmpty(), qPrintable(tabs->tabText(page) + u": "_s + unnamed.join(u", "_s)));
    }
}

void TestAccessibility::firstRunDialog()
{
    Test::TemporaryDatabase db;
    QVERIFY2(db.isReady(), qPrintable(db.errorString()));
    QNetworkAccessManager network;
    LocalSettingsService service(&db.work(), nullptr, &network);
    SettingsViewModel settings(&service);
    service.setDetectionCandidates({}); // nothing to find: the dialog asks for a key
    FirstRunDialog dialog(&settings);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QStringList unnamed = unnamedControls(&dialog);
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(u", "_s)));
}

void TestAccessibility::approvalDialog()
{
    ApprovalRequest request;
    request.id = 1;
    request.conversationId = 1;
    request.agentId = u"assistant"_s;
    request.toolName = u"delete_file"_s;
    request.callId = u"call_1"_s;
    request.arguments = uR"({"path":"notes/old.md"})"_s;
    ApprovalDialog dialog(request);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QStringList unnamed = unnamedControls(&dialog);
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(u", "_s)));
}

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
