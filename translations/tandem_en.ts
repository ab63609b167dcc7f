<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AgentCatalog</name>
    <message>
        <source>%1: cannot be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: is larger than %2 KiB, too large for an agent file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: is not UTF-8 text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the target “%2” is no agent; that handoff is left out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the id “%2” is already given by %3; this file is left out.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AgentFile</name>
    <message>
        <source>An agent file starts with a line “---”, then its front matter (id, name, …), then a line “---”, then its instructions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The front matter is not closed: add a line “---” after its last key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indent with spaces: tabs are not allowed in the front matter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This line is indented, but there is no key above it that it could belong to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” already has a value on its line, so the indented lines below it belong to nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This list item belongs to no key: put it under a key that takes a list, such as “tools:”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected “key: value” here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown key “%1”. The keys are: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is given twice (first on line %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown escape “\%1” in quoted text: use \&quot;, \\, \n or \t.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The quoted text is not closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unexpected text after the closing quote.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Block text (| or &gt;) is not supported: write the value on one line, in quotes if needed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maps in braces ({…}) are not supported: write each key on its own line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This key takes a single value, not a list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A list item cannot be a list or a map.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The list is not closed: end it with “]”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unexpected text after the end of the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The list has an empty item: remove the extra comma.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” takes a list: [a, b] on its line, or one “- item” per line below it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected a list item here: “- ” and its value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The list item is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown mode “%1”: use single, dual, pipeline or router.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a tool name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is listed twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” takes a single value on its own line, not indented lines below it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“person” names the human and cannot be an agent&apos;s id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a valid id: use a-z, 0-9, _ and -, starting with a letter, at most %2 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is true or false, not “%2”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is a whole number, 0 or more, not “%2”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected a target here: “- id”, or “- to: id” with its options indented on the lines below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown target key “%1”: use to, transfer, timing or warm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is given twice for this target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown transfer “%1”: use payload, summary or full_history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown timing “%1”: use same_turn or next_turn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This target has no “to”: name the agent it hands over to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not an agent id: use a-z, 0-9, _ and -, starting with a letter, or “person”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The target “%1” is listed twice (first on line %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The front matter has no “%1”: every agent needs one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An agent cannot hand over to itself: remove “%1” from its targets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A terminal agent never hands over: remove its targets or set terminal: false.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AppSetup</name>
    <message>
        <source>Tandem: a desktop chat in which several AI agents share one conversation and hand it to each other.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tandem&apos;s window needs a display, and there is none here (neither DISPLAY nor WAYLAND_DISPLAY is set). The headless commands need none: see tandem --help.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Calculator</name>
    <message>
        <source>The expression is incomplete: a number, a name or &quot;(&quot; is missing at the end.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unexpected &quot;)&quot; at position %1: it has no matching &quot;(&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An operator is missing at position %1; write multiplication with *, e.g. 2*pi.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unexpected character &quot;%1&quot; at position %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The result is not a real number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The result is too large (overflow).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Division by zero.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Division by zero in the remainder (%) at position %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The expression is nested too deeply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The &quot;(&quot; at position %1 is never closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A lone &quot;.&quot; at position %1 is not a number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The number at position %1 is too large.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The function %1 at position %2 needs its arguments in parentheses, e.g. %1(2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown name &quot;%1&quot; at position %2. Functions: %3. Constants: pi, e.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 takes at least %n argument(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 takes %n argument(s), not %2.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 takes %2 or %3 arguments, not %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The square root of a negative number (%1) is not a real number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The second argument of round must be a whole number of decimals between -15 and 15.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The logarithm of %1 is undefined; it needs a positive number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The base of a logarithm must be positive and not 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a number between -1 and 1, not %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown function %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The expression is longer than %1 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The expression is empty.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CliCommands</name>
    <message>
        <source>There is no conversation %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider could not be stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown provider “%1”: give a stored profile&apos;s id or a base URL such as http://127.0.0.1:11434/v1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” needs your approval (request %2); decide in Tandem&apos;s window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The message could not be stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit codes: 0 success, 1 storage error (the database or the keychain), 2 usage error, 3 provider error, 4 stopped by a guardrail, 5 a tool waits for approval, 6 cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the database in &lt;folder&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>single or dual (dual: agent 1 clarifies, agent 2 answers).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A stored provider profile&apos;s id, or a base URL ending in /v1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model to use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue the conversation with this id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For a base URL: responses or chat (default chat).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>protocol</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder the file tools may use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: tandem show ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The base URL contains a user name or password. Give the URL without it and the key in the environment variable TANDEM_API_KEY.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The base URL contains the secret parameter “%1”. Give the URL without it and the key in the environment variable TANDEM_API_KEY.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown mode “%1”: use single or dual.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The mode “%1” is not available from the command line: use single or dual.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown protocol “%1”: use responses or chat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No provider given: add --provider with a stored profile&apos;s id or a base URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The message is empty: write it after the options, in quotes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation&apos;s mode could not be stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation could not be stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation&apos;s provider could not be stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also print what Tandem does (log lines) on standard error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown command “%1”. The commands are: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown command “%1”. Did you mean “%2”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>See: tandem --help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commands:
  run           send a message and stream the answer with its handoffs
  conversations list the stored conversations
  show ID       print one conversation with its dividers
  export        write conversations to a file: --conversation ID|--all --format md|json|html|pdf|txt -o PATH (a folder: one file per conversation)
  import FILE   add the conversations of a Tandem JSON export as new ones

The API key of a stored provider comes from the keychain; for a base URL, from TANDEM_API_KEY.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export format: md, json, html, pdf or txt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file (or folder) to export to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export every conversation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run, conversations, show, export or import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If another Tandem process is answering the conversation, wait this long for its turn (default 60).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--wait needs a number of seconds (0 or more).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation %1 is answering in another Tandem process (%2); gave up waiting after %3 s. Send the message again when it is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set a variable of the conversation that the agents&apos; prompts use as $NAME (NAME in capitals, such as STORY_ID), before the turn. Repeat it for several.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME=value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“--var %1”: write NAME=value, NAME in capitals, digits and underscores, starting with a capital (such as STORY_ID=v0.1:1.1.1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: tandem run --mode single|dual --provider &lt;profile or base URL&gt; [--model M] [--conversation ID] [--protocol responses|chat] [--var NAME=value]... &quot;message&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation&apos;s variable %1 could not be stored.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CurrentDateTimeTool</name>
    <message>
        <source>Unknown time zone &quot;%1&quot;. Use an IANA id such as &quot;Europe/Berlin&quot; or &quot;UTC&quot;, or leave it out.</source>
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
    <message>
        <source>The database %1 is locked: another program (another Tandem, or a tool with the file open) is writing to it. Try again when it has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database %1 is damaged (%2). Tandem has left it as it is.

Keep a copy of the file, then copy what can still be read into a new database:
%3
If your sqlite3 has no working .recover, use this instead of the last line:
%4
Then start Tandem with --data-dir &quot;%5&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeleteFileTool</name>
    <message>
        <source>The file &quot;%1&quot; does not exist in the workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a folder; delete_file deletes files only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; could not be deleted: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExchangeStore</name>
    <message>
        <source>The database could not start a transaction: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The import could not be saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportCommand</name>
    <message>
        <source>Usage: tandem export --conversation ID [--conversation ID …] | --all --format md|json|html|pdf|txt -o PATH (a folder: one file per conversation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown format “%1”: use md, json, html, pdf or txt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no conversation %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages exported: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportText</name>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tandem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Handed over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transferred</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Handoff failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (reason: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>still being written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approved once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>always allowed in this conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approval withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens in, %2 out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 cached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 reasoning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Single agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dual agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Router</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>en</source>
        <comment>the language code of exported HTML</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tandem export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>started %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>called %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run with the arguments as edited:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported from Tandem on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>called `%1`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of `%1`</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>The conversations could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no conversation %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder “%1” could not be created.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” could not be written: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation %1 could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GuardrailCounters</name>
    <message>
        <source>Stopped: this conversation has used its token budget (%1 tokens).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped: this answer has used its token budget (%1 tokens).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Stopped: the agents reached the limit of %n model call(s) for one answer.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: the agents handed the conversation over %n time(s) in one answer, the limit.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: %1 handed over to %2 %n time(s) in one answer, the limit.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped: %1 and %2 keep handing the conversation back and forth.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Stopped: the answer took longer than %n second(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GuardrailLimits</name>
    <message>
        <source>Model calls per answer must be from %1 to %2, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The token budget per answer must be from %1 to %2 tokens (0 switches it off), not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The token budget per conversation must be from %1 to %2 tokens (0 switches it off), not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The time limit per answer must be from %1 to %2 seconds, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Handoffs per answer must be from %1 to %2, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Handoffs from one agent to the same other agent per answer must be from %1 to %2, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The back-and-forth window must be from %1 to %2 handoffs, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A pending handoff must time out after %1 to %2 minutes, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The output limit per model call must be from %1 to %2 tokens (0: the provider&apos;s own), not %3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GuardrailOptions</name>
    <message>
        <source>At most this many model calls for the answer (a guardrail).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A token budget for the answer; 0 switches it off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A token budget for the whole conversation; 0 switches it off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the answer after this many seconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most this many handoffs for the answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most this many handoffs from one agent to the same other agent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time out handoffs left pending for this many minutes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most this many output tokens per model call; 0: the provider&apos;s own limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 needs a whole number, not “%2”.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HandoffExecutor</name>
    <message>
        <source>Stopped before %1 could answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no agent “%1”: the conversation stays with %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is disabled: the conversation stays with %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a terminal agent and cannot hand the conversation over; it stays with %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may not hand the conversation to %2: it stays with %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Handing the message to agent 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message accepted by agent 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transferred to %1. Context: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The handoff to %1 timed out: the conversation is back with %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportCommand</name>
    <message>
        <source>Usage: tandem import FILE (a JSON export of Tandem)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversations imported as new ones: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JsonImporter</name>
    <message>
        <source>This is not a valid Tandem export: %1 %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is too large to import (%2 MB; the limit is %3 MB).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is too large to import.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The import could not be saved; nothing was changed. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is too large to import.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not a valid Tandem export: the JSON is malformed or cut short at byte %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not a Tandem export: the file does not hold a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not a Tandem export: its “format” is not “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not a valid Tandem export: its “version” is not a positive whole number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This export was written by a newer Tandem (format version %1); this Tandem reads up to version %2. Update Tandem to import it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>repeats the id of an earlier conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is neither a string nor null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is longer than %1 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is neither a number nor null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is out of range (%1 to %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a date and time (ISO 8601)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has more than %1 entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is nested more than %1 levels deep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holds a text longer than %1 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a known run status (“%1”)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a known handoff status (“%1”)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>names run %1, which is not in this conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a known approval status (“%1”)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a known decision (“%1”)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has an unknown value (“%1”)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>names handoff %1, which is not in this conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>repeats an id or name of an earlier entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>makes a second agent active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It was still being written when it was exported.</source>
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
    <name>ListFilesTool</name>
    <message>
        <source>The folder &quot;%1&quot; does not exist in the workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a file, not a folder; use read_file to read it.</source>
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
    <message>
        <source>The provider refused the request (HTTP %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider refused the request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider refused the request: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to the provider was cut before the answer was complete. What arrived is kept; try again.</source>
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
    <name>ReadFileTool</name>
    <message>
        <source>The file &quot;%1&quot; does not exist in the workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a folder, not a file; use list_files to see its contents.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a regular file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; has %2 bytes; read_file reads at most %3 KiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; is larger than %2 KiB; read_file reads at most that much.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; looks binary (not UTF-8 text); read_file only reads text.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunRecovery</name>
    <message>
        <source>Tandem closed while handing the message to agent 2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tandem closed while this reply was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interrupted: no reply was written.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::AgentRunner</name>
    <message>
        <source>Stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was stopped.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::ApprovalDialog</name>
    <message>
        <source>Allow &amp;once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Always allow in this conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approve Tool Call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; wants to run the tool &lt;b&gt;%2&lt;/b&gt;. Check the arguments below; you may edit them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool arguments (JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deny the tool call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow the tool call once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always allow this tool in this conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The arguments are not valid JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The arguments are not valid JSON for a tool: they must be one object, { … }.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::ChatView</name>
    <message>
        <source>Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Select Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy &amp;Link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Regenerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;try</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::ChatViewModel</name>
    <message>
        <source>The conversation could not be created.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The message could not be saved, so it was not sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is nothing to regenerate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The mode could not be changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is working…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 are working…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No conversation open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider&apos;s default model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This conversation is answering in another Tandem window or command (process %1). Send your message again when it is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent files: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent files: %1 (problems in all: %2)</source>
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
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the reply (Esc); what was written so far stays</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::ConversationListModel</name>
    <message>
        <source>Pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Older</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::ExchangeViewModel</name>
    <message>
        <source>Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (can be imported again)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTML (one web page)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plain text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tandem conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An export is already running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose what to export, a format and where to write it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files exported: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The export was cancelled; nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversations imported: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::ExportDialog</name>
    <message>
        <source>Export Conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;This conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Selected conversations:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;All conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversations to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One &amp;file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A f&amp;older, one file per conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::FirstRunDialog</name>
    <message>
        <source>Looking for model servers on this computer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Use this server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use &amp;OpenAI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Welcome to Tandem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tandem needs a model provider: a server running on this computer (Ollama, llama.cpp, LM Studio, vLLM) or an OpenAI account.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detected local servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the selected local server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenAI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenAI API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sk-… (kept in the system keychain)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use OpenAI with this key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set up a provider later</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 at %2 (%n model(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No model server is running on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Found running on this computer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key could not be stored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storing the key…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::LocalSettingsService</name>
    <message>
        <source>A provider needs a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The base URL is not valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No keychain is available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The base URL contains a user name or password. Remove it from the URL and enter the key in the API key field: Tandem keeps it in the system keychain, not with the URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The base URL contains the secret parameter “%1”. Remove it from the URL and enter the key in the API key field: Tandem keeps it in the system keychain, not with the URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No network access.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n model(s) available.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::MainWindow</name>
    <message>
        <source>Tandem</source>
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
        <source>Add a provider in Settings to start chatting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model servers found on this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a new conversation (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dual agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dual-agent mode for this conversation: agent 1 clarifies, then hands over to agent 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Providers, models, language and theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the agents share this conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Single agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dual agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dual-agent mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search titles and messages (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Un&amp;pin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tandem has no chat engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete “%1” with all its messages and handoffs? This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings are not available in this window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Found on this computer: %1. &lt;a href=&quot;add&quot;&gt;Add to providers&lt;/a&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset an Agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make one agent forget this conversation; the messages and the other agents&apos; threads stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 will forget this conversation and start afresh with the next message that reaches it. The messages stay, and the other agents keep their threads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 starts afresh.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No conversation open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The decision on “%1” could not be recorded. It is asked again when the conversation is opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick a conversation on the left,
or write a message below to start a new one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export conversations to Markdown, JSON, HTML, PDF or plain text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the conversations of a Tandem JSON export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export to Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting conversations…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import Conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import refused</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::MessageDelegate</name>
    <message>
        <source>the next agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Handing the message to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message accepted by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rejected by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transferred to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The handoff failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message text</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::MessageListModel</name>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::RunMachine</name>
    <message>
        <source>This conversation has no model provider: choose one in the settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The API key could not be read from the keychain: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The message for %1 could not be stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent&apos;s thread could not be stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent “%1” does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reply could not be stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model returned an empty answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tool result could not be stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The handoff could not be stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The end of this run could not be stored: the database is locked or cannot be written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The prompt of %1 uses $%2, which this conversation does not set. Set it (tandem run --conversation %3 --var %2=…), then send again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The prompt of %1 uses %2, which this conversation does not set. Set them (tandem run --conversation %3 --var NAME=…), then send again.</source>
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
    <name>Tandem::SettingsDialog</name>
    <message>
        <source>•••• stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Providers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;ppearance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No key (not needed for local servers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved; the key is in the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key could not be stored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Providers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Responses API (OpenAI)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat Completions (OpenAI-compatible)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored in the system keychain; leave empty to keep the stored key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Test connection and list models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test the connection and list the models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;rotocol:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Base URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider&apos;s default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant default model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent 1 default model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent 2 default model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace folder for the file tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None: the file tools are off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model each agent uses when a conversation does not name one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;ssistant (single agent):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent &amp;1 (clarifies):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent &amp;2 (validates, rewrites):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file tools may list and read files only inside this folder; writing and deleting always ask you first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Workspace folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new language takes effect when Tandem restarts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the keychain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storing the key…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove “%1” and its stored key?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Guardrails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limits every answer obeys, however many agents take part. The next answer uses them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model calls per answer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tokens per answer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per &amp;conversation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;ime per answer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Handoffs per answer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Handoffs a&amp;long one path per answer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Back and forth after:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> handoffs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A pending handoff &amp;expires after:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Output tokens per model call:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider&apos;s limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guardrail status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Restore Defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore the built-in limits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in limits are back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved; the next answer uses these limits.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tandem::SettingsViewModel</name>
    <message>
        <source>No keychain is available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No network access.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolGate</name>
    <message>
        <source>%1 wants to run “%2” and needs your approval.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tool “%1” is not available to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The person did not allow this call.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolRegistry</name>
    <message>
        <source>Unknown tool &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid arguments for %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The arguments for %1 are not valid JSON (%2 at offset %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The arguments for %1 must be a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TransitionGraph</name>
    <message>
        <source>The handoff %1 → %2 starts at an unknown agent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The handoff %1 → %2 targets an unknown agent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot hand over to itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a terminal agent and cannot hand over.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <source>No workspace folder is chosen. Ask the person to choose one for this conversation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace folder %1 does not exist or is not a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The path contains a NUL character.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The path &quot;%1&quot; is absolute; give a path relative to the workspace folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The path &quot;%1&quot; points into a home folder; give a path relative to the workspace folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The path &quot;%1&quot; leads outside the workspace folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The path &quot;%1&quot; goes through a symbolic link whose target does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The path &quot;%1&quot; goes through a symbolic link that leads outside the workspace folder.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WriteFileTool</name>
    <message>
        <source>&quot;%1&quot; is a folder; write_file needs the path of a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder for &quot;%1&quot; could not be created.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; could not be written: %2</source>
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
    <message>
        <source>Tandem cannot go on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headless commands: tandem run|conversations|show|export|import --help</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
