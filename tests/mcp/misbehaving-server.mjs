#!/usr/bin/env node
// A small MCP server over stdio for the faults the third-party servers never show on purpose (tests/integration/
// tst_mcpfaults.cpp). Newline-delimited JSON-RPC, written by hand so each fault is exact. The mode is the first
// argument:
//   paged          five tools listed two per page (nextCursor)
//   garbage        lines that are not JSON on stdout before its answers
//   exit-mid-call  exits with code 3 when a tool is called
//   silent         reads everything, answers nothing
//   silent-calls   answers the handshake and tools/list, never a tools/call
//   collide        lists tools named a.b and a_b, which share one model-safe name
//   old-version    answers initialize with protocol revision 2024-11-05
//   june-version   answers initialize with protocol revision 2025-06-18
//   stubborn       ignores SIGTERM and the end of stdin (only SIGKILL ends it)
import readline from 'node:readline';

const mode = process.argv[2] ?? 'paged';
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
const tools = Array.from({ length: 5 }, (_, i) => ({
  name: `tool_${i}`,
  description: `Test tool ${i}`,
  inputSchema: { type: 'object', properties: {} },
}));

if (mode === 'stubborn') {
  process.on('SIGTERM', () => process.stderr.write('SIGTERM ignored\n'));
  setInterval(() => {}, 1000);
}

const lines = readline.createInterface({ input: process.stdin });
lines.on('close', () => {
  if (mode !== 'stubborn') process.exit(0);
});
lines.on('line', (line) => {
  const message = JSON.parse(line);
  if (!('id' in message) || !message.method || mode === 'silent') return;
  const { id, method, params } = message;
  if (method === 'initialize') {
    if (mode === 'garbage') process.stdout.write('this is not JSON\n{"half": \n');
    const versions = { 'old-version': '2024-11-05', 'june-version': '2025-06-18' };
    const protocolVersion = versions[mode] ?? params.protocolVersion;
    send({ id, result: { protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'tandem-test', version: '1' } } });
  } else if (method === 'tools/list') {
    const start = Number(params?.cursor ?? 0);
    const nextCursor = start + 2 < tools.length ? String(start + 2) : undefined;
    if (mode === 'collide') {
      const schema = { type: 'object', properties: {} };
      send({ id, result: { tools: [{ name: 'a.b', inputSchema: schema }, { name: 'a_b', inputSchema: schema }] } });
      return;
    }
    send({ id, result: { tools: tools.slice(start, start + 2), nextCursor } });
  } else if (method === 'tools/call') {
    if (mode === 'exit-mid-call') process.exit(3);
    if (mode === 'silent-calls') return;
    if (mode === 'garbage') process.stdout.write('garbage between answers\n');
    send({ id, result: { content: [{ type: 'text', text: `called ${params.name} in ${process.pid}` }] } });
  } else if (method === 'ping') {
    send({ id, result: {} });
  } else {
    send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
  }
});
