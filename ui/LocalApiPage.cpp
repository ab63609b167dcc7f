#include "LocalApiPage.h"

#include "api/LocalApi.h"

#include <QCheckBox>
#include <QClipboard>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>

using namespace Qt::StringLiterals;

namespace Tandem {

LocalApiPage::LocalApiPage(LocalApi *api, QWidget *parent)
    : QWidget(parent)
    , m_api(api)
{
    m_enabled = new QCheckBox(tr("&Run the local API on this computer"), this);
    m_enabled->setObjectName(u"LocalApiEnabled"_s);
    m_enabled->setChecked(LocalApi::enabledInSettings());
    m_port = new QSpinBox(this);
    m_port->setObjectName(u"LocalApiPort"_s);
    m_port->setAccessibleName(tr("Port"));
    m_port->setRange(1, 65535);
    quint16 port = LocalApi::portInSettings();
    if (port == 0) {
        // A free port, kept from now on so that outside agents find the same address next time.
        port = LocalApi::freePort();
        if (port != 0)
            LocalApi::setPortInSettings(port);
    }
    m_port->setValue(port == 0 ? 8765 : port);
    m_url = new QLineEdit(this);
    m_url->setObjectName(u"LocalApiUrl"_s);
    m_url->setAccessibleName(tr("Address"));
    m_url->setReadOnly(true);
    m_status = new QLabel(this);
    m_status->setObjectName(u"LocalApiStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_copy = new QPushButton(tr("&Copy token"), this);
    m_copy->setObjectName(u"LocalApiCopyToken"_s);
    m_regenerate = new QPushButton(tr("Re&generate token"), this);
    m_regenerate->setObjectName(u"LocalApiRegenerateToken"_s);

    auto *explanation = new QLabel(tr("Outside agents and scripts on this computer take part in a pipeline through "
                                      "the handoff API at this address (the agents' $DASHBOARD_URL). Each "
                                      "request sends the token: Authorization: Bearer <token>. Only 127.0.0.1 "
                                      "listens, and requests from web pages are refused."),
        this);
    explanation->setWordWrap(true);
    auto *tokenButtons = new QHBoxLayout;
    tokenButtons->addWidget(m_copy);
    tokenButtons->addWidget(m_regenerate);
    tokenButtons->addStretch();
    auto *form = new QFormLayout(this);
    form->addRow(explanation);
    form->addRow(m_enabled);
    form->addRow(tr("&Port:"), m_port);
    form->addRow(tr("Address:"), m_url);
    form->addRow(tr("Token:"), tokenButtons);
    form->addRow(m_status);

    connect(m_enabled, &QCheckBox::toggled, this, &LocalApiPage::apply);
    connect(m_port, &QSpinBox::editingFinished, this, [this] {
        if (m_port->value() != LocalApi::portInSettings())
            apply();
    });
    connect(m_copy, &QPushButton::clicked, this, &LocalApiPage::copyToken);
    connect(m_regenerate, &QPushButton::clicked, this, &LocalApiPage::regenerateToken);
    if (m_api) {
        connect(m_api, &LocalApi::started, this, &LocalApiPage::showState);
        connect(m_api, &LocalApi::stopped, this, &LocalApiPage::showState);
        connect(m_api, &LocalApi::failed, this, &LocalApiPage::showState);
    }
    showState();
}

void LocalApiPage::apply()
{
    LocalApi::setEnabledInSettings(m_enabled->isChecked());
    LocalApi::setPortInSettings(quint16(m_port->value()));
    if (!m_api)
        return;
    if (m_enabled->isChecked())
        m_api->start(quint16(m_port->value()));
    else
        m_api->stop();
    showState();
}

void LocalApiPage::showState()
{
    const bool running = m_api && m_api->isRunning();
    m_url->setText(running ? m_api->url() : QString());
    m_url->setPlaceholderText(tr("off"));
    if (!m_api)
        m_status->setText(tr("The local API is not available in this window."));
    else if (running)
        m_status->setText(tr("Listening on %1.").arg(m_api->url()));
    else if (!m_api->lastError().isEmpty() && m_enabled->isChecked())
        m_status->setText(m_api->lastError());
    else
        m_status->setText(m_enabled->isChecked() ? tr("Starting…") : tr("Off."));
    m_copy->setEnabled(m_api);
    m_regenerate->setEnabled(m_api);
}

void LocalApiPage::copyToken()
{
    if (!m_api)
        return;
    QPointer<LocalApiPage> self(this);
    m_api->readToken([self](const QString &token, const QString &error) {
        if (!self)
            return;
        if (token.isEmpty()) {
            self->m_status->setText(tr("The token could not be read from the keychain: %1").arg(error));
            return;
        }
        QGuiApplication::clipboard()->setText(token);
        self->m_status->setText(tr("The token is on the clipboard."));
    });
}

void LocalApiPage::regenerateToken()
{
    if (!m_api)
        return;
    const auto answer = QMessageBox::question(this, tr("Regenerate the token?"),
        tr("Outside agents using the current token will be refused until they are given the new one."));
    if (answer != QMessageBox::Yes)
        return;
    QPointer<LocalApiPage> self(this);
    m_api->regenerateToken([self](const QString &token, const QString &error) {
        if (!self)
            return;
        if (token.isEmpty()) {
            self->m_status->setText(tr("A new token could not be stored in the keychain: %1").arg(error));
            return;
        }
        QGuiApplication::clipboard()->setText(token);
        self->m_status->setText(tr("A new token is on the clipboard; the old one no longer works."));
    });
}

} // namespace Tandem
