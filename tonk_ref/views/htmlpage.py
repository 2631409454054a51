"""The shell of every HTML page the project writes (the conformance report, a ruling, a
replay, a diff): one self-contained file, its styles and script inline, nothing loaded
from the network.  Light and dark colours follow ``prefers-color-scheme``, each text against
its background at a contrast of 4.5:1 or more; every control is a native one (links,
buttons, ``details``/``summary``, form fields) with a visible focus ring, and a box that
scrolls (a wide table, a long transcript) is a named region the keyboard can reach
(``tabindex="0"``); the layout holds at a phone's width (about 390 px), long words broken
rather than widening the page.  tests/browser/test_pages_in_chromium.py runs axe-core on
every kind of page, in both schemes, at both widths.

Every page is a Jinja2 template of ``templates/`` rendered with autoescaping on for every
template, so a value reaches a page only escaped (the text of an element and the value of
an attribute alike); control characters and lone surrogates anywhere in a page are written
as their escapes (:func:`~.escape.visible`), so any text can be written as UTF-8.  The styles
and scripts are files of ``static/``, inlined as they are: the package's own files are the
only text a page holds unescaped.  ``page.html.j2`` is the shell the pages extend;
``cards.html.j2`` and ``rules.html.j2`` hold the macros they share.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from .cardface import table
from .escape import page_text

if TYPE_CHECKING:
    from jinja2 import Environment


@cache
def static(name: str) -> Markup:
    """A style sheet or script of ``static/``, to inline as it is."""
    return Markup(files("tonk_ref.views").joinpath("static", name).read_text(encoding="utf-8"))


@cache
def environment() -> Environment:
    """The one template environment: the package's templates, autoescaping on for all of
    them, an undefined name an error rather than an empty string (Jinja2 is imported
    only when a page is made)."""
    from jinja2 import Environment, PackageLoader, StrictUndefined

    env = Environment(
        loader=PackageLoader("tonk_ref.views", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )
    env.globals["static"] = static
    env.globals["table_of"] = table
    return env


def render(template: str, **context: Any) -> str:
    """The page ``template`` (a file of ``templates/``) rendered with ``context``; no
    control character but the newline and no lone surrogate is left in it (the package's
    own templates and styles hold none)."""
    return page_text(environment().get_template(template).render(**context))
