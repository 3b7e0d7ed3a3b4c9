#!/usr/bin/env bash
# Prints the engine command line of an adapter, for `arbiter run --engine "…"`:
#   bash adapters/engines.sh pyffish      ->  target/venvs/pyffish/bin/python adapters/pyffish/adapter.py
#   bash adapters/engines.sh              ->  every adapter, as "name<TAB>command"
# Paths are relative when run from the repository root, absolute otherwise. The venvs are
# ${ARBITER_VENVS:-<repo>/target/venvs}/<name>, made by adapters/setup.sh.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
venvs=${ARBITER_VENVS:-$root/target/venvs}
all=(pydraughts py-draughts pyffish)

rel() { # path relative to the root when the current directory is the root
  if [ "$PWD" = "$root" ] && [[ "$1" == "$root/"* ]]; then echo "${1#"$root/"}"; else echo "$1"; fi
}

command_for() {
  case "$1" in
    pydraughts|py-draughts|pyffish) ;;
    *) echo "unknown adapter '$1' (one of: ${all[*]})" >&2; return 2 ;;
  esac
  echo "$(rel "$venvs/$1/bin/python") $(rel "$here/$1/adapter.py")"
}

if [ $# -eq 0 ]; then
  for name in "${all[@]}"; do printf '%s\t%s\n' "$name" "$(command_for "$name")"; done
else
  for name in "$@"; do command_for "$name"; done
fi
