// A long dual-agent conversation with the OpenAI Agents SDK for JavaScript, the peer of `tandem-cli chat --mode dual`
// with one message a line: TURNS turns in one process, each started by a first agent that clarifies and hands off to a
// second agent that answers, with the whole conversation so far (result.history) carried into the next turn, as the
// SDK's guide does for a conversation kept on the client. Against an OpenAI-compatible server at the base URL given
// (bench_peerconversation starts Tandem's fake LLM server with a script of the replies this sends for, and measures
// this as a whole process, as it measures tandem-cli chat). Prints each turn's answer and its agent, then a last line
// "turns N, history M items" for the bench to check.
// Usage: node longdual.mjs http://127.0.0.1:PORT/v1 TURNS
import { Agent, run, setDefaultOpenAIClient, setOpenAIAPI, setTracingDisabled } from '@openai/agents';
import OpenAI from 'openai';

const baseURL = process.argv[2];
const turns = Number.parseInt(process.argv[3] ?? '', 10);
if (!baseURL || !(turns > 0)) {
  console.error('usage: node longdual.mjs <base URL ending in /v1> <turns>');
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

let history = [];
for (let turn = 1; turn <= turns; ++turn) {
  const message = `Q${turn}: a haiku about rain, please, with a word about the season.`;
  const result = await run(clarifier, [...history, { role: 'user', content: message }], { stream: true });
  for await (const text of result.toTextStream()) process.stdout.write(text);
  await result.completed;
  if (result.lastAgent?.name !== 'agent2') {
    console.error(`turn ${turn} ended with ${result.lastAgent?.name}, not agent2`);
    process.exit(1);
  }
  process.stdout.write(`\n[${result.lastAgent.name}]\n`);
  history = result.history;
}
process.stdout.write(`turns ${turns}, history ${history.length} items\n`);
