#!/usr/bin/env bash
# npm test's first step (scripts/test-all.sh; .ci/run runs it too): what the run needs, checked in a
# second, so a machine that cannot run the browser tests learns it now and not after eight minutes.
#   - Node.js at package.json's engines
#   - node_modules and the generated Prisma client (npm install; skipped with --before-install)
#   - a Chromium for Playwright: CHROMIUM_PATH when set, else Debian's chromium-headless-shell (the
#     browser without its window system, as Playwright's own headless default: the browser tests take
#     about four fifths of the full browser's time), else /usr/bin/chromium, else chromium,
#     chromium-browser, google-chrome or google-chrome-stable on PATH. When this user may install
#     packages (root with apt-get, or passwordless sudo) and there is no Chromium, Debian's headless
#     shell is installed; CI's call (--before-install) also adds it beside a full browser (a few
#     seconds; the full browser stays the fallback when that fails). Otherwise it stops with the
#     command to run when there is no Chromium at all.
# Prints the Chromium's path on stdout (test-all.sh exports it as CHROMIUM_PATH, which
# playwright.config.ts reads); everything else goes to stderr. Exit 1 when something is missing.
# PFA_SIMULATE_NON_ROOT=1 behaves as a user without root or sudo (for scripts/test-prerequisites.test.ts).
# Only bash builtins until a command is known to be there: the tests run it with an empty PATH.
set -uo pipefail

before_install=false
case "${1:-}" in
  "") ;;
  --before-install) before_install=true ;;
  *) echo "Usage: bash scripts/test-prerequisites.sh [--before-install]" >&2; exit 2 ;;
esac

here=${BASH_SOURCE[0]%/*}
[[ $here == "${BASH_SOURCE[0]}" ]] && here=.
cd "$here/.." || exit 1

problems=()
HEADLESS_SHELL=/usr/bin/chromium-headless-shell
CHROMIUM_NAMES="chromium chromium-browser google-chrome google-chrome-stable"

# True when $1 (a dotted version) is at least $2.
version_at_least() {
  local IFS=. i
  local -a have=($1) need=($2)
  for i in 0 1 2; do
    ((10#${have[i]:-0} > 10#${need[i]:-0})) && return 0
    ((10#${have[i]:-0} < 10#${need[i]:-0})) && return 1
  done
  return 0
}

check_node() {
  local package_json minimum="" version
  package_json=$(<package.json)
  local engines='"engines"[^}]*"node"[[:space:]]*:[[:space:]]*">=[[:space:]]*([0-9]+(\.[0-9]+)*)"'
  [[ $package_json =~ $engines ]] && minimum=${BASH_REMATCH[1]}
  if ! command -v node >/dev/null; then
    problems+=("Node.js is not on PATH: install Node.js ${minimum:+>=$minimum }(https://nodejs.org), then run npm install.")
    return
  fi
  version=$(node --version 2>/dev/null)
  version=${version#v}
  node_summary="Node $version"
  if [[ -n $minimum ]] && ! version_at_least "$version" "$minimum"; then
    problems+=("Node $version is older than package.json's engines (>=$minimum): install Node.js >=$minimum (https://nodejs.org).")
  fi
}

check_install() {
  local tool
  if [[ ! -d node_modules ]]; then
    problems+=("node_modules is missing: run npm install first.")
    return
  fi
  for tool in tsc vitest next playwright; do
    if [[ ! -e node_modules/.bin/$tool ]]; then
      problems+=("node_modules has no $tool: run npm install first.")
      return
    fi
  done
  if [[ ! -d server/db/generated/prisma ]]; then
    problems+=("The Prisma client (server/db/generated/prisma) is missing: run npm install first (it generates it).")
  fi
}

is_executable_file() { [[ -f $1 && -x $1 ]]; }

# The first Chromium on this machine (not CHROMIUM_PATH): prints its path, or fails.
find_chromium() {
  local name found
  if is_executable_file $HEADLESS_SHELL; then
    echo $HEADLESS_SHELL
    return 0
  fi
  if is_executable_file /usr/bin/chromium; then
    echo /usr/bin/chromium
    return 0
  fi
  for name in $CHROMIUM_NAMES; do
    if found=$(command -v "$name") && is_executable_file "$found"; then
      echo "$found"
      return 0
    fi
  done
  return 1
}

# Sets as_root to "" (root) or "sudo" when this user may install packages with apt-get.
may_install() {
  [[ ${PFA_SIMULATE_NON_ROOT:-} == 1 ]] && return 1
  command -v apt-get >/dev/null || return 1
  if ((EUID == 0)); then
    as_root=""
    return 0
  fi
  command -v sudo >/dev/null && sudo -n true 2>/dev/null || return 1
  as_root=sudo
}

# The commands that give this machine a Chromium, for a person to run.
install_advice() {
  local sudo="sudo "
  [[ ${PFA_SIMULATE_NON_ROOT:-} != 1 ]] && ((EUID == 0)) && sudo=""
  local debian="${sudo}apt-get update && ${sudo}apt-get install -y chromium-headless-shell"
  if command -v apt-get >/dev/null || [[ ${PFA_SIMULATE_NON_ROOT:-} == 1 ]]; then
    echo "  install Debian's Chromium:    $debian"
  else
    echo "  install Chromium with this system's package manager (on Debian or Ubuntu: $debian)"
  fi
  echo "  or use a Chromium you have:   CHROMIUM_PATH=/path/to/chrome npm test"
}

install_chromium() {
  echo "No Chromium for the browser tests: installing Debian's headless one (${as_root:+sudo }apt-get install chromium-headless-shell, a minute or two)" >&2
  $as_root apt-get update -qq >&2 &&
    $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
}

# A machine with the full browser only: the headless shell from the package lists it already has
# (no update; when that fails the full browser serves).
# Only at the installed chromium's own version: the two share chromium-common, and a different
# candidate would change the browser already there.
add_headless_shell() {
  local installed candidate
  installed=$(dpkg-query -W -f='${Version}' chromium 2>/dev/null) || installed=""
  candidate=$(apt-cache policy chromium-headless-shell 2>/dev/null | sed -n 's/^ *Candidate: *//p')
  if [[ -z $candidate || $candidate == "(none)" || (-n $installed && $candidate != "$installed") ]]; then
    echo "(no chromium-headless-shell ${installed:+at the version of chromium, $installed, }in the package lists; the tests use $1)" >&2
    return 0
  fi
  echo "Installing Debian's chromium-headless-shell $candidate beside $1: the browser tests run faster in it" >&2
  $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null ||
    echo "(could not install it; the tests use $1)" >&2
}

