#pragma once

#include "domain/TokenUsage.h"

#include <QCoreApplication>
#include <QDate>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QStringList>

namespace Tandem {

/// @brief Reads the typed members of a Tandem JSON export's objects (docs/export-format.md) and keeps the path it is
/// at, so that a refusal names the place, e.g. `conversations[0].messages[3].role`.
///
/// Each reader checks one member (present, its type, its length or range) and returns false once something is
/// wrong; errorString() then says what, where. The refusals are JsonImporter's (their translation context too).
class JsonFieldReader final
{
    Q_DECLARE_TR_FUNCTIONS(JsonImporter)

public:
    /// @brief One step of the path: a member's name, or an index into an array (name empty).
    struct PathPart
    {
        QStringView name;
        qsizetype index = -1;
    };

    /// @brief Names one step of the reader's path for as long as it lives (nothing is formatted unless a refusal
    /// needs it).
    class Step
    {
    public:
        Step(JsonFieldReader &reader, QStringView name);
        Step(JsonFieldReader &reader, qsizetype index);
        ~Step();
        Q_DISABLE_COPY_MOVE(Step)

    private:
        QList<PathPart> &m_path;
    };

    /// @brief Forgets the path and the last refusal; the time now is read again.
    void reset();
    /// @brief The last refusal: "This is not a valid Tandem export: <where> <what>."; empty if none.
    const QString &errorString() const { return m_errorString; }
    /// @brief Refuses with "<where> <what>"; always false.
    bool invalid(const QString &what);

    // Each reads one member of @p object (the path names it in a refusal); false once something is wrong.
    bool member(const QJsonObject &object, QStringView name, QJsonValue *value);
    bool string(const QJsonObject &object, QStringView name, QString *out, qsizetype maxLength, bool nullable = false,
        bool nonEmpty = false);
    bool integer(const QJsonObject &object, QStringView name, qint64 *out, bool nullable = false, qint64 min = 0);
    bool boolean(const QJsonObject &object, QStringView name, bool *out);
    bool time(const QJsonObject &object, QStringView name, QDateTime *out, bool nullable = false);
    /// @brief A calendar date, "2026-03-20".
    bool date(const QJsonObject &object, QStringView name, QDate *out, bool nullable = false);
    /// @brief A number from @p min to @p max, fractions allowed.
    bool number(const QJsonObject &object, QStringView name, double *out, double min, double max);
    bool array(const QJsonObject &object, QStringView name, QJsonArray *out, qint64 maxSize);
    bool object(const QJsonValue &value, QJsonObject *out);
    bool stringList(const QJsonObject &object, QStringView name, QStringList *out);
    bool usage(const QJsonObject &object, TokenUsage *out);
    /// @brief Refuses a handoff payload nested too deep or holding a text too long.
    bool payloadDepth(const QJsonValue &value, int depth);

private:
    QString where() const;

    QList<PathPart> m_path; ///< where the reader is, for refusals; names are literals
    QString m_errorString;
    QDateTime m_now = QDateTime::currentDateTimeUtc(); ///< when reading began: later times are brought back to it
};

} // namespace Tandem
