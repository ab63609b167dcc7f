#pragma once

#include "domain/ProviderProfile.h"

#include <QList>
#include <QPointer>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace Tandem {

class SettingsViewModel;

/// @brief The settings' "Providers" page: add, edit and remove providers, test the connection and list the models;
/// the key goes to the keychain and is never shown back.
class ProvidersSettingsPage final : public QWidget
{
    Q_OBJECT

public:
    /// @brief The page with the provider @p select selected (the first one if it is not stored).
    ProvidersSettingsPage(SettingsViewModel *settings, const QString &select, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(ProvidersSettingsPage)

    /// @brief The id of the provider shown, empty if none.
    QString currentId() const { return m_currentId; }
    /// @brief The placeholder the key field shows when a key is stored ("•••• stored").
    static QString storedKeyPlaceholder();

private:
    void reloadProviders(const QString &select = {});
    void showProvider(int row);
    ProviderProfile editedProfile() const;
    void saveProvider();
    void removeProvider();
    void addPreset(const ProviderProfile &preset);
    void testConnection();
    void setStatus(const QString &text, bool error = false);

    QPointer<SettingsViewModel> m_settings;
    QList<ProviderProfile> m_providers;
    QString m_currentId;
    QListWidget *m_providerList = nullptr;
    QLineEdit *m_name = nullptr;
    QComboBox *m_protocol = nullptr;
    QLineEdit *m_baseUrl = nullptr;
    QComboBox *m_model = nullptr;
    QLineEdit *m_key = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_test = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace Tandem
