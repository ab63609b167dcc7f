// Text that is cut (#24): the metrics table's columns and the export dialog's list of conversations, in English and
// Russian, at the normal font and at twice its size (as at 200 % scale). Each header and each value needs its
// text's advance plus the style's margins; the view as it opens must give every column that width
// and show every column without scrolling, and the export list must show the longest title whole.

#include "EngineHarness.h"
#include "ExportDialog.h"
#include "MetricsView.h"
#include "chat/Translations.h"
#include "presentation/ConversationListModel.h"
#include "presentation/MetricsViewModel.h"

#include <QApplication>
#include <QHeaderView>
#include <QJsonDocument>
#include <QListView>
#include <QScreen>
#include <QScrollBar>
#include <QStandardPaths>
#include <QStyle>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

ScriptedReply classified(const QString &agent)
{
    return ScriptedReply::text(
        { QString::fromUtf8(
            QJsonDocument(QJsonObject { { u"agent"_s, agent }, { u"confidence"_s, 0.9 }, { u"reason"_s, u"test"_s } })
                .toJson(QJsonDocument::Compact)) },
        { 1250, 310, 0, 0 });
}

/// What a cell's text needs: its advance and the item delegate's margin on each side.
int cellNeed(const QAbstractItemView *view, const QString &text)
{
    const int margin = view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
    return view->fontMetrics().horizontalAdvance(text) + 2 * margin;
}

} // namespace

class TestTextFits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void metricsColumnsFit_data();
    void metricsColumnsFit();
    void exportListFits_data();
    void exportListFits();

private:
    QFont m_font;
};

void TestTextFits::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
    m_font = QApplication::font();
}

void TestTextFits::cleanup()
{
    QApplication::setFont(m_font);
    Translations::install(u"en"_s);
}

static void languagesAndScales()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("scale");
    for (const QString &language : { u"en"_s, u"ru"_s })
        for (const int scale : { 1, 2 })
            QTest::addRow("%s-%d00%%", qPrintable(language), scale) << language << scale;
}

void TestTextFits::metricsColumnsFit_data()
{
    languagesAndScales();
}

void TestTextFits::metricsColumnsFit()
{
    QFETCH(QString, language);
    QFETCH(int, scale);
    QVERIFY(Translations::install(language));
    QFont font = m_font;
    font.setPointSizeF(m_font.pointSizeF() * scale);
    QApplication::setFont(font);

    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(classified(u"tracking"_s));
    h.server().enqueue(ScriptedReply::text({ u"Nothing is stale."_s }, { 123456, 7890, 0, 0 }));
    QCOMPARE(h.sendAndWait(id, u"What's stale?"_s), RunOutcome::Completed);

    MetricsView view(&h.repository());
    view.setConversation(id);
    view.resize(view.sizeHint()); // as its dock opens it
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTableView *table = view.table();
    const QAbstractItemModel *model = table->model();
    QVERIFY(model->rowCount() >= 2);
    QHeaderView *header = table->horizontalHeader();
    const int headerMargin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    for (int column = 0; column < model->columnCount(); ++column) {
        const QString title = model->headerData(column, Qt::Horizontal).toString();
        const int need = header->fontMetrics().horizontalAdvance(title) + 2 * headerMargin;
        QVERIFY2(header->sectionSize(column) >= need,
            qPrintable(u"header “%1”: %2 < %3"_s.arg(title).arg(header->sectionSize(column)).arg(need)));
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString text = model->index(row, column).data().toString();
            QVERIFY2(header->sectionSize(column) >= cellNeed(table, text),
                qPrintable(u"“%1” under “%2”: %3 < %4"_s.arg(text, title)
                               .arg(header->sectionSize(column))
                               .arg(cellNeed(table, text))));
        }
    }
    // Every column in sight: none is scrolled past the right edge.
    const int last = model->columnCount() - 1;
    QTRY_VERIFY2(header->sectionPosition(last) + header->sectionSize(last) <= table->viewport()->width(),
        qPrintable(u"%1 > %2"_s.arg(header->sectionPosition(last) + header->sectionSize(last))
                       .arg(table->viewport()->width())));
    QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
}

void TestTextFits::exportListFits_data()
{
    languagesAndScales();
}

void TestTextFits::exportListFits()
{
    QFETCH(QString, language);
    QFETCH(int, scale);
    QVERIFY(Translations::install(language));
    QFont font = m_font;
    font.setPointSizeF(m_font.pointSizeF() * scale);
    QApplication::setFont(font);

    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    // A title as long as the first message makes one (60 characters), and an untitled conversation.
    const qint64 titled = h.createConversation(Conversation::Mode::Single);
    QVERIFY(h.repository().renameConversation(
        titled, u"Where should a Qt app keep its SQLite database on each system?"_s.left(60)));
    h.createConversation(Conversation::Mode::Single);
    ConversationListModel conversations(&h.repository());
    QTRY_COMPARE(conversations.rowCount(), 2);

    ExportDialog dialog(&conversations, titled);
    dialog.setScope(ExportDialog::Scope::Selected);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QListView *list = dialog.conversationList();
    for (int row = 0; row < conversations.rowCount(); ++row) {
        const QString title = conversations.index(row, 0).data().toString();
        // Only a screen too narrow for the title may cut it; the row's tooltip then gives it whole.
        const bool screenFull = list->width() >= list->screen()->availableGeometry().width() * 9 / 10;
        QVERIFY2(cellNeed(list, title) <= list->viewport()->width()
                || (screenFull && conversations.index(row, 0).data(Qt::ToolTipRole).toString() == title),
            qPrintable(u"“%1”: %2 > %3"_s.arg(title).arg(cellNeed(list, title)).arg(list->viewport()->width())));
    }
}

QTEST_MAIN(TestTextFits)
#include "tst_textfits.moc"
