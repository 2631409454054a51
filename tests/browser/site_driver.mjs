// Drives the players' page (`tonk site`) in headless Chromium as a player would: taps a
// situation in, asks, reads the verdict; opens share links; runs axe-core; measures
// sideways scroll; takes screenshots.  One run serves a whole test module.
//
// stdin: {"node_modules": DIR, "chromium": PATH, "origin": "http://127.0.0.1:PORT",
//         "artifacts": DIR, "tasks": [TASK, ...]}
// stdout: {"results": [RESULT, ...], "blocked": [URL, ...], "console": [TEXT, ...]}
//
// Tasks:
//   {"kind": "tap", "id", "item": <a W item>, "rules": {"preset", "options"}, "ask_again": bool}
//                                                   (with "keep": the form is reset by tapping)
//   {"kind": "open", "id", "url"}                    a share link
//   {"kind": "offline", "id", "url"}                 the same with no network (after a visit)
//   {"kind": "keyboard", "id", "keep": true}        the card picker and Ask from the keyboard
//   {"kind": "axe", "id", "width", "height", "scheme": "light"|"dark", "url", "picker": bool}
//   {"kind": "overflow", "id", "width", "height", "url"}
//   {"kind": "screenshot", "id", "width", "height", "url", "path", "compact": bool}
// "keep": true: no new load, the page as the task before left it, at the task's size and
// colour scheme.  Every result has "id", "ok", and "error" when not ok; a failed task does not stop the run.
// Only requests to the origin (and data:/blob:) go out; the others are aborted and listed.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { launch, log, readStdin } from "./launch.mjs";

const READY_MS = 90000;
const ASK_MS = 90000;

const cfg = await readStdin();
const origin = cfg.origin.replace(/\/$/, "");
const home = origin + "/";
const { browser, page, blocked, consoleLines } = await launch(cfg, {
  allowed: (url) => url === origin || url.startsWith(origin + "/") || url.startsWith("data:") || url.startsWith("blob:"),
  // belt and braces beside the request interception, which does not see a service
  // worker's own fetches: no host but the test's server resolves
  resolver: "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
});

// ---------------------------------------------------------------------------- helpers

async function view({ width = 390, height = 844, scheme = "light" } = {}) {
  await page.setViewport({ width, height, deviceScaleFactor: 1 });
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: scheme }]);
}

// A fresh load of `url` (the page as it is, when the task says "keep"); the time in ms.
async function load(url, task = {}) {
  await view(task);
  if (task.keep) return 0;
  // through about:blank, so that a change of fragment alone is a full load
  await page.goto("about:blank");
  const t0 = performance.now();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForSelector("body[data-ready='1']", { timeout: READY_MS });
  lastLoadMs = performance.now() - t0;
  return lastLoadMs;
}
let lastLoadMs = null;
// a task that failed leaves the page as it was: the next one loads it afresh
let dirty = false;

async function must(selector, within = page) {
  const el = await within.$(selector);
  if (!el) throw new Error(`the page has no ${selector}`);
  return el;
}

// Open every closed <details> around an element by tapping its summary, as a player would.
async function reveal(el) {
  const hidden = await el.evaluate((node) => {
    const d = node.closest("details");
    return Boolean(d && (!d.open || (d.parentElement && d.parentElement.closest("details:not([open])"))));
  });
  if (!hidden) return;
  const summaries = await el.evaluateHandle((node) => {
    const out = [];
    for (let d = node.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) {
      if (!d.open) out.unshift(d.querySelector(":scope > summary"));
    }
    return out;
  });
  const n = await summaries.evaluate((a) => a.length);
  for (let i = 0; i < n; i++) {
    const s = await summaries.evaluateHandle((a, j) => a[j], i);
    await s.asElement().click();
  }
}

async function tap(el) {
  await reveal(el);
  await el.click();
}

