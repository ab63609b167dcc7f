#include "McpServersPage.h"

#include "SettingsDialog.h"
#include "Theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QStringList lines(const QPlainTextEdit *edit)
{
    QStringList result;
    for (const QString &line : edit->toPlainText().split(u'\n'))
        if (!line.trimmed().isEmpty())
            result << line.trimmed();
    return result;
}
} // namespace

McpServersPage::McpServersPage(McpServersViewModel *servers, QWidget *parent)
    : QWidget(parent)
    , m_servers(servers)
{
    setObjectName(u"McpServersPage"_s);
    m_list = new QListWidget(this);
    m_list->setObjectName(u"McpServerList"_s);
    m_list->setAccessibleName(tr("MCP servers"));
    m_list->setMaximumWidth(220);
    connect(m_list, &QListWidget::currentRowChanged, this, &McpServersPage::showServer);
    auto *add = new QPushButton(tr("&Add"), this);
    add->setAccessibleName(tr("Add an MCP server"));
    connect(add, &QPushButton::clicked, this, &McpServersPage::newServer);
    auto *import = new QPushButton(tr("&Import…"), this);
    import->setAccessibleName(tr("Import MCP servers from another client's file"));
    connect(import, &QPushButton::clicked, this, [this] { importFile(); });
    m_remove = new QPushButton(tr("Re&move"), this);
    m_remove->setAccessibleName(tr("Remove the MCP server"));
    connect(m_remove, &QPushButton::clicked, this, &McpServersPage::removeCurrent);
    auto *listButtons = new QHBoxLayout;
    listButtons->addWidget(add);
    listButtons->addWidget(import);
    listButtons->addWidget(m_remove);
    auto *left = new QVBoxLayout;
    left->addWidget(m_list, 1);
    left->addLayout(listButtons);

    auto *group = new QGroupBox(tr("MCP servers"), this);
    auto *columns = new QHBoxLayout(group);
    columns->addLayout(left);
    columns->addWidget(createForm(), 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(group);

    if (m_servers) {
        connect(m_servers, &McpServersViewModel::listChanged, this, [this] { reload(m_editing); });
        connect(m_servers, &McpServersViewModel::serverChanged, this, [this](int row) {
            if (QListWidgetItem *item = m_list->item(row)) {
                const auto &server = m_servers->server(row);
                item->setText(u"%1 — %2"_s.arg(server.config.name, McpServersViewModel::stateText(server.state)));
            }
            if (row == m_list->currentRow())
                showState();
        });
        connect(m_servers, &McpServersViewModel::secretStored, this,
            [this](const QString &server, const QString &header, bool ok, const QString &error) {
                if (!ok)
                    setStatus(tr("The value of %1 could not be stored in the keychain: %2").arg(header, error), true);
                else if (server == m_editing)
                    showState();
            });
    }
    reload();
}

QWidget *McpServersPage::createForm()
{
    auto *form = new QWidget(this);
    m_name = new QLineEdit(form);
    m_name->setObjectName(u"McpServerName"_s);
    m_name->setAccessibleName(tr("Server name"));
    m_transport = new QComboBox(form);
    m_transport->setAccessibleName(tr("Transport"));
    m_transport->addItem(tr("Local program (stdio)"), int(McpServerConfig::Transport::Stdio));
    m_transport->addItem(tr("HTTP"), int(McpServerConfig::Transport::Http));
    connect(m_transport, &QComboBox::currentIndexChanged, this, &McpServersPage::showTransport);
    m_command = new QLineEdit(form);
    m_command->setAccessibleName(tr("Command"));
    m_command->setPlaceholderText(u"npx"_s);
    m_args = new QPlainTextEdit(form);
    m_args->setAccessibleName(tr("Arguments, one per line"));
    m_args->setTabChangesFocus(true);
    m_env = new QPlainTextEdit(form);
    m_env->setAccessibleName(tr("Environment, one NAME=value per line"));
    m_env->setTabChangesFocus(true);
    m_cwd = new QLineEdit(form);
    m_cwd->setAccessibleName(tr("Working folder"));
    m_cwd->setPlaceholderText(tr("The workspace folder"));
    m_url = new QLineEdit(form);
    m_url->setAccessibleName(tr("Server address"));
    m_url->setPlaceholderText(u"https://example.com/mcp"_s);
    m_timeout = new QSpinBox(form);
    m_timeout->setObjectName(u"McpServerTimeout"_s);
    m_timeout->setAccessibleName(tr("Request timeout in seconds"));
    m_timeout->setRange(1, 3600);
    m_timeout->setValue(60);
    m_timeout->setSuffix(tr(" s"));
    m_headers = new QTableWidget(0, 2, form);
    m_headers->setAccessibleName(tr("Headers"));
    m_headers->setHorizontalHeaderLabels({ tr("Header"), tr("Value (kept in the keychain)") });
    m_headers->horizontalHeader()->setStretchLastSection(true);
    m_headers->verticalHeader()->hide();
    m_addHeader = new QPushButton(tr("Add &header"), form);
    m_addHeader->setAccessibleName(tr("Add a header"));
    connect(m_addHeader, &QPushButton::clicked, this, [this] { addHeaderRow(); });
    m_enabled = new QCheckBox(tr("&Enabled"), form);
    m_enabled->setAccessibleName(tr("Server enabled"));
    connect(m_enabled, &QCheckBox::toggled, this, [this](bool on) {
        if (m_servers && !m_editing.isEmpty())
            m_servers->setEnabled(m_editing, on);
    });

    m_form = new QFormLayout;
    m_form->addRow(tr("&Name:"), m_name);
    m_form->addRow(tr("&Transport:"), m_transport);
    m_form->addRow(tr("&Command:"), m_command);
    m_form->addRow(tr("Ar&guments:"), m_args);
    m_form->addRow(tr("En&vironment:"), m_env);
    m_form->addRow(tr("&Folder:"), m_cwd);
    m_form->addRow(tr("&URL:"), m_url);
    m_form->addRow(tr("Hea&ders:"), m_headers);
    m_form->addRow(tr("Re&quest timeout:"), m_timeout);
    m_form->addRow(QString(), m_addHeader);

    auto *save = new QPushButton(tr("&Save"), form);
    save->setObjectName(u"SaveMcpServer"_s);
    save->setAccessibleName(tr("Save the MCP server"));
    connect(save, &QPushButton::clicked, this, &McpServersPage::save);
    m_restart = new QPushButton(tr("&Restart"), form);
    m_restart->setAccessibleName(tr("Start or restart the MCP server"));
    connect(m_restart, &QPushButton::clicked, this, &McpServersPage::restartCurrent);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_enabled);
    actions->addStretch(1);
    actions->addWidget(m_restart);
    actions->addWidget(save);

    m_state = new QLabel(form);
    m_state->setObjectName(u"McpServerState"_s);
    m_state->setAccessibleName(tr("Server state"));
    m_state->setWordWrap(true);
    m_tools = new QListWidget(form);
    m_tools->setAccessibleName(tr("The server's tools"));
    m_log = new QPlainTextEdit(form);
    m_log->setReadOnly(true);
    m_log->setAccessibleName(tr("The server's log"));
    auto *details = new QSplitter(Qt::Horizontal, form);
    details->addWidget(m_tools);
    details->addWidget(m_log);
    m_status = new QLabel(form);
    m_status->setWordWrap(true);
    m_status->setAccessibleName(tr("MCP server status"));

    auto *right = new QVBoxLayout(form);
    right->setContentsMargins(0, 0, 0, 0);
    right->addLayout(m_form);
    right->addLayout(actions);
    right->addWidget(m_state);
    right->addWidget(details, 1);
    right->addWidget(m_status);
    return form;
}