check_chromium() {
  if [[ -n ${CHROMIUM_PATH:-} ]]; then
    if is_executable_file "$CHROMIUM_PATH"; then
      chromium=$CHROMIUM_PATH
    else
      problems+=("CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file. Point it at a Chromium or Chrome, or unset it to use Debian's:
$(install_advice)")
    fi
    return
  fi
  if chromium=$(find_chromium); then
    # Only in CI's call (.ci/run, --before-install): npm test on a person's machine installs a
    # browser only when there is none.
    if [[ $before_install == true && $chromium != "$HEADLESS_SHELL" ]] && may_install; then
      add_headless_shell "$chromium"
      is_executable_file $HEADLESS_SHELL && chromium=$HEADLESS_SHELL
    fi
    return
  fi
  if ((${#problems[@]} == 0)) && may_install; then
    if install_chromium && chromium=$(find_chromium); then
      echo "Installed Debian's chromium: $chromium" >&2
      return
    fi
    problems+=("Installing Debian's chromium failed (see above). Install a Chromium yourself:
$(install_advice)")
    return
  fi
  problems+=("No Chromium for the browser tests (looked for $HEADLESS_SHELL, /usr/bin/chromium and ${CHROMIUM_NAMES// /, } on PATH):
$(install_advice)")
}

node_summary=""
chromium=""
as_root=""
check_node
[[ $before_install == true ]] || check_install
check_chromium

if ((${#problems[@]} > 0)); then
  echo "npm test cannot run on this machine yet:" >&2
  for problem in "${problems[@]}"; do echo "- $problem" >&2; done
  exit 1
fi
installed=""
[[ $before_install == true ]] || installed="node_modules installed, "
echo "Prerequisites: $node_summary, ${installed}Chromium for Playwright at $chromium" >&2
echo "$chromium"
