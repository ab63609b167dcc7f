<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ArgumentsPreview</name>
    <message numerus="yes">
        <source>… (%n characters in all)</source>
        <translation>
            <numerusform>… (%n character in all)</numerusform>
            <numerusform>… (%n characters in all)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more fields</source>
        <translation>
            <numerusform>… and %n more field</numerusform>
            <numerusform>… and %n more fields</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Calculator</name>
    <message numerus="yes">
        <source>%1 takes at least %n argument(s).</source>
        <translation>
            <numerusform>%1 takes at least %n argument.</numerusform>
            <numerusform>%1 takes at least %n arguments.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 takes %n argument(s), not %2.</source>
        <translation>
            <numerusform>%1 takes %n argument, not %2.</numerusform>
            <numerusform>%1 takes %n arguments, not %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 takes %2 or %n arguments, not %3.</source>
        <translation>
            <numerusform>%1 takes %2 or %n argument, not %3.</numerusform>
            <numerusform>%1 takes %2 or %n arguments, not %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The expression is longer than %n characters.</source>
        <translation>
            <numerusform>The expression is longer than %n character.</numerusform>
            <numerusform>The expression is longer than %n characters.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DataLimits</name>
    <message numerus="yes">
        <source>The payload is nested more than %n levels deep.</source>
        <translation>
            <numerusform>The payload is nested more than %n level deep.</numerusform>
            <numerusform>The payload is nested more than %n levels deep.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The payload holds a text longer than %n characters.</source>
        <translation>
            <numerusform>The payload holds a text longer than %n character.</numerusform>
            <numerusform>The payload holds a text longer than %n characters.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportCommand</name>
    <message numerus="yes">
        <source>%n messages exported.</source>
        <translation>
            <numerusform>%n message exported.</numerusform>
            <numerusform>%n messages exported.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportText</name>
    <message numerus="yes">
        <source>%n tokens in, %1 out</source>
        <translation>
            <numerusform>%n token in, %1 out</numerusform>
            <numerusform>%n tokens in, %1 out</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the current branch; %n other branch(es) not printed</source>
        <translation>
            <numerusform>the current branch; %n other branch not printed</numerusform>
            <numerusform>the current branch; %n other branches not printed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GuardrailCounters</name>
    <message numerus="yes">
        <source>Stopped: the agents reached the limit of %n model call(s) for one answer.</source>
        <translation>
            <numerusform>Stopped: the agents reached the limit of %n model call for one answer.</numerusform>
            <numerusform>Stopped: the agents reached the limit of %n model calls for one answer.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: the agents handed the conversation over %n time(s) in one answer, the limit.</source>
        <translation>
            <numerusform>Stopped: the agents handed the conversation over %n time in one answer, the limit.</numerusform>
            <numerusform>Stopped: the agents handed the conversation over %n times in one answer, the limit.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: %1 handed over to %2 %n time(s) in one answer, the limit.</source>
        <translation>
            <numerusform>Stopped: %1 handed over to %2 %n time in one answer, the limit.</numerusform>
            <numerusform>Stopped: %1 handed over to %2 %n times in one answer, the limit.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: the answer took longer than %n second(s).</source>
        <translation>
            <numerusform>Stopped: the answer took longer than %n second.</numerusform>
            <numerusform>Stopped: the answer took longer than %n seconds.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: this conversation has used its token budget (%n tokens).</source>
        <translation>
            <numerusform>Stopped: this conversation has used its token budget (%n token).</numerusform>
            <numerusform>Stopped: this conversation has used its token budget (%n tokens).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: this answer has used its token budget (%n tokens).</source>
        <translation>
            <numerusform>Stopped: this answer has used its token budget (%n token).</numerusform>
            <numerusform>Stopped: this answer has used its token budget (%n tokens).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GuardrailLimits</name>
    <message numerus="yes">
        <source>The token budget per answer must be from %1 to %Ln tokens (0 switches it off), not %2.</source>
        <translation>
            <numerusform>The token budget per answer must be from %1 to %Ln token (0 switches it off), not %2.</numerusform>
            <numerusform>The token budget per answer must be from %1 to %Ln tokens (0 switches it off), not %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The token budget per conversation must be from %1 to %Ln tokens (0 switches it off), not %2.</source>
        <translation>
            <numerusform>The token budget per conversation must be from %1 to %Ln token (0 switches it off), not %2.</numerusform>
            <numerusform>The token budget per conversation must be from %1 to %Ln tokens (0 switches it off), not %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The time limit per answer must be from %1 to %Ln seconds, not %2.</source>
        <translation>
            <numerusform>The time limit per answer must be from %1 to %Ln second, not %2.</numerusform>
            <numerusform>The time limit per answer must be from %1 to %Ln seconds, not %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The back-and-forth window must be from %1 to %Ln handoffs, not %2.</source>
        <translation>
            <numerusform>The back-and-forth window must be from %1 to %Ln handoff, not %2.</numerusform>
            <numerusform>The back-and-forth window must be from %1 to %Ln handoffs, not %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A pending handoff must time out after %1 to %Ln minutes, not %2.</source>
        <translation>
            <numerusform>A pending handoff must time out after %1 to %Ln minute, not %2.</numerusform>
            <numerusform>A pending handoff must time out after %1 to %Ln minutes, not %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The output limit per model call must be from %1 to %Ln tokens (0: the provider&apos;s own), not %2.</source>
        <translation>
            <numerusform>The output limit per model call must be from %1 to %Ln token (0: the provider&apos;s own), not %2.</numerusform>
            <numerusform>The output limit per model call must be from %1 to %Ln tokens (0: the provider&apos;s own), not %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The router&apos;s context must be from %1 to %Ln tokens (0: the message alone), not %2.</source>
        <translation>
            <numerusform>The router&apos;s context must be from %1 to %Ln token (0: the message alone), not %2.</numerusform>
            <numerusform>The router&apos;s context must be from %1 to %Ln tokens (0: the message alone), not %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HandoffCommands</name>
    <message numerus="yes">
        <source>%n pending handoff(s) cleaned up.</source>
        <translation>
            <numerusform>%n pending handoff cleaned up.</numerusform>
            <numerusform>%n pending handoffs cleaned up.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No handoff has been pending for more than %n minute(s).</source>
        <translation>
            <numerusform>No handoff has been pending for more than %n minute.</numerusform>
            <numerusform>No handoff has been pending for more than %n minutes.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImportCommand</name>
    <message numerus="yes">
        <source>%n conversations imported as new ones.</source>
        <translation>
            <numerusform>%n conversation imported as a new one.</numerusform>
            <numerusform>%n conversations imported as new ones.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JsonImporter</name>
    <message numerus="yes">
        <source>is longer than %n characters</source>
        <translation>
            <numerusform>is longer than %n character</numerusform>
            <numerusform>is longer than %n characters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>has more than %n entries</source>
        <translation>
            <numerusform>has more than %n entry</numerusform>
            <numerusform>has more than %n entries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>is nested more than %n levels deep</source>
        <translation>
            <numerusform>is nested more than %n level deep</numerusform>
            <numerusform>is nested more than %n levels deep</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>holds a text longer than %n characters</source>
        <translation>
            <numerusform>holds a text longer than %n character</numerusform>
            <numerusform>holds a text longer than %n characters</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JsonSchemaValidator</name>
    <message numerus="yes">
        <source>%1 must have at least %n character(s).</source>
        <translation>
            <numerusform>%1 must have at least %n character.</numerusform>
            <numerusform>%1 must have at least %n characters.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 must have at most %n character(s).</source>
        <translation>
            <numerusform>%1 must have at most %n character.</numerusform>
            <numerusform>%1 must have at most %n characters.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LlmError</name>
    <message numerus="yes">
        <source>The provider is limiting requests. Try again in %n second(s).</source>
        <translation>
            <numerusform>The provider is limiting requests. Try again in %n second.</numerusform>
            <numerusform>The provider is limiting requests. Try again in %n seconds.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MetricsCommand</name>
    <message numerus="yes">
        <source>Metrics of every conversation (%n run(s))</source>
        <translation>
            <numerusform>Metrics of every conversation (%n run)</numerusform>
            <numerusform>Metrics of every conversation (%n runs)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Metrics of conversation %1 (%n run(s))</source>
        <translation>
            <numerusform>Metrics of conversation %1 (%n run)</numerusform>
            <numerusform>Metrics of conversation %1 (%n runs)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReadFileTool</name>
    <message numerus="yes">
        <source>The file &quot;%1&quot; has %2 bytes; read_file reads at most %3 KiB.</source>
        <translation>
            <numerusform>The file &quot;%1&quot; has %2 byte; read_file reads at most %3 KiB.</numerusform>
            <numerusform>The file &quot;%1&quot; has %2 bytes; read_file reads at most %3 KiB.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StoryCommand</name>
    <message numerus="yes">
        <source>Story %1 stopped; %n pending handoff(s) cancelled.</source>
        <translation>
            <numerusform>Story %1 stopped; %n pending handoff cancelled.</numerusform>
            <numerusform>Story %1 stopped; %n pending handoffs cancelled.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::ApprovalDialog</name>
    <message numerus="yes">
        <source>The arguments are longer than %n characters.</source>
        <translation>
            <numerusform>The arguments are longer than %n character.</numerusform>
            <numerusform>The arguments are longer than %n characters.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::CommandApprovalFields</name>
    <message numerus="yes">
        <source>standard input of %n character(s)</source>
        <translation>
            <numerusform>standard input of %n character</numerusform>
            <numerusform>standard input of %n characters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>a time limit of %n second(s)</source>
        <translation>
            <numerusform>a time limit of %n second</numerusform>
            <numerusform>a time limit of %n seconds</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The command is longer than %n characters.</source>
        <translation>
            <numerusform>The command is longer than %n character.</numerusform>
            <numerusform>The command is longer than %n characters.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::ExchangeViewModel</name>
    <message numerus="yes">
        <source>%n files exported.</source>
        <translation>
            <numerusform>%n file exported.</numerusform>
            <numerusform>%n files exported.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conversations imported.</source>
        <translation>
            <numerusform>%n conversation imported.</numerusform>
            <numerusform>%n conversations imported.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::FirstRunDialog</name>
    <message numerus="yes">
        <source>%1 at %2 (%n model(s))</source>
        <translation>
            <numerusform>%1 at %2 (%n model)</numerusform>
            <numerusform>%1 at %2 (%n models)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::HandoffInspectorViewModel</name>
    <message numerus="yes">
        <source>The full history (%n message(s), tool calls left out), then the payload</source>
        <translation>
            <numerusform>The full history (%n message, tool calls left out), then the payload</numerusform>
            <numerusform>The full history (%n messages, tool calls left out), then the payload</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n token(s) (%1 in, %2 out)</source>
        <translation>
            <numerusform>%n token (%1 in, %2 out)</numerusform>
            <numerusform>%n tokens (%1 in, %2 out)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::LocalSettingsService</name>
    <message numerus="yes">
        <source>Connected: %n model(s) available.</source>
        <translation>
            <numerusform>Connected: %n model available.</numerusform>
            <numerusform>Connected: %n models available.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::MainWindow</name>
    <message numerus="yes">
        <source>Another branch is shown. The %n task change(s) made on the branch left stay as they are: a branch does not undo tasks.</source>
        <translation>
            <numerusform>Another branch is shown. The %n task change made on the branch left stays as it is: a branch does not undo tasks.</numerusform>
            <numerusform>Another branch is shown. The %n task changes made on the branch left stay as they are: a branch does not undo tasks.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::McpServersPage</name>
    <message numerus="yes">
        <source>Imported %n server(s).</source>
        <translation>
            <numerusform>Imported %n server.</numerusform>
            <numerusform>Imported %n servers.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::MessageDelegate</name>
    <message numerus="yes">
        <source>%Ln tokens</source>
        <translation>
            <numerusform>%Ln token</numerusform>
            <numerusform>%Ln tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::OutsideAgents</name>
    <message numerus="yes">
        <source>It did not hand the work on within %n minute(s), so its program was ended.</source>
        <translation>
            <numerusform>It did not hand the work on within %n minute, so its program was ended.</numerusform>
            <numerusform>It did not hand the work on within %n minutes, so its program was ended.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::SandboxedCommand</name>
    <message numerus="yes">
        <source>The command did not end within %n second(s) and was killed.</source>
        <translation>
            <numerusform>The command did not end within %n second and was killed.</numerusform>
            <numerusform>The command did not end within %n seconds and was killed.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::SideBySideView</name>
    <message numerus="yes">
        <source>%n word(s) differ: struck out on the left what was dropped, marked on the right what was written.</source>
        <translation>
            <numerusform>%n word differs: struck out on the left what was dropped, marked on the right what was written.</numerusform>
            <numerusform>%n words differ: struck out on the left what was dropped, marked on the right what was written.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::TasksViewModel</name>
    <message numerus="yes">
        <source>Open and not touched for %n day(s), or overdue</source>
        <translation>
            <numerusform>Open and not touched for %n day, or overdue</numerusform>
            <numerusform>Open and not touched for %n days, or overdue</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::TeamBoardSettingsViewModel</name>
    <message numerus="yes">
        <source>Connected. The board holds %n stories.</source>
        <translation>
            <numerusform>Connected. The board holds %n story.</numerusform>
            <numerusform>Connected. The board holds %n stories.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::TeamBoardViewModel</name>
    <message numerus="yes">
        <source>Team board: %n stories.</source>
        <translation>
            <numerusform>Team board: %n story.</numerusform>
            <numerusform>Team board: %n stories.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Tandem::TeamStoryListModel</name>
    <message numerus="yes">
        <source>%1: %n handoffs, %2 pending; last change %3</source>
        <translation>
            <numerusform>%1: %n handoff, %2 pending; last change %3</numerusform>
            <numerusform>%1: %n handoffs, %2 pending; last change %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ToolRowText</name>
    <message numerus="yes">
        <source>… (%n characters more; Copy takes all of it)</source>
        <translation>
            <numerusform>… (%n character more; Copy takes all of it)</numerusform>
            <numerusform>… (%n characters more; Copy takes all of it)</numerusform>
        </translation>
    </message>
</context>
</TS>
