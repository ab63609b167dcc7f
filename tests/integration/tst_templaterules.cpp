// The fake LLM server's request checks (#24), seen from a plain QNetworkAccessManager: what strict chat templates
// refuse (a system message after the start or empty, no user turn, two turns of one role in a row, tool calls left
// unanswered) gets a 400 that says so and is kept in violations(), on both protocols; a Responses conversation is
// checked with what it already holds; a reply's expected user text must be in a user message.
#include "FakeLlmServer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::ScriptedReply;

namespace {

constexpr int Timeout = 30'000;

QJsonObject message(const QString &role, const QString &content)
{
    return { { u"role"_s, role }, { u"content"_s, content } };
}

QJsonObject callMessage(const QString &id)
{
    return { { u"role"_s, u"assistant"_s }, { u"content"_s, QJsonValue(QJsonValue::Null) },
        { u"tool_calls"_s,
            QJsonArray { QJsonObject { { u"id"_s, id }, { u"type"_s, u"function"_s },
                { u"function"_s, QJsonObject { { u"name"_s, u"f"_s }, { u"arguments"_s, u"{}"_s } } } } } } };
}

QJsonObject toolMessage(const QString &id)
{
    return { { u"role"_s, u"tool"_s }, { u"tool_call_id"_s, id }, { u"content"_s, u"ok"_s } };
}

QJsonObject chat(const QJsonArray &messages)
{
    return { { u"model"_s, u"m"_s }, { u"stream"_s, false }, { u"messages"_s, messages } };
}

QJsonObject item(const QString &role, const QString &content)
{
    return { { u"type"_s, u"message"_s }, { u"role"_s, role }, { u"content"_s, content } };
}

QJsonObject responses(const QJsonArray &input, const QString &instructions = u"Be brief."_s)
{
    QJsonObject body { { u"model"_s, u"m"_s }, { u"stream"_s, false }, { u"input"_s, input } };
    if (!instructions.isNull())
        body.insert(u"instructions"_s, instructions);
    return body;
}

struct Answer
{
    int status = 0;
    QJsonObject json;
};

} // namespace

class TestTemplateRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void refusesWhatStrictTemplatesRefuse_data();
    void refusesWhatStrictTemplatesRefuse();
    void responsesConversationIsCheckedWhole();
    void expectedUserTextIsRequired();
    void checksCanBeTurnedOffForWireTests();

private:
    Answer post(const QString &path, const QJsonObject &body);

    std::unique_ptr<FakeLlmServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
};

void TestTemplateRules::init()
{
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY2(m_server->isListening(), qPrintable(m_server->errorString()));
    m_network = std::make_unique<QNetworkAccessManager>();
}

void TestTemplateRules::cleanup()
{
    m_network.reset();
    m_server.reset();
}

