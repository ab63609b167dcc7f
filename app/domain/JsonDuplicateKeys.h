#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace Tandem {

/// @brief Finds a key written twice in one JSON object. Qt's parser keeps one of the values silently, so what an
/// approval shows could differ from what another parser (a tool, the provider) would use.
class JsonDuplicateKeys
{
public:
    /// @brief The first key that appears twice in the same object of @p json (escapes decoded, so "a" and "\u0061"
    /// are the same key), or nothing. Text that is not JSON is scanned as far as it goes; parsing it is not this
    /// scanner's job.
    static std::optional<QString> firstDuplicate(QStringView json);
};

} // namespace Tandem
