#include "SettingsService.h"

namespace Tandem {

SettingsService::SettingsService(QObject *parent)
    : QObject(parent)
{ }

SettingsService::~SettingsService() = default;

} // namespace Tandem
