#!/usr/bin/env node
// The stdio side of the example engine: JSON-RPC 2.0, one message per line
// (spec/protocol.md). Run it as `node examples/js-engine/server.js`; logs go to stderr.
'use strict';

const { Hand, Rejection } = require('./tonk.js');

const HELLO = {
  name: 'tonk-js-example',
  version: '1.0.0',
  protocol: 1,
  options: {}, // no option declared: the default (seed) value of every option, and only that
  features: ['payments', 'play', 'reasons', 'observations', 'legal_actions'],
};

let hand = null; // one hand at a time; new_hand and play replace it
let quitting = false; // set by bye: exit once its answer is written

const current = () => {
  if (!hand) throw new Rejection('no_hand', 'no hand has been dealt: call new_hand first');
  return hand;
};

const METHODS = {
  hello(params) {
    if (params.protocol !== undefined && params.protocol !== 1) {
      throw new Rejection('unsupported_protocol', `this engine speaks protocol 1, not ${JSON.stringify(params.protocol)}`);
    }
    return HELLO;
  },
  new_hand(params) {
    hand = new Hand(params);
    return hand.state();
  },
  act(params) {
    const h = current();
    h.apply(params.seat, params.action); // a refusal throws before anything changes
    return h.state();
  },
  state() {
    return current().state();
  },
  play(params) { // a whole hand in one round trip
    const h = new Hand(params.setup);
    const actions = params.actions === undefined ? [] : params.actions;
    if (!Array.isArray(actions)) throw new Rejection('malformed_action', 'actions must be a list of [seat, action] pairs');
    const steps = [];
    const states = [];
    for (const item of actions) {
      try {
        if (!Array.isArray(item) || item.length !== 2) throw new Rejection('malformed_action', 'expected [seat, action]');
        h.apply(item[0], item[1]);
        steps.push({ ok: true });
      } catch (e) {
        if (!(e instanceof Rejection)) throw e;
        steps.push({ ok: false, reason: e.reason, message: e.message });
      }
      if (params.trace) states.push(h.state());
    }
    hand = h;
    return params.trace ? { steps, state: h.state(), states } : { steps, state: h.state() };
  },
  legal_actions() {
    return current().legalActions();
  },
  observe(params) {
    return current().observe(params.seat);
  },
  bye() {
    quitting = true;
    return {};
  },
};

const ID_OK = (id) => id === null || typeof id === 'string' || typeof id === 'number';
const MEMBERS = new Set(['jsonrpc', 'id', 'method', 'params']);

/** Answer one line: always exactly one response object. */
function handle(text) {
  const error = (id, code, message, data) => ({ jsonrpc: '2.0', id, error: data ? { code, message, data } : { code, message } });
  let msg;
  try {
    msg = JSON.parse(text);
  } catch (e) {
    return error(null, -32700, `parse error: ${e.message}`);
  }
  if (Array.isArray(msg)) return error(null, -32600, 'invalid request: batches are not supported');
  if (msg === null || typeof msg !== 'object') return error(null, -32600, 'invalid request: not an object');
  if (!Object.hasOwn(msg, 'id')) return error(null, -32600, 'invalid request: no id; this protocol has no notifications');
  if (!ID_OK(msg.id)) return error(null, -32600, 'invalid request: bad id');
  const { id, method } = msg;
  if (msg.jsonrpc !== '2.0') return error(id, -32600, 'invalid request: jsonrpc must be "2.0"');
  const extra = Object.keys(msg).find((k) => !MEMBERS.has(k));
  if (extra) return error(id, -32600, `invalid request: unknown member '${extra}'`);
  if (typeof method !== 'string') return error(id, -32600, 'invalid request: method must be a string');
  const params = msg.params === undefined ? {} : msg.params;
  if (Array.isArray(params)) return error(id, -32602, 'invalid params: params must be an object');
  if (params === null || typeof params !== 'object') return error(id, -32600, 'invalid request: params must be an object');
  if (!Object.hasOwn(METHODS, method)) return error(id, -32601, `method not found: ${method}`);
  try {
    return { jsonrpc: '2.0', id, result: METHODS[method](params) };
  } catch (e) {
    if (e instanceof Rejection) {
      const data = { reason: e.reason, message: e.message };
      if (e.rule) data.rule = e.rule;
      return error(id, 1, `rejected: ${e.message}`, data);
    }
    process.stderr.write(`internal error on ${method}: ${e.stack}\n`);
    return error(id, -32603, `internal error: ${e.message}`);
  }
}

// Read stdin as bytes and split on '\n', so that a line that is not UTF-8 is a parse error.
const utf8 = new TextDecoder('utf-8', { fatal: true });
let pending = Buffer.alloc(0);

function onLine(bytes) {
  let reply;
  try {
    reply = handle(utf8.decode(bytes));
  } catch {
    reply = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error: the line is not UTF-8' } };
  }
  process.stdout.write(JSON.stringify(reply) + '\n'); // synchronous on a pipe (Linux)
  if (quitting) process.exit(0);
}

process.stdin.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  let nl;
  while ((nl = pending.indexOf(10)) !== -1) {
    const line = pending.subarray(0, nl);
    pending = pending.subarray(nl + 1);
    onLine(line);
  }
});
process.stdin.on('end', () => process.exit(0)); // end of input: exit 0
