#include "Logging.h"

Q_LOGGING_CATEGORY(lcApp, "tandem.app", QtInfoMsg)
Q_LOGGING_CATEGORY(lcDb, "tandem.db", QtInfoMsg)
Q_LOGGING_CATEGORY(lcSecrets, "tandem.secrets", QtInfoMsg)
Q_LOGGING_CATEGORY(lcLlm, "tandem.llm", QtInfoMsg)
Q_LOGGING_CATEGORY(lcAgents, "tandem.agents", QtInfoMsg)
Q_LOGGING_CATEGORY(lcChat, "tandem.chat", QtInfoMsg)
Q_LOGGING_CATEGORY(lcUi, "tandem.ui", QtInfoMsg)
Q_LOGGING_CATEGORY(lcCli, "tandem.cli", QtInfoMsg)
Q_LOGGING_CATEGORY(lcExchange, "tandem.exchange", QtInfoMsg)
Q_LOGGING_CATEGORY(lcApi, "tandem.api", QtInfoMsg)
