#pragma once

#include <QString>
#include <QThread>

namespace Tandem {

/// @brief Runs Database::damageIn() for a large database file on its own thread, so the window can open at once and
/// still learn that the file is damaged. Read problem() after finished().
class IntegrityCheckThread final : public QThread
{
    Q_OBJECT

public:
    explicit IntegrityCheckThread(const QString &filePath, QObject *parent = nullptr);
    /// @brief Waits for the check to end.
    ~IntegrityCheckThread() override;
    Q_DISABLE_COPY_MOVE(IntegrityCheckThread)

    /// @brief What Database::checkIntegrity() would say about the file; empty if it is intact. Valid after finished().
    QString problem() const { return m_problem; }

protected:
    void run() override;

private:
    const QString m_filePath;
    QString m_problem;
};

} // namespace Tandem
