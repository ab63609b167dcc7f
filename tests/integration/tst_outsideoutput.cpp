// An outside agent's output and the person's messages while the work is with it (issue #27, item 4's gaps): the
// bubble is written at a bounded rate and capped, the whole output kept in a file; a message sent meanwhile asks no
// model and reaches the agent's next prompt.
#include "OutsideStory.h"
#include "storage/UnitOfWork.h"

#include <QFile>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {
constexpr qsizetype kKept = 256 * 1024; ///< what a bubble keeps of the output, in characters
} // namespace

class TestOutsideOutput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void bubbleIsCappedAndWrittenAtABoundedRate();
    void messageWhileTheWorkIsWithAnOutsideAgent();

private:
    /// The bubble of @p handoffId once it is no longer streaming.
    static std::optional<Message> finished(OutsideStory &story, qint64 handoffId);
};

void TestOutsideOutput::cleanup()
{
    QVERIFY(EngineHarness::takeSpecProblems().isEmpty());
}

std::optional<Message> TestOutsideOutput::finished(OutsideStory &story, qint64 handoffId)
{
    std::optional<Message> bubble;
    [[maybe_unused]] const bool done = QTest::qWaitFor(
        [&] {
            bubble = story.bubble(handoffId);
            return bubble && bubble->status != Message::Status::Streaming;
        },
        120000);
    return bubble;
}

void TestOutsideOutput::bubbleIsCappedAndWrittenAtABoundedRate()
{
    OutsideStory story(u"sh, ./print-5mib.sh"_s);
    QVERIFY(story.isReady());
    // Each write of the bubble is announced once: a delta, or the whole row when the front of it was cut.
    QSignalSpy deltas(&story.repository(), &ChatRepository::messageDelta);
    QSignalSpy updates(&story.repository(), &ChatRepository::messageUpdated);
    const Handoff handoff = story.handToAnalyst();
    QVERIFY(handoff.id > 0);
    const std::optional<Message> bubble = finished(story, handoff.id);
    QVERIFY(bubble);
    QCOMPARE(bubble->status, Message::Status::Error);

    // The stored bubble: the last 256 KiB of the output after one line on what was cut and where the whole is.
    const qsizetype newline = bubble->content.indexOf(u'\n');
    const QString head = bubble->content.left(newline);
    const QString kept = bubble->content.mid(newline + 1);
    QVERIFY(kept.size() <= kKept);
    QVERIFY2(kept.size() > kKept - 1024,
        qPrintable(u"%1 %2 %3"_s.arg(kept.size()).arg(head).arg(kept.right(60)))); // cut at a line's start
    QVERIFY(kept.startsWith(u"line "_s));
    QVERIFY(kept.endsWith(u"line 05120 "_s + QString(1012, u'0') + u'\n'));
    static const QRegularExpression line(
        u"^\\[(\\d+) KiB of earlier output cut here; the whole output is in (.+)\\]$"_s);
    const QRegularExpressionMatch said = line.match(head);
    QVERIFY2(said.hasMatch(), qPrintable(head));
    QCOMPARE(said.captured(1).toLongLong(), (5 * 1024 * 1024 - kept.toUtf8().size()) / 1024);
    QFile whole(said.captured(2));
    QVERIFY(whole.open(QIODevice::ReadOnly));
    QCOMPARE(whole.size(), 5 * 1024 * 1024);
    QVERIFY(whole.fileName().startsWith(story.harness().database().folder()));
    QCOMPARE(whole.permissions() & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());

    // 5120 writes of the program, in a bounded number of writes of the row: one per 64 KiB (80), one per second while
    // it streams and one per pause of its output; one per chunk read was a thousand and more.
    qsizetype writes = 0;
    for (const QList<QVariant> &delta : std::as_const(deltas))
        writes += delta.at(1).toLongLong() == bubble->id ? 1 : 0;
    for (const QList<QVariant> &update : std::as_const(updates))
        writes += update.at(0).value<Message>().id == bubble->id ? 1 : 0;
    QVERIFY2(writes <= 400, qPrintable(QString::number(writes)));
}

void TestOutsideOutput::messageWhileTheWorkIsWithAnOutsideAgent()
{
    OutsideStory story(u"sh, ./accept-then-exit.sh"_s);
    QVERIFY(story.isReady());
    LocalChatRepository &repository = story.repository();
    const Handoff handoff = story.handToAnalyst();
    QVERIFY(handoff.id > 0);
    const std::optional<Message> bubble = finished(story, handoff.id);
    QVERIFY(bubble);
    QVERIFY2(bubble->content.contains(u"analyst: accepted handoff"_s), qPrintable(bubble->content + bubble->error));
    QVERIFY(!bubble->content.contains(u"## Messages from the person"_s));
    QCOMPARE(repository.activeAgent(story.story()), u"analyst"_s); // the work stays with it

    const QString text = u"Please use OAuth for the login."_s;
    const SendResult sent = repository.send(story.story(), text);
    QVERIFY(sent.accepted());
    // Stored, and no run: no model is asked for an agent that is a program.
    QVERIFY(!repository.isRunning(story.story()));
    QCoreApplication::processEvents();
    QCOMPARE(story.harness().modelRequests().size(), 0);
    const QList<Message> rows = story.harness().rows(story.story());
    QVERIFY(rows.size() >= 2);
    const Message &stored = rows.at(rows.size() - 2);
    QCOMPARE(stored.id, sent.messageId);
    QCOMPARE(stored.role, Message::Role::User);
    QCOMPARE(stored.content, text);
    const Message &told = rows.constLast();
    QVERIFY(told.isDivider());
    QCOMPARE(told.content,
        u"The work is with the outside agent Analyst, a program Tandem does not answer for, so no model was asked. "
        u"Your message is kept here and goes into Analyst's prompt the next time work is handed to it."_s);

    // The next time the work is handed to it, its prompt holds the message.
    QVERIFY(repository.stopStory(story.story()).ok());
    const BoardResult again = repository.startStory(story.story(), QJsonObject { { u"story"_s, u"again"_s } });
    QVERIFY2(again.ok(), qPrintable(again.message));
    const std::optional<Message> next = finished(story, again.handoff.id);
    QVERIFY(next);
    QVERIFY2(next->content.contains(u"## Messages from the person while the work was with you\n\n"_s + text),
        qPrintable(next->content));
    QCOMPARE(story.harness().modelRequests().size(), 0);
}

QTEST_GUILESS_MAIN(TestOutsideOutput)
#include "tst_outsideoutput.moc"
