#pragma once

#include "SearchHit.h"

#include <QList>

namespace Tandem {

/// @brief One page of search results, the conversations whose newest match is the most recent first.
struct SearchPage
{
    QList<SearchHit> hits;
    bool hasMore = false; ///< more conversations match after this page
};

} // namespace Tandem
