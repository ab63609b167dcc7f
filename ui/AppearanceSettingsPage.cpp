#include "AppearanceSettingsPage.h"

#include "presentation/SettingsViewModel.h"

#include <QComboBox>
#include <QFormLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

AppearanceSettingsPage::AppearanceSettingsPage(SettingsViewModel *settings, QWidget *parent)
    : QWidget(parent)
    , m_settings(settings)
{
    QWidget *page = this;
    m_language = new QComboBox(page);
    m_language->setObjectName(u"LanguageSelector"_s);
    m_language->setAccessibleName(tr("Language"));
    m_language->addItem(u"English"_s, u"en"_s);
    m_language->addItem(u"Русский"_s, u"ru"_s);
    m_theme = new QComboBox(page);
    m_theme->setObjectName(u"ThemeSelector"_s);
    m_theme->setAccessibleName(tr("Theme"));
    m_theme->addItem(tr("Follow the system"), u"system"_s);
    m_theme->addItem(tr("Light"), u"light"_s);
    m_theme->addItem(tr("Dark"), u"dark"_s);
    if (m_settings) {
        m_language->setCurrentIndex(qMax(0, m_language->findData(m_settings->language())));
        m_theme->setCurrentIndex(qMax(0, m_theme->findData(m_settings->theme())));
    }
    connect(m_language, &QComboBox::activated, this,
        [this] { m_settings->setLanguage(m_language->currentData().toString()); });
    connect(m_theme, &QComboBox::activated, this, [this] { m_settings->setTheme(m_theme->currentData().toString()); });
    auto *form = new QFormLayout(page);
    form->addRow(tr("&Language:"), m_language);
    form->addRow(tr("&Theme:"), m_theme);
}

} // namespace Tandem
