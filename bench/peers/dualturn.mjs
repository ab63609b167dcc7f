// One dual-agent turn with the OpenAI Agents SDK for JavaScript, the peer of `tandem-cli run --mode dual`: a first
// agent that clarifies and hands off to a second agent that answers, against an OpenAI-compatible server at the base
// URL given (bench_cliprocess starts Tandem's fake LLM server and measures this as a whole process, as it measures
// tandem-cli). Usage: node dualturn.mjs http://127.0.0.1:PORT/v1
import { Agent, run, setDefaultOpenAIClient, setOpenAIAPI, setTracingDisabled } from '@openai/agents';
import OpenAI from 'openai';

const baseURL = process.argv[2];
if (!baseURL) {
  console.error('usage: node dualturn.mjs <base URL ending in /v1>');
  process.exit(2);
}
setTracingDisabled(true);
setOpenAIAPI('chat_completions');
setDefaultOpenAIClient(new OpenAI({ baseURL, apiKey: 'not-needed' }));

const answerer = new Agent({
  name: 'agent2',
  instructions: 'Answer the clarified request.',
  model: 'fake-model',
});
const clarifier = new Agent({
  name: 'agent1',
  instructions: 'Clarify the request, then hand it to agent2.',
  model: 'fake-model',
  handoffs: [answerer],
});

const result = await run(clarifier, 'A poem about rain, please', { stream: true });
for await (const event of result.toTextStream()) process.stdout.write(event);
await result.completed;
process.stdout.write(`\n[${result.lastAgent?.name}]\n`);
