#pragma once

#include "StoreBase.h"

#include <QHash>
#include <QString>

namespace Tandem {

/// @brief Per-conversation state (the variables table): named text values, such as the agents' prompt variables.
class VariableStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief The value of @p name in @p conversationId, or @p fallback.
    QString value(qint64 conversationId, const QString &name, const QString &fallback = {});
    StoreResult setValue(qint64 conversationId, const QString &name, const QString &value);
    StoreResult remove(qint64 conversationId, const QString &name);
    /// @brief Every variable of @p conversationId, name → value.
    QHash<QString, QString> all(qint64 conversationId);
};

} // namespace Tandem
