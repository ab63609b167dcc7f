// StreamingMarkdownDocument: a reply streamed in pieces of any size ends as the same blocks, with the same formats,
// as the whole text parsed at once, while a growing reply is parsed from the start only once.

#include "presentation/SafeTextDocument.h"
#include "presentation/StreamingMarkdownDocument.h"

#include <QGuiApplication>
#include <QTest>
#include <QTextBlock>
#include <QTextList>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

/// One line per block: its text and what the chat's rendering depends on.
QStringList describe(const QTextDocument &document)
{
    QStringList lines;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        const QTextBlockFormat format = block.blockFormat();
        const auto it = block.begin();
        const QTextCharFormat chars = it.atEnd() ? block.charFormat() : it.fragment().charFormat();
        lines << u"%1 | h%2 list%3 code%4 bg%5 | w%6 mono%7 size%8"_s.arg(block.text())
                     .arg(format.headingLevel())
                     .arg(block.textList() ? int(block.textList()->format().style()) : 0)
                     .arg(format.hasProperty(QTextFormat::BlockCodeFence) ? 1 : 0)
                     .arg(format.background().style() != Qt::NoBrush ? 1 : 0)
                     .arg(chars.fontWeight())
                     .arg(chars.fontFixedPitch() || chars.fontFamilies().toStringList().contains(u"monospace"_s))
                     .arg(chars.property(QTextFormat::FontSizeAdjustment).toInt());
    }
    return lines;
}

const QColor kCode(0xee, 0xee, 0xee);

} // namespace

class TestStreamingMarkdown : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameBlocksAsWholeText_data();
    void sameBlocksAsWholeText();
    void stableLength_data();
    void stableLength();
    void growingReplyParsesOnce();
    void replacedTextStartsOver();
    void keepsWidthAndFont();
    void htmlIsShownAsText_data();
    void htmlIsShownAsText();
};

void TestStreamingMarkdown::sameBlocksAsWholeText_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<int>("piece");
    const QList<std::pair<const char *, QString>> samples {
        { "paragraphs", u"First paragraph with *emphasis*.\n\nSecond one, **bold**.\n\nThird `code`."_s },
        { "headings", u"# Title\n\nIntro.\n\n## Part\n\nText under it.\n\n### Small\n\nEnd."_s },
        { "tight list", u"Steps:\n\n- one\n- two\n- three\n\nAfter the list."_s },
        { "loose numbered list", u"Do this:\n\n1. first\n\n2. second\n\n3. third\n\nDone."_s },
        { "code fence with blank lines",
            u"Code:\n\n```cpp\nint x = 1;\n\nint y = 2;\n```\n\nAfter the code.\n\n~~~\nplain\n\n\nmore\n~~~\n\nEnd."_s },
        { "quote and table", u"> quoted\n> more\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nText."_s },
        { "unterminated fence", u"Start.\n\n```\nstill code\n\nand more"_s },
        { "crlf", u"One.\r\n\r\nTwo.\r\n\r\n- a\r\n- b\r\n"_s },
        { "heading first", u"## Answer\n\nShort."_s },
    };
    for (const auto &[name, text] : samples)
        for (const int piece : { 1, 3, 7, 40 })
            QTest::addRow("%s, pieces of %d", name, piece) << text << piece;
}

void TestStreamingMarkdown::sameBlocksAsWholeText()
{
    QFETCH(QString, markdown);
    QFETCH(int, piece);
    StreamingMarkdownDocument streaming(QFont(), kCode, 400);
    for (qsizetype end = piece; end < markdown.size() + piece; end += piece)
        streaming.setMarkdown(markdown.left(qMin(end, markdown.size())));
    SafeTextDocument whole;
    whole.setChatMarkdown(markdown, kCode);
    QCOMPARE(describe(*streaming.document()), describe(whole));
    QCOMPARE(streaming.document()->toPlainText(), whole.toPlainText());
}

