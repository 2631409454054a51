"""The Tonk conformance suite under pytest: the ``pytest11`` entry point ``tonk``.

It is loaded in every pytest session of every user who has the package installed, so it
costs nothing unless asked: this module declares the ``--tonk-*`` options and imports
nothing of the suite; the plugin proper (:mod:`.pytest_tonk`) is imported and registered
only when a ``--tonk-*`` option is given, when a file of a folder the ini option
``tonk_scenarios`` (or ``--tonk-scenarios DIR``) names is collected, when a Gherkin
scenario bound by ``pytest --pyargs tonk_ref.harness.feature_suite`` has run its steps, or
when a test asks for the ``tonk_engine`` fixture.

Given a ``--tonk-*`` option and nothing to collect (no path, no ``testpaths`` of the
project, no ``tonk_scenarios`` folder), ``pytest --tonk-adapter-cmd "..."`` runs the
packaged suite: the YAML cases and perft tables of the installed scenarios folder and the
Gherkin features (:mod:`tonk_ref.harness.feature_suite`), wherever the package lies
(:mod:`tonk_ref.paths`).
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

#: The plugin proper, registered under this name once it is in play.
PLUGIN = "tonk-suite"
_DIRS = pytest.StashKey[list[Path]]()


# ---------------------------------------------------------------------------- options
def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("tonk", "Tonk conformance suite (spec/scenarios.md)")
    group.addoption("--tonk-adapter", default=None, metavar="MODULE:FACTORY",
                    help="run the Tonk cases against the adapter this factory returns (default: the reference "
                         "engine in process)")
    group.addoption("--tonk-adapter-cmd", default=None, metavar="CMD",
                    help="run the Tonk cases against an engine process speaking the stdio protocol")
    group.addoption("--tonk-timeout", type=float, default=10.0, metavar="S",
                    help="seconds an engine process may take to answer one request (default 10)")
    group.addoption("--tonk-validate", action="store_true", default=False,
                    help="check every message both ways against the protocol schemas")
    group.addoption("--tonk-known-failures", default=None, metavar="FILE",
                    help="a known-failures file (spec/known-failures.schema.json): cases accepted as failing")
    group.addoption("--tonk-rules", default=None, metavar="FILE",
                    help="the table's rules (a preset, a preset file or a table-rules file): every case runs "
                         "under them, as with tonk check --rules (retargeted; skipped where it cannot exist)")
    group.addoption("--tonk-json", default=None, metavar="FILE",
                    help="write the conformance report as JSON (-: on the standard output)")
    group.addoption("--tonk-scenarios", action="append", default=[], metavar="DIR",
                    help="also collect the scenarios of DIR (adds to the ini option tonk_scenarios)")
    group.addoption("--tonk-perft-depth", type=int, default=3, metavar="D",
                    help="count the perft tables to depth D for engines with legal_actions (0: not at all)")
    group.addoption("--tonk-table", choices=("full", "problems", "off"), default="problems",
                    help="the per-rule table of the terminal summary (default: rules with failures)")
    parser.addini("tonk_scenarios", "directories whose scenario files are collected as Tonk cases",
                  type="paths", default=[])


#: The options' defaults: an option set to anything else puts the plugin in play.
_DEFAULTS: dict[str, object] = {
    "tonk_adapter": None, "tonk_adapter_cmd": None, "tonk_timeout": 10.0, "tonk_validate": False,
    "tonk_known_failures": None, "tonk_rules": None, "tonk_json": None, "tonk_scenarios": [],
    "tonk_perft_depth": 3, "tonk_table": "problems",
}


def _asked(config: pytest.Config) -> bool:
    return any(config.getoption(name) != default for name, default in _DEFAULTS.items())


def _loaded(config: pytest.Config) -> bool:
    return config.pluginmanager.has_plugin(PLUGIN)


def plugin(config: pytest.Config) -> ModuleType:
    """The plugin proper, imported and registered the first time it is needed (its
    ``pytest_configure`` runs then: pytest calls it for a plugin registered late)."""
    found = config.pluginmanager.get_plugin(PLUGIN)
    if found is None:
        from . import pytest_tonk

        config.pluginmanager.register(pytest_tonk, PLUGIN)
        found = pytest_tonk
    assert isinstance(found, ModuleType)
    return found


# ---------------------------------------------------------------------------- hooks
def _packaged_suite(config: pytest.Config) -> None:
    """Nothing to collect but the folder pytest was started in: collect the packaged suite
    instead (its scenarios folder, added to ``--tonk-scenarios``, and the features'
    binding module)."""
    if config.args_source is not pytest.Config.ArgsSource.INVOCATION_DIR:
        return  # paths given, or the project's testpaths
    if config.getini("tonk_scenarios") or config.getoption("tonk_scenarios"):
        return  # the project names its own scenarios
    from ..paths import scenarios_dir

    scenarios = str(scenarios_dir().resolve())
    config.option.tonk_scenarios = [scenarios]
    config.args = [scenarios]
    try:
        import pytest_bdd  # noqa: F401  (the features run under pytest-bdd)
    except ImportError:
        return
    from importlib.util import find_spec

    found = find_spec("tonk_ref.harness.feature_suite")
    if found is not None and found.origin:
        config.args.append(found.origin)


def _scenario_dirs(config: pytest.Config) -> list[Path]:
    dirs = config.stash.get(_DIRS, None)
    if dirs is None:
        found = [Path(p) for p in config.getini("tonk_scenarios")]
        found += [config.invocation_params.dir / p for p in config.getoption("tonk_scenarios")]
        dirs = config.stash[_DIRS] = [d.resolve() for d in found]
    return dirs


def pytest_configure(config: pytest.Config) -> None:
    if _asked(config):
        _packaged_suite(config)
        plugin(config)
    elif not hasattr(config, "workerinput"):
        config.pluginmanager.register(_Controller(config), "tonk-watch")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """A scenario file or perft table of a ``tonk_scenarios`` folder: the first one brings
    the plugin proper in (which collects every later one itself)."""
    if file_path.suffix not in (".yaml", ".perft") or _loaded(parent.config):
        return None
    dirs = _scenario_dirs(parent.config)
    if not dirs:
        return None
    resolved = file_path.resolve()
    if not any(resolved.is_relative_to(d) for d in dirs):
        return None
    found: pytest.Collector | None = plugin(parent.config).pytest_collect_file(file_path=file_path, parent=parent)
    return found


@pytest.hookimpl(optionalhook=True)
def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    """A Gherkin scenario of the features' binding module: the plugin proper runs its case."""
    if _loaded(request.config) or not getattr(request.node.module, "TONK_FEATURES", False):
        return
    plugin(request.config).pytest_bdd_after_scenario(request=request, feature=feature, scenario=scenario)


class _Controller:
    """Under pytest-xdist the controller collects nothing: the first Tonk result a worker
    sends brings the plugin proper in on the controller too, which adds up the rest."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if _loaded(self.config) or not any(name == "tonk_result" for name, _ in report.user_properties):
            return
        plugin(self.config)
        controller = self.config.pluginmanager.get_plugin("tonk-controller")
        if controller is not None:
            controller.pytest_runtest_logreport(report)


@pytest.fixture(scope="session")
def tonk_engine(request: pytest.FixtureRequest) -> Any:
    """The engine under test (one per process): :class:`~tonk_ref.harness.runner.Engine`."""
    return plugin(request.config).engine_of(request.config)