async function typeInto(el, text) {
  await reveal(el);
  await el.click({ count: 3 });
  await el.evaluate((e) => { e.value = ""; e.dispatchEvent(new Event("input", { bubbles: true })); });
  if (String(text) !== "") await el.type(String(text));
  await el.evaluate((e) => e.dispatchEvent(new Event("change", { bubbles: true })));
}

// Choose an option of a <select> by one of `values`, else by its text containing `text`.
async function choose(sel, values, text) {
  const opts = await sel.evaluate((s) => [...s.options].map((o) => ({ value: o.value, text: o.textContent.trim() })));
  let hit = opts.find((o) => values.map(String).includes(o.value));
  if (!hit && text) hit = opts.find((o) => o.text.includes(text));
  if (!hit) {
    const what = await sel.evaluate((s) => s.outerHTML.slice(0, 120));
    throw new Error(`no option ${JSON.stringify(values)}${text ? ` or "${text}"` : ""} in ${what}: ${JSON.stringify(opts)}`);
  }
  await reveal(sel);
  await sel.select(hit.value);
}

// The card picker open, with a watch on its close event. That event comes in a task of its
// own after [open] is gone, and the page gives the focus back to the opener in it: a driver
// that went on at [open] alone would, on a slow machine, focus or type into something else
// and then see the page move the focus away under it.
async function pickerOpened() {
  await page.waitForSelector("dialog#picker[open]", { timeout: 10000 });
  await page.evaluate(() => {
    window.__tonkPickerClosed = false;
    document.querySelector("dialog#picker")
      .addEventListener("close", () => { window.__tonkPickerClosed = true; }, { once: true });
  });
}
async function pickerClosed() {
  await page.waitForFunction(() => window.__tonkPickerClosed && !document.querySelector("dialog#picker[open]"),
    { timeout: 10000 });
}

async function pickCards(opener, cards, what) {
  await tap(opener);
  await pickerOpened();
  // a card left pressed from before is tapped off, as a player would
  for (const b of await page.$$('dialog#picker button[data-card][aria-pressed="true"]')) {
    const code = await b.evaluate((e) => e.dataset.card);
    if (!cards.includes(code)) await b.click();
  }
  for (const c of cards) {
    const b = await page.$(`dialog#picker button[data-card="${c}"]`);
    if (!b) throw new Error(`${what}: the card picker has no button[data-card="${c}"]`);
    if ((await b.evaluate((e) => e.getAttribute("aria-pressed"))) === "true") continue;
    await b.click();
    const pressed = await b.evaluate((e) => e.getAttribute("aria-pressed") === "true" || !e.closest("dialog[open]"));
    if (!pressed) throw new Error(`${what}: ${c} is not pressed after a tap`);
  }
  if (await page.$("dialog#picker[open]")) {
    await (await must("#picker-done")).click();
  }
  await pickerClosed();
}

// Tap the remove button of each item of a list (its accessible name starts "Remove"), last first.
async function removeAll(selector) {
  for (let guard = 0; guard < 50; guard++) {
    const items = await page.$$(selector);
    if (!items.length) return;
    const rm = await items[items.length - 1].evaluateHandle((li) => [...li.querySelectorAll("button")].find(
      (b) => /^remove/i.test((b.getAttribute("aria-label") || b.textContent || "").trim())) || null);
    const el = rm.asElement();
    if (!el) throw new Error(`${selector} has no button named "Remove..." to clear it with`);
    await tap(el);
  }
  throw new Error(`${selector}: the items do not go away`);
}

async function last(selector) {
  const all = await page.$$(selector);
  if (!all.length) throw new Error(`the page has no ${selector}`);
  return all[all.length - 1];
}

async function checkbox(el, on) {
  const now = await el.evaluate((e) => e.checked);
  if (now !== on) await tap(el);
}

async function setRules(rules) {
  // choosing the preset (again) sets every house rule to the preset's
  await choose(await must("#preset"), [rules.preset]);
  for (const [name, value] of Object.entries(rules.options || {})) {
    const values = [JSON.stringify(value), String(value)];
    let radio = null;
    for (const v of values) {
      radio = await page.$(`input[name="opt-${name}"][value=${JSON.stringify(v)}]`);
      if (radio) break;
    }
    if (!radio) throw new Error(`no radio input[name="opt-${name}"] with the value ${values.join(" or ")}`);
    await tap(radio);
    if (!(await radio.evaluate((e) => e.checked))) throw new Error(`opt-${name} = ${value} is not checked after a tap`);
  }
}

