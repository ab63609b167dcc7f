#pragma once

#include "tools/ToolProvider.h"
#include "tools/ToolRegistry.h"

#include <QObject>

#include <memory>
#include <vector>

namespace Tandem {

/// @brief The tools of this process, from all its providers: one catalog per process, made by the composition root
/// (main.cpp, the CLI's commands) and shared by the engine, the settings page and every command.
///
/// registry() is the one object the engine and the settings read: it stays the same object while its contents follow
/// the providers, and toolsChanged() says when they changed. A name two providers offer goes to the first.
class ToolCatalog final : public QObject
{
    Q_OBJECT

public:
    explicit ToolCatalog(QObject *parent = nullptr);
    ~ToolCatalog() override;
    Q_DISABLE_COPY_MOVE(ToolCatalog)

    /// @brief A catalog holding the built-in tools (BuiltinTools).
    static std::unique_ptr<ToolCatalog> withBuiltins(QObject *parent = nullptr);

    /// @brief Adds @p provider's tools after those there are; false (and it is dropped) if it is null or its name is
    /// taken.
    bool addProvider(std::unique_ptr<ToolProvider> provider);
    /// @brief Removes the provider named @p name and its tools; false if there is none. Its running jobs must have
    /// ended: the provider owns the tools they run.
    bool removeProvider(const QString &name);
    /// @brief The names of the providers, in the order they were added.
    QStringList providers() const;
    /// @brief Reads every provider's tools again (one of them changed) and announces the change.
    void refresh();

    /// @brief The tools of all providers: definitions, argument checks, criticality, jobs.
    const ToolRegistry &registry() const { return m_registry; }

Q_SIGNALS:
    /// The set of tools changed (a provider came, went or changed its tools).
    void toolsChanged();

private:
    std::vector<std::unique_ptr<ToolProvider>> m_providers;
    ToolRegistry m_registry;
};

} // namespace Tandem
