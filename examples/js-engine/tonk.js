// A small, independent Tonk engine: the seed rules of spec/tonk.md, in plain JavaScript.
//
// It knows nothing of the protocol: server.js turns requests into calls on a Hand and
// Rejections into JSON-RPC errors. Every rule below cites its ID in spec/tonk.md.
//
// Cards are kept as their two-character names ("Ah", "Td"); a hand is an array of names.
'use strict';

const RANKS = 'A23456789TJQK';
const SUITS = 'cdhs';
const CARD_RE = /^(?:[A23456789TJQK][cdhs]|X[12])$/; // CARD-2 (jokers are cards only in form)
const PACK = [...SUITS].flatMap((s) => [...RANKS].map((r) => r + s)); // the 52 cards
const HAND_SIZE = 5; // DEAL-1
const MAX_PLAYERS = 3; // GAME-2

// The ruleset options of spec/ruleset.schema.json with their defaults (the seed rules).
// This engine implements the defaults only, and declares no option in hello. The runner
// sends every option with its value, so an option the spec adds is listed here too, at
// its default, or every case would be refused with unsupported_option.
const DEFAULTS = {
  upcard: true, forced_spreads: false, tonk_out_double: 'always', knock_timing: 'start',
  first_turn_knock: true, knock_tie: 'caught', caught_payment: 'seed',
  count_held_spreads: true, empty_stock: 'play_on', stock_tie: 'all_paid',
  discard_taken: false, discard_taken_last: false, hit_targets: 'any', hits_per_turn: 'any',
  ace: 'low', first_dealer: 'high', next_dealer: 'left', dealer_after_draw: 'next',
  dealt_tonk: '49_50', max_players: 3, jokers: 0, joker_value: 15, deck: 52,
  face_values: '10-10-10', deuces_wild: false, hand_size: 5, low_dealt_double: null,
  dealt_tonks: 'draw', must_use_taken: false, hit_lock: 0, knock_limit: null,
  spread_knock_wait: 0, low_knock_bonus: null, scoring: 'stakes', wild_min_naturals: 1,
  eating: false, forced_spreads_timing: 'turn_end', after_knock: 'show', turn_limit: null,
  turn_limit_end: 'count',
};

// A deliberate bug for the example's own test: TONK_JS_BUG=knock_tie gives a knock tie to
// the knocker, as if knock_tie were knocker_wins, while the engine still claims the seed rules.
const BUG = process.env.TONK_JS_BUG || '';

/** A refusal for a reason of the rules (protocol error code 1). */
class Rejection extends Error {
  constructor(reason, message, rule) {
    super(message);
    this.reason = reason;
    this.rule = rule;
  }
}

const rankOf = (card) => RANKS.indexOf(card[0]); // 0 = ace ... 12 = king
const suitOf = (card) => card[1];
const valueOf = (card) => Math.min(rankOf(card) + 1, 10); // CARD-3
const total = (cards) => cards.reduce((sum, c) => sum + valueOf(c), 0); // CARD-4

/** 'book' or 'run' if the cards are a spread (SPREAD-2, SPREAD-3), else null. */
function spreadKind(cards) {
  if (cards.length < 3) return null;
  if (cards.length <= 4 && cards.every((c) => rankOf(c) === rankOf(cards[0]))) return 'book';
  if (!cards.every((c) => suitOf(c) === suitOf(cards[0]))) return null;
  const ranks = cards.map(rankOf).sort((a, b) => a - b); // the ace is low only
  return ranks.every((r, i) => i === 0 || r === ranks[i - 1] + 1) ? 'run' : null;
}

/** Whether a card may be hit on a spread (HIT-3): a book takes its fourth card, a run grows at an end. */
function fits(card, spread) {
  if (spread.kind === 'book') return spread.cards.length < 4 && rankOf(card) === rankOf(spread.cards[0]);
  if (suitOf(card) !== suitOf(spread.cards[0])) return false;
  const ranks = spread.cards.map(rankOf);
  const r = rankOf(card);
  return r === Math.min(...ranks) - 1 || r === Math.max(...ranks) + 1; // no wrap: A is below 2 only
}

// Each action type's [required, optional] fields besides 'type' (spec/schemas/action.json).
const FIELDS = {
  knock: [[], ['discard']], draw: [['from'], []], spread: [['cards'], []],
  hit: [['card', 'spread'], []], discard: [['card'], []],
};

