#!/usr/bin/env bash
# tonk-ci.sh: the Tonk conformance suite in an engine's CI, the steps the composite action
# (action.yml at the repository's root) runs, as one script to run anywhere:
#
#   1. install the tool (only when asked: --install SPEC, a path, a wheel or a requirement);
#   2. run `tonk check` against the engine, writing JUnit XML, the JSON report, a badge and a
#      Markdown report into the report folder;
#   3. build the HTML page from the JSON report (`tonk report --html`), whatever the check said;
#   4. exit with `tonk check`'s status: 0 every case that ran passed (a known failure listed in
#      --known-failures does not fail), 1 a case failed, 2 bad input, 3 the engine could not be
#      used, 4 nothing was checked.
#
# Usage:
#   scripts/tonk-ci.sh --adapter-cmd "node server.js" [--rules PRESET|FILE] [--known-failures FILE]
#                      [--out DIR] [--install SPEC] [--python PYTHON] [-- MORE TONK CHECK ARGUMENTS]
#
# Each option may be given in the environment instead (the action does so): TONK_ADAPTER_CMD,
# TONK_RULES, TONK_KNOWN_FAILURES, TONK_OUT (default tonk-report), TONK_INSTALL, TONK_PYTHON
# (default python3). The files written: report.xml, report.json, badge.json, report.md and
# report.html in the report folder.
set -uo pipefail

usage() {
    sed -n '14,16p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

adapter_cmd=${TONK_ADAPTER_CMD:-}
rules=${TONK_RULES:-}
known=${TONK_KNOWN_FAILURES:-}
out=${TONK_OUT:-tonk-report}
install=${TONK_INSTALL:-}
python=${TONK_PYTHON:-python3}
extra=()
while [ $# -gt 0 ]; do
    case $1 in
        --adapter-cmd|--rules|--known-failures|--out|--install|--python)
            [ $# -ge 2 ] || { echo "tonk-ci.sh: error: $1 needs a value" >&2; usage; }
            case $1 in
                --adapter-cmd) adapter_cmd=$2 ;;
                --rules) rules=$2 ;;
                --known-failures) known=$2 ;;
                --out) out=$2 ;;
                --install) install=$2 ;;
                --python) python=$2 ;;
            esac
            shift 2 ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "tonk-ci.sh: error: unknown argument '$1'" >&2; usage ;;
    esac
done
if [ -z "$adapter_cmd" ]; then
    echo "tonk-ci.sh: error: --adapter-cmd (or TONK_ADAPTER_CMD): the command that starts the engine" >&2
    usage
fi

# 1. The tool.
if [ -n "$install" ]; then
    echo "tonk-ci.sh: installing $install"
    "$python" -m pip install --quiet "$install" || { echo "tonk-ci.sh: error: could not install $install" >&2; exit 2; }
fi
tonk() { "$python" -m tonk_ref "$@"; }
tonk --version || { echo "tonk-ci.sh: error: $python cannot run tonk_ref (--install SPEC installs it)" >&2; exit 2; }

# 2. The check, its files in the report folder.
mkdir -p "$out" || exit 2
args=(check --adapter-cmd "$adapter_cmd" --no-progress
      --junit "$out/report.xml" --json "$out/report.json" --badge "$out/badge.json" --report "$out/report.md")
[ -n "$rules" ] && args+=(--rules "$rules")
[ -n "$known" ] && args+=(--known-failures "$known")
status=0
tonk "${args[@]}" "${extra[@]}" || status=$?

# 3. The page, from the JSON report (none when the run wrote none: bad input, say).
if [ -f "$out/report.json" ]; then
    tonk report --html "$out/report.html" "$out/report.json" || echo "tonk-ci.sh: the HTML page could not be built" >&2
fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -f "$out/report.md" ]; then
    cat "$out/report.md" >> "$GITHUB_STEP_SUMMARY"
fi

# 4. tonk check's exit status.
echo "tonk-ci.sh: tonk check exited $status; the reports are in $out/"
exit "$status"
