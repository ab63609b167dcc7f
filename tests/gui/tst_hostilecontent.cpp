// Hostile content in the window and the export (#17 part 6): a model reply full of HTML, scripts, remote images (as
// tags and as Markdown, pointing at a loopback server that counts its connections), style sheets, frames and a huge
// line is shown as text, fetches nothing however it is painted, scrolled, hovered or selected, and is exported
// escaped: the HTML export has no live tag of it.
#include "ChatView.h"
#include "EngineHarness.h"
#include "MainWindow.h"
#include "MessageDelegate.h"
#include "exchange/Exporter.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"
#include "presentation/SafeTextDocument.h"
#include "storage/ExchangeStore.h"

#include <QFile>
#include <QRegularExpression>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestHostileContent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void replyIsTextAndFetchesNothing();

private:
    QString hostileReply(quint16 port) const;
};

void TestHostileContent::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

QString TestHostileContent::hostileReply(quint16 port) const
{
    const QString base = u"http://127.0.0.1:%1"_s.arg(port);
    return u"Look: <img src=\"%1/tag.png\"> and ![pixel](%1/markdown.png) and ![ref][r]\n\n"
           u"<script src=\"%1/s.js\">alert(document.cookie)</script>\n\n"
           u"<link rel=\"stylesheet\" href=\"%1/s.css\"><style>@import url(%1/import.css); "
           u"body { background: url(%1/bg.png) }</style>\n\n"
           u"<iframe src=\"%1/frame\"></iframe><video src=\"%1/v.mp4\" poster=\"%1/poster.png\"></video>\n\n"
           u"<object data=\"%1/o.swf\"></object><embed src=\"%1/e.swf\"><a href=\"javascript:alert(1)\">click</a>\n\n"
           u"<table background=\"%1/table.png\"><tr><td>cell</td></tr></table>\n\n"
           u"[r]: %1/reference.png\n\n"_s.arg(base)
        + QString(200'000, u'W') + u"\n\nend of reply"_s;
}

void TestHostileContent::replyIsTextAndFetchesNothing()
{
    // The trap: whatever connects to it was sent there by the reply.
    QTcpServer trap;
    QVERIFY(trap.listen(QHostAddress::LocalHost));
    int connections = 0;
    connect(&trap, &QTcpServer::newConnection, &trap, [&] {
        while (QTcpSocket *socket = trap.nextPendingConnection()) {
            ++connections;
            socket->deleteLater();
        }
    });
    const QString reply = hostileReply(trap.serverPort());

    EngineConfig config = EngineHarness::testConfig();
    config.persistIntervalMs = 10;
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions, config);
    QVERIFY(h.isReady());
    QStringList chunks;
    for (qsizetype i = 0; i < reply.size(); i += 4096)
        chunks << reply.mid(i, 4096);
    h.server().enqueue(ScriptedReply::text(chunks));
    const qint64 c = h.createConversation(Conversation::Mode::Single);

    MainWindow window(&h.repository());
    window.resize(900, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.viewModel()->openConversation(c);
    QVERIFY(window.viewModel()->send(u"Show me something"_s));
    QVERIFY(QTest::qWaitFor([&] { return !window.viewModel()->isRunning(); }, 30000));
    window.viewModel()->messages()->flushDeltas();

    ChatView *view = window.chatView();
    QCOMPARE(view->model()->rowCount(), 2);
    const QModelIndex bubble = view->model()->index(1, 0);
    QCOMPARE(bubble.data(MessageListModel::ContentRole).toString(), reply); // stored as sent
    // The shown text has zero-width break opportunities in its long runs (SafeTextDocument::breakLongRuns()): an
    // unbroken run of 200,000 characters took Qt seconds per layout, and the window hung.
    const QString laidOut = view->messageDelegate()->shownText(bubble);
    static const QRegularExpression unbroken(u"[^\\s\\x{200B}]{%1}"_s.arg(SafeTextDocument::kLongRun + 1));
    QVERIFY(!laidOut.contains(unbroken));
    const QString shown = QString(laidOut).remove(QChar(0x200B));
    for (const QString &tag : { u"<img src="_s, u"<script src="_s, u"<iframe src="_s, u"<link rel="_s,
             u"<style>@import"_s, u"<video src="_s, u"<object data="_s, u"<embed src="_s, u"<table background="_s })
        QVERIFY2(shown.contains(tag), qPrintable(tag)); // shown as text, not taken as markup
    QVERIFY(shown.contains(QString(1000, u'W')));
    QVERIFY(shown.contains(u"end of reply"_s));

    // Paint it all, scroll through it, hover and select in it: the view asks for nothing.
    for (int round = 0; round < 3; ++round) {
        QScrollBar *bar = view->verticalScrollBar();
        for (const int value : { bar->minimum(), (bar->minimum() + bar->maximum()) / 2, bar->maximum() }) {
            bar->setValue(value);
            window.grab();
            QTest::mouseMove(view->viewport(), view->viewport()->rect().center());
        }
        view->resize(view->width() - 100 * (round + 1), view->height()); // new line breaks, a new layout
        window.grab();
    }
    view->setCurrentIndex(bubble);
    view->copyRow(1);
    QTest::qWait(300); // anything asked for would have connected by now (loopback)
    QCOMPARE(connections, 0);

    // The HTML export has the reply escaped: no live tag of it, nothing to fetch.
    QTemporaryDir dir;
    ExchangeStore store(h.work());
    ExportRequest request;
    request.format = ExportFormat::Html;
    request.conversationIds = { c };
    request.path = dir.filePath(u"hostile.html"_s);
    Exporter exporter(&store, request);
    QVERIFY2(exporter.run(), qPrintable(exporter.errorString()));
    QFile file(request.path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(file.readAll());
    // A link (<a href>) is followed only when clicked; any other tag naming the trap would fetch from it.
    static const QRegularExpression liveReference(
        u"<(?!a\\b)[a-z]+[^>]*(src|href|data|background|poster)\\s*=\\s*[\"']?[^\"'>]*127\\.0\\.0\\.1:"_s);
    const QRegularExpressionMatch live = liveReference.match(html);
    QVERIFY2(!live.hasMatch(), qPrintable(live.captured(0)));
    for (const QString &tag : { u"<script"_s, u"<iframe"_s, u"<link"_s, u"<object"_s, u"<embed"_s, u"<video"_s })
        QVERIFY2(!html.contains(tag, Qt::CaseInsensitive), qPrintable(tag));
    QVERIFY(html.contains(u"&lt;script src="_s));
    QVERIFY(html.contains(u"&lt;img src="_s));
    QVERIFY(!html.contains(u"href=\"javascript:"_s));
    QVERIFY(html.contains(QString(1000, u'W')));
    QCOMPARE(connections, 0);
}

QTEST_MAIN(TestHostileContent)
#include "tst_hostilecontent.moc"
