#pragma once

#include <QObject>
#include <QString>

class QLocalServer;
class QWidget;

namespace Tandem {

/// @brief One window per profile: a second start of the window on the same data folder asks the first to come to the
/// front and ends, instead of opening a second window on the same database. The processes meet on a local socket
/// named after the data folder (and readable by its owner only); the headless commands do not take part.
class SingleInstance final : public QObject
{
    Q_OBJECT

public:
    /// @brief For the profile whose database is @p databasePath.
    explicit SingleInstance(const QString &databasePath, QObject *parent = nullptr);
    ~SingleInstance() override;
    Q_DISABLE_COPY_MOVE(SingleInstance)

    /// @brief True if a window already runs on this profile: it was asked to come to the front, and this start
    /// should end. False if there is none (or it does not answer in time).
    bool askRunningToShow();
    /// @brief Answers later starts from now on: each brings @p window to the front. False if it cannot listen (the
    /// window then works alone).
    bool listen(QWidget *window);

    /// @brief The socket name for @p databasePath (tests use it to tell profiles apart).
    static QString serverName(const QString &databasePath);

private:
    QString m_name;
    QLocalServer *m_server = nullptr;
};

} // namespace Tandem
