// File → Export… and File → Import… in the real window on a real SQLite file: the menu and Ctrl+E, the dialog's
// choices, an export that shows a cancellable progress dialog and writes the file, a cancelled export that leaves
// nothing, an import that opens the new conversation, and a refused import that says why and changes nothing.

#include "ExchangeFixture.h"
#include "ExportDialog.h"
#include "MainWindow.h"
#include "ModalAnswer.h"
#include "TemporaryDatabase.h"
#include "chat/LocalChatRepository.h"
#include "exchange/LocalExchange.h"
#include "presentation/ChatViewModel.h"
#include "presentation/ConversationListModel.h"
#include "presentation/ExchangeViewModel.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QFile>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QProgressDialog>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestExportDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void fileMenuOffersExportAndImport();
    void dialogCollectsTheChoice();
    void ctrlEOpensTheDialog();
    void exportShowsProgressAndWrites();
    void cancelFromTheProgressDialogLeavesNothing();
    void importOpensTheNewConversation();
    void refusedImportSaysWhyAndChangesNothing();

private:
    std::unique_ptr<Test::TemporaryDatabase> m_temp;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<LocalChatRepository> m_repository;
    std::unique_ptr<LocalExchange> m_exchangeApi;
    std::unique_ptr<ExchangeViewModel> m_exchange;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<QTemporaryDir> m_out;
    qint64 m_fixed = 0;
    qint64 m_long = 0;
};

void TestExportDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestExportDialog::init()
{
    m_temp = std::make_unique<Test::TemporaryDatabase>();
    QVERIFY(m_temp->isReady());
    m_fixed = Test::ExchangeFixture::create(m_temp->work());
    m_long = Test::ExchangeFixture::createLong(m_temp->work(), 12000, u"Long one"_s);
    QVERIFY(m_fixed > 0 && m_long > 0);
    m_network = std::make_unique<QNetworkAccessManager>();
    m_repository = std::make_unique<LocalChatRepository>(m_temp->work(), m_network.get(), nullptr, nullptr);
    m_exchangeApi = std::make_unique<LocalExchange>(m_temp->work());
    m_exchange = std::make_unique<ExchangeViewModel>(m_exchangeApi.get());
    m_window = std::make_unique<MainWindow>(m_repository.get());
    m_window->resize(1000, 700);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_out = std::make_unique<QTemporaryDir>();
}

void TestExportDialog::cleanup()
{
    m_window.reset();
    m_exchange.reset();
    m_exchangeApi.reset();
    m_repository.reset();
    m_network.reset();
    m_temp.reset();
}

