#pragma once

#include "domain/Agent.h"

#include <QList>
#include <QPair>
#include <QWidget>

class QTableWidget;

namespace Tandem {

/// @brief The agents editor's handoff targets: one row per target with its context transfer (payload, summary, full
/// history), its timing (same turn, next turn) and whether it is warm; rows added and removed with buttons.
class AgentTargetsTable final : public QWidget
{
    Q_OBJECT

public:
    explicit AgentTargetsTable(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(AgentTargetsTable)

    /// @brief The targets a row may choose: id and the name shown.
    void setChoices(const QList<QPair<QString, QString>> &choices);
    /// @brief Shows @p agent's targets and their options.
    void setAgent(const Agent &agent);
    /// @brief Writes the rows into @p agent's handoffTargets and edgeOptions (a typed id as typed).
    void applyTo(Agent &agent) const;
    /// @brief Adds a row for @p targetId with the default options (the first choice not listed yet when empty).
    void addTarget(const QString &targetId = {});
    int rowCount() const;

Q_SIGNALS:
    void changed();

private:
    void addRow(const QString &targetId, const EdgeOptions &options);
    QString targetAt(int row) const;

    QTableWidget *m_table = nullptr;
    QList<QPair<QString, QString>> m_choices;
};

} // namespace Tandem
