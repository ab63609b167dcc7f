#pragma once

#include <QString>

#include <memory>

namespace Tandem {

class Exporter;
class JsonImporter;
struct ExportRequest;

/// @brief Export and import: the one door ExchangeViewModel goes through, so it knows no store.
///
/// It sits beside the chat façade, not in it: the exporters lay out text with QtGui, which app/chat does not link.
class ExchangeApi
{
public:
    virtual ~ExchangeApi() = default;

    /// @brief A new export of @p request, not started yet: Exporter::start(), then Exporter::step() until it is done.
    virtual std::unique_ptr<Exporter> newExport(const ExportRequest &request) = 0;
    /// @brief A new import: JsonImporter::importFile() writes a Tandem JSON export as new conversations.
    virtual std::unique_ptr<JsonImporter> newImport() = 0;
};

} // namespace Tandem
