#include "FaultCatalog.h"

using namespace Qt::StringLiterals;

namespace Tandem::Test {

QStringList FaultCatalog::names()
{
    return { u"401"_s, u"404"_s, u"429 Retry-After"_s, u"500"_s, u"503"_s, u"reset mid-stream"_s, u"malformed frame"_s,
        u"truncated stream"_s, u"stall"_s, u"non-JSON 200 body"_s, u"5 MB line"_s };
}

ScriptedReply FaultCatalog::inject(const QString &fault, const ScriptedReply &normal, bool responses)
{
    using Fault = ScriptedReply::Fault;
    // Responses: created, in_progress, output_item.added, content_part.added come before the first text; Chat
    // Completions: the role chunk.
    const int midStream = (responses ? 4 : 1) + 1;
    if (fault == u"401")
        return ScriptedReply::httpError(401);
    if (fault == u"404")
        return ScriptedReply::httpError(404);
    if (fault == u"429 Retry-After")
        return ScriptedReply::httpError(429, 1);
    if (fault == u"500")
        return ScriptedReply::httpError(500);
    if (fault == u"503")
        return ScriptedReply::httpError(503);
    if (fault == u"reset mid-stream")
        return normal.withFault(Fault::ResetMidStream, midStream);
    if (fault == u"malformed frame")
        return normal.withFault(Fault::MalformedJson, midStream);
    if (fault == u"truncated stream")
        return normal.withFault(Fault::EndWithoutFinal, midStream);
    if (fault == u"stall")
        return normal.withFault(Fault::Stall, midStream);
    if (fault == u"non-JSON 200 body")
        return normal.withFault(Fault::NotJson);
    Q_ASSERT(fault == u"5 MB line");
    return normal.withFault(Fault::HugeLine, midStream);
}

} // namespace Tandem::Test
