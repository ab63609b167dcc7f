#pragma once

#include "ExportFormat.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace Tandem {

/// @brief What to export, how and where.
struct ExportRequest
{
    QList<qint64> conversationIds; ///< in this order; empty with all = true: every conversation
    bool all = false;
    ExportFormat format = ExportFormat::Markdown;
    QString path; ///< the file, or with toFolder the folder (created if missing)
    bool toFolder = false; ///< one file per conversation in the folder @p path
    QDateTime exportedAt; ///< written into the export; invalid: now
};

} // namespace Tandem