/** The form of an action (the first check of "Which code when several apply"). */
function checkForm(seat, action) {
  const bad = (msg) => { throw new Rejection('malformed_action', msg, 'CARD-2'); };
  if (!Number.isInteger(seat)) bad(`seat must be an integer, got ${JSON.stringify(seat)}`);
  if (action === null || typeof action !== 'object' || Array.isArray(action)) bad('an action is an object');
  if (!Object.hasOwn(FIELDS, action.type)) bad(`unknown action type ${JSON.stringify(action.type)}`);
  const [required, optional] = FIELDS[action.type];
  for (const key of Object.keys(action)) {
    if (key !== 'type' && !required.includes(key) && !optional.includes(key)) bad(`unexpected field '${key}'`);
  }
  for (const key of required) if (!Object.hasOwn(action, key)) bad(`a ${action.type} needs '${key}'`);
  const card = (c) => { if (typeof c !== 'string' || !CARD_RE.test(c)) bad(`not a card: ${JSON.stringify(c)}`); };
  if (Object.hasOwn(action, 'card')) card(action.card);
  if (Object.hasOwn(action, 'discard')) card(action.discard);
  if (action.type === 'draw' && action.from !== 'stock' && action.from !== 'discard') bad('draw from stock or discard');
  if (action.type === 'spread') {
    if (!Array.isArray(action.cards) || action.cards.length === 0) bad('a spread names a list of cards');
    action.cards.forEach(card);
  }
  // A negative spread number is well formed, and no spread has it: no_such_spread (HIT-1).
  if (action.type === 'hit' && !Number.isInteger(action.spread)) bad('a hit names a spread number');
}

/** Check a setup (protocol "Setup") and return the ruleset-free deal parameters. */
function checkSetup(setup) {
  const invalid = (msg) => { throw new Rejection('invalid_setup', msg); };
  if (setup === null || typeof setup !== 'object' || Array.isArray(setup)) invalid('the setup is an object');
  const ruleset = setup.ruleset === undefined ? {} : setup.ruleset;
  if (ruleset === null || typeof ruleset !== 'object' || Array.isArray(ruleset)) invalid('ruleset must be an object');
  for (const [option, value] of Object.entries(ruleset)) {
    if (!Object.hasOwn(DEFAULTS, option)) throw new Rejection('unsupported_option', `unknown option '${option}'`);
    if (value !== DEFAULTS[option]) {
      throw new Rejection('unsupported_option', `this engine plays the seed rules only: ${option}=${JSON.stringify(value)}`);
    }
  }
  const { players, dealer, stake, deck } = setup;
  if (!Number.isInteger(players) || players < 2 || players > MAX_PLAYERS) invalid(`players must be 2 to ${MAX_PLAYERS} (GAME-2)`);
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players) invalid('dealer must be a seat');
  if (!Number.isInteger(stake) || stake < 1) invalid('stake must be a positive integer (STAKE-1)');
  if (!Array.isArray(deck) || deck.length !== 52 || new Set(deck).size !== 52 || !deck.every((c) => PACK.includes(c))) {
    invalid('deck must hold each of the 52 cards once (CARD-1)');
  }
  return { players, dealer, stake, deck };
}

/** One hand of Tonk under the seed rules. */
class Hand {
  constructor(setup) {
    const { players, dealer, stake, deck } = checkSetup(setup);
    Object.assign(this, { players, dealer, stake });
    this.hands = Array.from({ length: players }, () => []);
    // DEAL-1: one card at a time, starting at the dealer's left; the deck is top first.
    for (let i = 0; i < HAND_SIZE * players; i++) this.hands[(dealer + 1 + i) % players].push(deck[i]);
    this.discard = [deck[HAND_SIZE * players]]; // DEAL-2: the upcard (the pile, bottom first)
    this.stock = deck.slice(HAND_SIZE * players + 1); // DEAL-3: the stock, top first
    this.spreads = []; // {owner, kind, cards}, in the order laid (SPREAD-5)
    this.toAct = (dealer + 1) % players; // TURN-1
    this.stage = 'start';
    this.taken = null; // the card taken from the discard pile this turn (TURN-7)
    this.result = null;
    this.dealtCheck();
  }

  // DEALT-1 to DEALT-3: every player's five dealt cards, before the first turn.
  dealtCheck() {
    const totals = this.hands.map(total);
    const tonks = this.seats().filter((p) => totals[p] === 49 || totals[p] === 50);
    if (tonks.length === 1) {
      const w = tonks[0];
      const pay = this.seats().filter((p) => p !== w).map((p) => [p, w, 2 * this.stake, 'PAY-DEALT-1']);
      this.end('dealt_tonk', [w], pay, { totals });
    } else if (tonks.length > 1) {
      this.end('dealt_draw', [], [], { totals }); // DEALT-2: nobody pays
    }
  }

  seats() { return [...Array(this.players).keys()]; }