async function tapSituation(item, rules) {
  // what an earlier situation left on the page: its steps and spreads removed
  await removeAll("li[data-action]");
  await removeAll("li[data-spread]");
  await setRules(rules);
  await choose(await must("#players"), [item.players]);
  for (let seat = 0; seat < item.players; seat++) {
    await typeInto(await must(`input[data-name-seat="${seat}"]`), item.names[seat]);
  }
  const dealer = await page.$("#dealer");
  if (item.dealer !== undefined && !dealer) throw new Error(`the page has no #dealer for the dealer ${item.dealer}`);
  if (dealer) await choose(dealer, [item.dealer ?? ""], item.dealer === undefined ? undefined : item.names[item.dealer]);
  const stake = await page.$("#stake");
  if ((item.stake ?? 1) !== 1 && !stake) throw new Error(`the page has no #stake input for the stake ${item.stake}`);
  if (stake && (item.stake ?? 1) !== 1) await typeInto(stake, item.stake);
  else if (stake && (await stake.evaluate((e) => e.value)) !== "") await typeInto(stake, "");
  for (let seat = 0; seat < item.players; seat++) {
    const hand = item.hands[seat];
    const give = hand.give || "cards";
    const sec = await must(`section[data-hand="${seat}"]`);
    const mode = await must(`input[name="hand-mode-${seat}"][value="${give}"]`, sec);
    if (!(await mode.evaluate((e) => e.checked))) await tap(mode);
    if (give === "cards") {
      await pickCards(await must(`button[data-pick-hand="${seat}"]`), hand.cards, `${item.names[seat]}'s hand`);
    } else if (give === "total") {
      const total = hand.cards.reduce((t, c) => t + ({ A: 1, T: 10, J: 10, Q: 10, K: 10 }[c[0]] || Number(c[0])), 0);
      await typeInto(await must(`input[data-total-seat="${seat}"]`), total);
    }
  }
  for (const [k, spread] of item.spreads.entries()) {
    await tap(await must("#add-spread"));
    const li = await last("li[data-spread]");
    const n = (await page.$$("li[data-spread]")).length;
    if (n !== k + 1) throw new Error(`after ${k + 1} taps on #add-spread the page shows ${n} spreads`);
    await choose(await must("select[data-spread-owner]", li), [spread.owner], item.names[spread.owner]);
    await pickCards(await must("button[data-pick-spread]", li), spread.cards, `spread ${k}`);
  }
  const none = await page.$("#discard-none");
  if (item.discard === null) {
    await checkbox(await must("#discard-none"), true);
  } else {
    if (none) await checkbox(none, false);
    await pickCards(await must("#discard-pick"), [item.discard], "the discard");
  }
  const stock = await must("#stock");
  if (item.stock !== null && item.stock !== undefined) await typeInto(stock, item.stock);
  else if ((await stock.evaluate((e) => e.value)) !== "") await typeInto(stock, "");
  await checkbox(await must("#first-turn"), Boolean(item.first_turn));
  for (const [k, act] of item.actions.entries()) {
    await tap(await must("#add-action"));
    const li = await last("li[data-action]");
    await choose(await must("select[data-action-seat]", li), [act.seat], item.names[act.seat]);
    await choose(await must("select[data-action-verb]", li), [act.verb]);
    if (act.cards && act.cards.length) {
      await pickCards(await must("button[data-pick-action]", li), act.cards, `action ${k}`);
    }
    if (act.verb === "hit") {
      const owner = item.names[item.spreads[act.target].owner];
      await choose(await must("select[data-action-target]", li), [act.target], owner);
    }
  }
}

