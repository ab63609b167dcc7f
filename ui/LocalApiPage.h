#pragma once

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace Tandem {

class LocalApi;

/// @brief Settings → Local API: the switch (off by default), the port (a free one is chosen and shown the first time),
/// the address outside agents use, and the token (copied to the clipboard or replaced, never shown).
class LocalApiPage final : public QWidget
{
    Q_OBJECT

public:
    /// @brief @p api is borrowed and must outlive the page.
    explicit LocalApiPage(LocalApi *api, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(LocalApiPage)

    QCheckBox *enabledBox() const { return m_enabled; }
    QSpinBox *portBox() const { return m_port; }
    QLineEdit *urlField() const { return m_url; }
    QLabel *statusLabel() const { return m_status; }

private:
    void apply();
    void showState();
    void copyToken();
    void regenerateToken();

    QPointer<LocalApi> m_api;
    QCheckBox *m_enabled = nullptr;
    QSpinBox *m_port = nullptr;
    QLineEdit *m_url = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_copy = nullptr;
    QPushButton *m_regenerate = nullptr;
};

} // namespace Tandem
