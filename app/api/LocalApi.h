#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

class QTimer;

namespace Tandem {

class ApiServer;
struct ApiListen;
class LocalChatRepository;
class SecretStore;

/// @brief The local API as the window and `tandem serve` run it: the server, its token and the engine's
/// DASHBOARD_URL.
///
/// The token is made on first use and kept in the keychain (SecretStore), one per profile (the data folder: each
/// database has its own), under a key no provider id can take; it is never written to the settings, the database or
/// a log. While the server runs, the agents' `$DASHBOARD_URL` is its address. The window's switch and port are
/// settings (enabledInSettings(), portInSettings()); the API is off until the person turns it on.
///
/// While it runs, a token this process writes or deletes through its SecretStore (SecretStore::secretChanged) is read
/// again at once. A new token made by another process of the same profile (the window's "Regenerate token" beside a
/// running `tandem serve`) is found by reading the keychain again every tokenRefreshInterval(), a slower look, since
/// the keychain does not announce another process's change; a token removed from the keychain stops working.
class LocalApi final : public QObject
{
    Q_OBJECT

public:
    using TokenCallback = std::function<void(const QString &token, const QString &error)>;

    /// @brief @p repository, @p secrets are borrowed; @p profileFolder is the data folder the token belongs to.
    LocalApi(
        LocalChatRepository &repository, SecretStore &secrets, const QString &profileFolder, QObject *parent = nullptr);
    ~LocalApi() override;
    Q_DISABLE_COPY_MOVE(LocalApi)

    /// @brief Reads (or makes) the token, then listens on 127.0.0.1:@p port (0: a free one); started() or failed()
    /// answers.
    void start(quint16 port);
    /// @brief As start(quint16), where @p where says (beyond loopback: TLS and the per-agent tokens set on server()).
    void start(const ApiListen &where);
    /// @brief Stops the server; the agents' DASHBOARD_URL says the API is off again.
    void stop();
    bool isRunning() const;
    /// @brief `http://127.0.0.1:<port>` while running; empty otherwise.
    QString url() const;
    quint16 port() const;
    /// @brief Why the last start failed; empty after a successful one.
    QString lastError() const { return m_error; }
    /// @brief True if the last start failed on the token (the keychain), not on the port.
    bool tokenFailed() const { return m_tokenFailed; }
    ApiServer &server() { return *m_server; }

    /// @brief The profile's token (made and stored first if there is none); @p done runs later, on this thread.
    void readToken(TokenCallback done);
    /// @brief Replaces the token with a new one; a running server takes it at once (the old one stops working), and
    /// the servers of other processes of this profile within tokenRefreshInterval().
    void regenerateToken(TokenCallback done);
    /// The look for another process's token: a change made in this process needs none (SecretStore::secretChanged).
    static constexpr int kDefaultTokenRefreshMs = 10000;
    int tokenRefreshInterval() const;
    void setTokenRefreshInterval(int milliseconds);

    /// @brief The keychain key of the token of the data folder @p profileFolder.
    static QString tokenKeyFor(const QString &profileFolder);
    /// @brief A new random token (256 bits, base64url).
    static QString newToken();
    /// @brief A port on 127.0.0.1 that is free right now; 0 if none could be found.
    static quint16 freePort();

    /// @brief The window's switch: whether the API starts with the window.
    static bool enabledInSettings();
    static void setEnabledInSettings(bool enabled);
    /// @brief The port the window's API listens on; 0: none chosen yet.
    static quint16 portInSettings();
    static void setPortInSettings(quint16 port);

Q_SIGNALS:
    void started(const QString &url);
    void stopped();
    void failed(const QString &message);

private:
    void setDashboardUrl(const QString &url);
    void refreshToken();
    void tokenChangedHere(const QString &key);

    LocalChatRepository &m_repository;
    QPointer<SecretStore> m_secrets;
    QString m_tokenKey;
    ApiServer *m_server = nullptr;
    QTimer *m_tokenRefresh = nullptr;
    QString m_error;
    bool m_tokenFailed = false;
    int m_generation = 0; ///< a start answered after a later start or stop is dropped
    int m_tokenWrites = 0; ///< a keychain read that overlapped a write of a new token is dropped
    bool m_refreshing = false; ///< a look at the keychain is under way: the next waits for it to end
    bool m_refreshAgain = false; ///< the token changed during that look: look again once it ends
    bool m_keychainFailing = false; ///< the last look failed (logged once, and its recovery once)
};

} // namespace Tandem
