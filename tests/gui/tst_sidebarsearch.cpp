// Typing in the sidebar's search field on the real window: the list shows the conversations whose messages or titles
// hold the words (the full-text index of a real SQLite file), the matched words drawn in the accent colour in a
// snippet under the title, hostile text shown as text; a click opens the result, clearing the field shows every
// conversation again.

#include "EngineHarness.h"
#include "MainWindow.h"
#include "presentation/ChatViewModel.h"
#include "presentation/ConversationListModel.h"
#include "presentation/ConversationSearchModel.h"
#include "storage/ConversationStore.h"
#include "storage/MessageStore.h"

#include <QImage>
#include <QLineEdit>
#include <QListView>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;

class TestSidebarSearch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void typingShowsTheMatchHighlighted();
    void hostileTextStaysText();
    void titleMatchesAreMarked();

private:
    qint64 conversation(const QString &title, const QStringList &messages);
    QListView *list() const { return m_window->findChild<QListView *>(u"ConversationList"_s); }
    QLineEdit *search() const { return m_window->findChild<QLineEdit *>(u"SearchField"_s); }
    QList<qint64> shown() const;
    /// Pixels of row @p row drawn exactly in the accent colour.
    int accentPixels(int row) const;

    std::unique_ptr<EngineHarness> m_h;
    std::unique_ptr<MainWindow> m_window;
};

void TestSidebarSearch::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestSidebarSearch::init()
{
    m_h = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(m_h->isReady());
}

void TestSidebarSearch::cleanup()
{
    m_window.reset();
    m_h.reset();
}

qint64 TestSidebarSearch::conversation(const QString &title, const QStringList &messages)
{
    Conversation c;
    c.title = title;
    if (!m_h->work().conversations().create(c))
        return 0;
    for (const QString &text : messages) {
        Message m;
        m.conversationId = c.id;
        m.content = text;
        if (!m_h->work().messages().append(m))
            return 0;
    }
    return c.id;
}

QList<qint64> TestSidebarSearch::shown() const
{
    QList<qint64> ids;
    const QAbstractItemModel *model = list()->model();
    for (int row = 0; row < model->rowCount(); ++row)
        ids << model->index(row, 0).data(ConversationListModel::IdRole).toLongLong();
    return ids;
}

int TestSidebarSearch::accentPixels(int row) const
{
    const QRect rect = list()->visualRect(list()->model()->index(row, 0));
    const QImage image = list()->viewport()->grab(rect).toImage();
    const QRgb accent = list()->palette().color(QPalette::Highlight).rgb();
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            count += (image.pixel(x, y) & 0xffffff) == (accent & 0xffffff) ? 1 : 0;
    return count;
}

void TestSidebarSearch::typingShowsTheMatchHighlighted()
{
    const qint64 trip = conversation(u"Holiday"_s, { u"We could take the night train to Lisbon."_s, u"Or fly."_s });
    const qint64 work = conversation(u"Work"_s, { u"The quarterly report is due on Friday."_s });
    const qint64 other = conversation(u"Recipes"_s, { u"Apricot jam needs sugar."_s });
    m_window = std::make_unique<MainWindow>(&m_h->repository());
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTRY_COMPARE(shown().size(), 3);
    const int before = accentPixels(shown().indexOf(trip));

    search()->setFocus();
    QTest::keyClicks(search(), u"lisb"_s); // as one types: the last word is a prefix
    QTRY_COMPARE(shown(), QList<qint64> { trip });
    QCOMPARE(list()->model()->index(0, 0).data(Qt::DisplayRole).toString(), u"Holiday"_s);
    const auto snippet
        = list()->model()->index(0, 0).data(ConversationSearchModel::SnippetRole).value<HighlightedText>();
    QVERIFY2(snippet.text.contains(u"night train to Lisbon"_s), qPrintable(snippet.text));
    QCOMPARE(snippet.spans.size(), 1);
    QCOMPARE(snippet.text.mid(snippet.spans.constFirst().start, snippet.spans.constFirst().length), u"Lisbon"_s);
    // The row is taller (the snippet line) and the matched word is drawn in the accent colour; without a search,
    // the same row had none.
    QVERIFY(list()->visualRect(list()->model()->index(0, 0)).height() > list()->fontMetrics().height() * 2);
    QCOMPARE(before, 0);
    QTRY_VERIFY2(accentPixels(0) > 10, qPrintable(QString::number(accentPixels(0))));

    // Words in any order; one that no message holds: nothing.
    QTest::keyClicks(search(), u"on friday"_s);
    QTRY_COMPARE(shown(), QList<qint64> {});
    search()->clear();
    QTest::keyClicks(search(), u"FRIDAY"_s);
    QTRY_COMPARE(shown(), QList<qint64> { work });

    // A click opens the result.
    const QRect rect = list()->visualRect(list()->model()->index(0, 0));
    QTest::mouseClick(list()->viewport(), Qt::LeftButton, {}, rect.center());
    QTRY_COMPARE(m_window->viewModel()->conversationId(), work);

    // Cleared: every conversation again, the open one still current.
    search()->clear();
    QTRY_COMPARE(shown().size(), 3);
    QVERIFY(shown().contains(other));
    QTRY_COMPARE(list()->currentIndex().data(ConversationListModel::IdRole).toLongLong(), work);
}

