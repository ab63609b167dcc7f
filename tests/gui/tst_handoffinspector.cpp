// The handoff inspector and seed 000's side-by-side view on a real dual-agent turn (the engine on a SQLite file, the
// fake LLM server over loopback): clicking the divider in the chat opens the inspector on that handoff, which shows
// the payload exactly as stored (copyable), its status history with times, how the context travelled, the run's
// tokens and duration; the side-by-side view puts agent 1's payload beside agent 2's rewrite with the changed words
// marked. WordDiff (Debian's dtl underneath) is checked on its own, data-driven.

#include "ChatView.h"
#include "EngineHarness.h"
#include "HandoffInspector.h"
#include "MainWindow.h"
#include "SideBySideView.h"
#include "presentation/ChatViewModel.h"
#include "presentation/HandoffInspectorViewModel.h"
#include "presentation/MessageListModel.h"
#include "presentation/WordDiff.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(QList<Tandem::WordDiff::Segment>)

namespace {
using Op = WordDiff::Op;
using Segments = QList<WordDiff::Segment>;
} // namespace

class TestHandoffInspector : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void wordDifferences_data();
    void wordDifferences();
    void dividerOpensTheStoredHandoff();

private:
    static QPoint centreOfDivider(ChatView *view, int row);
};

void TestHandoffInspector::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestHandoffInspector::wordDifferences_data()
{
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::addColumn<Segments>("expected");
    QTest::addColumn<int>("changed");
    QTest::newRow("same") << u"a b"_s << u"a b"_s << Segments { { Op::Same, u"a b"_s } } << 0;
    QTest::newRow("one word") << u"the quick fox"_s << u"the slow fox"_s
                              << Segments { { Op::Same, u"the "_s }, { Op::Removed, u"quick"_s },
                                     { Op::Added, u"slow"_s }, { Op::Same, u" fox"_s } }
                              << 2;
    QTest::newRow("dropped") << u"Please make it much shorter"_s << u"Please make it shorter"_s
                             << Segments { { Op::Same, u"Please make it "_s }, { Op::Removed, u"much "_s },
                                    { Op::Same, u"shorter"_s } }
                             << 1;
    QTest::newRow("empty before") << QString() << u"new text"_s << Segments { { Op::Added, u"new text"_s } } << 2;
    QTest::newRow("cyrillic") << u"Сократи этот текст"_s << u"Сократи текст"_s
                              << Segments { { Op::Same, u"Сократи "_s }, { Op::Removed, u"этот "_s },
                                     { Op::Same, u"текст"_s } }
                              << 1;
}

void TestHandoffInspector::wordDifferences()
{
    QFETCH(QString, before);
    QFETCH(QString, after);
    QFETCH(Segments, expected);
    QFETCH(int, changed);
    const Segments segments = WordDiff::diff(before, after);
    QCOMPARE(segments, expected);
    QCOMPARE(WordDiff::changedWords(segments), changed);
    // Each side put back together is its text, exactly.
    QString left;
    for (const auto &segment : WordDiff::left(segments))
        left += segment.text;
    QString right;
    for (const auto &segment : WordDiff::right(segments))
        right += segment.text;
    QCOMPARE(left, before);
    QCOMPARE(right, after);
}

QPoint TestHandoffInspector::centreOfDivider(ChatView *view, int row)
{
    const QModelIndex index = view->model()->index(row, 0);
    view->scrollTo(index);
    return view->visualRect(index).center();
}

