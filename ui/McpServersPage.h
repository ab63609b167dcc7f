#pragma once

#include "presentation/McpServersViewModel.h"

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QSpinBox;
class QPushButton;
class QTableWidget;

namespace Tandem {

/// @brief Settings → Tools → MCP servers: the configured servers with their state; a local (stdio) server's command,
/// arguments, environment and folder or an HTTP server's address and headers (values go to the keychain and are
/// never shown back); enable, disable, restart; each server's tools and log; import from another client's file.
class McpServersPage final : public QWidget
{
    Q_OBJECT

public:
    /// @brief @p servers is borrowed and must outlive the page.
    explicit McpServersPage(McpServersViewModel *servers, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(McpServersPage)

    QListWidget *serverList() const { return m_list; }
    QLineEdit *nameField() const { return m_name; }
    QComboBox *transportBox() const { return m_transport; }
    QLineEdit *commandField() const { return m_command; }
    QPlainTextEdit *argumentsField() const { return m_args; }
    QPlainTextEdit *environmentField() const { return m_env; }
    QLineEdit *urlField() const { return m_url; }
    QTableWidget *headerTable() const { return m_headers; }
    QCheckBox *enabledBox() const { return m_enabled; }
    QLabel *stateLabel() const { return m_state; }
    QListWidget *toolList() const { return m_tools; }
    QPlainTextEdit *logView() const { return m_log; }
    QLabel *statusLabel() const { return m_status; }

    /// @brief Empties the form for a new server.
    void newServer();
    /// @brief Adds a header row (its value field shows whether a value is stored, never the value).
    void addHeaderRow(const QString &name = {});
    void save();
    void removeCurrent();
    void restartCurrent();
    /// @brief Imports @p path (asks for a file when empty).
    void importFile(QString path = {});

private:
    QWidget *createForm();
    void reload(const QString &select = {});
    void showServer(int row);
    void showState();
    void showTransport();
    void setStatus(const QString &text, bool error = false);

    QPointer<McpServersViewModel> m_servers;
    QString m_editing; ///< the name of the server in the form; empty for a new one
    QListWidget *m_list = nullptr;
    QFormLayout *m_form = nullptr;
    QLineEdit *m_name = nullptr;
    QComboBox *m_transport = nullptr;
    QLineEdit *m_command = nullptr;
    QPlainTextEdit *m_args = nullptr;
    QPlainTextEdit *m_env = nullptr;
    QLineEdit *m_cwd = nullptr;
    QLineEdit *m_url = nullptr;
    QSpinBox *m_timeout = nullptr; ///< seconds; the file keeps milliseconds
    QTableWidget *m_headers = nullptr;
    QPushButton *m_addHeader = nullptr;
    QCheckBox *m_enabled = nullptr;
    QPushButton *m_restart = nullptr;
    QPushButton *m_remove = nullptr;
    QLabel *m_state = nullptr;
    QListWidget *m_tools = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace Tandem
