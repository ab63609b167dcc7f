#pragma once

#include "domain/ProviderProfile.h"

#include <QDialog>
#include <QPointer>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace Tandem {

class SettingsViewModel;

/// @brief Shown when no provider is configured: offers the model servers found running on this machine, and
/// otherwise asks for an OpenAI key (stored in the keychain only).
class FirstRunDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit FirstRunDialog(SettingsViewModel *settings, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(FirstRunDialog)

private:
    void useLocalServer();
    void useOpenAi();

    QPointer<SettingsViewModel> m_settings;
    QList<ProviderProfile> m_detected;
    QListWidget *m_servers;
    QLabel *m_detecting;
    QPushButton *m_useServer;
    QLineEdit *m_key;
    QPushButton *m_useOpenAi;
    QLabel *m_status;
};

} // namespace Tandem
