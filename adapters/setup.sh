#!/usr/bin/env bash
# Creates one virtual environment per adapter and installs its library, pinned, from PyPI:
#   ${ARBITER_VENVS:-<repo>/target/venvs}/{pydraughts,py-draughts,pyffish}
# Idempotent: a venv that already has the pinned version is left alone. Prints one line per
# adapter. PYTHON picks the interpreter for the venvs (default python3, 3.8 or later).
# Usage: bash adapters/setup.sh [ADAPTER...]     (default: all three)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
venvs=${ARBITER_VENVS:-$root/target/venvs}
python=${PYTHON:-python3}

# adapter  distribution  version
pins=(
  "pydraughts  pydraughts  0.6.7"
  "py-draughts py-draughts 1.10.1"
  "pyffish     pyffish     0.0.90"
)

has_version() { # venv-python dist version
  "$1" - "$2" "$3" 2>/dev/null <<'PY'
import importlib.metadata, sys
try:
    sys.exit(0 if importlib.metadata.version(sys.argv[1]) == sys.argv[2] else 1)
except importlib.metadata.PackageNotFoundError:
    sys.exit(1)
PY
}

wanted=("$@")
status=0
for pin in "${pins[@]}"; do
  read -r name dist version <<<"$pin"
  if [ ${#wanted[@]} -gt 0 ] && [[ " ${wanted[*]} " != *" $name "* ]]; then
    continue
  fi
  dir=$venvs/$name
  if [ -x "$dir/bin/python" ] && has_version "$dir/bin/python" "$dist" "$version"; then
    echo "$name: $dist $version already installed in $dir"
    continue
  fi
  start=$SECONDS
  log=$(mktemp)
  if { [ -x "$dir/bin/python" ] || "$python" -m venv "$dir"; } >"$log" 2>&1 \
     && "$dir/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
          "$dist==$version" >>"$log" 2>&1 \
     && has_version "$dir/bin/python" "$dist" "$version"; then
    echo "$name: installed $dist $version in $dir ($((SECONDS - start)) s)"
  else
    echo "$name: installing $dist $version in $dir failed:" >&2
    cat "$log" >&2
    status=1
  fi
  rm -f "$log"
done
exit $status