void TestSidebarSearch::hostileTextStaysText()
{
    const qint64 id = conversation(u"<b>Title</b>"_s,
        { u"<img src=x onerror=alert(1)> <a href=\"javascript:x\">click</a> payload \uE000fake\uE001 mark"_s });
    m_window = std::make_unique<MainWindow>(&m_h->repository());
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    search()->setFocus();
    QTest::keyClicks(search(), u"payload \" NEAR( *"_s);
    QTRY_COMPARE(shown(), QList<qint64> {});
    search()->clear();
    QTest::keyClicks(search(), u"payload"_s);
    QTRY_COMPARE(shown(), QList<qint64> { id });
    const QModelIndex row = list()->model()->index(0, 0);
    const auto snippet = row.data(ConversationSearchModel::SnippetRole).value<HighlightedText>();
    QVERIFY2(snippet.text.contains(u"onerror=alert(1)> <a href=\"javascript:x\">click</a> payload"_s),
        qPrintable(snippet.text));
    QVERIFY2(row.data(Qt::AccessibleTextRole).toString().startsWith(u"<b>Title</b>: "_s),
        qPrintable(row.data(Qt::AccessibleTextRole).toString()));
    for (const HighlightedText::Span &span : snippet.spans)
        QVERIFY(span.start >= 0 && span.start + span.length <= snippet.text.size());
    // Only the word searched is marked, whatever characters the message holds.
    QCOMPARE(snippet.spans.size(), 1);
    QCOMPARE(snippet.text.mid(snippet.spans.constFirst().start, snippet.spans.constFirst().length), u"payload"_s);
    QTRY_VERIFY(accentPixels(0) > 0);
}

void TestSidebarSearch::titleMatchesAreMarked()
{
    const qint64 named = conversation(u"Москва в мае"_s, { u"Билеты купить заранее."_s });
    conversation(u"Other"_s, { u"Nothing here."_s });
    m_window = std::make_unique<MainWindow>(&m_h->repository());
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    search()->setFocus();
    search()->insert(u"моск"_s); // typed (QTest::keyClicks knows Latin keys only)
    QTRY_COMPARE(shown(), QList<qint64> { named });
    const auto title
        = list()->model()->index(0, 0).data(ConversationSearchModel::HighlightedTitleRole).value<HighlightedText>();
    QCOMPARE(title.text, u"Москва в мае"_s);
    QCOMPARE(title.spans, (QList<HighlightedText::Span> { { 0, 6 } }));
    QVERIFY(list()->model()->index(0, 0).data(ConversationSearchModel::SnippetRole).value<HighlightedText>().isEmpty());
    QTRY_VERIFY(accentPixels(0) > 10);
}

QTEST_MAIN(TestSidebarSearch)
#include "tst_sidebarsearch.moc"
