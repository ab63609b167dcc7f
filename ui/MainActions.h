#pragma once

#include "domain/Conversation.h"

#include <QObject>

class QAction;
class QActionGroup;
class QMenu;
class QMenuBar;
class QWidget;

namespace Tandem {

/// @brief The main window's actions and its menu bar (File, Edit, View, Help) with their usual shortcuts.
///
/// The actions are created once, named (objectName) for tests and accessibility, and said again in the new language
/// by retranslate(); the toolbar and the menus share them, so each command has one action wherever it shows.
class MainActions final : public QObject
{
    Q_OBJECT

public:
    /// @brief Creates the actions as children of @p window, which gets the window-wide shortcuts.
    explicit MainActions(QWidget *window);
    Q_DISABLE_COPY_MOVE(MainActions)

    QAction *newConversation() const { return m_new; }
    QAction *stop() const { return m_stop; }
    QAction *settings() const { return m_settings; }
    QAction *agentsEditor() const { return m_agentsEditor; }
    QAction *rename() const { return m_rename; }
    QAction *remove() const { return m_delete; }
    QAction *pin() const { return m_pin; }
    QAction *resetAgent() const { return m_resetAgent; }
    QAction *variables() const { return m_variables; }
    QAction *exportConversations() const { return m_export; }
    QAction *importConversations() const { return m_import; }
    QAction *quit() const { return m_quit; }
    QAction *find() const { return m_find; }
    QAction *focusComposer() const { return m_focusComposer; }
    QAction *about() const { return m_about; }
    QAction *aboutQt() const { return m_aboutQt; }
    /// @brief The checkable action of @p mode; the modes form one exclusive group, the one control for the mode.
    QAction *mode(Conversation::Mode mode) const;
    QActionGroup *modes() const { return m_modes; }
    /// @brief The checkable actions choosing the language ("en", "ru" in their data).
    QActionGroup *languages() const { return m_languages; }
    /// @brief The menu listing the modes (the toolbar's mode button opens it too).
    QMenu *modeMenu() const { return m_modeMenu; }
    /// @brief The agents to reset, filled when it opens.
    QMenu *resetAgentMenu() const { return m_resetAgentMenu; }

    /// @brief Fills @p bar with File, Edit, View and Help; @p viewActions (the docks' toggles) go into View.
    void fillMenuBar(QMenuBar *bar, const QList<QAction *> &viewActions);
    /// @brief Says every action and menu again in the language installed now.
    void retranslate();
    /// @brief Draws the icons again in the window's palette (after a theme change).
    void updateIcons();
    /// @brief The short name of @p mode ("Dual agents").
    static QString modeName(Conversation::Mode mode);

private:
    QWidget *m_window;
    QAction *m_new;
    QAction *m_stop;
    QAction *m_settings;
    QAction *m_agentsEditor;
    QAction *m_rename;
    QAction *m_delete;
    QAction *m_pin;
    QAction *m_resetAgent;
    QAction *m_variables;
    QAction *m_export;
    QAction *m_import;
    QAction *m_quit;
    QAction *m_find;
    QAction *m_focusComposer;
    QAction *m_about;
    QAction *m_aboutQt;
    QActionGroup *m_modes;
    QActionGroup *m_languages;
    QMenu *m_modeMenu;
    QMenu *m_resetAgentMenu;
    QMenu *m_languageMenu = nullptr;
    QMenu *m_file = nullptr;
    QMenu *m_edit = nullptr;
    QMenu *m_conversation = nullptr;
    QMenu *m_view = nullptr;
    QMenu *m_help = nullptr;
};

} // namespace Tandem
