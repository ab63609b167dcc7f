#include "GuardrailsSettingsPage.h"

#include "SettingsStatus.h"
#include "Theme.h"
#include "domain/RoutingPolicy.h"
#include "presentation/SettingsViewModel.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

GuardrailsSettingsPage::GuardrailsSettingsPage(SettingsViewModel *settings, QWidget *parent)
    : QWidget(parent)
    , m_settings(settings)
{
    using Field = GuardrailLimits::Field;
    QWidget *page = this;
    auto *form = new QFormLayout;
    auto *intro = new QLabel(tr("Limits every answer obeys, however many agents take part. The next answer uses "
                                "them."),
        page);
    intro->setWordWrap(true);
    form->addRow(intro);
    const auto add
        = [this, page, form](Field field, const QString &label, const QString &suffix, const QString &offText = {}) {
              auto *box = new QSpinBox(page);
              box->setObjectName(u"guardrail-"_s + GuardrailLimits::name(field));
              box->setRange(int(GuardrailLimits::minimum(field)), int(GuardrailLimits::maximum(field)));
              box->setSuffix(suffix);
              box->setGroupSeparatorShown(true);
              box->setAccelerated(true);
              if (!offText.isEmpty())
                  box->setSpecialValueText(offText); // shown at the minimum, 0
              box->setAccessibleName(QString(label).remove(u'&').remove(u':'));
              connect(box, &QSpinBox::editingFinished, this, &GuardrailsSettingsPage::saveGuardrails);
              form->addRow(label, box);
              m_guardrails.append({ field, box });
          };
    add(Field::MaxTurnsPerRun, tr("&Model calls per answer:"), {});
    add(Field::MaxTokensPerRun, tr("&Tokens per answer:"), tr(" tokens"), tr("No limit"));
    add(Field::MaxTokensPerConversation, tr("Tokens per &conversation:"), tr(" tokens"), tr("No limit"));
    add(Field::RunTimeoutSeconds, tr("T&ime per answer:"), tr(" s"));
    add(Field::MaxHopsPerTurn, tr("&Handoffs per answer:"), {});
    add(Field::MaxBouncesPerEdge, tr("Handoffs a&long one path per answer:"), {});
    add(Field::RepeatedPairWindow, tr("&Back and forth after:"), tr(" handoffs"));
    add(Field::StaleHandoffMinutes, tr("A pending handoff &expires after:"), tr(" min"));
    add(Field::MaxOutputTokens, tr("&Output tokens per model call:"), tr(" tokens"), tr("The provider's limit"));
    add(Field::RouterContextTokens, tr("Router: earlier turns the c&lassifier sees:"), tr(" tokens"),
        tr("The message alone"));
    form->addRow(tr("Router: the classifier &decides from:"), createRouterThreshold(page));
    form->addRow(tr("Handoffs: the full &history carries up to:"), createHistoryTokenCap(page));

    m_guardrailStatus = new QLabel(page);
    m_guardrailStatus->setObjectName(u"GuardrailStatus"_s);
    m_guardrailStatus->setWordWrap(true);
    m_guardrailStatus->setAccessibleName(tr("Guardrail status"));
    auto *defaults = new QPushButton(tr("&Restore Defaults"), page);
    defaults->setObjectName(u"GuardrailDefaults"_s);
    defaults->setAccessibleName(tr("Restore the built-in limits"));
    connect(defaults, &QPushButton::clicked, this, [this] {
        if (m_settings) {
            m_settings->resetGuardrailLimits();
            m_settings->resetCriticalTools();
            m_settings->setRouterThreshold(RoutingPolicy::kDefaultThreshold);
            m_settings->setHistoryTokenCap(SettingsViewModel::defaultHistoryTokens());
            m_settings->setCommandsWithoutSandbox(false);
        }
        showGuardrails();
        showSettingsStatus(m_guardrailStatus, tr("The built-in limits are back."), false);
    });
    form->addRow(m_guardrailStatus);
    form->addRow(defaults);
    auto *layout = new QHBoxLayout(page);
    layout->addLayout(form, 2);
    layout->addLayout(createCriticalTools(page), 1);
    showGuardrails();
}

