#include "FirstRunDialog.h"

#include "presentation/SettingsViewModel.h"

#include <QDialogButtonBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

FirstRunDialog::FirstRunDialog(SettingsViewModel *settings, QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
    , m_servers(new QListWidget(this))
    , m_detecting(new QLabel(tr("Looking for model servers on this computer…"), this))
    , m_useServer(new QPushButton(tr("&Use this server"), this))
    , m_key(new QLineEdit(this))
    , m_useOpenAi(new QPushButton(tr("Use &OpenAI"), this))
    , m_status(new QLabel(this))
{
    setWindowTitle(tr("Welcome to Tandem"));
    setObjectName(u"FirstRunDialog"_s);
    auto *intro = new QLabel(tr("Tandem needs a model provider: a server running on this computer (Ollama, "
                                "llama.cpp, LM Studio, vLLM) or an OpenAI account."),
        this);
    intro->setWordWrap(true);

    auto *local = new QGroupBox(tr("Local servers"), this);
    m_servers->setObjectName(u"DetectedServers"_s);
    m_servers->setAccessibleName(tr("Detected local servers"));
    m_servers->setMaximumHeight(120);
    m_useServer->setAccessibleName(tr("Use the selected local server"));
    m_useServer->setEnabled(false);
    connect(m_servers, &QListWidget::currentRowChanged, this, [this](int row) { m_useServer->setEnabled(row >= 0); });
    connect(m_useServer, &QPushButton::clicked, this, &FirstRunDialog::useLocalServer);
    auto *localLayout = new QVBoxLayout(local);
    localLayout->addWidget(m_detecting);
    localLayout->addWidget(m_servers);
    localLayout->addWidget(m_useServer, 0, Qt::AlignRight);

    auto *openAi = new QGroupBox(tr("OpenAI"), this);
    m_key->setObjectName(u"OpenAiKey"_s);
    m_key->setAccessibleName(tr("OpenAI API key"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("sk-… (kept in the system keychain)"));
    m_useOpenAi->setAccessibleName(tr("Use OpenAI with this key"));
    m_useOpenAi->setEnabled(false);
    connect(m_key, &QLineEdit::textChanged, this,
        [this](const QString &text) { m_useOpenAi->setEnabled(!text.trimmed().isEmpty()); });
    connect(m_useOpenAi, &QPushButton::clicked, this, &FirstRunDialog::useOpenAi);
    auto *openAiLayout = new QVBoxLayout(openAi);
    openAiLayout->addWidget(m_key);
    openAiLayout->addWidget(m_useOpenAi, 0, Qt::AlignRight);

    m_status->setWordWrap(true);
    m_status->setAccessibleName(tr("Status"));
    auto *buttons = new QDialogButtonBox(this);
    QPushButton *later = buttons->addButton(tr("&Later"), QDialogButtonBox::RejectRole);
    later->setAccessibleName(tr("Set up a provider later"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(local);
    layout->addWidget(openAi);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(520, 440);

    if (!settings)
        return;
    connect(settings, &SettingsViewModel::localServerDetected, this,
        [this](const ProviderProfile &profile, const QStringList &models) {
            m_detected.append(profile);
            m_servers->addItem(tr("%1 at %2 (%n model(s))", nullptr, int(models.size()))
                                   .arg(profile.name, profile.baseUrl.toDisplayString()));
            if (m_servers->currentRow() < 0)
                m_servers->setCurrentRow(0);
        });
    connect(settings, &SettingsViewModel::detectionFinished, this, [this] {
        m_detecting->setText(m_detected.isEmpty() ? tr("No model server is running on this computer.")
                                                  : tr("Found running on this computer:"));
    });
    connect(settings, &SettingsViewModel::keyStored, this, [this](const QString &, bool ok, const QString &error) {
        if (ok)
            accept();
        else
            m_status->setText(tr("The key could not be stored: %1").arg(error));
    });
    settings->detectLocalServers();
}

void FirstRunDialog::useLocalServer()
{
    const int row = m_servers->currentRow();
    if (!m_settings || row < 0 || row >= m_detected.size())
        return;
    const QString id = m_settings->saveProvider(m_detected.at(row));
    if (id.isEmpty()) {
        m_status->setText(m_settings->lastError());
        return;
    }
    m_settings->setDefaultProviderId(id);
    accept();
}

void FirstRunDialog::useOpenAi()
{
    if (!m_settings)
        return;
    const QString id = m_settings->addOpenAi();
    if (id.isEmpty()) {
        m_status->setText(m_settings->lastError());
        return;
    }
    m_settings->setDefaultProviderId(id);
    const QString key = m_key->text().trimmed();
    m_key->clear();
    m_status->setText(tr("Storing the key…"));
    m_settings->storeKey(id, key);
}

} // namespace Tandem
