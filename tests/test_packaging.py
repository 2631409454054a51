"""What `pip install .` brings is enough for every `tonk` command: each third-party module
that tonk_ref (or tonk_model, the independent model of the rules installed beside it)
imports comes from a runtime dependency in pyproject.toml, except in the
modules that run only under pytest (the plugin and the features' binding), which take
theirs from the ``pytest`` extra; ``tonk check`` runs without pytest at all; and the wheel
carries the two packages, the spec, the scenarios and the features, its license, and no
mutants (test data of the repository) nor the scenario generators."""

from __future__ import annotations

import ast
import importlib.metadata
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The packages the wheel installs: the suite, and the independent model of the rules.
PACKAGES = ("tonk_ref", "tonk_model")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def third_party_imports() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in (p for package in PACKAGES for p in (ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top not in PACKAGES and top not in sys.stdlib_module_names:
                    found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


def _dist(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


#: The modules pytest loads, and only pytest: they may use the ``pytest`` extra.
PYTEST_ONLY = {"tonk_ref/tools/pytest_plugin.py", "tonk_ref/tools/pytest_tonk.py",
               "tonk_ref/harness/markers.py", "tonk_ref/harness/feature_suite.py"}


def test_every_imported_module_is_a_runtime_dependency() -> None:
    runtime = {_dist(r) for r in PYPROJECT["project"]["dependencies"]}
    extra = runtime | {_dist(r) for r in PYPROJECT["project"]["optional-dependencies"]["pytest"]}
    providers = importlib.metadata.packages_distributions()
    missing = {}
    for module, users in third_party_imports().items():
        dists = {d.lower().replace("_", "-") for d in providers.get(module, [module])}
        allowed = extra if users <= PYTEST_ONLY else runtime
        if not dists & allowed:
            missing[module] = sorted(users - PYTEST_ONLY if allowed is runtime else users)[:3]
    assert missing == {}, f"imported by {' or '.join(PACKAGES)} but not a runtime dependency: {missing}"


def test_tonk_check_runs_without_pytest() -> None:
    """With pytest and pytest-bdd unimportable, ``tonk check`` still runs cases of every kind."""
    code = (
        "import sys\n"
        "sys.modules['pytest'] = sys.modules['pytest_bdd'] = sys.modules['_pytest'] = None\n"
        "from tonk_ref.tools.cli import main\n"
        "sys.exit(main(['check', '-k', 'pay-knock-d5-tie-3p or dealer-passes-left or perft-rich-2p-seed', "
        "'--no-progress']))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "TONK_NO_CACHE": "1"})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert re.search(r"cases: \d+: (\d+) passed, 0 failed", proc.stdout), proc.stdout
    assert "no module named 'pytest'" not in (proc.stdout + proc.stderr).lower()


def test_runtime_dependencies_have_lower_bounds() -> None:
    for requirement in PYPROJECT["project"]["dependencies"]:
        assert ">=" in requirement, requirement


WHEEL = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]


def test_the_wheel_carries_the_suite_data() -> None:
    """The spec, the features and every folder of the scenarios but the generators' go in
    as tonk_ref's data (a folder added to scenarios/ must be added to the list)."""
    assert WHEEL["packages"] == list(PACKAGES)
    included = WHEEL["force-include"]
    assert included["spec"] == "tonk_ref/_data/spec" and included["features"] == "tonk_ref/_data/features"
    assert all(v == f"tonk_ref/_data/{k}" for k, v in included.items())
    folders = {f"scenarios/{d.name}" for d in (ROOT / "scenarios").iterdir()
               if d.is_dir() and d.name not in ("_gen", "perft", "__pycache__")}
    tables = {f"scenarios/perft/{f.name}" for f in (ROOT / "scenarios" / "perft").glob("*.perft")}
    assert set(included) == {"spec", "features", *folders, *tables}


def wheel_files() -> list[str]:
    """The paths the wheel would hold, as the build backend (hatchling) lists them."""
    from hatchling.builders.wheel import WheelBuilder

    return [f.distribution_path for f in WheelBuilder(str(ROOT)).recurse_included_files()]


def test_the_wheel_holds_the_packages_and_their_data_only() -> None:
    files = wheel_files()
    assert {"tonk_ref/__init__.py", "tonk_ref/tools/cli.py", "tonk_ref/_data/spec/rules.yaml"} <= set(files)
    assert {"tonk_model/__init__.py", "tonk_model/ruleset.py", "tonk_model/py.typed"} <= set(files)
    assert [f for f in files if not f.startswith(tuple(f"{p}/" for p in PACKAGES))] == []
    # every scenario, perft table and feature of the checkout, and the spec the tool reads,
    # and nothing else of those folders: not the generators, their tables or their manifest
    data = {f.removeprefix("tonk_ref/_data/") for f in files if f.startswith("tonk_ref/_data/")}
    shipped = {str(p.relative_to(ROOT)) for folder in ("spec", "scenarios", "features")
               for p in (ROOT / folder).rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    generators = {f for f in shipped if f.startswith("scenarios/_gen/") or f.endswith(".py")
                  or f == "scenarios/MANIFEST"}
    assert len(generators) >= 30
    assert data == shipped - generators
    assert not [f for f in files if f.startswith("tonk_ref/_data/") and f.endswith(".py")]


def test_the_license_is_in_the_repository_the_wheel_and_the_sdist() -> None:
    """PEP 639: the license expression and its file, which the build backend puts in the
    wheel's .dist-info/licenses and the sdist's root."""
    assert PYPROJECT["project"]["license"] == "MIT"
    assert PYPROJECT["project"]["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 the Tonk project contributors\n")
    from hatchling.builders.sdist import SdistBuilder

    assert "LICENSE" in {f.distribution_path for f in SdistBuilder(str(ROOT)).recurse_included_files()}
    from hatchling.metadata.core import ProjectMetadata

    metadata = ProjectMetadata(str(ROOT), None)
    assert metadata.core.license_files == ["LICENSE"]


def test_the_classifiers_name_the_pythons_the_tests_run_on() -> None:
    """The oldest is requires-python's floor (.ci/run); the newest, .ci/lowest's second run."""
    from trove_classifiers import classifiers

    listed = PYPROJECT["project"]["classifiers"]
    assert [c for c in listed if c not in classifiers] == []
    versions = [c.rsplit(" ", 1)[1] for c in listed if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    assert versions[0] == PYPROJECT["project"]["requires-python"].removeprefix(">=")
    ci = (ROOT / ".ci" / "lowest").read_text(encoding="utf-8")
    assert f"for v in {' '.join(reversed(versions[1:]))};" in ci


def test_the_developers_tools_are_a_dependency_group_not_an_extra() -> None:
    assert set(PYPROJECT["project"]["optional-dependencies"]) == {"pytest", "test"}
    assert {_dist(r) for r in PYPROJECT["dependency-groups"]["dev"]} >= {"ruff", "mypy"}


def test_the_wheel_carries_the_page_templates_and_styles() -> None:
    """The HTML pages are made from files of the views package: every template, style
    sheet and script of the checkout is in the wheel, and each page the commands write
    has its template."""
    views = ROOT / "tonk_ref" / "views"
    ours = {str(p.relative_to(ROOT)) for folder in ("templates", "static") for p in (views / folder).iterdir()}
    assert {f"tonk_ref/views/templates/{n}.html.j2" for n in ("page", "report", "ruling", "replay", "diff")} <= ours
    assert {"tonk_ref/views/static/base.css", "tonk_ref/views/static/report.js"} <= ours
    assert ours <= set(wheel_files())


def test_the_wheel_carries_no_mutants() -> None:
    """The mutants (faulty engines and their witnesses) stay in the repository's mutants
    folder: ``pip install .`` installs no mutants module."""
    assert (ROOT / "mutants" / "__init__.py").is_file()
    assert not (ROOT / "tonk_ref" / "mutants").exists()
    shipped = [f for f in wheel_files() if re.search(r"(^|/)mutants(/|\.py$)", f) or "witnesses/" in f]
    assert shipped == []


def test_the_model_reads_the_spec_the_wheel_carries_or_the_checkouts(tmp_path: Path) -> None:
    """tonk_model, installed beside tonk_ref, reads the spec as tonk_ref's package data
    (where the wheel puts it) and, in a checkout, spec/ at the root; as files, importing
    nothing of tonk_ref."""
    from tonk_model.ruleset import SPEC, _spec_dir

    assert (SPEC / "ruleset.schema.json").is_file()
    assert _spec_dir(tmp_path) == tmp_path / "spec"
    packaged = tmp_path / WHEEL["force-include"]["spec"]
    packaged.mkdir(parents=True)
    assert _spec_dir(tmp_path) == packaged


# ---------------------------------------------------------------------------- an installed wheel
def _purelib() -> str:
    import sysconfig

    return sysconfig.get_paths()["purelib"]


WHEEL_NAME = f"tonk_ref-{PYPROJECT['project']['version']}-py3-none-any.whl"


def test_the_readmes_install_lines_are_true_today() -> None:
    """Until the package is published the README installs from a clone or a wheel built
    from it (named as this version's), and says what changes once it is published."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Installing"):readme.index("## Testing an engine")]
    assert "pip install .  " in section and "pip install '.[pytest]'" in section
    assert "pip wheel --no-deps -w dist ." in section and f"pip install '{WHEEL_NAME}[pytest]'" in section
    assert "Once it is published, `pip install tonk-ref` and `pip install 'tonk-ref[pytest]'`" in section
    # nowhere else does the README tell a reader to install it by name from the registry
    assert readme.count("pip install 'tonk-ref[pytest]'") == 1 and "pip install tonk-ref " not in readme
    assert PYPROJECT["project"]["name"] == "tonk-ref" and "pytest" in PYPROJECT["project"]["optional-dependencies"]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment holding the wheel built from this checkout (its
    dependencies reached through a .pth line to this interpreter's site-packages, so that
    nothing is downloaded); its bin folder."""
    import importlib.util
    import venv

    if importlib.util.find_spec("pip") is None:  # an environment made by uv, say
        pytest.skip("pip is not installed here: the wheel is built and installed with it")
    tmp = tmp_path_factory.mktemp("wheel")
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                            "-w", str(tmp / "dist"), str(ROOT)], capture_output=True, text=True, timeout=120)
    assert build.returncode == 0, build.stdout + build.stderr
    [wheel] = (tmp / "dist").glob("tonk_ref-*.whl")
    assert wheel.name == WHEEL_NAME  # the name the README's install lines give
    env = tmp / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    python = env / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    install = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q",
                              "--no-compile", str(wheel)], capture_output=True, text=True, timeout=120)
    assert install.returncode == 0, install.stdout + install.stderr
    # after the wheel's own folder: a plain path line, so the editable install's .pth there is not read
    (Path(site) / "zz_deps.pth").write_text(_purelib() + "\n", encoding="utf-8")
    return env / "bin"


def _in_venv(bin_dir: Path, *argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    keep = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTEST_ADDOPTS")}
    env = {**keep, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "VIRTUAL_ENV": str(bin_dir.parent)}
    return subprocess.run(list(argv), capture_output=True, text=True, cwd=cwd, env=env, timeout=300)


@pytest.mark.skipif(os.name != "posix", reason="the venv's layout (bin/) and the engine command are POSIX's")
def test_pytest_in_an_empty_folder_runs_the_packaged_suite_of_an_installed_wheel(installed: Path,
                                                                                 tmp_path: Path) -> None:
    """The README's pytest route, from a wheel and no checkout: the packaged YAML cases,
    perft entries and features are collected and pass against ``tonk serve``."""
    ran = _in_venv(installed, str(installed / "python"), "-m", "pytest", "--tonk-adapter-cmd", "tonk serve", "-q",
                   "-p", "no:cacheprovider", cwd=tmp_path)
    out = ran.stdout + ran.stderr
    assert ran.returncode == 0, out[-3000:]
    site = Path(_in_venv(installed, str(installed / "python"), "-c", "import tonk_ref; print(tonk_ref.__file__)",
                         cwd=tmp_path).stdout.strip()).parent
    assert site.is_relative_to(installed.parent)  # the wheel's package, not this checkout's
    header = _in_venv(installed, str(installed / "python"), "-m", "pytest", "--tonk-adapter-cmd", "tonk serve",
                      "--co", "-k", "pay-knock-d5-tie-3p", "-p", "no:cacheprovider", cwd=tmp_path).stdout
    assert f"tonk scenarios: the packaged suite, no path given ({site / '_data'})" in header, header
    passed = int(re.search(r"^(\d+) passed in ", out, re.M).group(1))  # type: ignore[union-attr]
    yaml_cases = sum(1 for p in (ROOT / "scenarios").rglob("*.yaml") if "_gen" not in p.parts)
    assert passed > yaml_cases + 300, out[-2000:]  # the YAML cases, the perft entries, the features
    assert "failed" not in out.splitlines()[-1]


@pytest.mark.skipif(os.name != "posix", reason="the venv's layout (bin/) is POSIX's")
def test_an_installed_wheel_checks_and_offers_no_command_that_needs_a_checkout(installed: Path,
                                                                              tmp_path: Path) -> None:
    checked = _in_venv(installed, str(installed / "tonk"), "check", "-k", "pay-knock-d5-tie-3p", "--no-progress",
                       cwd=tmp_path)
    assert checked.returncode == 0 and "tonk check: PASS: " in checked.stdout, checked.stdout + checked.stderr
    listed = _in_venv(installed, str(installed / "tonk"), "--help", cwd=tmp_path)
    assert listed.returncode == 0 and "    check " in listed.stdout, listed.stdout + listed.stderr
    assert "mutants" not in listed.stdout
    ran = _in_venv(installed, str(installed / "tonk"), "mutants", cwd=tmp_path)
    assert ran.returncode == 2 and "source checkout" in ran.stderr, ran.stderr