QDoubleSpinBox *GuardrailsSettingsPage::createRouterThreshold(QWidget *page)
{
    m_routerThreshold = new QDoubleSpinBox(page);
    m_routerThreshold->setObjectName(u"RouterThreshold"_s);
    m_routerThreshold->setRange(0.0, 1.0);
    m_routerThreshold->setDecimals(2);
    m_routerThreshold->setSingleStep(0.05);
    m_routerThreshold->setAccessibleName(tr("Router mode's confidence threshold"));
    m_routerThreshold->setToolTip(tr("Router mode: at or above this confidence the orchestrator's choice answers; "
                                     "below it, the active agent keeps the conversation or keyword rules decide."));
    connect(m_routerThreshold, &QDoubleSpinBox::editingFinished, this, [this] {
        if (!m_settings || qFuzzyCompare(m_routerThreshold->value() + 1.0, m_settings->routerThreshold() + 1.0))
            return;
        if (m_settings->setRouterThreshold(m_routerThreshold->value()))
            showSettingsStatus(m_guardrailStatus, tr("Saved; the next message in router mode uses it."), false);
        else
            showSettingsStatus(m_guardrailStatus, m_settings->lastError(), true);
    });
    return m_routerThreshold;
}

QSpinBox *GuardrailsSettingsPage::createHistoryTokenCap(QWidget *page)
{
    m_historyTokenCap = new QSpinBox(page);
    m_historyTokenCap->setObjectName(u"HistoryTokenCap"_s);
    m_historyTokenCap->setRange(SettingsViewModel::minHistoryTokens(), SettingsViewModel::maxHistoryTokens());
    m_historyTokenCap->setSingleStep(1000);
    m_historyTokenCap->setSuffix(tr(" tokens"));
    m_historyTokenCap->setGroupSeparatorShown(true); // as the other token limits: "8,000 tokens"
    m_historyTokenCap->setAccessibleName(tr("The most tokens of history a handoff carries"));
    m_historyTokenCap->setToolTip(tr("A handoff whose context transfer is the full history sends the newest messages "
                                     "that fit, and tells the next agent how many older ones it left out; a summary "
                                     "is written from as many."));
    connect(m_historyTokenCap, &QSpinBox::editingFinished, this, [this] {
        if (!m_settings || m_historyTokenCap->value() == m_settings->historyTokenCap())
            return;
        if (m_settings->setHistoryTokenCap(m_historyTokenCap->value()))
            showSettingsStatus(m_guardrailStatus, tr("Saved; the next handoff uses it."), false);
        else
            showSettingsStatus(m_guardrailStatus, m_settings->lastError(), true);
    });
    return m_historyTokenCap;
}

QLayout *GuardrailsSettingsPage::createCriticalTools(QWidget *page)
{
    auto *label = new QLabel(tr("Tools that ask &first:"), page);
    m_criticalTools = new QListWidget(page);
    m_criticalTools->setObjectName(u"CriticalTools"_s);
    m_criticalTools->setAccessibleName(tr("Tools that need your approval"));
    label->setBuddy(m_criticalTools);
    const QStringList names = m_settings ? m_settings->toolNames() : QStringList {};
    for (const QString &name : names) {
        auto *item = new QListWidgetItem(name, m_criticalTools);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Unchecked);
    }
    connect(m_criticalTools, &QListWidget::itemChanged, this, &GuardrailsSettingsPage::saveCriticalTools);
    auto *note = new QLabel(tr("A checked tool waits for your approval before each call; an unchecked one runs at "
                               "once."),
        page);
    note->setWordWrap(true);
    auto *column = new QVBoxLayout;
    column->addWidget(label);
    column->addWidget(m_criticalTools, 1);
    column->addWidget(note);
    column->addLayout(createSandboxSwitch(page));
    return column;
}

