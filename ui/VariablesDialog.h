#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace Tandem {

class ChatRepository;
class VariablesViewModel;

/// @brief Conversation → Variables…: the open conversation's prompt variables in a table, with a name and a value
/// to set (add or change) and the selected one to remove. A refused name shows VariableAssignment's sentence, the
/// one `tandem run --var` prints.
class VariablesDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit VariablesDialog(VariablesViewModel *model, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(VariablesDialog)

    /// @brief Shows the dialog for @p conversationId of @p repository (nothing without either) until it is closed.
    static void open(ChatRepository *repository, qint64 conversationId, QWidget *parent);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void reload();
    void fillFields();
    void setCurrent();
    void removeCurrent();
    void showProblem(const QString &problem);

    VariablesViewModel *m_model;
    QLabel *m_intro;
    QTableWidget *m_table;
    QLabel *m_nameLabel;
    QLineEdit *m_name;
    QLabel *m_valueLabel;
    QLineEdit *m_value;
    QPushButton *m_set;
    QPushButton *m_remove;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
};

} // namespace Tandem
