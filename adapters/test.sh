#!/usr/bin/env bash
# Runs adapters/test_adapters.py with each adapter's venv (made by adapters/setup.sh).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
venvs=${ARBITER_VENVS:-$(dirname "$here")/target/venvs}
status=0
for name in pydraughts py-draughts pyffish; do
  echo "== $name"
  "$venvs/$name/bin/python" "$here/test_adapters.py" "$@" || status=1
done
exit $status
