#pragma once

#include <QWidget>

class QLabel;
class QTextBrowser;

namespace Tandem {

class HandoffInspectorViewModel;

/// @brief The dual-agent side-by-side view: agent 1's payload beside agent 2's rewrite, the words agent 2 dropped
/// struck out on the left and the words it wrote marked on the right.
class SideBySideView final : public QWidget
{
    Q_OBJECT

public:
    explicit SideBySideView(HandoffInspectorViewModel *viewModel, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(SideBySideView)

    QTextBrowser *left() const { return m_left; }
    QTextBrowser *right() const { return m_right; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();

    HandoffInspectorViewModel *m_viewModel;
    QLabel *m_leftTitle = nullptr;
    QLabel *m_rightTitle = nullptr;
    QLabel *m_summary = nullptr;
    QTextBrowser *m_left = nullptr;
    QTextBrowser *m_right = nullptr;
};

} // namespace Tandem
