// The theme the person picks: light and dark override the platform's palette (on the Fusion style, which follows
// the palette everywhere); "system" gives the platform's own style and palette back.

#include "Theme.h"
#include "domain/DividerLook.h"
#include "exchange/ExportPalette.h"

#include <QApplication>
#include <QDirIterator>
#include <QFile>
#include <QStyle>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestTheme : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void overridesAndBack();
    void errorColorHasOneName();
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

void TestTheme::errorColorHasOneName()
{
    // The window, the error divider and the exports show the same red, spelled in one place only (#23).
    QCOMPARE(QColor(DividerLook::of(Message::Divider::Error).rgb), Theme::errorColor());
    QCOMPARE(ExportPalette::error(), Theme::errorColor());
    QStringList spelled;
    for (const QString &folder : { u"app"_s, u"ui"_s }) {
        QDirIterator it(QStringLiteral(TANDEM_SOURCE_DIR) + u'/' + folder, { u"*.cpp"_s, u"*.h"_s }, QDir::Files,
            QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray source = file.readAll().toLower();
            if (source.contains("d92d20") || source.contains("0xd9, 0x2d, 0x20"))
                spelled << it.filePath();
        }
    }
    QCOMPARE(spelled, QStringList { QStringLiteral(TANDEM_SOURCE_DIR) + u"/app/domain/ErrorColor.h"_s });
}

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
