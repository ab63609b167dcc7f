#pragma once

#include <QHash>
#include <QObject>
#include <QString>

#include <functional>

namespace Tandem {

/// @brief API keys in the OS keychain (QtKeychain; service "tandem", key = provider id), and nowhere else.
///
/// "Entry not found" means no key. When the keychain does not answer, the operation is tried once more after a
/// short delay (a Secret Service started on demand may not be up yet). If there is no keychain at all, keys are
/// kept in this process's memory until it quits and persistenceChanged(false) tells the UI to say so. There is
/// never a plaintext fallback.
class SecretStore final : public QObject
{
    Q_OBJECT

public:
    struct Result
    {
        enum class Status { Ok, NotFound, Failed };
        Status status = Status::Failed;
        QString secret; ///< the key, for a successful read
        QString errorString; ///< for Failed: what went wrong, for the person to read

        bool ok() const { return status == Status::Ok; }
    };
    using Callback = std::function<void(const Result &)>;

    static constexpr QStringView kDefaultService = u"tandem";

    explicit SecretStore(const QString &service = kDefaultService.toString(), QObject *parent = nullptr);
    ~SecretStore() override;
    Q_DISABLE_COPY_MOVE(SecretStore)

    /// @brief Reads the key of @p providerId; NotFound if there is none. @p done runs later, on this thread.
    void read(const QString &providerId, Callback done);
    /// @brief Stores @p secret as the key of @p providerId, replacing any other.
    void write(const QString &providerId, const QString &secret, Callback done);
    /// @brief Deletes the key of @p providerId; deleting a missing key succeeds.
    void remove(const QString &providerId, Callback done);

    /// @brief False once the keychain was found missing: keys then live only until Tandem quits.
    bool isPersistent() const { return !m_memoryOnly; }
    /// @brief The sentence the UI shows while keys are not persistent; empty otherwise.
    QString persistenceNotice() const;
    /// @brief The delay before the one retry; tests shorten it.
    void setRetryDelay(int milliseconds) { m_retryDelayMs = milliseconds; }

Q_SIGNALS:
    void persistenceChanged(bool persistent);
    /// @brief This store wrote or deleted the key of @p providerId (after its callback ran). A change made by another
    /// process, or another store, is not announced: the keychain does not tell.
    void secretChanged(const QString &providerId);

private:
    enum class Operation { Read, Write, Remove };
    void start(Operation operation, const QString &key, const QString &secret, const Callback &done, bool retried);
    void runInMemory(Operation operation, const QString &key, const QString &secret, const Callback &done);
    /// Answers @p done, then announces a successful write or delete.
    void finish(Operation operation, const QString &key, const Result &result, const Callback &done);

    QString m_service;
    QHash<QString, QString> m_memory;
    bool m_memoryOnly = false;
    /// The keychain answered once in this process: a failure later is a keychain restarting, not a missing one, so the
    /// store does not fall back to memory (where a key it holds would read as missing).
    bool m_keychainAnswered = false;
    bool m_failing = false; ///< the last operation failed: the next failure is not logged again
    int m_retryDelayMs = 700;
};

} // namespace Tandem
