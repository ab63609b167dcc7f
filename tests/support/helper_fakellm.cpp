// The fake LLM server as a program, for manual runs and CLI tests:
//   tandem_helper_fakellm [--port N] [--script replies.json] [--dual] [--interval MS]
// Prints "listening on http://127.0.0.1:<port>/v1" once it listens. Model requests are answered from the script
// (a JSON array of ScriptedReply::fromJson objects, in order), then with "Echo: <last user message>"; with --dual,
// a last user message starting with "Q" is answered by agent 1's handoff (HANDOFF_AGENT2, then "P: <message>") and
// any other by "Answer: <message>", for endless dual-agent turns. --interval spaces those replies' frames.
#include "FakeLlmPayloads.h"
#include "FakeLlmServer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>

using namespace Qt::StringLiterals;
using Tandem::Test::FakeLlmServer;
using Tandem::Test::RecordedRequest;
using Tandem::Test::ScriptedReply;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(u"A scripted OpenAI-compatible server on 127.0.0.1 for Tandem's tests."_s);
    parser.addHelpOption();
    parser.addOption({ u"port"_s, u"Port to listen on (0: any free port)."_s, u"port"_s, u"0"_s });
    parser.addOption({ u"script"_s, u"JSON array of scripted replies."_s, u"file"_s });
    parser.addOption({ u"dual"_s, u"Answer \"Q…\" with a handoff to agent 2, anything else with an answer."_s });
    parser.addOption(
        { u"interval"_s, u"Milliseconds between the frames of the unscripted replies."_s, u"ms"_s, u"0"_s });
    parser.process(app);

    QList<ScriptedReply> replies;
    if (parser.isSet(u"script"_s)) {
        QFile file(parser.value(u"script"_s));
        if (!file.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "cannot read %s: %s\n", qPrintable(file.fileName()), qPrintable(file.errorString()));
            return 2;
        }
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
        if (!document.isArray()) {
            std::fprintf(stderr, "%s: a JSON array of replies is expected (%s)\n", qPrintable(file.fileName()),
                qPrintable(error.errorString()));
            return 2;
        }
        const QJsonArray array = document.array();
        for (const QJsonValue &value : array) {
            QString problem;
            replies.append(ScriptedReply::fromJson(value.toObject(), &problem));
            if (!problem.isEmpty()) {
                std::fprintf(stderr, "%s, reply %lld: %s\n", qPrintable(file.fileName()),
                    static_cast<long long>(replies.size()), qPrintable(problem));
                return 2;
            }
        }
    }

    bool portOk = false;
    const uint port = parser.value(u"port"_s).toUInt(&portOk);
    if (!portOk || port > 65535) {
        std::fprintf(stderr, "bad port %s\n", qPrintable(parser.value(u"port"_s)));
        return 2;
    }
    FakeLlmServer server(static_cast<quint16>(port));
    if (!server.isListening()) {
        std::fprintf(stderr, "cannot listen on port %u: %s\n", port, qPrintable(server.errorString()));
        return 1;
    }
    server.enqueue(replies);
    const int interval = parser.value(u"interval"_s).toInt();
    if (parser.isSet(u"dual"_s)) {
        server.setResponder([interval](const RecordedRequest &request) {
            // A payload that a killed turn left unanswered and the next one arrive as one user turn (strict chat
            // templates refuse two in a row), the newest as its last paragraph.
            const QString last = request.lastUserText().section(u"\n\n"_s, -1);
            const QString text = last.startsWith(u'Q') ? u"HANDOFF_AGENT2\nP: "_s + last : u"Answer: "_s + last;
            ScriptedReply reply = ScriptedReply::text(Tandem::Test::FakeLlmPayloads::split(text, 6));
            reply.frameIntervalMs = interval;
            return reply;
        });
    } else {
        server.setResponder([interval](const RecordedRequest &request) {
            ScriptedReply reply = FakeLlmServer::echoResponder()(request);
            reply.frameIntervalMs = interval;
            return reply;
        });
    }
    QObject::connect(&server, &FakeLlmServer::requestReceived, &server, [](const RecordedRequest &request) {
        std::fprintf(stderr, "%s %s\n", qPrintable(request.method), qPrintable(request.path));
    });
    std::printf("listening on %s\n", qPrintable(server.baseUrl().toString()));
    std::fflush(stdout);
    return app.exec();
}