void TestExportDialog::fileMenuOffersExportAndImport()
{
    QVERIFY(!m_window->exportAction()->isEnabled()); // nothing to export through yet
    m_window->setExchange(m_exchange.get());
    QVERIFY(m_window->exportAction()->isEnabled());
    QVERIFY(m_window->importAction()->isEnabled());
    QCOMPARE(m_window->exportAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
    QMenu *file = m_window->menuBar()->findChild<QMenu *>(u"FileMenu"_s);
    QVERIFY(file);
    QVERIFY(file->actions().contains(m_window->exportAction()));
    QVERIFY(file->actions().contains(m_window->importAction()));
    QCOMPARE(m_window->exportAction()->text(), u"&Export…"_s);
}

void TestExportDialog::dialogCollectsTheChoice()
{
    m_window->viewModel()->openConversation(m_fixed);
    ExportDialog dialog(m_window->conversations(), m_fixed);
    QCOMPARE(dialog.scope(), ExportDialog::Scope::Current);
    QCOMPARE(dialog.conversationIds(), QList<qint64> { m_fixed });
    QCOMPARE(dialog.format(), u"md"_s);
    QVERIFY(!dialog.toFolder()); // one conversation: one file
    QVERIFY(!dialog.conversationList()->isEnabled());

    dialog.setScope(ExportDialog::Scope::Selected);
    QVERIFY(dialog.conversationList()->isEnabled());
    QCOMPARE(dialog.conversationIds(), QList<qint64> { m_fixed }); // the open one is preselected
    dialog.conversationList()->selectAll();
    QCOMPARE(dialog.conversationIds().size(), 2);
    dialog.setToFolder(true);
    QVERIFY(dialog.toFolder());
    dialog.conversationList()->clearSelection();
    QVERIFY(!dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled());

    dialog.setScope(ExportDialog::Scope::All);
    QVERIFY(dialog.conversationIds().isEmpty());
    QVERIFY(dialog.toFolder());
    dialog.setFormat(u"pdf"_s);
    QCOMPARE(dialog.format(), u"pdf"_s);
    QVERIFY(dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled());

    // With no conversation open, "this conversation" cannot be chosen.
    ExportDialog none(m_window->conversations(), 0);
    QVERIFY(!none.findChildren<QAbstractButton *>().isEmpty());
    QCOMPARE(none.scope(), ExportDialog::Scope::All);
}

void TestExportDialog::ctrlEOpensTheDialog()
{
    m_window->setExchange(m_exchange.get());
    m_window->activateWindow();
    Test::ModalAnswer<ExportDialog> answer([](ExportDialog *dialog) {
        dialog->reject();
        return true;
    });
    QTest::keyClick(m_window.get(), Qt::Key_E, Qt::ControlModifier);
    QTRY_VERIFY(answer.answered());
    QCOMPARE(answer.seen(), 1);
}

void TestExportDialog::exportShowsProgressAndWrites()
{
    m_window->setExchange(m_exchange.get());
    QSignalSpy progress(m_exchange.get(), &ExchangeViewModel::exportProgress);
    QSignalSpy finished(m_exchange.get(), &ExchangeViewModel::exportFinished);
    const QString path = m_out->filePath(u"both.json"_s);
    QVERIFY(m_window->startExport({ m_fixed, m_long }, false, u"json"_s, path, false));
    QVERIFY(m_window->exportProgress());
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QVERIFY(finished.at(0).at(0).toBool());
    QVERIFY(!m_window->exportProgress());
    QVERIFY(progress.size() >= 3); // the event loop turned between pages
    QCOMPARE(progress.constLast().at(0).toLongLong(), 12011);
    QVERIFY(QFile::exists(path));
}

void TestExportDialog::cancelFromTheProgressDialogLeavesNothing()
{
    m_window->setExchange(m_exchange.get());
    QSignalSpy progress(m_exchange.get(), &ExchangeViewModel::exportProgress);
    QSignalSpy finished(m_exchange.get(), &ExchangeViewModel::exportFinished);
    const QString path = m_out->filePath(u"cancelled.md"_s);
    // The person presses Cancel while the second page is being written.
    bool clicked = false;
    connect(
        m_exchange.get(), &ExchangeViewModel::exportProgress, this,
        [&] {
            if (progress.size() >= 2 && !clicked && m_window->exportProgress()) {
                auto *cancel = m_window->exportProgress()->findChild<QPushButton *>();
                QVERIFY(cancel);
                clicked = true;
                cancel->click();
            }
        },
        Qt::QueuedConnection);
    QVERIFY(m_window->startExport({ m_long }, false, u"md"_s, path, false));
    QVERIFY(m_window->exportProgress());
    QTRY_COMPARE(finished.size(), 1);
    QVERIFY(clicked);
    QVERIFY(progress.constLast().at(0).toLongLong() < 12000);
    QVERIFY(!finished.at(0).at(0).toBool());
    QVERIFY(!m_exchange->isExporting());
    QVERIFY(!QFile::exists(path));
    QVERIFY(m_exchange->lastMessage().contains(u"cancelled"_s));
}

void TestExportDialog::importOpensTheNewConversation()
{
    m_window->setExchange(m_exchange.get());
    const int rows = m_window->conversations()->rowCount();
    QVERIFY(m_window->importFrom(Test::ExchangeFixture::dataFile(u"export/fixed.json"_s)));
    QCOMPARE(m_window->conversations()->rowCount(), rows + 1);
    const qint64 imported = m_exchange->lastImportedIds().constFirst();
    QVERIFY(imported != m_fixed && imported != m_long);
    QCOMPARE(m_window->viewModel()->conversationId(), imported);
    QVERIFY(m_window->conversations()->rowOf(imported) >= 0);
}

void TestExportDialog::refusedImportSaysWhyAndChangesNothing()
{
    m_window->setExchange(m_exchange.get());
    const QString path = m_out->filePath(u"truncated.json"_s);
    QFile golden(Test::ExchangeFixture::dataFile(u"export/fixed.json"_s));
    QVERIFY(golden.open(QIODevice::ReadOnly));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(golden.readAll().left(500));
    file.close();
    const QString before = Test::ExchangeFixture::tableCounts(m_temp->connection());
    QString shown;
    Test::ModalAnswer<QMessageBox> answer([&shown](QMessageBox *box) {
        shown = box->text();
        box->accept();
        return true;
    });
    QVERIFY(!m_window->importFrom(path));
    QVERIFY(answer.answered());
    QVERIFY2(shown.contains(u"cut short"_s), qPrintable(shown));
    QCOMPARE(Test::ExchangeFixture::tableCounts(m_temp->connection()), before);
}

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
