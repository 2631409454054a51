// What both browser drivers share: progress on stderr, the task read from stdin, and the
// headless Chromium they launch through puppeteer-core, with one page whose requests go
// out only where the driver allows (the others are aborted and listed) and whose errors
// and warnings are kept.

import { join } from "node:path";
import { pathToFileURL } from "node:url";

const START = performance.now();

// progress on stderr, for a run that fails or hangs
export function log(text) {
  process.stderr.write(`[${((performance.now() - START) / 1000).toFixed(1)}s] ${text}\n`);
}

export async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

// cfg: {"node_modules": DIR, "chromium": PATH}; allowed(url): whether a request may go out;
// resolver: Chromium's --host-resolver-rules (no host resolves but those it excludes).
// Returns {browser, page, blocked: [URL, ...], consoleLines: [TEXT, ...]}.
export async function launch(cfg, { allowed, resolver }) {
  const entry = join(cfg.node_modules, "puppeteer-core", "lib", "puppeteer", "puppeteer-core.js");
  const puppeteer = (await import(pathToFileURL(entry).href)).default;
  const blocked = [];
  const consoleLines = [];
  const browser = await puppeteer.launch({
    executablePath: cfg.chromium,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
      `--host-resolver-rules=${resolver}`],
  });
  const page = await browser.newPage();
  await page.setRequestInterception(true);
  page.on("request", (req) => {
    const url = req.url();
    if (allowed(url)) req.continue();
    else { blocked.push(url); req.abort(); }
  });
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warn") consoleLines.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => consoleLines.push(`pageerror: ${err.message}`));
  return { browser, page, blocked, consoleLines };
}