void TestStreamingMarkdown::stableLength_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<int>("stable");
    QTest::newRow("no blank line") << u"one line\nand another"_s << 0;
    QTest::newRow("paragraph then text") << u"One.\n\nTwo"_s << 6;
    QTest::newRow("paragraph then nothing yet") << u"One.\n\n"_s << 0;
    QTest::newRow("last of several") << u"A.\n\nB.\n\nC."_s << 8;
    QTest::newRow("blank line inside a fence") << u"```\na\n\nb"_s << 0;
    QTest::newRow("after a closed fence") << u"```\na\n\nb\n```\n\nNext"_s << 14;
    QTest::newRow("a list item may continue a list") << u"- a\n\n- b"_s << 0;
    QTest::newRow("a number may start a list item") << u"1. a\n\n2"_s << 0;
    QTest::newRow("indented continuation") << u"- a\n\n  more of a"_s << 0;
    QTest::newRow("tilde fence needs tildes to close") << u"~~~\n```\n\nx"_s << 0;
}

void TestStreamingMarkdown::stableLength()
{
    QFETCH(QString, markdown);
    QFETCH(int, stable);
    QCOMPARE(StreamingMarkdownDocument::stableLength(markdown), qsizetype(stable));
}

void TestStreamingMarkdown::growingReplyParsesOnce()
{
    QString reply;
    for (int i = 0; i < 200; ++i)
        reply += u"Paragraph %1 has a few words in it.\n\n"_s.arg(i);
    StreamingMarkdownDocument streaming(QFont(), kCode, 400);
    for (qsizetype end = 5; end < reply.size() + 5; end += 5)
        streaming.setMarkdown(reply.left(qMin(end, reply.size())));
    QCOMPARE(streaming.fullParses(), 1);
    QCOMPARE(streaming.document()->blockCount(), 200);
    QCOMPARE(streaming.document()->lastBlock().text(), u"Paragraph 199 has a few words in it."_s);
}

void TestStreamingMarkdown::replacedTextStartsOver()
{
    StreamingMarkdownDocument streaming(QFont(), kCode, 400);
    streaming.setMarkdown(u"First.\n\nSecond."_s);
    streaming.setMarkdown(u"Other.\n\nText."_s);
    QCOMPARE(streaming.fullParses(), 2);
    QCOMPARE(streaming.document()->toPlainText(), u"Other.\nText."_s);
    streaming.setMarkdown(QString());
    QVERIFY(streaming.document()->isEmpty());
}

void TestStreamingMarkdown::keepsWidthAndFont()
{
    QFont font(u"DejaVu Sans"_s, 13);
    StreamingMarkdownDocument streaming(font, kCode, 321);
    streaming.setMarkdown(u"One.\n\nTwo.\n\nThree"_s);
    streaming.setMarkdown(u"Different."_s);
    QCOMPARE(streaming.document()->textWidth(), 321.0);
    QCOMPARE(streaming.document()->defaultFont().pointSize(), 13);
}

void TestStreamingMarkdown::htmlIsShownAsText_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QString>("shown");
    QTest::newRow("image") << u"before <img src=http://example.com/x.png> after"_s
                           << u"before <img src=http://example.com/x.png> after"_s;
    QTest::newRow("script") << u"a <script>alert(1)</script> b"_s << u"a <script>alert(1)</script> b"_s;
    QTest::newRow("style") << u"<style>p{}</style>\n\ntext"_s << u"<style>p{}</style>\ntext"_s;
    QTest::newRow("bold tag") << u"x <b>bold</b> y"_s << u"x <b>bold</b> y"_s;
    QTest::newRow("only a link definition") << u"[x]: http://example.com"_s << u"[x]: http://example.com"_s;
    QTest::newRow("only a rule") << u"***"_s << u"***"_s;
}

void TestStreamingMarkdown::htmlIsShownAsText()
{
    QFETCH(QString, markdown);
    QFETCH(QString, shown);
    // The finished reply's document and the streaming one, at every length on the way.
    SafeTextDocument whole;
    whole.setChatMarkdown(markdown, kCode);
    QCOMPARE(whole.toPlainText(), shown);
    StreamingMarkdownDocument streaming(QFont(), kCode, 400);
    for (qsizetype n = 1; n <= markdown.size(); ++n) {
        streaming.setMarkdown(markdown.left(n));
        QVERIFY2(!streaming.document()->toPlainText().trimmed().isEmpty() || markdown.left(n).trimmed().isEmpty(),
            qPrintable(markdown.left(n)));
    }
    QCOMPARE(streaming.document()->toPlainText(), shown);
}

QTEST_MAIN(TestStreamingMarkdown)
#include "tst_streamingmarkdown.moc"
