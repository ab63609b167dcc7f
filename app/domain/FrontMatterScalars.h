#pragma once

#include <QList>
#include <QString>
#include <QStringView>

namespace Tandem {

/// @brief Reads the values of an agent file's front matter (AgentFile): a plain or quoted scalar ("…" with \" \\ \n
/// \t escapes, '…' with ''), a trailing comment, and flow lists `[a, b]`. What the subset does not take (block text,
/// maps in braces, nested lists) is refused with a sentence that says what to write instead.
class FrontMatterScalars final
{
public:
    struct Scalar
    {
        QString text;
        bool quoted = false;
    };

    /// @brief Where a scalar stands: a key's value, an item of a block list ("- item") or of a flow list ("[a, b]").
    enum class Place { Value, BlockItem, FlowItem };

    /// @brief Reads @p raw into @p out; on a refusal returns false with the sentence in @p problem.
    static bool read(QStringView raw, Place place, Scalar *out, QString *problem);
    /// @brief Reads @p raw, which starts with '[', into @p items; on a refusal returns false with the sentence in
    /// @p problem.
    static bool readFlowList(QStringView raw, QList<Scalar> *items, QString *problem);
};

} // namespace Tandem
