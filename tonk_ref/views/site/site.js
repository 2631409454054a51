// The players' page of the Tonk rules project.  One module, run twice: in the page it
// builds the form, writes the situation in the project's notation and shows the ruling;
// in a worker (the same file, started by the page) it runs this project's own judge in
// Pyodide, so the page stays responsive while the runtime loads and while the judge plays.
// Every text from the judge or the player reaches the page through textContent.

"use strict";

if (typeof document === "undefined") {
  worker();
} else {
  page();
}

// ------------------------------------------------------------------------------ the worker

function worker() {
  const base = new URL("./", self.location.href);
  const post = (msg) => self.postMessage(msg);
  let ask = null;
  const ready = (async () => {
    post({ type: "progress", stage: "runtime" });
    const code = fetchBytes(new URL("tonk.zip", base));
    const data = fetchText(new URL("spec.json", base));
    const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
    const py = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
    post({ type: "progress", stage: "code" });
    py.unpackArchive(await code, "zip", { extractDir: "/tonk" });
    py.runPython("import sys\nsys.path.insert(0, '/tonk')");
    post({ type: "progress", stage: "data" });
    const spec = await data;
    py.globals.set("_tonk_spec", spec);
    py.runPython("import json\nfrom tonk_ref.rulebook import baked\nbaked.install(json.loads(_tonk_spec))\ndel _tonk_spec");
    ask = py.pyimport("tonk_ref.views.ask");
    // which options matter only with another's value (x-needs), for a catalogue that omits it
    const props = (JSON.parse(spec).ruleset_schema || {}).properties || {};
    const needs = Object.fromEntries(Object.entries(props).filter(([, p]) => p["x-needs"]).map(([k, p]) => [k, p["x-needs"]]));
    post({ type: "ready", catalogue: ask.catalogue(), needs });
  })();
  ready.catch((e) => post({ type: "failed", error: String(e && e.message ? e.message : e) }));
  self.onmessage = async (ev) => {
    const { id, fn, arg } = ev.data;
    try {
      await ready;
      if (fn !== "parse" && fn !== "answer") throw new Error(`no function ${fn}`);
      post({ type: "reply", id, out: ask[fn](arg) });
    } catch (e) {
      // a Python error's last line says what went wrong; the traceback above it does not help a player
      const text = String(e && e.message ? e.message : e).trim().split("\n");
      post({ type: "reply", id, error: text[text.length - 1] });
    }
  };
}

async function fetchBytes(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url.pathname}: ${r.status} ${r.statusText}`);
  return await r.arrayBuffer();
}

async function fetchText(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url.pathname}: ${r.status} ${r.statusText}`);
  return await r.text();
}

// ------------------------------------------------------------------------------ the page

