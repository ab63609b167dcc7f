#pragma once

#include "domain/Conversation.h"

#include <QToolBar>

class QToolButton;

namespace Tandem {

class MainActions;

/// @brief The window's toolbar: new conversation, the mode (the one control for dual-agent mode and the others),
/// reset an agent, export, the docks' toggles and the settings, each with its bundled icon.
class MainToolBar final : public QToolBar
{
    Q_OBJECT

public:
    /// @brief Shows @p actions' commands; @p panelToggles (the docks' toggle actions) go before the settings.
    MainToolBar(MainActions *actions, const QList<QAction *> &panelToggles, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(MainToolBar)

    /// @brief The button choosing the conversation's mode; its text names the current one.
    QToolButton *modeButton() const { return m_modeButton; }
    /// @brief Names @p mode on the mode button.
    void showMode(Conversation::Mode mode);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    MainActions *m_actions;
    QToolButton *m_modeButton = nullptr;
    Conversation::Mode m_mode = Conversation::Mode::Single;
};

} // namespace Tandem
