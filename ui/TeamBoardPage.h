#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace Tandem {

class TeamBoardSettingsViewModel;

/// @brief Settings → Team board: the board's URL (checked as it is typed), its password (into the keychain only),
/// "Test connection" (answered off the GUI thread) and "Off" (local only).
class TeamBoardPage final : public QWidget
{
    Q_OBJECT

public:
    /// @brief @p board is borrowed and must outlive the page.
    explicit TeamBoardPage(TeamBoardSettingsViewModel *board, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(TeamBoardPage)

    QLineEdit *urlField() const { return m_url; }
    QLineEdit *passwordField() const { return m_password; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *testButton() const { return m_test; }
    QPushButton *offButton() const { return m_off; }
    QLabel *statusLabel() const { return m_status; }

private:
    void checkUrl();
    void showAnswer(bool ok, const QString &message);

    QPointer<TeamBoardSettingsViewModel> m_board;
    QLineEdit *m_url = nullptr;
    QLineEdit *m_password = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_test = nullptr;
    QPushButton *m_off = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace Tandem
