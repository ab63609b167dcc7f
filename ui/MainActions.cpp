#include "MainActions.h"

#include "Icons.h"
#include "domain/ModeLabel.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QMenuBar>
#include <QWidget>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QAction *named(QObject *parent, const QString &name)
{
    auto *action = new QAction(parent);
    action->setObjectName(name);
    return action;
}

QString shortcutText(const QAction *action)
{
    return action->shortcut().toString(QKeySequence::NativeText);
}
} // namespace

MainActions::MainActions(QWidget *window)
    : QObject(window)
    , m_window(window)
    , m_new(named(this, u"NewConversationAction"_s))
    , m_stop(named(this, u"StopAction"_s))
    , m_settings(named(this, u"SettingsAction"_s))
    , m_agentsEditor(named(this, u"AgentsEditorAction"_s))
    , m_rename(named(this, u"RenameAction"_s))
    , m_delete(named(this, u"DeleteAction"_s))
    , m_pin(named(this, u"PinAction"_s))
    , m_resetAgent(named(this, u"ResetAgentAction"_s))
    , m_variables(named(this, u"VariablesAction"_s))
    , m_export(named(this, u"ExportAction"_s))
    , m_import(named(this, u"ImportAction"_s))
    , m_quit(named(this, u"QuitAction"_s))
    , m_find(named(this, u"FindAction"_s))
    , m_focusComposer(named(this, u"FocusComposerAction"_s))
    , m_about(named(this, u"AboutAction"_s))
    , m_aboutQt(named(this, u"AboutQtAction"_s))
    , m_modes(new QActionGroup(this))
    , m_languages(new QActionGroup(this))
    , m_modeMenu(new QMenu(window))
    , m_resetAgentMenu(new QMenu(window))
{
    m_new->setShortcut(QKeySequence::New);
    m_stop->setShortcut(Qt::Key_Escape);
    m_stop->setShortcutContext(Qt::WindowShortcut);
    m_stop->setEnabled(false);
    m_settings->setShortcut(QKeySequence::Preferences);
    m_settings->setMenuRole(QAction::PreferencesRole);
    m_agentsEditor->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    m_rename->setShortcut(Qt::Key_F2);
    m_rename->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_delete->setShortcut(QKeySequence::Delete);
    m_delete->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_export->setEnabled(false);
    m_import->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    m_import->setEnabled(false);
    m_quit->setShortcut(QKeySequence::Quit);
    m_quit->setMenuRole(QAction::QuitRole);
    m_find->setShortcut(QKeySequence::Find);
    m_focusComposer->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    m_about->setMenuRole(QAction::AboutRole);
    m_aboutQt->setMenuRole(QAction::AboutQtRole);
    m_resetAgent->setMenu(m_resetAgentMenu);
    m_resetAgentMenu->setObjectName(u"ResetAgentMenu"_s);
    m_modeMenu->setObjectName(u"ModeMenu"_s);

    m_modes->setExclusive(true);
    const std::pair<Conversation::Mode, QString> modes[] = {
        { Conversation::Mode::Single, u"SingleModeAction"_s },
        { Conversation::Mode::Dual, u"DualAgentAction"_s },
        { Conversation::Mode::Pipeline, u"PipelineModeAction"_s },
        { Conversation::Mode::Router, u"RouterModeAction"_s },
    };
    int key = Qt::Key_1;
    for (const auto &[mode, name] : modes) {
        QAction *action = named(m_modes, name);
        action->setCheckable(true);
        action->setData(int(mode));
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key(key++)));
        m_modes->addAction(action);
        m_modeMenu->addAction(action);
    }

    m_languages->setExclusive(true);
    // Each language is named in itself, so a person who cannot read the current one still finds theirs.
    for (const auto &[code, name] : { std::pair { u"en"_s, u"English"_s }, std::pair { u"ru"_s, u"Русский"_s } }) {
        QAction *action = named(m_languages, u"Language-"_s + code);
        action->setText(name);
        action->setCheckable(true);
        action->setData(code);
        m_languages->addAction(action);
    }

    // Window-wide shortcuts work without the menu bar open (and with it hidden).
    window->addActions({ m_new, m_stop, m_export, m_find, m_focusComposer });
    retranslate();
    updateIcons();
}

QAction *MainActions::mode(Conversation::Mode mode) const
{
    const QList<QAction *> actions = m_modes->actions();
    for (QAction *action : actions)
        if (action->data().toInt() == int(mode))
            return action;
    return nullptr;
}

QString MainActions::modeName(Conversation::Mode mode)
{
    return ModeLabel::text(mode);
}