Answer TestTemplateRules::post(const QString &path, const QJsonObject &body)
{
    QNetworkRequest request(m_server->url(path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    std::unique_ptr<QNetworkReply> reply(m_network->post(request, QJsonDocument(body).toJson(QJsonDocument::Compact)));
    QSignalSpy finished(reply.get(), &QNetworkReply::finished);
    if (!reply->isFinished())
        finished.wait(Timeout);
    return { reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
        QJsonDocument::fromJson(reply->readAll()).object() };
}

void TestTemplateRules::refusesWhatStrictTemplatesRefuse_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QJsonObject>("body");
    QTest::addColumn<QString>("problem"); ///< empty: accepted

    const QString c = u"/chat/completions"_s;
    const QString r = u"/responses"_s;
    QTest::newRow("chat: system, user") << c
                                        << chat({ message(u"system"_s, u"Be brief."_s), message(u"user"_s, u"Hi"_s) })
                                        << QString();
    QTest::newRow("chat: tools answered, then the user")
        << c
        << chat({ message(u"system"_s, u"S"_s), message(u"user"_s, u"Hi"_s), callMessage(u"c1"_s), toolMessage(u"c1"_s),
               message(u"assistant"_s, u"Done"_s), message(u"user"_s, u"Thanks"_s) })
        << QString();
    QTest::newRow("chat: a handoff's call answered, then the user")
        << c
        << chat({ message(u"user"_s, u"Hi"_s), callMessage(u"c1"_s), toolMessage(u"c1"_s),
               message(u"user"_s, u"Note"_s) })
        << QString();
    // #24: the general agent's first request in router mode.
    QTest::newRow("chat: system alone") << c << chat({ message(u"system"_s, u"You are general."_s) })
                                        << u"there is no user message"_s;
    // #24: pipeline agents after the analyst.
    QTest::newRow("chat: two system messages")
        << c << chat({ message(u"system"_s, u"S"_s), message(u"system"_s, u"Transferred to Implementer."_s) })
        << u"message 1 (system): a system message is allowed only first"_s;
    // #24: the analyst's empty note after the story.
    QTest::newRow("chat: empty system message after the user")
        << c << chat({ message(u"system"_s, u"S"_s), message(u"user"_s, u"Story"_s), message(u"system"_s, QString()) })
        << u"message 2 (system): the system message is empty"_s;
    QTest::newRow("chat: two user messages")
        << c << chat({ message(u"user"_s, u"A"_s), message(u"user"_s, u"B"_s) }) << u"two user messages in a row"_s;
    QTest::newRow("chat: starts with the assistant")
        << c << chat({ message(u"system"_s, u"S"_s), message(u"assistant"_s, u"Hi"_s), message(u"user"_s, u"A"_s) })
        << u"must start with a user message"_s;
    QTest::newRow("chat: two assistant messages") << c
                                                  << chat({ message(u"user"_s, u"A"_s), message(u"assistant"_s, u"B"_s),
                                                         callMessage(u"c1"_s), toolMessage(u"c1"_s) })
                                                  << u"two assistant messages in a row"_s;
    QTest::newRow("chat: a call without its result")
        << c << chat({ message(u"user"_s, u"A"_s), callMessage(u"c1"_s), message(u"user"_s, u"B"_s) })
        << u"comes before the tool results"_s;
    QTest::newRow("chat: a result nobody asked for")
        << c << chat({ message(u"user"_s, u"A"_s), toolMessage(u"c9"_s) }) << u"did not call"_s;
    QTest::newRow("chat: ends with the assistant's reply")
        << c << chat({ message(u"user"_s, u"A"_s), message(u"assistant"_s, u"B"_s) })
        << u"ends with the assistant's own reply"_s;
    QTest::newRow("responses: instructions and a string")
        << r << QJsonObject { { u"model"_s, u"m"_s }, { u"instructions"_s, u"Be brief."_s }, { u"input"_s, u"Hi"_s } }
        << QString();
    QTest::newRow("responses: text and calls are one assistant turn")
        << r
        << responses({ item(u"user"_s, u"A"_s), item(u"assistant"_s, u"Let me see"_s),
               QJsonObject { { u"type"_s, u"function_call"_s }, { u"call_id"_s, u"c1"_s }, { u"name"_s, u"f"_s },
                   { u"arguments"_s, u"{}"_s } },
               QJsonObject {
                   { u"type"_s, u"function_call_output"_s }, { u"call_id"_s, u"c1"_s }, { u"output"_s, u"ok"_s } } })
        << QString();
    QTest::newRow("responses: a developer message after the instructions")
        << r << responses({ item(u"developer"_s, u"Agents"_s), item(u"user"_s, u"A"_s) })
        << u"message 1 (system): a system message is allowed only first"_s;
    QTest::newRow("responses: empty instructions")
        << r << responses({ item(u"user"_s, u"A"_s) }, u""_s) << u"the system message is empty"_s;
    QTest::newRow("responses: only a developer note")
        << r << responses({ item(u"developer"_s, u"Note"_s) }, QString()) << u"there is no user message"_s;
}

void TestTemplateRules::refusesWhatStrictTemplatesRefuse()
{
    QFETCH(QString, path);
    QFETCH(QJsonObject, body);
    QFETCH(QString, problem);
    m_server->enqueue(ScriptedReply::text({ u"ok"_s }));

    const Answer answer = post(path, body);

    if (problem.isEmpty()) {
        QCOMPARE(answer.status, 200);
        QVERIFY2(m_server->violations().isEmpty(), qPrintable(m_server->violations().join(u'\n')));
        return;
    }
    QCOMPARE(answer.status, 400);
    const QString said = answer.json.value(u"error"_s).toObject().value(u"message"_s).toString();
    QVERIFY2(said.contains(u"breaks a strict chat template"_s) && said.contains(problem), qPrintable(said));
    QCOMPARE(m_server->violations(), QStringList { said });
    QCOMPARE(m_server->pendingReplies(), 1); // the script waits for a request that may have it
}

void TestTemplateRules::responsesConversationIsCheckedWhole()
{
    const QString id = post(u"/conversations"_s, {}).json.value(u"id"_s).toString();
    QVERIFY(!id.isEmpty());
    m_server->enqueue(ScriptedReply::calling({ Tandem::ToolCall { u"c1"_s, u"f"_s, u"{}"_s, {} } }));
    m_server->enqueue(ScriptedReply::text({ u"Done"_s }).expectUserText(u"Start"_s));
    QJsonObject first = responses({ item(u"user"_s, u"Start"_s) });
    first.insert(u"conversation"_s, id);
    QCOMPARE(post(u"/responses"_s, first).status, 200);
    // The conversation holds the user's message and the call: its output continues it, and the user text is there.
    QJsonObject second = responses({ QJsonObject {
        { u"type"_s, u"function_call_output"_s }, { u"call_id"_s, u"c1"_s }, { u"output"_s, u"ok"_s } } });
    second.insert(u"conversation"_s, id);
    QCOMPARE(post(u"/responses"_s, second).status, 200);
    QVERIFY2(m_server->violations().isEmpty(), qPrintable(m_server->violations().join(u'\n')));
    // It ends with the reply "Done": an assistant turn right after it breaks the alternation.
    m_server->enqueue(ScriptedReply::text({ u"Again"_s }));
    QJsonObject third = responses({ item(u"assistant"_s, u"More"_s), item(u"user"_s, u"Go on"_s) });
    third.insert(u"conversation"_s, id);
    const Answer refused = post(u"/responses"_s, third);
    QCOMPARE(refused.status, 400);
    QVERIFY2(m_server->violations().join(u'\n').contains(u"two assistant messages in a row"_s),
        qPrintable(m_server->violations().join(u'\n')));
}

void TestTemplateRules::expectedUserTextIsRequired()
{
    m_server->enqueue(ScriptedReply::text({ u"Renewing."_s }).expectUserText(u"Create task to renew passport"_s));
    const Answer refused = post(u"/chat/completions"_s,
        chat({ message(u"system"_s, u"Task agent"_s), message(u"user"_s, u"Delete the dentist task"_s) }));
    QCOMPARE(refused.status, 400);
    const QString said = refused.json.value(u"error"_s).toObject().value(u"message"_s).toString();
    QVERIFY2(said.contains(u"has no user message with \"Create task to renew passport\""_s), qPrintable(said));
    QCOMPARE(m_server->takeViolations(), QStringList { said });
    QVERIFY(m_server->violations().isEmpty());

    // In a system message it is not the person's: still refused; in a user message it is answered.
    m_server->enqueue(ScriptedReply::text({ u"Renewing."_s }).expectUserText(u"renew passport"_s));
    QCOMPARE(post(u"/chat/completions"_s,
                 chat({ message(u"system"_s, u"renew passport"_s), message(u"user"_s, u"Hello"_s) }))
                 .status,
        400);
    m_server->enqueue(ScriptedReply::text({ u"Renewing."_s }).expectUserText(u"renew passport"_s));
    QCOMPARE(post(u"/responses"_s, responses({ item(u"user"_s, u"Create task to renew passport"_s) })).status, 200);
    QCOMPARE(m_server->violations().size(), 1);
}

void TestTemplateRules::checksCanBeTurnedOffForWireTests()
{
    m_server->setChecksTemplates(false);
    m_server->enqueue(ScriptedReply::text({ u"ok"_s }));
    QCOMPARE(post(u"/chat/completions"_s, chat({ message(u"system"_s, u"Alone"_s) })).status, 200);
    QVERIFY(m_server->violations().isEmpty());
    // What a reply expects is checked all the same.
    m_server->enqueue(ScriptedReply::text({ u"ok"_s }).expectUserText(u"missing"_s));
    QCOMPARE(post(u"/chat/completions"_s, chat({ message(u"user"_s, u"Hi"_s) })).status, 400);
}

QTEST_GUILESS_MAIN(TestTemplateRules)
#include "tst_templaterules.moc"
