#pragma once

#include "exchange/ExchangeApi.h"

#include <QtGlobal>

#include <memory>

namespace Tandem {

class ExchangeStore;
class UnitOfWork;

/// @brief The ExchangeApi of this machine: exports and imports on the stores of one database connection.
class LocalExchange final : public ExchangeApi
{
public:
    /// @brief @p work: the stores of this thread's connection (Database::work()), borrowed; it must outlive this.
    explicit LocalExchange(UnitOfWork &work);
    ~LocalExchange() override;
    Q_DISABLE_COPY_MOVE(LocalExchange)

    std::unique_ptr<Exporter> newExport(const ExportRequest &request) override;
    std::unique_ptr<JsonImporter> newImport() override;

private:
    std::unique_ptr<ExchangeStore> m_store;
};

} // namespace Tandem
