// What the CLI prints never acts on the terminal: every control a terminal would execute (escape sequences,
// OSC titles, clipboard writes and links, CR, C1 CSI, DEL) and every character that reorders or hides text (bidi
// controls, zero-width and tag characters) is shown as visible text; ordinary text of any script passes untouched.
#include "cli/TerminalText.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::TerminalText;

class TestTerminalText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void controlsBecomeVisible_data();
    void controlsBecomeVisible();
    void everyControlCharacterIsCaught();
};

void TestTerminalText::controlsBecomeVisible_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("shown");

    // Passes as it is.
    QTest::newRow("plain") << u"Hello, world."_s << u"Hello, world."_s;
    QTest::newRow("newline and tab") << u"a\tb\nc"_s << u"a\tb\nc"_s;
    QTest::newRow("CR LF is a line end") << u"one\r\ntwo\r\n"_s << u"one\ntwo\n"_s;
    QTest::newRow("other scripts") << u"Привет, 世界, مرحبا, שלום"_s << u"Привет, 世界, مرحبا, שלום"_s;
    QTest::newRow("emoji with joiners and selectors")
        << u"👨‍👩‍👧 ❤️ 👍🏽"_s << u"👨‍👩‍👧 ❤️ 👍🏽"_s;
    QTest::newRow("zero-width non-joiner in Persian") << u"می‌خواهم"_s << u"می‌خواهم"_s;
    QTest::newRow("flag of England (tag sequence)")
        << QString::fromUcs4(U"\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F")
        << QString::fromUcs4(U"\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F");
    QTest::newRow("caret text stays text") << u"^[ and \\x1b"_s << u"^[ and \\x1b"_s;

    // C0 controls and DEL in caret notation.
    QTest::newRow("clear screen") << u"before\x1b[2Jafter"_s << u"before^[[2Jafter"_s;
    QTest::newRow("colour") << u"\x1b[31mred\x1b[0m"_s << u"^[[31mred^[[0m"_s;
    QTest::newRow("OSC 0 window title, BEL") << u"\x1b]0;pwned\x07"_s << u"^[]0;pwned^G"_s;
    QTest::newRow("OSC 2 window title, ST") << u"\x1b]2;pwned\x1b\\"_s << u"^[]2;pwned^[\\"_s;
    QTest::newRow("OSC 52 clipboard write") << u"\x1b]52;c;cm0gLXJmIH4=\x07"_s << u"^[]52;c;cm0gLXJmIH4=^G"_s;
    QTest::newRow("OSC 8 link") << u"\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\"_s
                                << u"^[]8;;https://evil.example^[\\click^[]8;;^[\\"_s;
    QTest::newRow("bare CR overwrites the line") << u"rm -rf /\rls"_s << u"rm -rf /^Mls"_s;
    QTest::newRow("CR before CR LF") << u"a\r\r\nb"_s << u"a^M\nb"_s;
    QTest::newRow("backspace") << u"abc\b\b\bxyz"_s << u"abc^H^H^Hxyz"_s;
    QTest::newRow("NUL") << QString(u"a\0b"_s) << u"a^@b"_s;
    QTest::newRow("vertical tab, form feed") << u"a\vb\fc"_s << u"a^Kb^Lc"_s;
    QTest::newRow("unit separator") << u"a\x1f"_s << u"a^_"_s;
    QTest::newRow("DEL") << u"a\x7f"_s << u"a^?"_s;

    // C1 controls in hex.
    QTest::newRow("C1 CSI") << u"\x9b"_s
                               u"2J"_s
                            << u"\\x9b2J"_s;
    QTest::newRow("C1 OSC and ST") << u"\x9d"_s
                                      u"0;title\x9c"_s
                                   << u"\\x9d0;title\\x9c"_s;
    QTest::newRow("NEL") << u"a\x85"_s
                            u"b"_s
                         << u"a\\x85b"_s;

    // Characters that reorder or hide text.
    QTest::newRow("right-to-left override") << u"file\u202Etxt.exe"_s << u"file<U+202E>txt.exe"_s;
    QTest::newRow("all embeddings and overrides")
        << u"\u202A\u202B\u202C\u202D\u202E"_s << u"<U+202A><U+202B><U+202C><U+202D><U+202E>"_s;
    QTest::newRow("isolates") << u"\u2066\u2067\u2068\u2069"_s << u"<U+2066><U+2067><U+2068><U+2069>"_s;
    QTest::newRow("marks") << u"\u200E\u200F\u061C"_s << u"<U+200E><U+200F><U+061C>"_s;
    QTest::newRow("zero-width space") << u"pass\u200Bword"_s << u"pass<U+200B>word"_s;
    QTest::newRow("word joiner, BOM") << u"\u2060x\uFEFF"_s << u"<U+2060>x<U+FEFF>"_s;
    QTest::newRow("line and paragraph separators") << u"a\u2028b\u2029"_s << u"a<U+2028>b<U+2029>"_s;
    QTest::newRow("tag characters (hidden text)")
        << QString::fromUcs4(U"ok\U000E0068\U000E0069") << u"ok<U+E0068><U+E0069>"_s;
    QTest::newRow("black flag without its end tag")
        << QString::fromUcs4(U"\U0001F3F4\U000E0067x") << QString::fromUcs4(U"\U0001F3F4<U+E0067>x");
}

void TestTerminalText::controlsBecomeVisible()
{
    QFETCH(QString, input);
    QFETCH(QString, shown);
    QCOMPARE(TerminalText::visible(input), shown);
    QCOMPARE(TerminalText::isPlain(input), input == shown);
    QCOMPARE(TerminalText::visible(shown), shown); // what it shows needs no second pass
}

void TestTerminalText::everyControlCharacterIsCaught()
{
    for (char16_t c = 0; c < 0xA0; ++c) {
        const QString shown = TerminalText::visible(QString(QChar(c)));
        const bool passes = c == u'\n' || c == u'\t' || (c >= 0x20 && c < 0x7F);
        if (passes) {
            QCOMPARE(shown, QString(QChar(c)));
            continue;
        }
        for (const QChar ch : shown)
            QVERIFY2(
                ch.unicode() >= 0x20 && ch.unicode() < 0x7F, qPrintable(u"U+%1"_s.arg(int(c), 4, 16, QChar(u'0'))));
    }
}

QTEST_APPLESS_MAIN(TestTerminalText)
#include "tst_terminaltext.moc"
