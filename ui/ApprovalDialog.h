#pragma once

#include "domain/ApprovalRequest.h"

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace Tandem {

/// @brief Asks the person whether a critical tool may run: shows the tool and its arguments (editable JSON) and
/// offers allow once, always for this conversation, or deny. Accepted with decision(); rejected means deny.
class ApprovalDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit ApprovalDialog(const ApprovalRequest &request, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(ApprovalDialog)

    ApprovalDecision decision() const { return m_decision; }
    /// @brief The arguments as edited, compact JSON; empty if the person left them as they were.
    QString editedArguments() const;

private:
    void validate();
    void decide(ApprovalDecision decision);

    ApprovalRequest m_request;
    QString m_original;
    QPlainTextEdit *m_arguments;
    QLabel *m_problem;
    QPushButton *m_once;
    QPushButton *m_always;
    ApprovalDecision m_decision = ApprovalDecision::Deny;
};

} // namespace Tandem