QLayout *GuardrailsSettingsPage::createSandboxSwitch(QWidget *page)
{
    m_withoutSandbox = new QCheckBox(tr("Run commands without a &sandbox"), page);
    m_withoutSandbox->setObjectName(u"RunWithoutSandbox"_s);
    m_withoutSandbox->setToolTip(tr("Only where bubblewrap (bwrap) is missing or cannot run: commands then run "
                                    "directly instead of being refused."));
    m_sandboxWarning = new QLabel(tr("Warning: where the sandbox cannot run, an agent's commands run with your own "
                                     "rights. They can read and change all your files, your keys and the network. "
                                     "Each command still asks for your approval unless you changed that above."),
        page);
    m_sandboxWarning->setObjectName(u"SandboxWarning"_s);
    m_sandboxWarning->setWordWrap(true);
    m_sandboxWarning->setStyleSheet(u"color: %1;"_s.arg(Theme::errorColor().name()));
    connect(m_withoutSandbox, &QCheckBox::toggled, this, [this](bool on) {
        m_sandboxWarning->setVisible(on);
        if (!m_settings || on == m_settings->commandsWithoutSandbox())
            return;
        m_settings->setCommandsWithoutSandbox(on);
        showSettingsStatus(m_guardrailStatus,
            on ? tr("Saved; where the sandbox cannot run, the next command runs without it.")
               : tr("Saved; commands run only in the sandbox."),
            false);
    });
    auto *column = new QVBoxLayout;
    column->addSpacing(8);
    column->addWidget(m_withoutSandbox);
    column->addWidget(m_sandboxWarning);
    return column;
}

void GuardrailsSettingsPage::showSandboxSwitch()
{
    const bool on = m_settings && m_settings->commandsWithoutSandbox();
    const QSignalBlocker blocker(m_withoutSandbox);
    m_withoutSandbox->setChecked(on);
    m_sandboxWarning->setVisible(on);
}

void GuardrailsSettingsPage::saveCriticalTools()
{
    if (!m_settings)
        return;
    QStringList critical;
    for (int row = 0; row < m_criticalTools->count(); ++row)
        if (m_criticalTools->item(row)->checkState() == Qt::Checked)
            critical << m_criticalTools->item(row)->text();
    if (m_settings->setCriticalTools(critical))
        showSettingsStatus(m_guardrailStatus,
            tr("Saved; the next answer asks before: %1.")
                .arg(critical.isEmpty() ? tr("no tool") : critical.join(u", "_s)),
            false);
    else
        showSettingsStatus(m_guardrailStatus, m_settings->lastError(), true);
}

void GuardrailsSettingsPage::showGuardrails()
{
    const GuardrailLimits limits = m_settings ? m_settings->guardrailLimits() : GuardrailLimits {};
    for (const auto &[field, box] : std::as_const(m_guardrails)) {
        const QSignalBlocker blocker(box);
        box->setValue(int(limits.value(field)));
    }
    {
        const QSignalBlocker blocker(m_routerThreshold);
        m_routerThreshold->setValue(m_settings ? m_settings->routerThreshold() : RoutingPolicy::kDefaultThreshold);
    }
    {
        const QSignalBlocker blocker(m_historyTokenCap);
        m_historyTokenCap->setValue(
            m_settings ? m_settings->historyTokenCap() : SettingsViewModel::defaultHistoryTokens());
    }
    showSandboxSwitch();
    const QStringList critical = m_settings ? m_settings->criticalTools() : QStringList {};
    const QSignalBlocker blocker(m_criticalTools);
    for (int row = 0; row < m_criticalTools->count(); ++row) {
        QListWidgetItem *item = m_criticalTools->item(row);
        item->setCheckState(critical.contains(item->text()) ? Qt::Checked : Qt::Unchecked);
    }
}

void GuardrailsSettingsPage::saveGuardrails()
{
    if (!m_settings)
        return;
    GuardrailLimits limits = m_settings->guardrailLimits();
    for (const auto &[field, box] : std::as_const(m_guardrails))
        limits.setValue(field, box->value());
    if (limits == m_settings->guardrailLimits())
        return;
    if (m_settings->setGuardrailLimits(limits))
        showSettingsStatus(m_guardrailStatus, tr("Saved; the next answer uses these limits."), false);
    else
        showSettingsStatus(m_guardrailStatus, m_settings->lastError(), true);
}

} // namespace Tandem
