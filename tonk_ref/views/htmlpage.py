"""The shell of every HTML page the project writes (the conformance report, a ruling, a
replay): one self-contained file, its styles and script inline, nothing loaded from the
network.  Light and dark colours follow ``prefers-color-scheme``; every control is a
native one (links, buttons, ``details``/``summary``, form fields) with a visible focus
ring; the layout holds at a phone's width (about 390 px)."""

from __future__ import annotations

from html import escape

from .cardface import CARD_CSS

BASE_CSS = """
:root{color-scheme:light dark;--bg:#fbfbf8;--fg:#1d1f21;--muted:#5d6167;--line:#d5d7da;--panel:#ffffff;
  --accent:#1f5fbf;--pass:#1d7a3a;--pass-bg:#dff3e4;--fail:#b3261e;--fail-bg:#fbe0de;--skip:#6b6f76;
  --skip-bg:#eceef0;--known:#8a5a00;--known-bg:#fdf0cf;--nc-bg:#e6eefb;--mark:#fff3b0;
  --card-face:#ffffff;--card-edge:#9aa0a6;--card-black:#111;--card-red:#c62828;--card-joker:#6a1b9a;
  --back-a:#2f5aa8;--back-b:#24488a}
@media (prefers-color-scheme:dark){:root{--bg:#15171a;--fg:#e6e6e3;--muted:#a4a9b0;--line:#3a3f45;
  --panel:#1e2125;--accent:#8ab4f8;--pass:#7ed99a;--pass-bg:#173a24;--fail:#ff8a80;--fail-bg:#4a1c1a;
  --skip:#b0b5bb;--skip-bg:#2a2e33;--known:#ffd479;--known-bg:#43360f;--nc-bg:#1c2b45;--mark:#4d4314;
  --card-face:#f4f1e8;--card-edge:#6b7077;--card-black:#111;--card-red:#c62828;--card-joker:#6a1b9a}}
*{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,
  sans-serif}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.2rem 0 .6rem}h2{font-size:1.25rem;margin:1.6rem 0 .5rem;
  border-bottom:1px solid var(--line);padding-bottom:.2rem}h3{font-size:1.05rem;margin:1rem 0 .4rem}
a{color:var(--accent)}
code,pre,kbd{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:var(--panel);border:1px solid var(--line);border-radius:.4rem;padding:.5rem;overflow:auto;
  max-height:24rem;white-space:pre-wrap;word-break:break-word}
.muted{color:var(--muted)}
.panel{background:var(--panel);border:1px solid var(--line);border-radius:.5rem;padding:.6rem .8rem;margin:.6rem 0}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;font-size:.92rem}
th,td{border:1px solid var(--line);padding:.25rem .45rem;text-align:left;vertical-align:top}
th{background:var(--panel);position:sticky;top:0}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.pass{background:var(--pass-bg);color:var(--pass)}.fail{background:var(--fail-bg);color:var(--fail)}
.skip,.skipped{background:var(--skip-bg);color:var(--skip)}.known{background:var(--known-bg);color:var(--known)}
.none{color:var(--muted)}
.badge{display:inline-block;border-radius:1em;padding:0 .55em;font-size:.85em;font-weight:600}
details{border:1px solid var(--line);border-radius:.45rem;margin:.4rem 0;background:var(--panel)}
details>summary{cursor:pointer;padding:.4rem .6rem;list-style-position:outside;margin-left:1rem}
details[open]>summary{border-bottom:1px solid var(--line)}
details>.body{padding:.5rem .7rem}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px;border-radius:.2rem}
button,select,input{font:inherit;color:inherit;background:var(--panel);border:1px solid var(--line);
  border-radius:.35rem;padding:.25rem .5rem;min-height:2.2rem}
button{cursor:pointer}
label{display:inline-flex;align-items:center;gap:.35rem}
.kv{display:grid;grid-template-columns:max-content 1fr;gap:.15rem .8rem}
.kv dt{color:var(--muted)}.kv dd{margin:0}
ol.script{padding-left:2rem;margin:.3rem 0}ol.script li{padding:.05rem .3rem}
ol.script li.failing{background:var(--mark);border-left:4px solid var(--fail);font-weight:600}
ol.script li.after{color:var(--muted)}
.grid2{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,22rem),1fr));gap:.8rem}
.cmd{display:flex;gap:.4rem;align-items:flex-start}.cmd pre{flex:1;margin:0}
@media (max-width:600px){main{padding:.6rem}body{font-size:15px}th,td{padding:.2rem .3rem}}
"""


def esc(value: object) -> str:
    """Text for HTML (quotes escaped too, so it fits inside attributes)."""
    return escape(str(value), quote=True)


def page(title: str, body: str, *, css: str = "", script: str = "") -> str:
    """A whole page: the shell, the styles (the base, the cards, ``css``), ``body`` inside
    ``<main>``, and ``script`` run when the page has loaded."""
    js = f"<script>\n{script}\n</script>\n" if script else ""
    return (
        "<!doctype html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{esc(title)}</title>\n"
        f"<style>{BASE_CSS}{CARD_CSS}{css}</style>\n"
        f"</head>\n<body>\n<main>\n{body}\n</main>\n{js}</body>\n</html>\n"
    )
