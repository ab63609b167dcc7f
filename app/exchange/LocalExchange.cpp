#include "LocalExchange.h"

#include "exchange/Exporter.h"
#include "exchange/JsonImporter.h"
#include "storage/ExchangeStore.h"

namespace Tandem {

LocalExchange::LocalExchange(UnitOfWork &work)
    : m_store(std::make_unique<ExchangeStore>(work))
{ }

LocalExchange::~LocalExchange() = default;

std::unique_ptr<Exporter> LocalExchange::newExport(const ExportRequest &request)
{
    return std::make_unique<Exporter>(m_store.get(), request);
}

std::unique_ptr<JsonImporter> LocalExchange::newImport()
{
    return std::make_unique<JsonImporter>(m_store.get());
}

} // namespace Tandem
