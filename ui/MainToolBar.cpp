#include "MainToolBar.h"

#include "MainActions.h"

#include <QAction>
#include <QEvent>
#include <QMenu>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace Tandem {

MainToolBar::MainToolBar(MainActions *actions, const QList<QAction *> &panelToggles, QWidget *parent)
    : QToolBar(parent)
    , m_actions(actions)
{
    setObjectName(u"ConversationToolBar"_s);
    setMovable(false);
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setIconSize(QSize(18, 18));
    addAction(actions->newConversation());
    addSeparator();

    m_modeButton = new QToolButton(this);
    m_modeButton->setObjectName(u"ModeSelector"_s);
    m_modeButton->setMenu(actions->modeMenu());
    m_modeButton->setPopupMode(QToolButton::InstantPopup);
    m_modeButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_modeButton->setIcon(actions->modeMenu()->icon());
    addWidget(m_modeButton);

    addAction(actions->resetAgent());
    if (auto *button = qobject_cast<QToolButton *>(widgetForAction(actions->resetAgent()))) {
        button->setObjectName(u"ResetAgentButton"_s);
        button->setPopupMode(QToolButton::InstantPopup);
    }
    addAction(actions->exportConversations());

    auto *spacer = new QWidget(this);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    addWidget(spacer);
    for (QAction *toggle : panelToggles)
        addAction(toggle);
    addAction(actions->settings());
    retranslate();
}

void MainToolBar::showMode(Conversation::Mode mode)
{
    m_mode = mode;
    m_modeButton->setText(MainActions::modeName(mode));
    m_modeButton->setIcon(m_actions->modeMenu()->icon());
}

void MainToolBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QToolBar::changeEvent(event);
}

void MainToolBar::retranslate()
{
    setWindowTitle(tr("Conversation"));
    m_modeButton->setAccessibleName(tr("Conversation mode"));
    m_modeButton->setToolTip(tr("How the agents share this conversation"));
    showMode(m_mode);
    const QList<QAction *> shown = actions();
    for (QAction *action : shown)
        if (auto *button = qobject_cast<QToolButton *>(widgetForAction(action)); button && button != m_modeButton)
            button->setAccessibleName(action->text().remove(u'&'));
    // On a narrow screen the actions that do not fit go behind Qt's extension button (»): it is named as well.
    if (auto *more = findChild<QToolButton *>(u"qt_toolbar_ext_button"_s)) {
        more->setAccessibleName(tr("More toolbar actions"));
        more->setToolTip(tr("More toolbar actions"));
    }
}

} // namespace Tandem
