#pragma once

#include "domain/ApprovalRequest.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace Tandem {

class CommandApprovalFields;

/// @brief Asks the person whether a critical tool may run: shows the tool and its arguments (editable JSON) and
/// offers allow once, always for this conversation (unless the tool asks every time), or deny. Accepted with
/// decision(); rejected means deny. Arguments longer than kMaxEditable are not laid out: a bounded preview, their size
/// and Save… show them. A command (run_command) shows its command line and folder to edit instead of JSON; an MCP
/// tool is named "server · tool"; a command that wants the network asks about it once for the conversation.
class ApprovalDialog final : public QDialog
{
    Q_OBJECT

public:
    /// Up to this many characters the arguments are shown whole and may be edited; a text editor lays out a long
    /// line at once, and a model's argument can be one string of megabytes.
    static constexpr qsizetype kMaxEditable = 32 * 1024;
    /// Longer arguments show this many characters, read-only.
    static constexpr qsizetype kPreviewChars = 4000;
    /// How many of a long call's top-level fields the preview lists (the others are counted).
    static constexpr int kPreviewFields = 20;

    explicit ApprovalDialog(const ApprovalRequest &request, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(ApprovalDialog)

    ApprovalDecision decision() const { return m_decision; }
    /// @brief The arguments as edited, compact JSON; empty if the person left them as they were.
    QString editedArguments() const;
    /// @brief The answer to the network question (ApprovalRequest::asksNetwork); nothing if it was not asked.
    std::optional<bool> allowNetwork() const;
    /// @brief "server · tool" for an MCP tool's model-safe name (`server__tool`); other names as they are.
    static QString toolTitle(const QString &toolName);
    /// @brief Names what the call acts on (e.g. the task behind a task_id) above the arguments.
    void setSubject(const QString &subject);
    /// @brief The task a task tool's arguments name by task_id, or 0 (also for arguments too long to edit).
    static qint64 taskIdOf(const ApprovalRequest &request);
    /// @brief Writes the whole arguments, as the model wrote them, to @p path; false if it could not.
    bool saveArguments(const QString &path) const;

private:
    void validate();
    void decide(ApprovalDecision decision);
    void askWhereToSave();

    ApprovalRequest m_request;
    QString m_original;
    bool m_editable;
    QPlainTextEdit *m_arguments;
    CommandApprovalFields *m_command = nullptr;
    QCheckBox *m_network = nullptr;
    QLabel *m_subject;
    QLabel *m_size;
    QLabel *m_problem;
    QPushButton *m_once;
    QPushButton *m_always;
    ApprovalDecision m_decision = ApprovalDecision::Deny;
};

} // namespace Tandem
