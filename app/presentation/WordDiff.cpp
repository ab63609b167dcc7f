#include "WordDiff.h"

#include <dtl/dtl.hpp>

#include <vector>

namespace Tandem {

QList<QString> WordDiff::tokens(const QString &text)
{
    QList<QString> result;
    qsizetype start = 0;
    for (qsizetype i = 1; i <= text.size(); ++i) {
        if (i == text.size() || text.at(i).isSpace() != text.at(start).isSpace()) {
            result.append(text.mid(start, i - start));
            start = i;
        }
    }
    return result;
}

QList<WordDiff::Segment> WordDiff::diff(const QString &before, const QString &after)
{
    const QList<QString> a = tokens(before);
    const QList<QString> b = tokens(after);
    std::vector<QString> first(a.cbegin(), a.cend());
    std::vector<QString> second(b.cbegin(), b.cend());
    dtl::Diff<QString, std::vector<QString>> engine(first, second);
    engine.compose();
    QList<Segment> segments;
    for (const auto &[token, info] : engine.getSes().getSequence()) {
        const Op op = info.type == dtl::SES_ADD ? Op::Added : info.type == dtl::SES_DELETE ? Op::Removed : Op::Same;
        if (!segments.isEmpty() && segments.constLast().op == op)
            segments.last().text += token;
        else
            segments.append(Segment { op, token });
    }
    return segments;
}

QList<WordDiff::Segment> WordDiff::left(const QList<Segment> &segments)
{
    QList<Segment> side;
    for (const Segment &segment : segments)
        if (segment.op != Op::Added)
            side.append(segment);
    return side;
}

QList<WordDiff::Segment> WordDiff::right(const QList<Segment> &segments)
{
    QList<Segment> side;
    for (const Segment &segment : segments)
        if (segment.op != Op::Removed)
            side.append(segment);
    return side;
}

int WordDiff::changedWords(const QList<Segment> &segments)
{
    int words = 0;
    for (const Segment &segment : segments) {
        if (segment.op == Op::Same)
            continue;
        const QList<QString> parts = tokens(segment.text);
        for (const QString &part : parts)
            words += part.isEmpty() || part.at(0).isSpace() ? 0 : 1;
    }
    return words;
}

} // namespace Tandem
