#include "ProvidersSettingsPage.h"

#include "SettingsStatus.h"
#include "presentation/SettingsViewModel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

QString ProvidersSettingsPage::storedKeyPlaceholder()
{
    return tr("•••• stored");
}

ProvidersSettingsPage::ProvidersSettingsPage(SettingsViewModel *settings, const QString &select, QWidget *parent)
    : QWidget(parent)
    , m_settings(settings)
{
    QWidget *page = this;
    m_providerList = new QListWidget(page);
    m_providerList->setObjectName(u"ProviderList"_s);
    m_providerList->setAccessibleName(tr("Providers"));
    m_providerList->setMaximumWidth(220);
    connect(m_providerList, &QListWidget::currentRowChanged, this, &ProvidersSettingsPage::showProvider);

    auto *add = new QPushButton(tr("&Add"), page);
    add->setAccessibleName(tr("Add a provider"));
    auto *presets = new QMenu(add);
    const QList<ProviderProfile> all = m_settings ? m_settings->presets() : QList<ProviderProfile> {};
    for (const ProviderProfile &preset : all)
        presets->addAction(preset.name, this, [this, preset] { addPreset(preset); });
    add->setMenu(presets);
    m_remove = new QPushButton(tr("&Remove"), page);
    m_remove->setAccessibleName(tr("Remove the provider"));
    connect(m_remove, &QPushButton::clicked, this, &ProvidersSettingsPage::removeProvider);
    auto *listButtons = new QHBoxLayout;
    listButtons->addWidget(add);
    listButtons->addWidget(m_remove);
    auto *left = new QVBoxLayout;
    left->addWidget(m_providerList, 1);
    left->addLayout(listButtons);

    m_name = new QLineEdit(page);
    m_name->setObjectName(u"ProviderName"_s);
    m_name->setAccessibleName(tr("Provider name"));
    m_protocol = new QComboBox(page);
    m_protocol->setAccessibleName(tr("Protocol"));
    m_protocol->addItem(tr("Responses API (OpenAI)"), int(ProviderProfile::Protocol::Responses));
    m_protocol->addItem(tr("Chat Completions (OpenAI-compatible)"), int(ProviderProfile::Protocol::ChatCompletions));
    m_baseUrl = new QLineEdit(page);
    m_baseUrl->setObjectName(u"ProviderBaseUrl"_s);
    m_baseUrl->setAccessibleName(tr("Base URL"));
    m_baseUrl->setPlaceholderText(u"http://127.0.0.1:11434/v1"_s);
    m_model = new QComboBox(page);
    m_model->setObjectName(u"ProviderModel"_s);
    m_model->setEditable(true);
    m_model->setAccessibleName(tr("Default model"));
    m_key = new QLineEdit(page);
    m_key->setObjectName(u"ProviderKey"_s);
    m_key->setAccessibleName(tr("API key"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setToolTip(tr("Stored in the system keychain; leave empty to keep the stored key"));

    m_save = new QPushButton(tr("&Save"), page);
    m_save->setObjectName(u"SaveProvider"_s);
    m_save->setAccessibleName(tr("Save the provider"));
    connect(m_save, &QPushButton::clicked, this, &ProvidersSettingsPage::saveProvider);
    m_test = new QPushButton(tr("&Test connection and list models"), page);
    m_test->setObjectName(u"TestConnection"_s);
    m_test->setAccessibleName(tr("Test the connection and list the models"));
    connect(m_test, &QPushButton::clicked, this, &ProvidersSettingsPage::testConnection);
    m_status = new QLabel(page);
    m_status->setObjectName(u"ProviderStatus"_s);
    m_status->setWordWrap(true);
    m_status->setAccessibleName(tr("Provider status"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("P&rotocol:"), m_protocol);
    form->addRow(tr("&Base URL:"), m_baseUrl);
    form->addRow(tr("&Model:"), m_model);
    form->addRow(tr("API &key:"), m_key);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_test);
    actions->addStretch(1);
    actions->addWidget(m_save);
    auto *right = new QVBoxLayout;
    right->addLayout(form);
    right->addLayout(actions);
    right->addWidget(m_status);
    if (m_settings && !m_settings->keyPersistenceNotice().isEmpty()) {
        auto *notice = new QLabel(m_settings->keyPersistenceNotice(), page);
        notice->setWordWrap(true);
        right->addWidget(notice);
    }
    right->addStretch(1);

    auto *layout = new QHBoxLayout(page);
    layout->addLayout(left);
    layout->addLayout(right, 1);

    if (m_settings) {
        connect(m_settings.data(), &SettingsViewModel::keyState, this, [this](const QString &id, bool stored) {
            if (id == m_currentId)
                m_key->setPlaceholderText(
                    stored ? storedKeyPlaceholder() : tr("No key (not needed for local servers)"));
        });
        connect(m_settings.data(), &SettingsViewModel::keyStored, this,
            [this](const QString &id, bool ok, const QString &error) {
                if (ok) {
                    setStatus(tr("Saved; the key is in the keychain."));
                    if (id == m_currentId)
                        m_key->setPlaceholderText(storedKeyPlaceholder());
                } else {
                    setStatus(tr("The key could not be stored: %1").arg(error), true);
                }
            });
        connect(m_settings.data(), &SettingsViewModel::connectionTested, this,
            [this](const QString &, bool ok, const QString &message, const QStringList &models) {
                setStatus(message, !ok);
                m_test->setEnabled(true);
                if (!ok)
                    return;
                const QString current = m_model->currentText();
                m_model->clear();
                m_model->addItems(models);
                m_model->setCurrentText(current.isEmpty() && !models.isEmpty() ? models.constFirst() : current);
            });
    }
    reloadProviders(select);
}

void ProvidersSettingsPage::reloadProviders(const QString &select)
{
    m_providers = m_settings ? m_settings->providers() : QList<ProviderProfile> {};
    const QSignalBlocker blocker(m_providerList);
    m_providerList->clear();
    int row = m_providers.isEmpty() ? -1 : 0;
    for (int i = 0; i < m_providers.size(); ++i) {
        m_providerList->addItem(m_providers.at(i).name);
        if (m_providers.at(i).id == select)
            row = i;
    }
    m_providerList->setCurrentRow(row);
    showProvider(row);
}

void ProvidersSettingsPage::showProvider(int row)
{
    const bool valid = row >= 0 && row < m_providers.size();
    const ProviderProfile profile = valid ? m_providers.at(row) : ProviderProfile {};
    m_currentId = profile.id;
    m_name->setText(profile.name);
    m_protocol->setCurrentIndex(qMax(0, m_protocol->findData(int(profile.protocol))));
    m_baseUrl->setText(profile.baseUrl.toString());
    m_model->clear();
    m_model->setCurrentText(profile.defaultModel);
    m_key->clear();
    m_key->setPlaceholderText(tr("Checking the keychain…"));
    for (QWidget *w : { static_cast<QWidget *>(m_name), static_cast<QWidget *>(m_protocol),
             static_cast<QWidget *>(m_baseUrl), static_cast<QWidget *>(m_model), static_cast<QWidget *>(m_key),
             static_cast<QWidget *>(m_save), static_cast<QWidget *>(m_test), static_cast<QWidget *>(m_remove) })
        w->setEnabled(valid);
    setStatus({});
    if (valid && m_settings)
        m_settings->checkKey(profile.id);
    else
        m_key->setPlaceholderText({});
}

ProviderProfile ProvidersSettingsPage::editedProfile() const
{
    ProviderProfile profile;
    for (const ProviderProfile &p : m_providers)
        if (p.id == m_currentId)
            profile = p;
    profile.id = m_currentId;
    profile.name = m_name->text().trimmed();
    profile.protocol = ProviderProfile::Protocol(m_protocol->currentData().toInt());
    profile.baseUrl = QUrl(m_baseUrl->text().trimmed());
    profile.defaultModel = m_model->currentText().trimmed();
    return profile;
}

void ProvidersSettingsPage::saveProvider()
{
    if (!m_settings)
        return;
    const QString id = m_settings->saveProvider(editedProfile());
    if (id.isEmpty()) {
        setStatus(m_settings->lastError(), true);
        return;
    }
    const QString key = m_key->text();
    m_key->clear(); // the key leaves the widget at once
    reloadProviders(id);
    if (!key.isEmpty()) {
        setStatus(tr("Storing the key…"));
        m_settings->storeKey(id, key);
    } else {
        setStatus(tr("Saved."));
    }
}

void ProvidersSettingsPage::removeProvider()
{
    if (!m_settings || m_currentId.isEmpty())
        return;
    if (QMessageBox::question(this, tr("Remove Provider"), tr("Remove “%1” and its stored key?").arg(m_name->text()),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
        != QMessageBox::Yes)
        return;
    m_settings->removeProvider(m_currentId);
    reloadProviders();
}

void ProvidersSettingsPage::addPreset(const ProviderProfile &preset)
{
    if (!m_settings)
        return;
    const QString id = m_settings->addPreset(preset);
    if (id.isEmpty()) {
        setStatus(m_settings->lastError(), true);
        return;
    }
    reloadProviders(id);
    m_name->setFocus();
}

void ProvidersSettingsPage::testConnection()
{
    if (!m_settings)
        return;
    setStatus(tr("Connecting…"));
    m_test->setEnabled(false);
    m_settings->testConnection(editedProfile(), m_key->text());
}

void ProvidersSettingsPage::setStatus(const QString &text, bool error)
{
    showSettingsStatus(m_status, text, error);
}

} // namespace Tandem
