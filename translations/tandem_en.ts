<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AppSetup</name>
    <message>
        <source>Tandem: a desktop chat in which several AI agents share one conversation and hand it to each other.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Database</name>
    <message>
        <source>Cannot create the data folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the database %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot configure the database (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the database version: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database was written by a newer version of Tandem (schema %1; this version knows %2). Update Tandem to open it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start the upgrade to version %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot upgrade the database to version %1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot record database version %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JsonSchemaValidator</name>
    <message>
        <source>The arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be of type %2, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be one of %2, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 must have at least %n character(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 must have at most %n character(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 must be at least %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be at most %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is required.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an accepted argument; this tool takes no arguments.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an accepted argument (accepted: %2).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LlmError</name>
    <message>
        <source>The provider refused the API key. Check the key in the provider settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider does not know this address or model. Check the base URL and the model name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider refused the request. The details below say which part it did not accept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider account has run out of credit. Check the plan and billing with the provider.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The provider is limiting requests. Try again in %n second(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The provider is limiting requests. Wait a moment and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider had a problem answering. Try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider could not be reached. Check the network connection and the base URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider stopped answering. Try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider&apos;s answer could not be understood. Check that the server is OpenAI-compatible.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply was cut off at the output token limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply was stopped by the provider&apos;s content filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply ended before it was complete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderPresets</name>
    <message>
        <source>llama.cpp server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom OpenAI-compatible server</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::Composer</name>
    <message>
        <source>&amp;Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write a message. Enter sends, Shift+Enter starts a new line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the message (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::MainWindow</name>
    <message>
        <source>Tandem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No provider configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active agent, provider and model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversations arrive with the chat engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No conversation yet.
Write a message below to start one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a provider in Settings to start chatting</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::SecretStore</name>
    <message>
        <source>No system keychain is available: API keys are kept in memory until Tandem quits and must be entered again next time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The system keychain failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Access to the system keychain was denied: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Keep the database in &lt;folder&gt; instead of the default (also: %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tandem cannot start</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
