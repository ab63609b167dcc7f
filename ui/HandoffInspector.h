#pragma once

#include <QDialog>

class QFormLayout;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTreeWidget;

namespace Tandem {

class ChatRepository;
class HandoffInspectorViewModel;
class SideBySideView;

/// @brief The handoff inspector: opens on a divider or a
/// history entry and shows the payload (copyable), the status history with times, the rejection reason, the context
/// transferred and how, the run's tokens and duration; for a dual-agent handoff, the side-by-side view too.
class HandoffInspector final : public QDialog
{
    Q_OBJECT

public:
    explicit HandoffInspector(ChatRepository *repository, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(HandoffInspector)

    /// @brief Shows handoff @p handoffId; false if it is not stored.
    bool inspect(qint64 handoffId);
    HandoffInspectorViewModel *viewModel() const { return m_viewModel; }
    QPlainTextEdit *payloadView() const { return m_payload; }
    SideBySideView *sideBySide() const { return m_sideBySide; }
    QTabWidget *tabs() const { return m_tabs; }
    /// @brief The label of a field by its object name ("InspectorStatus", "InspectorTokens", ...).
    QString fieldText(const QString &objectName) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void retranslate();
    QLabel *addField(const QString &objectName);

    HandoffInspectorViewModel *m_viewModel;
    QTabWidget *m_tabs = nullptr;
    QFormLayout *m_form = nullptr;
    QList<QLabel *> m_fields;
    QLabel *m_heading = nullptr;
    QTreeWidget *m_history = nullptr;
    QPlainTextEdit *m_payload = nullptr;
    QPushButton *m_copy = nullptr;
    QPushButton *m_showJson = nullptr;
    SideBySideView *m_sideBySide = nullptr;
    QWidget *m_detailsPage = nullptr;
};

} // namespace Tandem
