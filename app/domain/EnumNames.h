#pragma once

#include <QString>
#include <QStringView>

#include <optional>
#include <span>

namespace Tandem {

/// @brief One entry of a table mapping an enum value to the stable name it is stored and exported under.
template <typename E> struct EnumName
{
    E value;
    QStringView name;
};

/// @brief The stored name of @p value; empty if the table lacks it.
template <typename E, std::size_t N> QString nameOf(const EnumName<E> (&table)[N], E value)
{
    for (const auto &entry : std::span(table))
        if (entry.value == value)
            return entry.name.toString();
    return {};
}

/// @brief The value stored under @p name, or nothing for an unknown name.
template <typename E, std::size_t N> std::optional<E> valueOf(const EnumName<E> (&table)[N], QStringView name)
{
    for (const auto &entry : std::span(table))
        if (entry.name == name)
            return entry.value;
    return std::nullopt;
}

} // namespace Tandem
