#pragma once

#include "Migration.h"

#include <QList>

namespace Tandem {

/// @brief Tandem's schema as a list of numbered migrations; the last one's version is the current version.
class Schema
{
public:
    static QList<Migration> migrations();
    static int currentVersion();
};

} // namespace Tandem
