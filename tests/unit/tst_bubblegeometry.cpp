#include "presentation/BubbleGeometry.h"

#include <QTest>

#include <algorithm>

using namespace Tandem;
using Side = BubbleGeometry::Side;

Q_DECLARE_METATYPE(Tandem::BubbleGeometry::Side)

class TestBubbleGeometry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void layout_data();
    void layout();
    void contentWidthIsCapped_data();
    void contentWidthIsCapped();
    void footerActionsNeverCoverItsText_data();
    void footerActionsNeverCoverItsText();
};

void TestBubbleGeometry::layout_data()
{
    QTest::addColumn<int>("viewport");
    QTest::addColumn<Side>("side");
    QTest::addColumn<QSize>("header");
    QTest::addColumn<QSize>("content");
    QTest::addColumn<QSize>("footer");

    QTest::newRow("user short") << 800 << Side::Right << QSize() << QSize(60, 20) << QSize();
    QTest::newRow("user long") << 800 << Side::Right << QSize() << QSize(5000, 200) << QSize();
    QTest::newRow("agent with header and footer")
        << 800 << Side::Left << QSize(70, 16) << QSize(300, 80) << QSize(200, 16);
    QTest::newRow("agent footer wider than text")
        << 800 << Side::Left << QSize(70, 16) << QSize(20, 20) << QSize(260, 16);
    QTest::newRow("agent narrow window") << 180 << Side::Left << QSize(70, 16) << QSize(400, 120) << QSize(90, 16);
    QTest::newRow("user tiny window") << 60 << Side::Right << QSize() << QSize(400, 40) << QSize();
    QTest::newRow("divider") << 800 << Side::Center << QSize() << QSize(240, 16) << QSize();
    QTest::newRow("divider two lines") << 800 << Side::Center << QSize() << QSize(240, 40) << QSize();
    QTest::newRow("divider huge") << 400 << Side::Center << QSize() << QSize(3000, 16) << QSize();
    QTest::newRow("200% scale wide") << 2400 << Side::Left << QSize(140, 32) << QSize(3000, 400) << QSize(300, 32);
}

void TestBubbleGeometry::layout()
{
    QFETCH(int, viewport);
    QFETCH(Side, side);
    QFETCH(QSize, header);
    QFETCH(QSize, content);
    QFETCH(QSize, footer);

    const BubbleGeometry::Metrics m;
    const auto out = BubbleGeometry::compute({ viewport, side, header, content, footer, {}, 0 });

    // The bubble stays inside the row, with the gap above and below.
    QVERIFY(out.bubble.left() >= 0);
    QVERIFY(out.bubble.right() < qMax(viewport, out.bubble.width()));
    QCOMPARE(out.height, out.bubble.height() + m.rowGap);
    QCOMPARE(out.bubble.top(), m.rowGap / 2);
    // Never wider than the cap.
    QVERIFY(
        out.bubble.width() <= qMax(1, viewport - 2 * m.outerMargin) || viewport < 2 * m.outerMargin + m.minBubbleWidth);
    QVERIFY(out.bubble.width() <= (side == Side::Center ? m.maxDividerWidth : m.maxBubbleWidth));
    // The content is inside the bubble and as tall as given.
    QVERIFY(out.bubble.contains(out.content) || out.content.width() <= 1);
    QCOMPARE(out.content.height(), content.height());

    switch (side) {
    case Side::Right:
        QCOMPARE(out.bubble.right() + 1, qMax(out.bubble.width(), viewport - m.outerMargin));
        QVERIFY(out.header.isNull());
        break;
    case Side::Left:
        QCOMPARE(out.bubble.left(), m.outerMargin);
        break;
    case Side::Center: {
        const int leftGap = out.bubble.left();
        const int rightGap = viewport - out.bubble.right() - 1;
        QVERIFY(qAbs(leftGap - rightGap) <= 1);
        QVERIFY(out.bubble.contains(out.icon));
        QCOMPARE(out.icon.size(), QSize(m.iconSize, m.iconSize));
        QVERIFY(out.icon.right() < out.content.left());
        QVERIFY(out.header.isNull());
        QVERIFY(out.footer.isNull());
        break;
    }
    }
    if (side != Side::Center) {
        // Stacked from the top: header, content, footer, each inside the bubble's padding.
        if (!header.isEmpty()) {
            QCOMPARE(out.header.height(), header.height());
            QVERIFY(out.header.bottom() < out.content.top());
            QCOMPARE(out.header.top(), out.bubble.top() + m.padding);
        } else {
            QCOMPARE(out.content.top(), out.bubble.top() + m.padding);
        }
        if (!footer.isEmpty()) {
            QVERIFY(out.footer.top() > out.content.bottom());
            QCOMPARE(out.footer.bottom() + 1 + m.padding, out.bubble.bottom() + 1);
            QVERIFY(out.bubble.contains(out.footer));
        } else {
            QVERIFY(out.footer.isNull());
            QCOMPARE(out.content.bottom() + 1 + m.padding, out.bubble.bottom() + 1);
        }
        // A short message makes a narrow bubble, but wide enough for its header and footer.
        const int wanted = std::max({ content.width(), header.width(), footer.width() }) + 2 * m.padding;
        QVERIFY(out.bubble.width() >= qMin(wanted, BubbleGeometry::maxContentWidth(viewport, side) + 2 * m.padding));
    }
}

