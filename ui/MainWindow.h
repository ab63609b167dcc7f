#pragma once

#include <QMainWindow>

class QLabel;
class QLineEdit;
class QListView;
class QPushButton;
class QSplitter;
class QStackedWidget;

namespace Tandem {

class Composer;

/// @brief The main window: conversation sidebar, chat view and composer.
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;
    Q_DISABLE_COPY_MOVE(MainWindow)

    Composer *composer() const { return m_composer; }

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    QWidget *createSidebar();
    QWidget *createChatArea();
    void restoreLayout();
    void saveLayout() const;

    QSplitter *m_splitter = nullptr;
    QLineEdit *m_search = nullptr;
    QPushButton *m_newConversation = nullptr;
    QListView *m_conversations = nullptr;
    QStackedWidget *m_chatStack = nullptr;
    QListView *m_messages = nullptr;
    QLabel *m_emptyChat = nullptr;
    Composer *m_composer = nullptr;
    QLabel *m_statusAgent = nullptr;
};

} // namespace Tandem
