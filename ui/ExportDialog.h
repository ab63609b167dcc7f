#pragma once

#include <QDialog>
#include <QList>

class QAbstractItemModel;
class QComboBox;
class QDialogButtonBox;
class QListView;
class QRadioButton;

namespace Tandem {

/// @brief File → Export…: what to export (this conversation, the ones selected in a list, or all), in which format,
/// and for several conversations whether to write one file or a folder with one file per conversation.
///
/// The conversations come from the sidebar's model (ConversationListModel, its IdRole); the dialog only collects the
/// choice, the window then asks where to write and runs the export.
class ExportDialog final : public QDialog
{
    Q_OBJECT

public:
    enum class Scope { Current, Selected, All };

    /// @brief @p conversations: the sidebar's model (borrowed); @p currentId: the open conversation (0: none).
    ExportDialog(QAbstractItemModel *conversations, qint64 currentId, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(ExportDialog)

    Scope scope() const;
    void setScope(Scope scope);
    /// @brief The chosen conversations' ids (empty for All).
    QList<qint64> conversationIds() const;
    /// @brief The chosen format's name ("md", "json", "html", "pdf", "txt").
    QString format() const;
    void setFormat(const QString &name);
    /// @brief True if several conversations go to a folder, one file each.
    bool toFolder() const;
    void setToFolder(bool toFolder);

    QListView *conversationList() const { return m_list; }
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void updateState();
    void fitListWidth();

    qint64 m_currentId;
    QRadioButton *m_current = nullptr;
    QRadioButton *m_selected = nullptr;
    QRadioButton *m_all = nullptr;
    QListView *m_list = nullptr;
    QComboBox *m_format = nullptr;
    QRadioButton *m_oneFile = nullptr;
    QRadioButton *m_folder = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace Tandem
