// Loads the project's HTML pages (a report, a ruling, a diff, a replay), each a file, in
// headless Chromium at a given size and colour scheme; runs axe-core on each, measures
// sideways scroll and takes screenshots.  One browser serves a whole test module.
//
// stdin: {"node_modules": DIR, "chromium": PATH, "tasks": [TASK, ...]}
// stdout: {"results": [RESULT, ...], "blocked": [URL, ...], "console": [TEXT, ...]}
//
// A task: {"id", "url", "width", "height", "scheme": "light"|"dark",
//          "axe": bool, "open_details": bool, "dom": bool, "screenshot": PATH (optional),
//          "full_page": bool}
// A result: {"id", "ok", "error"?, "ready": bool, "title", "h1": [TEXT],
//            "violations": [...] (with "axe"), "scroll_width", "inner_width", "wide": [...],
//            "dom": TEXT (with "dom": the document as the script left it)}
// A page with a script marks body[data-ready='1'] when the script has run; a page without
// one is ready at "load".  Only file: and data: requests go out; the others are aborted
// and listed (a page must need no network).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { launch, log, readStdin } from "./launch.mjs";

const cfg = await readStdin();
const axeSource = readFileSync(join(cfg.node_modules, "axe-core", "axe.min.js"), "utf8");
const { browser, page, blocked, consoleLines } = await launch(cfg, {
  allowed: (url) => url.startsWith("file:") || url.startsWith("data:") || url.startsWith("about:"),
  resolver: "MAP * ~NOTFOUND",
});

async function load(task) {
  await page.setViewport({ width: task.width, height: task.height, deviceScaleFactor: 1 });
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: task.scheme || "light" }]);
  // through about:blank, so that a change of fragment alone is a full load
  await page.goto("about:blank");
  await page.goto(task.url, { waitUntil: "load" });
  const scripted = await page.evaluate(() => document.scripts.length > 0);
  if (scripted) await page.waitForSelector("body[data-ready='1']", { timeout: 20000 });
  return scripted;
}

async function axe() {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      count: v.nodes.length,
      nodes: v.nodes.slice(0, 4).map((n) => ({ target: n.target, html: n.html.slice(0, 200), summary: n.failureSummary })),
    }));
  });
}

async function measure() {
  return page.evaluate(() => {
    const d = document.documentElement;
    // an element past the window's right edge, not inside a box that scrolls or clips it
    const clipped = (e) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== "visible") return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll("body *")]
      .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(e))
      .slice(0, 8)
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}${typeof e.className === "string" && e.className ? "." + e.className.split(" ").join(".") : ""} right=${Math.round(e.getBoundingClientRect().right)}`);
    return {
      scroll_width: Math.max(d.scrollWidth, document.body.scrollWidth),
      inner_width: window.innerWidth,
      wide,
      title: document.title,
      h1: [...document.querySelectorAll("h1")].filter((h) => h.getClientRects().length).map((h) => h.textContent.trim()),
    };
  });
}

const results = [];
for (const task of cfg.tasks) {
  const t0 = performance.now();
  try {
    const scripted = await load(task);
    // every <details> of the page opened, so that axe-core sees what each one holds
    if (task.open_details) await page.evaluate(() => document.querySelectorAll("details").forEach((d) => { d.open = true; }));
    const out = { id: task.id, ok: true, scripted, ...(await measure()) };
    if (task.dom) out.dom = await page.content();
    if (task.axe) out.violations = await axe();
    if (task.screenshot) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: task.screenshot, fullPage: Boolean(task.full_page) });
    }
    out.ms = performance.now() - t0;
    results.push(out);
    log(`${task.id}: ${Math.round(out.ms)} ms`);
  } catch (err) {
    log(`${task.id}: failed: ${String(err).split("\n")[0]}`);
    results.push({ id: task.id, ok: false, error: String((err && err.stack) || err).slice(0, 1500) });
  }
}
await browser.close();
process.stdout.write(JSON.stringify({ results, blocked, console: consoleLines }));
