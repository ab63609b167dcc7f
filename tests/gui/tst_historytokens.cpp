// Settings → Guardrails: the history cap of a full-history handoff (seed 003's context transfer) is shown, stored
// through the view model, refused out of bounds, reaches the engine's configuration and goes back to its default.
#include "SettingsDialog.h"
#include "agents/EngineConfig.h"
#include "chat/LocalSettingsService.h"
#include "presentation/SettingsViewModel.h"

#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestHistoryTokens : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void historyTokenCap();
};

void TestHistoryTokens::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test-historytokens"_s);
}

void TestHistoryTokens::historyTokenCap()
{
    LocalSettingsService service(nullptr, nullptr, nullptr);
    SettingsViewModel settings(&service);
    QVERIFY(settings.setHistoryTokenCap(SettingsViewModel::defaultHistoryTokens()));
    SettingsDialog dialog(&settings);
    dialog.show();
    auto *box = dialog.findChild<QSpinBox *>(u"HistoryTokenCap"_s);
    QVERIFY(box);
    QCOMPARE(box->value(), 8000);
    QVERIFY(!box->accessibleName().isEmpty());

    box->setValue(2000);
    Q_EMIT box->editingFinished();
    EngineConfig config;
    service.applyTo(config);
    QCOMPARE(config.historyTokenCap, 2000);
    QVERIFY(dialog.findChild<QLabel *>(u"GuardrailStatus"_s)->text().contains(u"handoff"_s));
    QVERIFY(!settings.setHistoryTokenCap(10)); // below the bound: refused, said why
    QVERIFY(settings.lastError().contains(u"tokens"_s));

    dialog.findChild<QPushButton *>(u"GuardrailDefaults"_s)->click();
    QCOMPARE(settings.historyTokenCap(), 8000);
    QCOMPARE(box->value(), 8000);
}

QTEST_MAIN(TestHistoryTokens)
#include "tst_historytokens.moc"