function page() {
  const $ = (sel, root = document) => root.querySelector(sel);
  const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

  const SUITS = { c: ["♣", "clubs", "black"], d: ["♦", "diamonds", "red"], h: ["♥", "hearts", "red"], s: ["♠", "spades", "black"] };
  const RANKS = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
  const VERBS = [
    ["knock", "knocks"],
    ["draw", "draws from the stock"],
    ["take", "takes the discard"],
    ["spread", "spreads"],
    ["hit", "hits"],
    ["discard", "discards"],
  ];
  // words the judge reads as the notation's own: a name may not be one of them
  const RESERVED = new Set(("players player dealer stake seat table discard pile upcard stock first turn names then " +
    "to act none empty nothing total not shown knock knocks draw draws take takes spread spreads hit hits " +
    "discards declare declares on with discarding the from").split(" "));

  let catalogue = null;
  let optionByName = new Map();
  let spans = [];          // where each part of the notation came from: {start, end, el, label}
  let lastRequest = null;  // the request of the ruling shown

  // ---------------------------------------------------------------- the judge, in its worker
  const progress = $("#loading");
  const STAGES = { runtime: [5, 70, "Loading the Python runtime (once; later visits use the copy kept)"],
                   code: [75, 85, "Loading the judge's code"], data: [88, 96, "Loading the rules"],
                   ready: [100, 100, "Ready"] };
  let creep = null;
  function stage(name) {
    const [from, to, words] = STAGES[name];
    clearInterval(creep);
    let value = from;
    const show = () => {
      progress.setAttribute("aria-valuenow", String(Math.round(value)));
      progress.setAttribute("aria-valuetext", `${words}: ${Math.round(value)}%`);
      progress.style.setProperty("--done", `${value}%`);
    };
    show();
    $(".loading-text", progress).textContent = `${words}…`;
    if (to > from) creep = setInterval(() => { value += (to - value) * 0.04; show(); }, 250);
  }
  stage("runtime");

  const judge = new Worker(new URL("site.js", import.meta.url), { type: "module" });
  const waiting = new Map();
  let nextId = 1;
  function call(fn, arg) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      judge.postMessage({ id, fn, arg });
    });
  }
  judge.onmessage = (ev) => {
    const msg = ev.data;
    if (msg.type === "progress") stage(msg.stage);
    else if (msg.type === "failed") failed(msg.error);
    else if (msg.type === "ready") {
      const cat = JSON.parse(msg.catalogue);
      for (const opt of cat.options) if (opt.needs === undefined) opt.needs = (msg.needs || {})[opt.name] || null;
      start(cat);
    }
    else if (msg.type === "reply") {
      const w = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.error !== undefined) w.reject(new Error(msg.error));
      else w.resolve(JSON.parse(msg.out));
    }
  };
  judge.onerror = (ev) => failed(ev.message || "the judge's worker did not start");

  function failed(error) {
    clearInterval(creep);
    progress.classList.add("failed");
    $(".loading-text", progress).textContent = `The judge could not start: ${error}. Reload the page to try again.`;
  }

  if ("serviceWorker" in navigator && /^https?:$/.test(location.protocol)) {
    navigator.serviceWorker.register("sw.js").catch(() => {});
  }

  // ---------------------------------------------------------------- cards
  function cardWords(code) {
    if (code[0] === "X") return `joker ${code[1]}`;
    const rank = RANKS[code[0]] || code[0];
    return `${rank} of ${SUITS[code[1]][1]}`;
  }
  function cardFace(code, small = true) {
    const el = document.createElement("span");
    el.className = small ? "card small" : "card";
    if (code[0] === "X") {
      el.classList.add("joker");
      el.textContent = "★";
    } else {
      el.classList.add(SUITS[code[1]][2]);
      const r = document.createElement("span");
      r.className = "rank";
      r.textContent = code[0] === "T" ? "10" : code[0];
      const s = document.createElement("span");
      s.className = "suit";
      s.textContent = SUITS[code[1]][0];
      s.setAttribute("aria-hidden", "true");
      el.append(r, s);
    }
    el.title = cardWords(code);
    return el;
  }
  function cardList(codes) {
    const span = document.createElement("span");
    span.className = "cards";
    const words = document.createElement("span");
    words.className = "visually-hidden";
    words.textContent = codes.map(cardWords).join(", ");
    const faces = document.createElement("span");
    faces.setAttribute("aria-hidden", "true");
    for (const c of codes) faces.append(cardFace(c));
    span.append(words, faces);
    return span;
  }
  const picked = (btn) => (btn.dataset.cards || "").split(" ").filter(Boolean);
  function setPicked(btn, codes) {
    btn.dataset.cards = codes.join(" ");
    showPicked(btn);
  }
  // a card button's name is its text: a prefix said only to screen readers (whose cards),
  // then the cards in words (their faces hidden from screen readers), then "change"
  function showPicked(btn) {
    const codes = picked(btn);
    btn.textContent = "";
    if (btn.dataset.label) {
      const say = document.createElement("span");
      say.className = "visually-hidden";
      say.textContent = `${btn.dataset.label}: `;
      btn.append(say);
    }
    if (codes.length) {
      btn.append(cardList(codes));
      const edit = document.createElement("span");
      edit.className = "edit";
      edit.textContent = "change";
      btn.append(edit);
    } else {
      btn.append(document.createTextNode(btn.dataset.empty || "Choose cards"));
    }
  }

  function optionValue(name) {
    const checked = $(`input[name="opt-${cssEscape(name)}"]:checked`);
    if (checked) return JSON.parse(checked.value);
    const opt = optionByName.get(name);
    return opt ? opt.default : undefined;
  }
  function packCards() {
    const deck = String(optionValue("deck") ?? 52);
    const jokers = Number(optionValue("jokers") ?? 0) > 0;
    const cards = (catalogue.cards[deck] || catalogue.cards["52"]).filter((c) => c[0] !== "X");
    if (jokers) cards.push("X1", "X2");
    return cards;
  }
  function cssEscape(s) {
    return window.CSS && CSS.escape ? CSS.escape(s) : s.replace(/["\\]/g, "\\$&");
  }

  // ---------------------------------------------------------------- the card picker
  const picker = $("#picker");
  let picking = null; // {button, max, chosen:Set}
  function openPicker(button, { title, hint, max }) {
    const used = usedCards(button);
    picking = { button, max, chosen: new Set(picked(button)) };
    $("#picker-title").textContent = title;
    $("#picker-hint").textContent = hint;
    const grid = $("#picker-cards");
    grid.textContent = "";
    const rows = new Map();
    for (const code of packCards()) {
      const key = code[0] === "X" ? "X" : code[1];
      if (!rows.has(key)) {
        const row = document.createElement("div");
        row.className = "picker-row";
        row.setAttribute("role", "group");
        row.setAttribute("aria-label", key === "X" ? "jokers" : SUITS[key][1]);
        rows.set(key, row);
        grid.append(row);
      }
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.card = code;
      b.className = "pick-card";
      b.append(cardFace(code, false));
      const where = used.get(code);
      $(".card", b).setAttribute("aria-hidden", "true");
      const words = document.createElement("span");
      words.className = "visually-hidden";
      words.textContent = cardWords(code) + (where ? `, ${where}` : "");
      b.append(words);
      if (where) {
        b.classList.add("used");
        b.title = `${cardWords(code)}: ${where}`;
      }
      b.setAttribute("aria-pressed", picking.chosen.has(code) ? "true" : "false");
      b.addEventListener("click", () => toggleCard(b));
      rows.get(key).append(b);
    }
    showChosen();
    picker.showModal();
    const first = $('button[aria-pressed="true"]', grid) || $("button", grid);
    if (first) first.focus();
  }
  function toggleCard(b) {
    const code = b.dataset.card;
    const chosen = picking.chosen;
    if (chosen.has(code)) chosen.delete(code);
    else {
      if (picking.max === 1) {
        chosen.clear();
        for (const other of $$('#picker-cards button[aria-pressed="true"]')) other.setAttribute("aria-pressed", "false");
      }
      chosen.add(code);
    }
    b.setAttribute("aria-pressed", chosen.has(code) ? "true" : "false");
    showChosen();
  }
  function showChosen() {
    const codes = orderCards([...picking.chosen]);
    const out = $("#picker-chosen");
    out.textContent = codes.length ? `Chosen (${codes.length}): ${codes.map(cardWords).join(", ")}` : "No card chosen.";
  }
  function orderCards(codes) {
    const order = packCards();
    return codes.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }
  // arrow keys move among the cards: left and right in the pack's order, up and down a row
  $("#picker-cards").addEventListener("keydown", (ev) => {
    const buttons = $$("#picker-cards button");
    const i = buttons.indexOf(document.activeElement);
    if (i < 0) return;
    let next = null;
    if (ev.key === "ArrowRight") next = buttons[i + 1];
    else if (ev.key === "ArrowLeft") next = buttons[i - 1];
    else if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      const here = buttons[i].getBoundingClientRect();
      const down = ev.key === "ArrowDown";
      const rows = buttons.map((b) => b.getBoundingClientRect())
        .map((r, k) => ({ k, r })).filter(({ r }) => (down ? r.top > here.top + 2 : r.top < here.top - 2));
      if (rows.length) {
        const top = down ? Math.min(...rows.map((x) => x.r.top)) : Math.max(...rows.map((x) => x.r.top));
        const row = rows.filter((x) => Math.abs(x.r.top - top) < 2);
        row.sort((a, b) => Math.abs(a.r.left - here.left) - Math.abs(b.r.left - here.left));
        next = buttons[row[0].k];
      }
    } else if (ev.key === "Home") next = buttons[0];
    else if (ev.key === "End") next = buttons[buttons.length - 1];
    if (next) {
      ev.preventDefault();
      next.focus();
    }
  });
  $("#picker-done").addEventListener("click", () => {
    if (picking) {
      const btn = picking.button;
      // a hand or a spread is shown in the pack's order; an action's cards as tapped
      setPicked(btn, btn.dataset.keepOrder ? [...picking.chosen] : orderCards([...picking.chosen]));
      changed();
    }
    picker.close();
  });
  $("#picker-clear").addEventListener("click", () => {
    picking.chosen.clear();
    for (const b of $$('#picker-cards button[aria-pressed="true"]')) b.setAttribute("aria-pressed", "false");
    showChosen();
  });
  picker.addEventListener("close", () => {
    const btn = picking && picking.button;
    picking = null;
    if (btn && btn.isConnected) btn.focus();
  });
  picker.addEventListener("click", (ev) => { if (ev.target === picker) picker.close(); });

  // where each card already lies on the table (shown in the picker, so a card is not given twice)
  function usedCards(except) {
    const used = new Map();
    const note = (btn, where) => { if (btn !== except) for (const c of picked(btn)) used.set(c, where); };
    for (const sec of $$("section[data-hand]")) {
      const seat = Number(sec.dataset.hand);
      if (handMode(seat) === "cards") note($("button[data-pick-hand]", sec), `in ${nameOf(seat)}'s hand`);
    }
    for (const li of $$("li[data-spread]")) note($("button[data-pick-spread]", li), "in a spread on the table");
    if (!$("#discard-none").checked) note($("#discard-pick"), "on the discard pile");
    if (except && except.dataset.pickAction !== undefined) return new Map();  // an action names cards of a hand
    return used;
  }

  // ---------------------------------------------------------------- the rules
  function renderRules() {
    const preset = $("#preset");
    preset.textContent = "";
    for (const p of catalogue.presets) {
      const o = document.createElement("option");
      o.value = p.name;
      o.textContent = p.title ? `${p.title}` : p.name;
      preset.append(o);
    }
    const rest = $("#options-rest");
    for (const opt of catalogue.options) {
      optionByName.set(opt.name, opt);
      const fs = document.createElement("fieldset");
      fs.dataset.option = opt.name;
      fs.className = "option";
      const lg = document.createElement("legend");
      lg.textContent = opt.question;
      fs.append(lg);
      opt.choices.forEach((choice, i) => {
        const id = `opt-${opt.name}-${i}`;
        const lab = document.createElement("label");
        lab.className = "choice";
        lab.htmlFor = id;
        const input = document.createElement("input");
        input.type = "radio";
        input.name = `opt-${opt.name}`;
        input.id = id;
        input.value = JSON.stringify(choice.value);
        const words = document.createElement("span");
        words.textContent = choice.words;
        lab.append(input, words);
        fs.append(lab);
      });
      const note = document.createElement("p");
      note.className = "changed-note";
      note.textContent = "changed from the preset";
      fs.append(note);
      rest.append(fs);
    }
    preset.addEventListener("change", () => { applyPreset({}); changed(); });
    rest.parentElement.parentElement.addEventListener("change", (ev) => {
      if (ev.target.name && ev.target.name.startsWith("opt-")) { markChanged(); afterRulesChange(); changed(); }
    });
  }
  function presetValues(name) {
    const p = catalogue.presets.find((x) => x.name === name) || catalogue.presets[0];
    const values = {};
    for (const opt of catalogue.options) values[opt.name] = opt.default;
    Object.assign(values, p.options || {});
    return values;
  }
  // set every option to the preset's value, then `options` over it; the options that
  // differ from the preset are shown, the others folded under "More house rules"
  function applyPreset(options) {
    const name = $("#preset").value;
    const values = { ...presetValues(name), ...options };
    for (const opt of catalogue.options) {
      const want = JSON.stringify(values[opt.name]);
      for (const input of $$(`input[name="opt-${cssEscape(opt.name)}"]`)) input.checked = input.value === want;
    }
    const p = catalogue.presets.find((x) => x.name === name);
    $("#preset-description").textContent = p && p.description ? firstSentence(p.description) : "";
    const open = $("#options-changed");
    const rest = $("#options-rest");
    const base = presetValues(name);
    for (const opt of catalogue.options) {
      const fs = $(`fieldset[data-option="${cssEscape(opt.name)}"]`);
      (JSON.stringify(values[opt.name]) !== JSON.stringify(base[opt.name]) ? open : rest).append(fs);
    }
    sortOptions(open);
    sortOptions(rest);
    markChanged();
    afterRulesChange();
  }
  function sortOptions(box) {
    const order = catalogue.options.map((o) => o.name);
    const items = $$("fieldset[data-option]", box);
    items.sort((a, b) => order.indexOf(a.dataset.option) - order.indexOf(b.dataset.option));
    for (const fs of items) box.append(fs);
  }
  function firstSentence(text) {
    const m = /^(.*?[.!?])(\s|$)/.exec(text.trim());
    return m ? m[1] : text;
  }
  function markChanged() {
    const base = presetValues($("#preset").value);
    let n = 0;
    for (const opt of catalogue.options) {
      const diff = JSON.stringify(optionValue(opt.name)) !== JSON.stringify(base[opt.name]);
      $(`fieldset[data-option="${cssEscape(opt.name)}"]`).classList.toggle("changed", diff);
      if (diff) n += 1;
    }
    const total = catalogue.options.length;
    $("#more-options .count").textContent = n ? `(${total} questions, ${n} changed)` : `(${total} questions, as the preset plays them)`;
  }
  function needsMet(needs) {
    if (!needs) return true;
    if (Array.isArray(needs)) return needs.length === 0 || needs.some(needsMet);
    return Object.entries(needs).every(([name, cond]) => {
      const v = JSON.stringify(optionValue(name));
      if (cond && typeof cond === "object" && !Array.isArray(cond) && Array.isArray(cond.not)) {
        return !cond.not.map((x) => JSON.stringify(x)).includes(v);
      }
      if (Array.isArray(cond)) return cond.map((x) => JSON.stringify(x)).includes(v);
      return JSON.stringify(cond) === v;
    });
  }
  function afterRulesChange() {
    for (const opt of catalogue.options) {
      $(`fieldset[data-option="${cssEscape(opt.name)}"]`).hidden = !needsMet(opt.needs);
    }
    renderPlayerCount();
  }
  function rulesRequest() {
    const preset = $("#preset").value;
    const base = presetValues(preset);
    const options = {};
    for (const opt of catalogue.options) {
      const v = optionValue(opt.name);
      if (JSON.stringify(v) !== JSON.stringify(base[opt.name])) options[opt.name] = v;
    }
    return { preset, options };
  }

  // ---------------------------------------------------------------- players and hands
  function maxPlayers() {
    const v = optionByName.has("max_players") ? Number(optionValue("max_players")) : 6;
    return Number.isFinite(v) && v >= 2 ? v : 6;
  }
  function playerCount() { return Number($("#players").value) || 2; }
  function renderPlayerCount(want) {
    const sel = $("#players");
    const current = want ?? (Number(sel.value) || 2);
    const most = Math.max(maxPlayers(), current);
    if (sel.options.length !== most - 1) {
      sel.textContent = "";
      for (let n = 2; n <= most; n++) {
        const o = document.createElement("option");
        o.value = String(n);
        o.textContent = `${n} players`;
        sel.append(o);
      }
    }
    sel.value = String(Math.min(current, most));
    renderSeats();
  }
  function nameOf(seat) {
    const input = $(`input[data-name-seat="${seat}"]`);
    const v = input ? input.value.trim() : "";
    return v || `Player ${seat + 1}`;
  }
  function renderSeats() {
    const n = playerCount();
    const names = $("#names");
    for (let s = 0; s < n; s++) {
      if ($(`input[data-name-seat="${s}"]`)) continue;
      const row = document.createElement("div");
      row.className = "row";
      const lab = document.createElement("label");
      lab.htmlFor = `name-${s}`;
      lab.textContent = `Player ${s + 1}'s name`;
      const input = document.createElement("input");
      input.id = `name-${s}`;
      input.dataset.nameSeat = String(s);
      input.value = `Player ${s + 1}`;
      input.autocomplete = "off";
      input.setAttribute("autocapitalize", "words");
      input.addEventListener("input", () => { refreshNames(); changed(); });
      row.append(lab, input);
      names.append(row);
    }
    for (const input of $$("input[data-name-seat]")) {
      if (Number(input.dataset.nameSeat) >= n) input.parentElement.remove();
    }
    const hands = $("#hands");
    for (let s = 0; s < n; s++) if (!$(`section[data-hand="${s}"]`)) hands.append(handSection(s));
    for (const sec of $$("section[data-hand]")) if (Number(sec.dataset.hand) >= n) sec.remove();
    refreshNames();
  }
  function handSection(s) {
    const sec = document.createElement("section");
    sec.dataset.hand = String(s);
    sec.className = "hand";
    sec.setAttribute("aria-labelledby", `hand-title-${s}`);
    const h = document.createElement("h3");
    h.id = `hand-title-${s}`;
    h.className = "seat-name";
    const modes = document.createElement("div");
    modes.className = "modes";
    modes.setAttribute("role", "radiogroup");
    modes.setAttribute("aria-labelledby", `hand-title-${s}`);
    for (const [value, words] of [["cards", "Cards"], ["hidden", "Not shown"], ["total", "Only the total"]]) {
      const lab = document.createElement("label");
      lab.className = "mode";
      const input = document.createElement("input");
      input.type = "radio";
      input.name = `hand-mode-${s}`;
      input.value = value;
      input.checked = value === "cards";
      input.addEventListener("change", () => { showHandMode(s); changed(); });
      const t = document.createElement("span");
      t.textContent = words;
      lab.append(input, t);
      modes.append(lab);
    }
    const pick = document.createElement("button");
    pick.type = "button";
    pick.className = "pick";
    pick.dataset.pickHand = String(s);
    pick.dataset.empty = "Choose the cards";
    pick.addEventListener("click", () => openPicker(pick, {
      title: `${nameOf(s)}'s hand`, hint: "Tap each card the player holds, then Done.", max: Infinity }));
    showPicked(pick);
    const totalRow = document.createElement("div");
    totalRow.className = "row total";
    const tl = document.createElement("label");
    tl.htmlFor = `total-${s}`;
    tl.className = "total-label";
    const total = document.createElement("input");
    total.type = "number";
    total.id = `total-${s}`;
    total.inputMode = "numeric";
    total.min = "0";
    total.step = "1";
    total.dataset.totalSeat = String(s);
    total.addEventListener("input", changed);
    totalRow.append(tl, total);
    sec.append(h, modes, pick, totalRow);
    setTimeout(() => showHandMode(s));
    return sec;
  }
  function handMode(s) {
    const c = $(`input[name="hand-mode-${s}"]:checked`);
    return c ? c.value : "cards";
  }
  function showHandMode(s) {
    const sec = $(`section[data-hand="${s}"]`);
    if (!sec) return;
    const mode = handMode(s);
    $("button[data-pick-hand]", sec).hidden = mode !== "cards";
    $(".total", sec).hidden = mode !== "total";
  }
  function refreshNames() {
    const n = playerCount();
    for (let s = 0; s < n; s++) {
      const sec = $(`section[data-hand="${s}"]`);
      if (!sec) continue;
      $(".seat-name", sec).textContent = `${nameOf(s)}'s hand`;
      $(".total-label", sec).textContent = `${nameOf(s)}'s total (the count of the cards held)`;
      const pick = $("button[data-pick-hand]", sec);
      pick.dataset.label = `${nameOf(s)}'s cards`;
      showPicked(pick);
    }
    for (const sel of $$("select[data-spread-owner], select[data-action-seat], #dealer")) fillSeats(sel);
    $$("li[data-spread]").forEach((li, k) => {
      const pick = $("button[data-pick-spread]", li);
      pick.dataset.label = `Spread ${k + 1}, ${nameOf(Number($("select[data-spread-owner]", li).value))}'s, its cards`;
      showPicked(pick);
    });
    for (const li of $$("li[data-action]")) refreshAction(li);
  }
  function fillSeats(sel) {
    const keep = sel.value;
    const n = playerCount();
    const fixed = sel.id === "dealer" ? 1 : 0;
    while (sel.options.length > fixed + n) sel.remove(sel.options.length - 1);
    for (let s = 0; s < n; s++) {
      let o = sel.options[fixed + s];
      if (!o) { o = document.createElement("option"); sel.append(o); }
      o.value = String(s);
      o.textContent = nameOf(s);
    }
    if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
  }

  // ---------------------------------------------------------------- spreads on the table
  function addSpread(owner = 0, cards = []) {
    const list = $("#spreads");
    const k = list.children.length;
    const li = document.createElement("li");
    li.dataset.spread = String(k);
    li.className = "spread";
    const lab = document.createElement("label");
    lab.htmlFor = `spread-owner-${k}`;
    lab.textContent = "Whose";
    const sel = document.createElement("select");
    sel.id = `spread-owner-${k}`;
    sel.dataset.spreadOwner = "";
    fillSeats(sel);
    sel.value = String(owner);
    sel.addEventListener("change", () => { refreshNames(); changed(); });
    const pick = document.createElement("button");
    pick.type = "button";
    pick.className = "pick";
    pick.dataset.pickSpread = String(k);
    pick.dataset.empty = "Choose its cards";
    pick.addEventListener("click", () => openPicker(pick, {
      title: `The spread of ${nameOf(Number(sel.value))}`, hint: "Tap the three or more cards of the spread, then Done.",
      max: Infinity }));
    setPicked(pick, cards);
    const rm = removeButton("Remove this spread", () => { li.remove(); renumber("#spreads", "spread"); refreshNames(); changed(); });
    li.append(lab, sel, pick, rm);
    list.append(li);
    refreshNames();
    return li;
  }
  function removeButton(label, onClick) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "remove";
    b.setAttribute("aria-label", label);
    b.title = label;
    b.textContent = "✕";
    b.addEventListener("click", onClick);
    return b;
  }
  function renumber(listSel, kind) {
    $$(`${listSel} > li`).forEach((li, k) => {
      li.dataset[kind] = String(k);
      const btn = $(`button[data-pick-${kind}]`, li);
      if (btn) btn.dataset[kind === "spread" ? "pickSpread" : "pickAction"] = String(k);
    });
  }

  // ---------------------------------------------------------------- what happened
  function addAction(seat, verb = "knock", cards = [], target = null) {
    const list = $("#actions");
    const k = list.children.length;
    const li = document.createElement("li");
    li.dataset.action = String(k);
    li.className = "action";
    const prev = $$("li[data-action] select[data-action-seat]").pop();
    const ls = document.createElement("label");
    ls.className = "visually-hidden";
    ls.htmlFor = `action-seat-${k}`;
    ls.textContent = "Who";
    const sel = document.createElement("select");
    sel.id = `action-seat-${k}`;
    sel.dataset.actionSeat = "";
    fillSeats(sel);
    sel.value = String(seat ?? (prev ? prev.value : 0));
    const lv = document.createElement("label");
    lv.className = "visually-hidden";
    lv.htmlFor = `action-verb-${k}`;
    lv.textContent = "Did what";
    const vsel = document.createElement("select");
    vsel.id = `action-verb-${k}`;
    vsel.dataset.actionVerb = "";
    for (const [v, words] of VERBS) {
      const o = document.createElement("option");
      o.value = v;
      o.textContent = words;
      vsel.append(o);
    }
    vsel.value = verb;
    const pick = document.createElement("button");
    pick.type = "button";
    pick.className = "pick";
    pick.dataset.pickAction = String(k);
    pick.dataset.keepOrder = "1";
    pick.addEventListener("click", () => {
      const v = vsel.value;
      openPicker(pick, { title: `${nameOf(Number(sel.value))} ${verbWords(v)}`, hint: actionHint(v), max: v === "spread" ? Infinity : 1 });
    });
    setPicked(pick, cards);
    const lt = document.createElement("label");
    lt.htmlFor = `action-target-${k}`;
    lt.textContent = "on";
    lt.className = "target-label";
    const tsel = document.createElement("select");
    tsel.id = `action-target-${k}`;
    tsel.dataset.actionTarget = "";
    if (target !== null) tsel.dataset.want = String(target);
    const rm = removeButton("Remove this step", () => { li.remove(); renumber("#actions", "action"); refreshNames(); changed(); });
    for (const el of [sel, vsel, tsel]) el.addEventListener("change", () => { refreshNames(); changed(); });
    const line = document.createElement("div");
    line.className = "action-line";
    const no = document.createElement("span");
    no.className = "step-no";
    no.setAttribute("aria-hidden", "true");
    const onSpread = document.createElement("div");
    onSpread.className = "target";
    onSpread.append(lt, tsel);
    line.append(no, ls, sel, lv, vsel, rm, pick, onSpread);
    li.append(line);
    list.append(li);
    refreshNames();
    return li;
  }
  function verbWords(v) { return (VERBS.find((x) => x[0] === v) || [v, v])[1]; }
  function actionHint(v) {
    return {
      knock: "Only if the player discarded while knocking (a house rule): tap that card. Otherwise leave it empty.",
      draw: "Only if it matters which card was drawn: tap it. Otherwise leave it empty.",
      spread: "Tap the three or more cards laid down.",
      hit: "Tap the card played onto the spread.",
      discard: "Tap the card discarded.",
    }[v] || "";
  }
  // the spreads a hit may name: the table's, then those laid by earlier steps
  function spreadChoices(upTo) {
    const out = [];
    for (const li of $$("li[data-spread]")) {
      out.push({ owner: Number($("select[data-spread-owner]", li).value), cards: picked($("button[data-pick-spread]", li)) });
    }
    for (const li of $$("li[data-action]")) {
      if (li === upTo) break;
      if ($("select[data-action-verb]", li).value === "spread") {
        out.push({ owner: Number($("select[data-action-seat]", li).value), cards: picked($("button[data-pick-action]", li)), laid: true });
      }
    }
    return out;
  }
  function refreshAction(li) {
    const verb = $("select[data-action-verb]", li).value;
    const pick = $("button[data-pick-action]", li);
    const tsel = $("select[data-action-target]", li);
    pick.hidden = verb === "take";
    pick.classList.toggle("optional", verb === "knock" || verb === "draw");
    pick.dataset.empty = { knock: "no card discarded with it (tap to name one)", draw: "any card (tap to name it)", spread: "Choose the cards", hit: "Choose the card",
                           discard: "Choose the card" }[verb] || "Choose";
    if (verb !== "spread" && picked(pick).length > 1) setPicked(pick, picked(pick).slice(0, 1));
    pick.dataset.label = `Step ${Number(li.dataset.action) + 1}, ${verb === "knock" ? "the card discarded with the knock" : verb === "draw" ? "the card drawn" : "cards"}`;
    showPicked(pick);
    const isHit = verb === "hit";
    $(".target", li).hidden = !isHit;
    $(".step-no", li).textContent = `Step ${Number(li.dataset.action) + 1}`;
    $("label[for^='action-seat']", li).textContent = `Step ${Number(li.dataset.action) + 1}: who`;
    if (isHit) {
      const keep = tsel.dataset.want ?? tsel.value;
      delete tsel.dataset.want;
      tsel.textContent = "";
      spreadChoices(li).forEach((sp, i) => {
        const o = document.createElement("option");
        o.value = String(i);
        const cards = sp.cards.length ? sp.cards.map(shortCard).join(" ") : "no cards yet";
        o.textContent = `${nameOf(sp.owner)}'s ${sp.laid ? "new " : ""}spread ${cards}`;
        tsel.append(o);
      });
      if (!tsel.options.length) {
        const o = document.createElement("option");
        o.value = "";
        o.textContent = "no spread on the table";
        tsel.append(o);
      }
      if ([...tsel.options].some((o) => o.value === keep)) tsel.value = keep;
    }
  }
  function shortCard(code) {
    if (code[0] === "X") return "joker";
    return (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]][0];
  }

  // ---------------------------------------------------------------- the notation
  // The situation in the project's notation, with where each part came from (so that an
  // error at a column points at its field), or a form error.
  function oneWord(name) { return name.trim().split(/\s+/).join("-"); }
  function notation() {
    const parts = [];
    let text = "";
    const add = (piece, el, label, sep = "; ") => {
      if (text) text += sep;
      parts.push({ start: text.length + 1, end: text.length + piece.length, el, label });
      text += piece;
    };
    const n = playerCount();
    const names = [];
    const seen = new Set();
    for (let s = 0; s < n; s++) {
      const input = $(`input[data-name-seat="${s}"]`);
      const word = oneWord(input.value || `Player ${s + 1}`);
      const label = `Player ${s + 1}'s name`;
      if (!/^\p{L}[\p{L}\p{N}'_-]*$/u.test(word)) {
        throw formError(input, `${label}: a name starts with a letter and holds only letters, digits, ' - and _.`);
      }
      if (RESERVED.has(word.toLowerCase()) || /^(10|[2-9TJQKA])[cdhs]$/i.test(word) || /^x[12]$/i.test(word)) {
        throw formError(input, `${label}: "${word}" is a word the judge reads as part of the notation; choose another name.`);
      }
      if (seen.has(word.toLowerCase())) throw formError(input, `${label}: two players are named ${word}; give each a different name.`);
      seen.add(word.toLowerCase());
      names.push(word);
    }
    const ref = (s) => names[s];
    add(`${n} players`, $("#players"), "Players");
    const dealer = $("#dealer").value;
    if (dealer !== "") add(`dealer ${ref(Number(dealer))}`, $("#dealer"), "Dealer", ", ");
    const stake = $("#stake").value.trim();
    if (stake !== "") {
      if (!/^\d+$/.test(stake) || Number(stake) < 1) throw formError($("#stake"), "Stake: a whole number, 1 or more.");
      add(`stake ${Number(stake)}`, $("#stake"), "Stake");
    }
    add(`names ${names.join(" ")}`, $('input[data-name-seat="0"]'), "Names");
    for (let s = 0; s < n; s++) {
      const sec = $(`section[data-hand="${s}"]`);
      const mode = handMode(s);
      const label = `${nameOf(s)}'s hand`;
      if (mode === "hidden") add(`${ref(s)}: not shown`, $(`input[name="hand-mode-${s}"][value="hidden"]`), label);
      else if (mode === "total") {
        const input = $("input[data-total-seat]", sec);
        const v = input.value.trim();
        if (!/^\d+$/.test(v)) throw formError(input, `${nameOf(s)}'s total: give the count of the cards held, a whole number (or choose "Not shown").`);
        add(`${ref(s)}: total ${Number(v)}`, input, `${nameOf(s)}'s total`);
      } else {
        const btn = $("button[data-pick-hand]", sec);
        const cards = picked(btn);
        if (!cards.length) throw formError(btn, `${label}: tap "Choose the cards", or choose "Not shown" if it does not matter.`);
        add(`${ref(s)}: ${cards.join(" ")}`, btn, label);
      }
    }
    const spreads = $$("li[data-spread]");
    if (spreads.length) {
      if (text) text += "; ";
      text += "table: ";
      spreads.forEach((li, k) => {
        const owner = Number($("select[data-spread-owner]", li).value);
        const btn = $("button[data-pick-spread]", li);
        const cards = picked(btn);
        if (!cards.length) throw formError(btn, `Spread ${k + 1} on the table: choose its cards, or remove it.`);
        const piece = `${ref(owner)} [${cards.join(" ")}]`;
        const start = text.length + 1;
        text += (k ? ", " : "") + piece;
        parts.push({ start: start, end: text.length, el: btn, label: `${nameOf(owner)}'s spread` });
      });
    }
    if ($("#discard-none").checked) add("discard none", $("#discard-none"), "The discard pile");
    else {
      const top = picked($("#discard-pick"));
      if (top.length) add(`discard ${top[0]}`, $("#discard-pick"), "The top of the discard pile");
    }
    const stock = $("#stock").value.trim();
    if (stock !== "") {
      if (!/^\d+$/.test(stock)) throw formError($("#stock"), "Cards left in the stock: a whole number, 0 or more (or leave it empty).");
      add(`stock ${Number(stock)}`, $("#stock"), "The stock");
    }
    if ($("#first-turn").checked) add("first turn", $("#first-turn"), "Nothing played yet");
    const acts = $$("li[data-action]");
    acts.forEach((li, k) => {
      const seat = Number($("select[data-action-seat]", li).value);
      const verb = $("select[data-action-verb]", li).value;
      const btn = $("button[data-pick-action]", li);
      const cards = picked(btn);
      const who = ref(seat);
      const label = `Step ${k + 1} (${nameOf(seat)} ${verbWords(verb)})`;
      let piece;
      if (verb === "knock") piece = cards.length ? `${who} knocks discarding ${cards[0]}` : `${who} knocks`;
      else if (verb === "draw") piece = cards.length ? `${who} draws ${cards[0]}` : `${who} draws`;
      else if (verb === "take") piece = `${who} takes the discard`;
      else if (verb === "spread") {
        if (!cards.length) throw formError(btn, `${label}: choose the cards laid down.`);
        piece = `${who} spreads ${cards.join(" ")}`;
      } else if (verb === "hit") {
        const tsel = $("select[data-action-target]", li);
        if (!cards.length) throw formError(btn, `${label}: choose the card played.`);
        if (tsel.value === "") throw formError(tsel, `${label}: there is no spread to hit; add the spread on the table first.`);
        piece = `${who} hits ${cards[0]} on ${tsel.value}`;
      } else {
        if (!cards.length) throw formError(btn, `${label}: choose the card discarded.`);
        piece = `${who} discards ${cards[0]}`;
      }
      add(piece, btn.hidden ? $("select[data-action-verb]", li) : btn, label);
    });
    return { text, parts };
  }
  function formError(el, message) {
    const e = new Error(message);
    e.field = el;
    return e;
  }

  // ---------------------------------------------------------------- asking
  function changed() {
    clearError();
    let text = null;
    try {
      text = notation().text;
      $("#notation").textContent = text;
    } catch (e) {
      $("#notation").textContent = "(not complete yet)";
    }
    // a ruling shown for another table says so until the judge is asked again
    const stale = lastRequest !== null && (text !== lastRequest.situation ||
      JSON.stringify(rulesRequest()) !== JSON.stringify(lastRequest.rules));
    $("#stale").hidden = !stale;
  }
  function clearError() {
    $("#form-error").textContent = "";
    for (const el of $$("[aria-invalid]")) el.removeAttribute("aria-invalid");
  }
  function showError(message, el, { focus = true } = {}) {
    $("#form-error").textContent = message;
    if (el) {
      el.setAttribute("aria-invalid", "true");
      const details = el.closest("details");
      if (details) details.open = true;
      if (focus) {
        el.focus();
        el.scrollIntoView({ block: "center" });
      }
    }
  }
  // a table the judge says cannot happen under these rules (a hand too short for the deal)
  // is a mistake in the form too: its reason is said there, at the hand it names
  function cannotArise(v) {
    const why = (v.why || [])[0];
    if (v.outcome !== "cannot_arise" || !why) return;
    let field = null;
    for (let s = 0; s < playerCount() && !field; s++) {
      const word = oneWord(nameOf(s));
      if (why.startsWith(`${word} `) || why.startsWith(`${word}'`)) {
        const sec = $(`section[data-hand="${s}"]`);
        field = handMode(s) === "total" ? $("input[data-total-seat]", sec) : $("button[data-pick-hand]", sec);
      }
    }
    let sentence = why;
    for (let s = 0; s < playerCount(); s++) sentence = sentence.split(oneWord(nameOf(s))).join(nameOf(s));
    // the notation's way out, said as the form's
    sentence = sentence.replace(/or say '([^']+): not shown'/, 'or choose "Not shown" for $1\'s hand');
    if (!/[.!?]$/.test(sentence)) sentence += ".";
    showError(sentence, field, { focus: false });
  }
  // the judge's message, said of the field it points at, without the notation's columns
  function judgeError(res, parts) {
    let msg = String(res.error || "the judge could not read the situation");
    let col = Number.isInteger(res.column) ? res.column : null;
    const m = /^situation at column (\d+)(?: \('[^']*'\))?: /.exec(msg);
    if (m) {
      if (col === null) col = Number(m[1]);
      msg = msg.slice(m[0].length);
    }
    for (let s = 0; s < playerCount(); s++) {
      const name = nameOf(s);
      if (/\s/.test(name)) msg = msg.split(oneWord(name)).join(name);
    }
    msg = msg.replace(/ \(columns? \d+(?:(?:, | and )\d+)*\)/g, "").replace(/^situation: /, "");
    const part = col === null ? null : parts.find((p) => col >= p.start && col <= p.end + 1);
    let sentence = msg.charAt(0).toUpperCase() + msg.slice(1);
    if (!/[.!?]$/.test(sentence)) sentence += ".";
    if (part) sentence = `${part.label}: ${msg}${/[.!?]$/.test(msg) ? "" : "."}`;
    showError(sentence, part ? part.el : null);
  }

  async function ask(ev) {
    if (ev) ev.preventDefault();
    clearError();
    let built;
    try {
      built = notation();
    } catch (e) {
      showError(e.message, e.field);
      return;
    }
    $("#notation").textContent = built.text;
    const request = { situation: built.text, rules: rulesRequest() };
    await judgeRequest(request, built.parts);
  }
  async function judgeRequest(request, parts) {
    const button = $("#ask");
    button.disabled = true;
    button.textContent = "Judging…";
    document.body.setAttribute("aria-busy", "true");
    try {
      const res = await call("answer", JSON.stringify(request));
      if (!res.ok) {
        judgeError(res, parts);
        return false;
      }
      lastRequest = request;
      $("#stale").hidden = true;
      showRuling(res);
      cannotArise(res.verdict);
      return true;
    } catch (e) {
      showError(`The judge failed: ${e.message}`, null);
      return false;
    } finally {
      button.disabled = false;
      button.textContent = "Ask the judge";
      document.body.removeAttribute("aria-busy");
    }
  }

  // ---------------------------------------------------------------- the ruling
  // a name as the form spells it ("Player 1"), where the judge has it as one word ("Player-1")
  function shownName(word, seat) {
    const input = $(`input[data-name-seat="${seat}"]`);
    return input && oneWord(nameOf(seat)) === word ? nameOf(seat) : word;
  }
  function netText(x) { return typeof x === "number" ? (x > 0 ? `+${x}` : String(x)) : String(x); }
  function netClass(x) {
    const v = typeof x === "number" ? x : (String(x).startsWith("-") ? -1 : (String(x) === "0" ? 0 : 1));
    return v > 0 ? "up" : v < 0 ? "down" : "even";
  }
  function showRuling(res) {
    const v = res.verdict;
    const section = $("#result");
    section.hidden = false;
    const out = $("#verdict");
    out.dataset.net = JSON.stringify(v.net ?? null);
    out.dataset.outcome = v.outcome ?? "";
    out.dataset.headline = v.headline ?? "";
    out.textContent = "";
    const head = document.createElement("p");
    head.className = "headline";
    head.textContent = v.headline;
    out.append(head);
    if (Array.isArray(v.net) && Array.isArray(v.names)) {
      const row = document.createElement("p");
      row.className = "nets";
      v.net.forEach((x, i) => {
        const chip = document.createElement("span");
        chip.className = `net ${netClass(x)}`;
        chip.textContent = `${shownName(v.names[i] ?? `Player ${i + 1}`, i)} ${netText(x)}`;
        row.append(chip);
      });
      out.append(row);
    }
    const why = $("#why");
    why.textContent = "";
    for (const s of v.why || []) {
      const p = document.createElement("p");
      p.textContent = s;
      why.append(p);
    }
    $("#source").textContent = v.source ? `Source: ${v.source}.`.replace(/\.\.$/, ".") : "";
    const alts = $("#alternatives");
    alts.textContent = "";
    for (const a of v.alternatives || []) {
      const li = document.createElement("li");
      const where = document.createElement("span");
      where.className = "where";
      where.textContent = `At tables where ${a.where}: `;
      // the outcome in bold, what explains it (in brackets) in plain type
      const cut = String(a.outcome).indexOf(" (");
      const what = document.createElement("strong");
      what.textContent = cut > 0 ? a.outcome.slice(0, cut) : a.outcome;
      li.append(where, what);
      if (cut > 0) {
        const more = document.createElement("span");
        more.className = "more-words";
        more.textContent = a.outcome.slice(cut);
        li.append(more);
      }
      alts.append(li);
    }
    alts.dataset.count = String((v.alternatives || []).length);
    $(".alt-title").textContent = (v.alternatives || []).length
      ? "Other house rules, other outcomes"
      : "No house rule changes this outcome";
    renderRulesDetails(v, res.text);
    drawTable(res.situation, v.names);
    const share = $("#share");
    const url = new URL(location.href);
    url.hash = res.link || "";
    share.href = url.href;
    if (location.hash.slice(1) !== (res.link || "")) history.replaceState(null, "", url.href);
    fitCompact();
    section.scrollIntoView({ block: "start" });
    out.focus({ preventScroll: true });
  }
  function renderRulesDetails(v, text) {
    const box = $("#rules .rules-body");
    box.textContent = "";
    const para = (t, cls) => { const p = document.createElement("p"); if (cls) p.className = cls; p.textContent = t; box.append(p); return p; };
    if (v.table_rules) para(`The table's rules: ${v.table_rules}.`.replace(/\.\.$/, "."));
    const dl = document.createElement("dl");
    for (const r of v.rules || []) {
      const dt = document.createElement("dt");
      dt.textContent = r.id;
      const dd = document.createElement("dd");
      const t = document.createElement("span");
      t.textContent = r.text;
      dd.append(t);
      const src = document.createElement("span");
      src.className = "rule-source";
      const brief = (r.brief || []).length ? ` (rules brief: ${r.brief.join(", ")})` : "";
      src.textContent = `${r.source || ""}${brief}`;
      dd.append(src);
      dl.append(dt, dd);
    }
    box.append(dl);
    if ((v.alternatives || []).length) {
      const h = document.createElement("h4");
      h.textContent = "Where the other outcomes come from";
      box.append(h);
      const ul = document.createElement("ul");
      for (const a of v.alternatives) {
        const li = document.createElement("li");
        const opts = Object.entries(a.options || {}).map(([k, x]) => `${k} = ${JSON.stringify(x)}`).join(", ");
        li.textContent = `${a.where}: ${a.source || ""}${opts ? ` [${opts}]` : ""}`;
        ul.append(li);
      }
      box.append(ul);
    }
    for (const f of v.footnotes || []) para(f, "footnote");
    if (text) {
      const d = document.createElement("details");
      const s = document.createElement("summary");
      s.textContent = "The whole ruling, as tonk judge prints it";
      const pre = document.createElement("pre");
      pre.textContent = text;
      d.append(s, pre);
      box.append(d);
    }
  }
  function drawTable(sit, names) {
    const box = $("#table-drawing");
    box.textContent = "";
    const h = document.createElement("h3");
    h.textContent = "The table as laid out";
    box.append(h);
    if (!sit || sit.kind !== "description") return;
    const who = (s) => shownName((Array.isArray(sit.names) && sit.names[s]) || (names && names[s]) || nameOf(s), s);
    const grid = document.createElement("div");
    grid.className = "felt";
    (sit.hands || []).forEach((hand, s) => {
      const row = document.createElement("div");
      row.className = "seat";
      const name = document.createElement("span");
      name.className = "who";
      name.textContent = who(s);
      row.append(name);
      const total = sit.totals ? sit.totals[String(s)] : undefined;
      if (Array.isArray(hand) && hand.length) row.append(cardList(hand.map(String)));
      else {
        const t = document.createElement("span");
        t.className = "note";
        t.textContent = total !== undefined && total !== null ? `cards totalling ${total}` : "cards not shown";
        row.append(t);
      }
      for (const sp of sit.spreads || []) {
        if (sp.owner !== s) continue;
        const w = document.createElement("span");
        w.className = "laid";
        w.append(cardList(sp.cards));
        row.append(w);
      }
      grid.append(row);
    });
    const centre = document.createElement("div");
    centre.className = "seat centre";
    const label = document.createElement("span");
    label.className = "who";
    label.textContent = "Pile";
    centre.append(label);
    if (sit.discard_top) centre.append(cardList([sit.discard_top]));
    else {
      const t = document.createElement("span");
      t.className = "note";
      t.textContent = "empty";
      centre.append(t);
    }
    const stock = document.createElement("span");
    stock.className = "note";
    stock.textContent = sit.stock_count === null || sit.stock_count === undefined ? "stock: the rest of the pack" : `stock: ${sit.stock_count}`;
    centre.append(stock);
    grid.append(centre);
    box.append(grid);
  }

  $("#compact").addEventListener("click", () => {
    const on = !document.body.classList.contains("compact");
    document.body.classList.toggle("compact", on);
    $("#compact").setAttribute("aria-pressed", on ? "true" : "false");
    fitCompact();
    $("#result").scrollIntoView({ block: "start" });
  });
  // the screenshot view fits one screen: its type made smaller until it does (not below 11px)
  function fitCompact() {
    const result = $("#result");
    if (!document.body.classList.contains("compact")) {
      result.style.removeProperty("--compact-size");
      return;
    }
    let size = 16;
    result.style.setProperty("--compact-size", `${size}px`);
    while (size > 11 && result.getBoundingClientRect().height > window.innerHeight - 12) {
      size -= 0.5;
      result.style.setProperty("--compact-size", `${size}px`);
    }
  }
  window.addEventListener("resize", fitCompact);

  // ---------------------------------------------------------------- the fragment
  function readFragment(hash) {
    const out = { preset: null, options: {}, situation: null };
    for (const piece of hash.replace(/^#/, "").split("&")) {
      if (!piece) continue;
      const eq = piece.indexOf("=");
      const key = decodeURIComponent(eq < 0 ? piece : piece.slice(0, eq));
      const raw = eq < 0 ? "" : decodeURIComponent(piece.slice(eq + 1));
      if (key === "rules") out.preset = raw;
      else if (key === "s") out.situation = raw;
      else if (key.startsWith("o.")) out.options[key.slice(2)] = raw;
    }
    return out;
  }
  function optionFromText(name, raw) {
    const opt = optionByName.get(name);
    if (!opt) return undefined;
    for (const c of opt.choices) {
      const asJson = JSON.stringify(c.value);
      if (raw === c.text || raw === asJson || raw === String(c.value) || (c.value === null && /^(null|none)$/i.test(raw))) return c.value;
    }
    return undefined;
  }
  async function fromFragment(hash) {
    const f = readFragment(hash);
    if (!f.situation) return false;
    const presetSel = $("#preset");
    const options = {};
    const unknown = [];
    if (f.preset && catalogue.presets.some((p) => p.name === f.preset)) presetSel.value = f.preset;
    else if (f.preset) unknown.push(`rules=${f.preset}`);
    for (const [k, raw] of Object.entries(f.options)) {
      const v = optionFromText(k, raw);
      if (v === undefined) unknown.push(`${k}=${raw}`);
      else options[k] = v;
    }
    applyPreset(options);
    const parsed = await call("parse", f.situation);
    if (!parsed.ok) {
      $("#notation").textContent = f.situation;
      judgeError(parsed, []);
      return true;
    }
    fill(parsed.situation, f.situation);
    changed();
    if (unknown.length) {
      showError(`The link names house rules this page does not know (${unknown.join(", ")}); they were left as the preset plays them.`, null);
    }
    // the link's own description is asked, as it was written
    await judgeRequest({ situation: f.situation, rules: rulesRequest() }, []);
    return true;
  }
  function fill(sit, text) {
    renderPlayerCount(sit.players);
    const names = Array.isArray(sit.names) ? sit.names : null;
    for (let s = 0; s < sit.players; s++) {
      const input = $(`input[data-name-seat="${s}"]`);
      input.value = names && names[s] ? String(names[s]) : `Player ${s + 1}`;
    }
    refreshNames();
    $("#dealer").value = Number.isInteger(sit.dealer) && /\bdealer\b/i.test(text) ? String(sit.dealer) : "";
    $("#stake").value = sit.stake && sit.stake !== 1 ? String(sit.stake) : "";
    (sit.hands || []).forEach((hand, s) => {
      const sec = $(`section[data-hand="${s}"]`);
      if (!sec) return;
      let mode = "hidden";
      const total = sit.totals ? sit.totals[String(s)] : undefined;
      if (Array.isArray(hand)) {
        mode = "cards";
        setPicked($("button[data-pick-hand]", sec), hand.map(String));
      } else if (total !== undefined && total !== null) {
        mode = "total";
        $("input[data-total-seat]", sec).value = String(total);
      }
      for (const r of $$(`input[name="hand-mode-${s}"]`)) r.checked = r.value === mode;
      showHandMode(s);
    });
    $("#spreads").textContent = "";
    for (const sp of sit.spreads || []) addSpread(sp.owner, sp.cards.map(String));
    $("#discard-none").checked = sit.discard_top === null && !!sit.first_turn && /\b(discard|pile)\s+(none|empty)\b/i.test(text);
    setPicked($("#discard-pick"), sit.discard_top ? [sit.discard_top] : []);
    $("#discard-pick").disabled = $("#discard-none").checked;
    $("#stock").value = sit.stock_count === null || sit.stock_count === undefined ? "" : String(sit.stock_count);
    $("#first-turn").checked = !!sit.first_turn;
    $("#actions").textContent = "";
    const drawn = [...text.matchAll(/\bdraws?\s+(?!from\b|stock\b|the\b)([0-9TJQKAXtjqka][0-9cdhsCDHS♣♦♥♠]{1,2})/g)].map((m) => m[1]);
    for (const a of sit.actions || []) {
      const act = a.action || {};
      const t = act.type;
      if (t === "knock") addAction(a.seat, "knock", act.discard ? [act.discard] : []);
      else if (t === "draw" && act.from === "discard") addAction(a.seat, "take");
      else if (t === "draw") addAction(a.seat, "draw", act.card ? [act.card] : (drawn.length ? [canonical(drawn.shift())] : []));
      else if (t === "spread") addAction(a.seat, "spread", act.cards || []);
      else if (t === "hit") addAction(a.seat, "hit", [act.card], act.spread);
      else if (t === "discard") addAction(a.seat, "discard", [act.card]);
    }
    refreshNames();
  }
  function canonical(t) {
    let c = t;
    if (c.length === 3 && c.startsWith("10")) c = "T" + c[2];
    const suit = { "♣": "c", "♦": "d", "♥": "h", "♠": "s" }[c[1]] || c[1].toLowerCase();
    return c[0].toUpperCase() === "X" ? c.toUpperCase() : c[0].toUpperCase() + suit;
  }

  // ---------------------------------------------------------------- start
  async function start(cat) {
    catalogue = cat;
    stage("ready");
    clearInterval(creep);
    renderRules();
    $("#preset").value = catalogue.presets.some((p) => p.name === "seed") ? "seed" : catalogue.presets[0].name;
    applyPreset({});
    renderPlayerCount(2);
    $("#players").addEventListener("change", () => { renderSeats(); changed(); });
    $("#dealer").addEventListener("change", changed);
    $("#stake").addEventListener("input", changed);
    $("#stock").addEventListener("input", changed);
    $("#first-turn").addEventListener("change", changed);
    $("#discard-pick").dataset.empty = "Choose the card";
    $("#discard-pick").dataset.label = "Top of the discard pile";
    showPicked($("#discard-pick"));
    $("#discard-pick").addEventListener("click", () => openPicker($("#discard-pick"), {
      title: "The top of the discard pile", hint: "Tap the card face up on the pile.", max: 1 }));
    $("#discard-none").addEventListener("change", () => {
      $("#discard-pick").disabled = $("#discard-none").checked;
      changed();
    });
    $("#add-spread").addEventListener("click", () => {
      const li = addSpread(0, []);
      $("select[data-spread-owner]", li).focus();
      changed();
    });
    $("#add-action").addEventListener("click", () => {
      const li = addAction(null, $$("li[data-action]").length ? "discard" : "knock");
      $("select[data-action-seat]", li).focus();
      changed();
    });
    $("#form").addEventListener("submit", ask);
    $("#ask").disabled = false;
    progress.hidden = true;
    $("#form").hidden = false;
    changed();
    window.addEventListener("hashchange", () => {
      if (readFragment(location.hash).situation) fromFragment(location.hash);
    });
    if (readFragment(location.hash).situation) {
      try { await fromFragment(location.hash); } catch (e) { showError(`The link could not be read: ${e.message}`, null); }
    }
    document.body.dataset.ready = "1";
  }
}
