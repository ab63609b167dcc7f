#include "ProviderPresets.h"

namespace Tandem {

using namespace Qt::StringLiterals;

namespace {
ProviderProfile makeProfile(const QString &id, const QString &name, ProviderProfile::Protocol protocol,
    const QString &baseUrl, const QString &defaultModel = {})
{
    ProviderProfile profile;
    profile.id = id;
    profile.name = name;
    profile.protocol = protocol;
    profile.baseUrl = QUrl(baseUrl);
    profile.defaultModel = defaultModel;
    return profile;
}
} // namespace

ProviderProfile ProviderPresets::openAi()
{
    return makeProfile(u"openai"_s, u"OpenAI"_s, ProviderProfile::Protocol::Responses, u"https://api.openai.com/v1"_s,
        u"gpt-5-mini"_s);
}

ProviderProfile ProviderPresets::ollama()
{
    return makeProfile(
        u"ollama"_s, u"Ollama"_s, ProviderProfile::Protocol::ChatCompletions, u"http://127.0.0.1:11434/v1"_s);
}

ProviderProfile ProviderPresets::llamaCpp()
{
    return makeProfile(u"llamacpp"_s, tr("llama.cpp server"), ProviderProfile::Protocol::ChatCompletions,
        u"http://127.0.0.1:8080/v1"_s);
}

ProviderProfile ProviderPresets::lmStudio()
{
    return makeProfile(
        u"lmstudio"_s, u"LM Studio"_s, ProviderProfile::Protocol::ChatCompletions, u"http://127.0.0.1:1234/v1"_s);
}

ProviderProfile ProviderPresets::vllm()
{
    return makeProfile(u"vllm"_s, u"vLLM"_s, ProviderProfile::Protocol::ChatCompletions, u"http://127.0.0.1:8000/v1"_s);
}

ProviderProfile ProviderPresets::openRouter()
{
    ProviderProfile profile = makeProfile(u"openrouter"_s, u"OpenRouter"_s, ProviderProfile::Protocol::ChatCompletions,
        u"https://openrouter.ai/api/v1"_s);
    // OpenRouter attributes traffic to the app named here (optional, not a secret).
    profile.extraHeaders.insert(u"X-Title"_s, u"Tandem"_s);
    return profile;
}

ProviderProfile ProviderPresets::custom()
{
    return makeProfile(
        u"custom"_s, tr("Custom OpenAI-compatible server"), ProviderProfile::Protocol::ChatCompletions, QString());
}

QList<ProviderProfile> ProviderPresets::all()
{
    return { openAi(), ollama(), llamaCpp(), lmStudio(), vllm(), openRouter(), custom() };
}

QList<ProviderProfile> ProviderPresets::localServers()
{
    return { ollama(), llamaCpp(), lmStudio(), vllm() };
}

} // namespace Tandem
