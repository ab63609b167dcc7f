#pragma once

#include "domain/GuardrailLimits.h"

#include <QList>
#include <QPair>
#include <QPointer>
#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLayout;
class QListWidget;
class QSpinBox;

namespace Tandem {

class SettingsViewModel;

/// @brief The settings' "Guardrails" page: the limits every answer obeys, the router's confidence threshold and the
/// tools that ask first, and whether commands may run without a sandbox; each is saved as it is edited.
class GuardrailsSettingsPage final : public QWidget
{
    Q_OBJECT

public:
    explicit GuardrailsSettingsPage(SettingsViewModel *settings, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(GuardrailsSettingsPage)

private:
    QLayout *createCriticalTools(QWidget *page);
    QDoubleSpinBox *createRouterThreshold(QWidget *page);
    QSpinBox *createHistoryTokenCap(QWidget *page);
    QLayout *createSandboxSwitch(QWidget *page);
    void showSandboxSwitch();
    void showGuardrails();
    void saveCriticalTools();
    void saveGuardrails();

    QPointer<SettingsViewModel> m_settings;
    QList<QPair<GuardrailLimits::Field, QSpinBox *>> m_guardrails;
    QListWidget *m_criticalTools = nullptr;
    QLabel *m_guardrailStatus = nullptr;
    QDoubleSpinBox *m_routerThreshold = nullptr;
    QSpinBox *m_historyTokenCap = nullptr;
    QCheckBox *m_withoutSandbox = nullptr;
    QLabel *m_sandboxWarning = nullptr;
};

} // namespace Tandem
