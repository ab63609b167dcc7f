// Terminal control sequences from a model and from a person (#17 part 6): every class of them (CSI, OSC with its
// hyperlinks and clipboard writes, DCS, APC, PM, SOS, 8-bit C1 controls, bidi overrides and isolates, BEL, backspace,
// carriage-return tricks, DEL) goes through the real `tandem run` (streamed in small pieces, so sequences are cut
// between deltas) and `tandem show`, and none of them reaches the output raw: each is shown as visible text.
#include "ChildProcess.h"
#include "FakeLlmServer.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem::Test;

namespace {

/// One of each class, between visible markers.
QString hostile()
{
    return u"[csi]\x1b[31mred\x1b[0m\x1b[2J\x1b[1;1H\x1b[?1049h"
           u"[osc]\x1b]0;new title\x07\x1b]8;;http://evil.invalid/\x1b\\link\x1b]8;;\x1b\\"
           u"\x1b]52;c;ZWNobyBwd25lZA==\x07"
           u"[dcs]\x1bP1$r0m\x1b\\"
           u"[apc]\x1b_Gf=100;AAAA\x1b\\[pm]\x1b^private\x1b\\[sos]\x1bXstring\x1b\\"
           u"[c1]\u009b31m\u009d0;t\u009c\u0090q\u009c\u0085\u008d"
           u"[bidi]\u202Eevil\u202C\u2066iso\u2069\u200F"
           u"[bel]\x07[bs]abc\x08\x08\x08XYZ[cr]safe\rEVIL[del]\x7f[reset]\x1b"
           u"c[end]"_s;
}

/// Characters that must never be in the output as they are.
QStringList rawControls(const QString &text)
{
    QStringList found;
    for (const QChar ch : text) {
        const char16_t c = ch.unicode();
        const bool c0 = c < 0x20 && c != u'\n' && c != u'\t';
        const bool c1 = c >= 0x7f && c <= 0x9f;
        const bool bidi
            = (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x200e || c == 0x200f || c == 0x061c;
        if (c0 || c1 || bidi)
            found << u"U+%1"_s.arg(int(c), 4, 16, QChar(u'0'));
    }
    found.removeDuplicates();
    return found;
}

} // namespace

class TestTerminalControls : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noControlReachesTheOutput_data();
    void noControlReachesTheOutput();
};

void TestTerminalControls::noControlReachesTheOutput_data()
{
    QTest::addColumn<QString>("protocol");
    QTest::newRow("chat") << u"chat"_s;
    QTest::newRow("responses") << u"responses"_s;
}

void TestTerminalControls::noControlReachesTheOutput()
{
    QFETCH(QString, protocol);
    QTemporaryDir dir;
    FakeLlmServer server;
    QVERIFY(server.isListening());
    const QString reply = hostile();
    QStringList chunks;
    for (qsizetype i = 0; i < reply.size(); i += 3)
        chunks << reply.mid(i, 3); // sequences cut between deltas
    server.enqueue(ScriptedReply::text(chunks));

    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"XDG_CONFIG_HOME"_s, dir.filePath(u"config"_s));
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    const QStringList data { u"--data-dir"_s, dir.path() };
    // The person's own message carries them too; --verbose adds the log lines, which pass the same filter.
    const ChildProcess::Result run = ChildProcess::run(QStringLiteral(TANDEM_EXECUTABLE),
        data
            + QStringList { u"run"_s, u"--verbose"_s, u"--provider"_s, server.baseUrl().toString(), u"--protocol"_s,
                protocol, u"Say this: "_s + hostile() },
        environment);
    QVERIFY2(run.succeeded(), qPrintable(run.describe()));
    const ChildProcess::Result show
        = ChildProcess::run(QStringLiteral(TANDEM_EXECUTABLE), data + QStringList { u"show"_s, u"1"_s }, environment);
    QVERIFY2(show.succeeded(), qPrintable(show.describe()));
    const ChildProcess::Result list
        = ChildProcess::run(QStringLiteral(TANDEM_EXECUTABLE), data + QStringList { u"conversations"_s }, environment);
    QVERIFY2(list.succeeded(), qPrintable(list.describe()));

    const QList<std::pair<QString, QByteArray>> outputs { { u"run's output"_s, run.out },
        { u"run's errors"_s, run.err }, { u"show's output"_s, show.out }, { u"show's errors"_s, show.err },
        { u"the list"_s, list.out } };
    for (const auto &[name, bytes] : outputs) {
        const QString text = QString::fromUtf8(bytes);
        QVERIFY2(text.toUtf8() == bytes, qPrintable(name + u": not UTF-8"_s));
        const QStringList raw = rawControls(text);
        QVERIFY2(raw.isEmpty(), qPrintable(name + u" has raw controls: "_s + raw.join(u", "_s)));
    }
    // The reply and the question are there, every marker of them, the controls as visible text.
    const QString shown = QString::fromUtf8(show.out);
    for (const QString &marker : { u"[csi]"_s, u"[osc]"_s, u"[dcs]"_s, u"[apc]"_s, u"[pm]"_s, u"[sos]"_s, u"[c1]"_s,
             u"[bidi]"_s, u"[bel]"_s, u"[bs]"_s, u"[cr]"_s, u"[del]"_s, u"[reset]"_s, u"[end]"_s }) {
        QVERIFY2(shown.count(marker) >= 2, qPrintable(marker)); // the question and the answer (and the title)
        QVERIFY(QString::fromUtf8(run.out).contains(marker));
    }
    QVERIFY2(shown.contains(u"^[[31mred"_s), qPrintable(shown));
    QVERIFY2(shown.contains(u"<U+202E>evil"_s), qPrintable(shown));
    QVERIFY2(
        QString::fromUtf8(run.out).contains(u"^[]52;c;ZWNobyBwd25lZA=="_s), qPrintable(QString::fromUtf8(run.out)));
}

QTEST_GUILESS_MAIN(TestTerminalControls)
#include "tst_terminalcontrols.moc"
