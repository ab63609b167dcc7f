#pragma once

#include <QCoreApplication>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>

namespace Tandem {

class ChatRepository;
class ConversationsApi;

/// @brief Conversation → Variables…: the prompt variables of one conversation ($NAME in the agents' prompts), to
/// read, add, change and remove. A name is checked as `tandem run --var` checks it (VariableAssignment).
class VariablesViewModel final : public QObject
{
    Q_OBJECT

public:
    /// @brief @p conversations may be null: nothing to read or change.
    VariablesViewModel(ConversationsApi *conversations, qint64 conversationId, QObject *parent = nullptr);
    /// @brief The same on the whole façade, for the window (which cannot include `chat`).
    VariablesViewModel(ChatRepository *repository, qint64 conversationId, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(VariablesViewModel)

    qint64 conversationId() const { return m_conversationId; }
    /// @brief The variables, name → value, sorted by name.
    QList<QPair<QString, QString>> variables() const;
    /// @brief Sets @p name to @p value (adds it or changes it); the sentence that says why not, or empty.
    QString set(const QString &name, const QString &value);
    /// @brief Removes @p name; the sentence that says why not, or empty.
    QString remove(const QString &name);

Q_SIGNALS:
    /// @brief A variable was set or removed.
    void changed();

private:
    ConversationsApi *m_conversations;
    qint64 m_conversationId;
};

} // namespace Tandem