void McpServersPage::reload(const QString &select)
{
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    int current = -1;
    for (int row = 0; m_servers && row < m_servers->count(); ++row) {
        const auto &server = m_servers->server(row);
        m_list->addItem(u"%1 — %2"_s.arg(server.config.name, McpServersViewModel::stateText(server.state)));
        if (server.config.name == select)
            current = row;
    }
    if (current < 0 && m_list->count() > 0 && select.isEmpty())
        current = 0;
    m_list->setCurrentRow(current);
    if (current >= 0)
        showServer(current);
    else
        newServer();
}

void McpServersPage::newServer()
{
    m_editing.clear();
    {
        const QSignalBlocker blocker(m_list);
        m_list->setCurrentRow(-1);
    }
    m_name->clear();
    m_transport->setCurrentIndex(0);
    m_command->clear();
    m_args->clear();
    m_env->clear();
    m_cwd->clear();
    m_url->clear();
    m_timeout->setValue(McpServerConfig {}.timeoutMs / 1000);
    m_headers->setRowCount(0);
    {
        const QSignalBlocker blocker(m_enabled);
        m_enabled->setChecked(true);
    }
    m_enabled->setEnabled(false);
    m_restart->setEnabled(false);
    m_remove->setEnabled(false);
    m_state->clear();
    m_tools->clear();
    m_log->clear();
    showTransport();
    m_name->setFocus();
}

void McpServersPage::showServer(int row)
{
    if (!m_servers || row < 0 || row >= m_servers->count())
        return;
    const auto &server = m_servers->server(row);
    const McpServerConfig &config = server.config;
    m_editing = config.name;
    m_name->setText(config.name);
    m_transport->setCurrentIndex(m_transport->findData(int(config.transport)));
    m_command->setText(config.command);
    m_args->setPlainText(config.args.join(u'\n'));
    QStringList env;
    for (auto it = config.env.cbegin(); it != config.env.cend(); ++it)
        env << QString(it.key() + u'=' + it.value());
    m_env->setPlainText(env.join(u'\n'));
    m_cwd->setText(config.cwd);
    m_url->setText(config.url.toString());
    m_timeout->setValue(qMax(1, config.timeoutMs / 1000));
    m_headers->setRowCount(0);
    for (const QString &header : config.headerNames)
        addHeaderRow(header);
    {
        const QSignalBlocker blocker(m_enabled);
        m_enabled->setChecked(server.enabled);
    }
    m_enabled->setEnabled(true);
    m_remove->setEnabled(true);
    showTransport();
    showState();
}