async function readVerdict() {
  return page.evaluate(() => {
    const v = document.querySelector("output#verdict");
    const err = document.querySelector("#form-error");
    const share = document.querySelector("#share");
    return {
      net: v && v.dataset.net ? JSON.parse(v.dataset.net) : null,
      outcome: v ? v.dataset.outcome || null : null,
      headline: v ? v.dataset.headline || null : null,
      text: v ? v.textContent.trim().slice(0, 500) : null,
      why: (document.querySelector("#why") || { textContent: "" }).textContent.trim().slice(0, 500),
      alternatives: [...document.querySelectorAll("#alternatives li")].map((li) => li.textContent.trim()),
      form_error: err && !err.hidden ? err.textContent.trim() : "",
      share: share ? share.href : null,
      url: location.href,
    };
  });
}

// Tap Ask and wait for the page to answer (a verdict or a form error); the time in ms.
async function ask(press = null) {
  await page.evaluate(() => {
    window.__tonkAnswered = false;
    const v = document.querySelector("output#verdict");
    const watch = [v, document.querySelector("#form-error")].filter(Boolean);
    const obs = new MutationObserver(() => { window.__tonkAnswered = true; });
    for (const n of watch) obs.observe(n, { attributes: true, childList: true, subtree: true, characterData: true });
    window.__tonkObserver = obs;
  });
  const button = await must("#ask");
  await reveal(button);
  const t0 = performance.now();
  if (press) await press();
  else await button.click();
  await page.waitForFunction(() => {
    if (!window.__tonkAnswered) return false;
    const v = document.querySelector("output#verdict");
    const e = document.querySelector("#form-error");
    return Boolean((v && v.dataset.outcome) || (e && !e.hidden && e.textContent.trim()));
  }, { timeout: ASK_MS, polling: "mutation" });
  const ms = performance.now() - t0;
  await page.evaluate(() => window.__tonkObserver && window.__tonkObserver.disconnect());
  return ms;
}

async function waitVerdict(ms) {
  await page.waitForFunction(() => {
    const v = document.querySelector("output#verdict");
    return Boolean(v && v.dataset.outcome);
  }, { timeout: ms });
}

// ---------------------------------------------------------------------------- tasks