void TestBubbleGeometry::contentWidthIsCapped_data()
{
    QTest::addColumn<int>("viewport");
    QTest::addColumn<Side>("side");
    QTest::addColumn<int>("expected");
    // 78% of the viewport, at most 760 wide, minus padding 2 x 12.
    QTest::newRow("800 left") << 800 << Side::Left << 624 - 24;
    QTest::newRow("800 right") << 800 << Side::Right << 624 - 24;
    QTest::newRow("1600 left capped") << 1600 << Side::Left << 760 - 24;
    QTest::newRow("300 left") << 300 << Side::Left << 234 - 24;
    QTest::newRow("100 left: the minimum bubble") << 100 << Side::Left << 72 - 24;
    QTest::newRow("0 wide") << 0 << Side::Left << 1;
    // Dividers: up to 620 minus padding 2 x 14, the icon 18 and its spacing 8.
    QTest::newRow("800 divider") << 800 << Side::Center << 620 - 28 - 26;
    QTest::newRow("300 divider") << 300 << Side::Center << 272 - 28 - 26;
}

void TestBubbleGeometry::contentWidthIsCapped()
{
    QFETCH(int, viewport);
    QFETCH(Side, side);
    QFETCH(int, expected);
    QCOMPARE(BubbleGeometry::maxContentWidth(viewport, side), expected);
}

void TestBubbleGeometry::footerActionsNeverCoverItsText_data()
{
    QTest::addColumn<int>("viewport");
    QTest::addColumn<QSize>("content");
    QTest::addColumn<int>("text");
    QTest::addColumn<QList<int>>("actions");
    QTest::addColumn<int>("lines");

    // Widths as the window's small font draws them (DejaVu Sans 8 pt).
    const int copy = 52; // Copy
    const int regenerate = 68; // Regenerate
    const int usage = 104; // 135 tokens  ·  0.0 s
    const int copyRu = 70; // Копировать
    const int regenerateRu = 136; // Сгенерировать заново
    const int usageRu = 122; // 135 токенов  ·  0,0 с
    QTest::newRow("english, wide") << 800 << QSize(300, 40) << usage << QList<int> { copy, regenerate } << 1;
    QTest::newRow("english, short reply") << 800 << QSize(30, 20) << usage << QList<int> { copy, regenerate } << 1;
    // The Russian footer of a bubble offering Regenerate, with the docks open: the words are longer than the bubble.
    QTest::newRow("russian with regenerate, docks open")
        << 440 << QSize(200, 20) << usageRu << QList<int> { copyRu, regenerateRu } << 2;
    QTest::newRow("russian with regenerate, wide")
        << 900 << QSize(200, 20) << usageRu << QList<int> { copyRu, regenerateRu } << 1;
    QTest::newRow("russian copy only") << 440 << QSize(40, 20) << usageRu << QList<int> { copyRu } << 1;
    QTest::newRow("narrow: every part on its own line")
        << 220 << QSize(400, 60) << usageRu << QList<int> { copyRu, regenerateRu } << 3;
    QTest::newRow("error: retry and copy, no usage") << 300 << QSize(100, 20) << 0 << QList<int> { 40, copy } << 1;
    QTest::newRow("usage only") << 300 << QSize(100, 20) << usage << QList<int> {} << 1;
}

void TestBubbleGeometry::footerActionsNeverCoverItsText()
{
    QFETCH(int, viewport);
    QFETCH(QSize, content);
    QFETCH(int, text);
    QFETCH(QList<int>, actions);
    QFETCH(int, lines);

    const BubbleGeometry::Metrics m;
    const int lineHeight = 14;
    BubbleGeometry::Input in { viewport, Side::Left, QSize(70, 16), content, QSize(text, text > 0 ? lineHeight : 0),
        actions, lineHeight };
    const auto out = BubbleGeometry::compute(in);

    QCOMPARE(out.actions.size(), actions.size());
    QVERIFY(out.bubble.contains(out.footer));
    QVERIFY(out.footer.top() > out.content.bottom());
    QCOMPARE(out.footer.height(), lines * lineHeight + (lines - 1) * m.footerLineSpacing);
    QList<QRect> parts = out.actions;
    if (text > 0) {
        QCOMPARE(out.footerText.left(), out.footer.left());
        QCOMPARE(out.footerText.top(), out.footer.top());
        QCOMPARE(out.footerText.width(), std::min(text, out.footer.width()));
        parts.prepend(out.footerText);
    } else {
        QVERIFY(out.footerText.isNull());
    }
    for (qsizetype i = 0; i < out.actions.size(); ++i) {
        QVERIFY2(out.footer.contains(out.actions.at(i)), qPrintable(QString::number(i)));
        QCOMPARE(out.actions.at(i).width(), actions.at(i));
    }
    // Nothing is drawn over anything else.
    for (qsizetype i = 0; i < parts.size(); ++i)
        for (qsizetype j = i + 1; j < parts.size(); ++j)
            QVERIFY2(!parts.at(i).intersects(parts.at(j)),
                qPrintable(QString::number(i) + QLatin1String(" and ") + QString::number(j)));
    // The last action ends at the bubble's right padding; on a line of their own the actions stay right-aligned.
    if (!actions.isEmpty())
        QCOMPARE(out.actions.constLast().right(), out.footer.right());
}

QTEST_GUILESS_MAIN(TestBubbleGeometry)
#include "tst_bubblegeometry.moc"