void MainActions::fillMenuBar(QMenuBar *bar, const QList<QAction *> &viewActions)
{
    m_file = bar->addMenu(QString());
    m_file->setObjectName(u"FileMenu"_s);
    m_file->addAction(m_new);
    m_file->addSeparator();
    m_file->addAction(m_export);
    m_file->addAction(m_import);
    m_file->addSeparator();
    m_file->addAction(m_settings);
    m_file->addSeparator();
    m_file->addAction(m_quit);

    m_edit = bar->addMenu(QString());
    m_edit->setObjectName(u"EditMenu"_s);
    m_edit->addAction(m_rename);
    m_edit->addAction(m_pin);
    m_edit->addAction(m_delete);
    m_edit->addSeparator();
    m_edit->addMenu(m_modeMenu);
    m_edit->addAction(m_resetAgent);
    m_edit->addSeparator();
    m_edit->addAction(m_find);
    m_edit->addAction(m_focusComposer);

    m_conversation = bar->addMenu(QString());
    m_conversation->setObjectName(u"ConversationMenu"_s);
    m_conversation->addAction(m_variables);

    m_view = bar->addMenu(QString());
    m_view->setObjectName(u"ViewMenu"_s);
    for (QAction *action : viewActions)
        m_view->addAction(action);
    if (!viewActions.isEmpty())
        m_view->addSeparator();
    m_view->addAction(m_agentsEditor);
    m_view->addSeparator();
    m_languageMenu = m_view->addMenu(QString());
    m_languageMenu->setObjectName(u"LanguageMenu"_s);
    m_languageMenu->addActions(m_languages->actions());

    m_help = bar->addMenu(QString());
    m_help->setObjectName(u"HelpMenu"_s);
    m_help->addAction(m_about);
    m_help->addAction(m_aboutQt);
    retranslate();
    updateIcons();
}

void MainActions::retranslate()
{
    m_new->setText(tr("&New Conversation"));
    m_new->setToolTip(tr("Start a new conversation (%1)").arg(shortcutText(m_new)));
    m_stop->setText(tr("S&top"));
    m_stop->setToolTip(tr("Stop the reply (Esc); what was written so far stays"));
    m_settings->setText(tr("&Settings…"));
    m_settings->setToolTip(tr("Providers, models, language and theme"));
    m_agentsEditor->setText(tr("&Agents…"));
    m_agentsEditor->setToolTip(tr("Edit the agents of each mode: instructions, models, tools and handoffs"));
    m_rename->setText(tr("&Rename…"));
    m_delete->setText(tr("&Delete…"));
    m_pin->setText(tr("&Pin"));
    m_resetAgent->setText(tr("&Reset an Agent"));
    m_variables->setText(tr("&Variables…"));
    m_variables->setToolTip(tr("The values this conversation gives the $NAME variables of the agents' prompts"));
    m_resetAgent->setToolTip(tr("Make one agent forget this conversation; the messages and the other agents' "
                                "threads stay"));
    m_export->setText(tr("&Export…"));
    m_export->setToolTip(tr("Export conversations to Markdown, JSON, HTML, PDF or plain text"));
    m_import->setText(tr("&Import…"));
    m_import->setToolTip(tr("Add the conversations of a Tandem JSON export"));
    m_quit->setText(tr("&Quit"));
    m_find->setText(tr("&Find Conversations…"));
    m_focusComposer->setText(tr("&Write a Message"));
    m_about->setText(tr("&About Tandem"));
    m_aboutQt->setText(tr("About &Qt"));
    const QList<QAction *> modes = m_modes->actions();
    for (QAction *action : modes) {
        const auto mode = Conversation::Mode(action->data().toInt());
        action->setText(modeName(mode));
        action->setToolTip(mode == Conversation::Mode::Dual
                ? tr("Dual-agent mode for this conversation: agent 1 clarifies, then hands over to agent 2")
                : modeName(mode));
    }
    // "&Dual agents" keeps its mnemonic for the keyboard.
    mode(Conversation::Mode::Dual)->setText(tr("&Dual agents"));
    m_modeMenu->setTitle(tr("&Mode"));
    m_modeMenu->setToolTip(tr("How the agents share this conversation"));
    if (m_file) {
        m_file->setTitle(tr("&File"));
        m_edit->setTitle(tr("&Edit"));
        m_conversation->setTitle(tr("&Conversation"));
        m_view->setTitle(tr("&View"));
        m_help->setTitle(tr("&Help"));
        m_languageMenu->setTitle(tr("&Language"));
    }
}

void MainActions::updateIcons()
{
    const QPalette palette = m_window->palette();
    const std::pair<QAction *, const char *> icons[]
        = { { m_new, "new" }, { m_stop, "stop" }, { m_settings, "settings" }, { m_resetAgent, "reset" },
              { m_export, "export" }, { m_import, "import" }, { m_find, "inspect" }, { m_about, "about" } };
    for (const auto &[action, name] : icons)
        action->setIcon(Icons::action(QString::fromLatin1(name), palette));
    m_modeMenu->setIcon(Icons::action(u"mode"_s, palette));
    if (m_languageMenu)
        m_languageMenu->setIcon(Icons::action(u"language"_s, palette));
}

} // namespace Tandem