void McpServersPage::addHeaderRow(const QString &name)
{
    const int row = m_headers->rowCount();
    m_headers->insertRow(row);
    m_headers->setItem(row, 0, new QTableWidgetItem(name));
    auto *value = new QLineEdit(m_headers);
    value->setEchoMode(QLineEdit::Password);
    value->setAccessibleName(tr("Header value"));
    const bool stored = m_servers && !m_editing.isEmpty() && m_servers->headerStored(m_editing, name);
    value->setPlaceholderText(stored ? SettingsDialog::storedKeyPlaceholder() : QString());
    value->setToolTip(tr("Stored in the system keychain; leave empty to keep the stored value"));
    m_headers->setCellWidget(row, 1, value);
}

void McpServersPage::showState()
{
    const int row = m_servers ? m_servers->indexOf(m_editing) : -1;
    if (row < 0)
        return;
    const auto &server = m_servers->server(row);
    QString state = McpServersViewModel::stateText(server.state);
    if (!server.reason.isEmpty())
        state += u": "_s + server.reason;
    m_state->setText(state);
    m_restart->setEnabled(server.enabled);
    m_tools->clear();
    m_tools->addItems(server.tools);
    m_log->setPlainText(m_servers->log(row));
    for (int header = 0; header < m_headers->rowCount(); ++header) {
        auto *value = qobject_cast<QLineEdit *>(m_headers->cellWidget(header, 1));
        const QTableWidgetItem *name = m_headers->item(header, 0);
        if (value && name && value->text().isEmpty())
            value->setPlaceholderText(
                m_servers->headerStored(m_editing, name->text()) ? SettingsDialog::storedKeyPlaceholder() : QString());
    }
}

void McpServersPage::showTransport()
{
    const bool http = m_transport->currentData().toInt() == int(McpServerConfig::Transport::Http);
    for (QWidget *field : { static_cast<QWidget *>(m_command), static_cast<QWidget *>(m_args),
             static_cast<QWidget *>(m_env), static_cast<QWidget *>(m_cwd) })
        m_form->setRowVisible(field, !http);
    for (QWidget *field :
        { static_cast<QWidget *>(m_url), static_cast<QWidget *>(m_headers), static_cast<QWidget *>(m_addHeader) })
        m_form->setRowVisible(field, http);
}

void McpServersPage::save()
{
    if (!m_servers)
        return;
    McpServerConfig config;
    if (const int row = m_servers->indexOf(m_editing); row >= 0)
        config = m_servers->server(row).config; // keeps what the form does not show
    config.name = m_name->text().trimmed();
    config.transport = McpServerConfig::Transport(m_transport->currentData().toInt());
    config.command = m_command->text().trimmed();
    config.args = lines(m_args);
    config.env.clear();
    for (const QString &line : lines(m_env)) {
        const qsizetype equals = line.indexOf(u'=');
        if (equals > 0)
            config.env.insert(line.left(equals).trimmed(), line.mid(equals + 1));
    }
    config.cwd = m_cwd->text().trimmed();
    config.url = QUrl(m_url->text().trimmed());
    if (m_timeout->value() != qMax(1, config.timeoutMs / 1000))
        config.timeoutMs = m_timeout->value() * 1000; // a file's 1500 ms stays unless the field was changed
    config.headerNames.clear();
    QList<QPair<QString, QString>> values;
    for (int row = 0; row < m_headers->rowCount(); ++row) {
        const QTableWidgetItem *name = m_headers->item(row, 0);
        const auto *value = qobject_cast<QLineEdit *>(m_headers->cellWidget(row, 1));
        if (!name || name->text().trimmed().isEmpty())
            continue;
        config.headerNames << name->text().trimmed();
        values.append({ name->text().trimmed(), value ? value->text() : QString() });
    }
    if (!m_servers->save(config, values, m_editing)) {
        setStatus(m_servers->lastError(), true);
        return;
    }
    m_editing = config.name;
    reload(config.name);
    setStatus(tr("Saved."));
}

void McpServersPage::removeCurrent()
{
    if (m_servers && !m_editing.isEmpty() && m_servers->remove(m_editing)) {
        m_editing.clear();
        reload();
    }
}

void McpServersPage::restartCurrent()
{
    if (m_servers && !m_editing.isEmpty())
        m_servers->restart(m_editing);
}

void McpServersPage::importFile(QString path)
{
    if (!m_servers)
        return;
    if (path.isEmpty())
        path = QFileDialog::getOpenFileName(this, tr("Import MCP servers"), {}, tr("JSON files (*.json)"));
    if (path.isEmpty())
        return;
    const int added = m_servers->importFile(path);
    const QString problems = m_servers->lastError();
    QString status = tr("Imported %n server(s).", nullptr, added);
    if (!problems.isEmpty())
        status += u' ' + problems;
    setStatus(status, !problems.isEmpty());
}

void McpServersPage::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? u"color: %1;"_s.arg(Theme::errorColor().name()) : QString());
}

} // namespace Tandem
