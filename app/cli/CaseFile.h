#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace Tandem {

/// @brief A JSONL file of test cases (`eval-routing`, `eval-agents`): one JSON object a line; blank lines and lines
/// starting with # are skipped.
class CaseFile
{
    Q_DECLARE_TR_FUNCTIONS(CaseFile)

public:
    struct Line
    {
        int number = 0; ///< 1-based, as an editor shows it
        QJsonObject object;
    };

    /// @brief Reads @p path; false with @p problem saying why when it cannot be read, a line is no JSON object, or it
    /// holds no case.
    static bool read(const QString &path, QList<Line> *lines, QString *problem);
};

} // namespace Tandem
