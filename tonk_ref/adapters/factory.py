"""Which engine a command or a pytest run is asked to test, in one place.

An :class:`EngineSpec` is what ``--adapter-cmd CMD`` or ``--adapter MODULE:FACTORY`` say
(or, with neither, the reference engine in process), with the stdio options.  It can be
described, turned back into command-line arguments (for the replay command a report
prints), and built into an :class:`~tonk_ref.adapters.base.Adapter`, in this process or in
a worker process (it pickles).
"""

from __future__ import annotations

import importlib
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from ..bounds import MAX_TIMEOUT
from ..errors import TonkError
from .base import Adapter

REFERENCE = "tonk_ref.adapters.inprocess:reference"


class EngineSpecError(TonkError, ValueError):
    """An ``--adapter`` or ``--adapter-cmd`` that cannot name an engine; says what was expected."""


@dataclass(frozen=True, slots=True)
class EngineSpec:
    cmd: str | None = None
    factory: str | None = None
    timeout: float = 10.0
    start_timeout: float = 10.0
    validate: bool = False

    def __post_init__(self) -> None:
        if self.cmd is not None and self.factory is not None:
            raise EngineSpecError("give --adapter-cmd or --adapter, not both")
        if self.cmd is not None:
            try:
                argv = shlex.split(self.cmd)
            except ValueError as e:
                raise EngineSpecError(f"--adapter-cmd {self.cmd!r}: {e}") from None
            if not argv:
                raise EngineSpecError("--adapter-cmd: the engine command is empty")
        if self.factory is not None:
            module, sep, name = self.factory.partition(":")
            if not sep or not module or not name:
                raise EngineSpecError(f"--adapter expects MODULE:FACTORY, such as {REFERENCE}; got {self.factory!r}")
        for option, seconds in (("--timeout", self.timeout), ("--start-timeout", self.start_timeout)):
            if not 0 < seconds <= MAX_TIMEOUT:  # nan, inf and 1e308 too
                raise EngineSpecError(f"{option}: expected a number of seconds above 0 and at most "
                                      f"{MAX_TIMEOUT:g}, got {seconds:g}")

    def describe(self) -> str:
        if self.cmd is not None:
            return f"stdio: {self.cmd}"
        return f"in process: {self.factory or REFERENCE}"

    def args(self) -> str:
        """The command-line arguments that name this engine again."""
        parts: list[str] = []
        if self.cmd is not None:
            parts += ["--adapter-cmd", shlex.quote(self.cmd)]
            if self.timeout != 10.0:
                parts += ["--timeout", f"{self.timeout:g}"]
            if self.validate:
                parts.append("--validate")
        elif self.factory is not None:
            parts += ["--adapter", self.factory]
        return " ".join(parts)

    def factory_function(self) -> Callable[[], Adapter]:
        module, _, name = (self.factory or REFERENCE).partition(":")
        try:
            mod = importlib.import_module(module)
        except ImportError as e:
            raise EngineSpecError(f"--adapter: cannot import {module!r}: {e}") from None
        fn = getattr(mod, name, None)
        if not callable(fn):
            raise EngineSpecError(f"--adapter: module {module!r} has no callable {name!r}")
        return cast(Callable[[], Adapter], fn)

    def build(self) -> Adapter:
        """A new adapter for this engine (a stdio engine is started at its first request)."""
        if self.cmd is not None:
            from .stdio_client import StdioAdapter

            return StdioAdapter(self.cmd, timeout=self.timeout, validate=self.validate,
                                start_timeout=self.start_timeout)
        made = self.factory_function()()
        if not isinstance(made, Adapter):  # --adapter builtins:dict
            missing = [m for m in ("hello", "new_hand", "act", "state", "play", "close")
                       if not callable(getattr(made, m, None))]
            raise EngineSpecError(f"--adapter {self.factory}: the factory made a {type(made).__name__}, not an "
                                  f"adapter (it lacks {', '.join(missing)}: see tonk_ref.adapters.base.Adapter)")
        return made