  /**
   * Apply one action by a seat, or throw a Rejection and change nothing: every check comes
   * before the first change, in the order of spec/tonk.md "Which code when several apply".
   */
  apply(seat, action) {
    checkForm(seat, action);
    if (this.result) throw new Rejection('hand_over', 'the hand is over', 'TURN-10');
    if (seat !== this.toAct) throw new Rejection('not_your_turn', `seat ${seat} acted but seat ${this.toAct} is to act`, 'TURN-10');
    const hand = this.hands[seat];
    const drawn = this.stage === 'drawn';
    const needDraw = () => { if (!drawn) throw new Rejection('must_draw_first', 'draw first', 'TURN-6'); };
    const held = (card) => { if (!hand.includes(card)) throw new Rejection('not_in_hand', `${card} is not in hand`, 'TURN-11'); };
    // TURN-8 (D22): a spread or hit may not leave only the card taken from the pile.
    const notLastTaken = (left) => {
      if (left.length === 1 && left[0] === this.taken) {
        throw new Rejection('last_card_taken', `that would leave only ${this.taken}, taken this turn`, 'TURN-8');
      }
    };

    switch (action.type) {
      case 'knock': // TURN-2, TURN-3: only at the start of the turn, naming no discard
        if (drawn) throw new Rejection('knock_timing', 'knock only at the start of the turn', 'TURN-3');
        if (Object.hasOwn(action, 'discard')) throw new Rejection('knock_discard', 'a knock before drawing names no discard', 'TURN-3');
        return this.settleKnock(seat);
      case 'draw':
        if (drawn) throw new Rejection('already_drawn', 'one draw per turn', 'TURN-6');
        if (action.from === 'stock') {
          if (this.stock.length === 0) return this.settleStock(); // STOCK-2 (D8)
          hand.push(this.stock.shift());
        } else {
          if (this.discard.length === 0) throw new Rejection('discard_pile_empty', 'the discard pile is empty', 'TURN-9');
          this.taken = this.discard.pop();
          hand.push(this.taken);
        }
        this.stage = 'drawn';
        return;
      case 'spread': {
        needDraw();
        action.cards.forEach((card, i) => {
          held(card);
          if (action.cards.indexOf(card) < i) throw new Rejection('duplicate_card', `${card} is named twice`, 'TURN-11');
        });
        const kind = spreadKind(action.cards);
        if (!kind) throw new Rejection('not_a_spread', 'not a book or a run', 'SPREAD-1');
        const left = hand.filter((c) => !action.cards.includes(c));
        notLastTaken(left);
        this.spreads.push({ owner: seat, kind, cards: [...action.cards] });
        this.hands[seat] = left;
        return this.afterPlay(seat);
      }
      case 'hit': {
        needDraw();
        held(action.card);
        const spread = this.spreads[action.spread];
        if (!spread) throw new Rejection('no_such_spread', `no spread ${action.spread} on the table`, 'HIT-1');
        if (!fits(action.card, spread)) throw new Rejection('hit_does_not_fit', `${action.card} does not fit`, 'HIT-3');
        const left = hand.filter((c) => c !== action.card);
        notLastTaken(left);
        spread.cards.push(action.card);
        this.hands[seat] = left;
        return this.afterPlay(seat);
      }
      case 'discard': {
        needDraw();
        held(action.card);
        if (action.card === this.taken) throw new Rejection('taken_card', `${action.card} was taken this turn`, 'TURN-7');
        this.hands[seat] = hand.filter((c) => c !== action.card);
        this.discard.push(action.card);
        if (this.hands[seat].length === 0) return this.endOut(seat, 'out_by_discard', 1, 'PAY-OUT-2'); // OUT-2
        this.toAct = (seat + 1) % this.players; // TURN-1: the turn passes left
        this.stage = 'start';
        this.taken = null;
        return;
      }
      default:
        throw new Error(`unreachable: ${action.type}`);
    }
  }

  // OUT-1: laying or hitting the last card goes out at once (tonk out).
  afterPlay(seat) {
    if (this.hands[seat].length === 0) this.endOut(seat, 'tonk_out', 2, 'PAY-OUT-1');
  }

  endOut(seat, ending, times, rule) {
    const pay = this.seats().filter((p) => p !== seat).map((p) => [p, seat, times * this.stake, rule]);
    this.end(ending, [seat], pay, { totals: this.hands.map(total) });
  }