void TestHandoffInspector::dividerOpensTheStoredHandoff()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    MainWindow window(&h.repository());
    window.resize(1000, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const qint64 id = h.createConversation(Conversation::Mode::Dual);
    window.viewModel()->openConversation(id);
    TokenUsage first;
    first.inputTokens = 120;
    first.outputTokens = 30;
    TokenUsage second;
    second.inputTokens = 200;
    second.outputTokens = 12;
    h.server().enqueue(
        ScriptedReply::text({ u"HANDOFF_AGENT2\nPlease make the quick brown fox much shorter"_s }, first));
    h.server().enqueue(ScriptedReply::text({ u"Please make the fox shorter"_s }, second));
    QCOMPARE(h.sendAndWait(id, u"Shorten my sentence"_s), RunOutcome::Completed);

    const QList<Handoff> stored = h.repository().handoffs(id);
    QCOMPARE(stored.size(), 1);
    const Handoff handoff = stored.constFirst();

    // Click the "Handing the message to agent 2" divider.
    MessageListModel *model = window.viewModel()->messages();
    model->flushDeltas();
    int dividerRow = -1;
    for (int row = 0; row < model->rowCount() && dividerRow < 0; ++row)
        if (model->messageAt(row).divider == Message::Divider::HandingOver)
            dividerRow = row;
    QVERIFY(dividerRow >= 0);
    ChatView *view = window.chatView();
    QTRY_VERIFY(view->visualRect(view->model()->index(dividerRow, 0)).height() > 0);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, centreOfDivider(view, dividerRow));
    auto *inspector = window.findChild<HandoffInspector *>();
    QVERIFY(inspector);
    QTRY_VERIFY(inspector->isVisible());
    QCOMPARE(inspector->viewModel()->handoffId(), handoff.id);

    // The payload exactly as stored, pretty-printed; the text alone one click away; the copy button copies it.
    QCOMPARE(inspector->payloadView()->toPlainText(),
        QString::fromUtf8(QJsonDocument(handoff.payload).toJson(QJsonDocument::Indented)).trimmed());
    QVERIFY(inspector->payloadView()->toPlainText().contains(u"\"source\": \"signal\""_s));
    inspector->findChild<QPushButton *>(u"InspectorShowJson"_s)->click();
    QCOMPARE(inspector->payloadView()->toPlainText(), u"Please make the quick brown fox much shorter"_s);
    inspector->findChild<QPushButton *>(u"InspectorCopy"_s)->click();
    QCOMPARE(QGuiApplication::clipboard()->text(), u"Please make the quick brown fox much shorter"_s);

    // Its status history with times, the way the context travelled, the run's tokens and duration.
    auto *history = inspector->findChild<QTreeWidget *>(u"InspectorHistory"_s);
    QCOMPARE(history->topLevelItemCount(), 2);
    QCOMPARE(history->topLevelItem(0)->text(0), u"Pending"_s);
    QCOMPARE(history->topLevelItem(1)->text(0), u"Accepted"_s);
    QVERIFY(!history->topLevelItem(1)->text(1).isEmpty());
    QCOMPARE(inspector->fieldText(u"InspectorStatus"_s), u"Accepted"_s);
    QCOMPARE(inspector->fieldText(u"InspectorTransfer"_s), u"The payload only"_s);
    // The whole run: both model calls (the plural's English form comes with the translations, not loaded here).
    QVERIFY2(inspector->fieldText(u"InspectorTokens"_s).startsWith(u"362 token"_s),
        qPrintable(inspector->fieldText(u"InspectorTokens"_s)));
    QVERIFY(inspector->fieldText(u"InspectorTokens"_s).endsWith(u"(320 in, 42 out)"_s));
    QVERIFY(inspector->fieldText(u"InspectorDuration"_s).endsWith(u" s"_s));
    QVERIFY(inspector->fieldText(u"InspectorRejection"_s).isEmpty()); // accepted: no reason to show

    // Side by side: agent 1's payload, agent 2's rewrite, the words that differ marked on each side.
    QVERIFY(inspector->tabs()->isTabVisible(1));
    SideBySideView *sideBySide = inspector->sideBySide();
    QCOMPARE(sideBySide->left()->toPlainText(), u"Please make the quick brown fox much shorter"_s);
    QCOMPARE(sideBySide->right()->toPlainText(), u"Please make the fox shorter"_s);
    QVERIFY(sideBySide->left()->toHtml().contains(u"line-through"_s));
    const Segments differences = inspector->viewModel()->differences();
    QCOMPARE(differences,
        (Segments { { Op::Same, u"Please make the "_s }, { Op::Removed, u"quick brown "_s }, { Op::Same, u"fox "_s },
            { Op::Removed, u"much "_s }, { Op::Same, u"shorter"_s } }));

    // The accepted divider opens the same handoff.
    int acceptedRow = -1;
    for (int row = 0; row < model->rowCount() && acceptedRow < 0; ++row)
        if (model->messageAt(row).divider == Message::Divider::Accepted)
            acceptedRow = row;
    QVERIFY(acceptedRow > dividerRow);
    inspector->viewModel()->load(0);
    QCOMPARE(inspector->viewModel()->handoffId(), 0);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, centreOfDivider(view, acceptedRow));
    QCOMPARE(inspector->viewModel()->handoffId(), handoff.id);
}

QTEST_MAIN(TestHandoffInspector)
#include "tst_handoffinspector.moc"
