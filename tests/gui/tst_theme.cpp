// The theme the person picks: light and dark override the platform's palette (on the Fusion style, which follows
// the palette everywhere); "system" gives the platform's own style and palette back.

#include "Theme.h"

#include <QApplication>
#include <QStyle>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestTheme : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void overridesAndBack();
};

void TestTheme::overridesAndBack()
{
    const QString platformStyle = QApplication::style()->name();
    const QPalette platform = QApplication::style()->standardPalette();

    Theme::apply(u"dark"_s);
    QVERIFY(QApplication::palette().color(QPalette::Base).lightness() < 64);
    QVERIFY(QApplication::palette().color(QPalette::Text).lightness() > 192);
    QCOMPARE(QApplication::style()->name(), u"fusion"_s);

    Theme::apply(u"light"_s);
    QVERIFY(QApplication::palette().color(QPalette::Base).lightness() > 224);
    QVERIFY(QApplication::palette().color(QPalette::Text).lightness() < 64);

    Theme::apply(u"system"_s);
    QCOMPARE(QApplication::style()->name(), platformStyle);
    QCOMPARE(QApplication::palette().color(QPalette::Base), platform.color(QPalette::Base));
    QCOMPARE(QApplication::palette().color(QPalette::Text), platform.color(QPalette::Text));
}

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