  // "Settlement of a knock, step by step" (PAY-KNOCK-1 to PAY-CAUGHT-3), seed payments.
  settleKnock(k) {
    const S = this.stake;
    const t = this.hands.map(total);
    const others = this.seats().filter((p) => p !== k);
    const low = Math.min(...others.map((p) => t[p]));
    const extra = { totals: t, knocker: k };
    if (t[k] < low || (BUG === 'knock_tie' && t[k] === low)) { // step 1 (D3: a tie is caught)
      return this.end('knock_won', [k], others.map((p) => [p, k, S, 'PAY-KNOCK-2']), extra);
    }
    const lows = others.filter((p) => t[p] === low); // step 2: the lowest hands win
    const pay = others.filter((p) => t[p] <= t[k]).map((p) => [k, p, 2 * S, 'PAY-CAUGHT-1']);
    const rule = lows.length > 1 ? 'PAY-CAUGHT-3' : 'PAY-CAUGHT-2';
    for (const w of lows) {
      for (const p of this.seats()) if (!lows.includes(p)) pay.push([p, w, S, rule]); // knocker included (D4)
    }
    return this.end('knock_caught', lows, pay, extra);
  }

  // "Settlement at the empty stock, step by step" (PAY-STOCK-1, PAY-STOCK-2), seed payments.
  settleStock() {
    const t = this.hands.map(total);
    const low = Math.min(...t);
    const lows = this.seats().filter((p) => t[p] === low);
    const rule = lows.length > 1 ? 'PAY-STOCK-2' : 'PAY-STOCK-1';
    const pay = [];
    for (const w of lows) {
      for (const p of this.seats()) if (!lows.includes(p)) pay.push([p, w, this.stake, rule]);
    }
    this.end('stock_out', lows, pay, { totals: t });
  }

  end(ending, winners, pay, extra) {
    const net = this.seats().map(() => 0);
    for (const [payer, payee, amount] of pay) { net[payer] -= amount; net[payee] += amount; }
    const payments = pay.map(([payer, payee, amount, rule]) => ({ payer, payee, amount, rule }));
    this.result = { ending, winners: [...winners].sort((a, b) => a - b), payments, net, ...extra };
    this.toAct = null;
    this.stage = 'over';
  }

  /** Every legal action of the player to act (protocol method legal_actions). */
  legalActions() {
    if (this.result) return [];
    if (this.stage === 'start') {
      const acts = [{ type: 'knock' }, { type: 'draw', from: 'stock' }]; // from the empty stock too
      if (this.discard.length > 0) acts.push({ type: 'draw', from: 'discard' });
      return acts;
    }
    const hand = this.hands[this.toAct];
    const acts = [];
    const keepsMoreThanTaken = (left) => !(left.length === 1 && left[0] === this.taken);
    for (let mask = 0; mask < 1 << hand.length; mask++) { // every subset of the hand
      const cards = hand.filter((_, i) => mask & (1 << i));
      const left = hand.filter((_, i) => !(mask & (1 << i)));
      if (spreadKind(cards) && keepsMoreThanTaken(left)) acts.push({ type: 'spread', cards });
    }
    this.spreads.forEach((spread, i) => {
      for (const card of hand) {
        if (fits(card, spread) && keepsMoreThanTaken(hand.filter((c) => c !== card))) {
          acts.push({ type: 'hit', card, spread: i });
        }
      }
    });
    for (const card of hand) if (card !== this.taken) acts.push({ type: 'discard', card });
    return acts;
  }

  /** The full state (protocol "The state"). */
  state() {
    return {
      players: this.players, dealer: this.dealer, stake: this.stake,
      hands: this.hands.map((h) => [...h]),
      spreads: this.spreads.map((s) => ({ owner: s.owner, kind: s.kind, cards: [...s.cards] })),
      discard_top: this.discard.length ? this.discard[this.discard.length - 1] : null,
      discard_count: this.discard.length, stock_count: this.stock.length,
      to_act: this.toAct, stage: this.stage, result: this.result,
    };
  }

  /** What one seat may see (OBS-1 to OBS-3): never the stock nor the pile below its top. */
  observe(seat) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.players) {
      throw new Rejection('invalid_seat', `seat must be 0 to ${this.players - 1}`, 'GAME-3');
    }
    const shown = this.result && !['tonk_out', 'out_by_discard'].includes(this.result.ending); // OBS-3
    const s = this.state(); // every field named: nothing of the stock or the pile leaks
    return {
      seat, players: s.players, dealer: s.dealer, stake: s.stake,
      hand: s.hands[seat],
      hands: s.hands.map((h, p) => (p === seat || shown ? h : null)),
      hand_sizes: s.hands.map((h) => h.length),
      spreads: s.spreads, discard_top: s.discard_top, discard_count: s.discard_count,
      stock_count: s.stock_count, to_act: s.to_act, stage: s.stage, result: s.result,
    };
  }
}

module.exports = { Hand, Rejection, checkForm, spreadKind, total };