const run = {
  async tap(task) {
    // a fresh load, or (task.keep) the page the task before left, reset by its own controls
    const here = page.url();
    const keep = task.keep && !dirty && here.startsWith(origin) && (await page.$("body[data-ready='1']"));
    const loadMs = await load(home, { keep });
    await tapSituation(task.item, task.rules);
    const askMs = await ask();
    const out = { ...(await readVerdict()), load_ms: loadMs, ask_ms: askMs };
    if (task.ask_again) {
      out.again_ms = await ask();
      out.again = await readVerdict();
    }
    return out;
  },

  async open(task) {
    const loadMs = await load(task.url, task);
    let asked = false;
    try {
      await waitVerdict(30000);
    } catch {
      asked = true; // the page filled the form from the link but did not answer by itself
      await ask();
    }
    return { ...(await readVerdict()), load_ms: loadMs, asked };
  },

  // the card picker and Ask from the keyboard alone, on the page as the task before left it
  async keyboard(task) {
    await load(home, task);
    const focused = () => page.evaluate(() => {
      const a = document.activeElement;
      return a ? { id: a.id, card: a.dataset.card || null, pressed: a.getAttribute("aria-pressed"),
        inPicker: Boolean(a.closest("dialog#picker")), pickHand: a.dataset.pickHand ?? null } : {};
    });
    const out = {};
    await (await must('button[data-pick-hand="0"]')).focus();
    await page.keyboard.press("Enter");
    await pickerOpened();
    out.opened_focus = await focused();
    // onto a card, move with the arrows, press it with Space, then again to leave it as it was
    if (!out.opened_focus.card) await page.focus("dialog#picker button[data-card]");
    const first = await focused();
    await page.keyboard.press("ArrowRight");
    const moved = await focused();
    await page.keyboard.press("Space");
    const toggled = await focused();
    await page.keyboard.press("Space");
    out.arrow_moves = Boolean(moved.card && moved.card !== first.card);
    out.space_presses = toggled.card === moved.card && toggled.pressed !== moved.pressed;
    await page.keyboard.press("Escape");
    await pickerClosed();
    out.closed_focus = await focused();
    await (await must("#ask")).focus();
    out.ask_ms = await ask(async () => page.keyboard.press("Enter"));
    out.verdict = await readVerdict();
    return out;
  },

  // the page as a second visit with no network: the service worker's copy serves it
  async offline(task) {
    await page.waitForFunction(() => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller),
      { timeout: 30000 });
    await page.setOfflineMode(true);
    try {
      const loadMs = await load(task.url, { ...task, keep: false });
      await waitVerdict(60000);
      return { ...(await readVerdict()), load_ms: loadMs };
    } finally {
      await page.setOfflineMode(false);
    }
  },

  async axe(task) {
    await load(task.url || home, task);
    if (task.url && !task.keep) await waitVerdict(30000).catch(() => {});
    if (task.picker) {
      const opener = await page.$("button[data-pick-hand='0']");
      if (opener) {
        await tap(opener);
        await pickerOpened();
      }
    }
    if (!(await page.evaluate(() => Boolean(window.axe)))) {
      await page.addScriptTag({ content: readFileSync(join(cfg.node_modules, "axe-core", "axe.min.js"), "utf8") });
    }
    const res = await page.evaluate(async () => {
      const r = await window.axe.run(document, { resultTypes: ["violations"] });
      return {
        version: window.axe.version,
        passes: r.passes.length,
        violations: r.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: n.html.slice(0, 200), summary: n.failureSummary })),
        })),
      };
    });
    if (task.picker && (await page.$("dialog#picker[open]"))) {
      await page.keyboard.press("Escape"); // closed from the keyboard, as a player may
      await pickerClosed();
    }
    return res;
  },

  async overflow(task) {
    await load(task.url || home, task);
    if (task.url && !task.keep) await waitVerdict(30000).catch(() => {});
    return page.evaluate(() => {
      const d = document.documentElement;
      const wide = [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > d.clientWidth + 0.5)
        .slice(0, 8)
        .map((e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}${e.className && typeof e.className === "string" ? "." + e.className.split(" ").join(".") : ""} right=${Math.round(e.getBoundingClientRect().right)}`);
      return { scroll_width: d.scrollWidth, client_width: d.clientWidth, body_scroll_width: document.body.scrollWidth, wide };
    });
  },

  async screenshot(task) {
    await load(task.url || home, task);
    if (task.url && !task.keep) await waitVerdict(60000);
    if (task.compact) {
      const c = await must("#compact");
      await tap(c);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await new Promise((r) => setTimeout(r, 300));
    await page.screenshot({ path: task.path });
    return { path: task.path };
  },
};

const results = [];
for (const task of cfg.tasks) {
  const t0 = performance.now();
  log(`${task.id}: ${task.kind}`);
  try {
    lastLoadMs = null;
    const out = await run[task.kind](task);
    dirty = false;
    if (lastLoadMs !== null && out.load_ms === undefined) out.load_ms = lastLoadMs;
    log(`${task.id}: done in ${Math.round(performance.now() - t0)} ms`);
    results.push({ id: task.id, kind: task.kind, ok: true, ms: performance.now() - t0, ...out });
  } catch (err) {
    log(`${task.id}: failed: ${String(err).split("\n")[0]}`);
    dirty = true;
    let shot = null;
    if (cfg.artifacts) {
      shot = join(cfg.artifacts, `${task.id}.png`);
      await page.screenshot({ path: shot, fullPage: true }).catch(() => { shot = null; });
    }
    const state = await readVerdict().catch(() => null);
    results.push({ id: task.id, kind: task.kind, ok: false, ms: performance.now() - t0, error: String(err && err.stack || err).slice(0, 1500), screenshot: shot, state });
  }
}
await browser.close();
process.stdout.write(JSON.stringify({ results, blocked, console: consoleLines }));
