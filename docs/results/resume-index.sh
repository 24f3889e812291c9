#!/usr/bin/env bash
# Resume a fresh index of the dev book kept in DIR (its DB, index.log and COMMIT) where the
# committed copy stopped, with the code it was started with, in the background: a whole book
# takes longer than one session.
#   docs/results/resume-index.sh DIR HOME
# Progress goes to HOME/index.log (JSON lines); run it again after a stop and it goes on.
set -euo pipefail
here="$(cd "$1" && pwd)"
home="$2"
repo="$(cd "$here/../../.." && pwd)"
commit="$(cut -d' ' -f1 "$here/COMMIT")"
code="$home/code"
if [ ! -d "$code" ]; then
  git -C "$repo" worktree add -f "$code" "$commit" >/dev/null
fi
mkdir -p "$home/books"
db="$home/books/pride-and-prejudice.saadi.db"
if [ ! -f "$db" ]; then
  python -c "import sqlite3,sys; s=sqlite3.connect(sys.argv[1]); d=sqlite3.connect(sys.argv[2]); s.backup(d)" \
    "$here/pride-and-prejudice.saadi.db" "$db"
  cp "$here/index.log" "$home/index.log"
fi
cd "$home"
SAADI_HOME="$home" PYTHONPATH="$code" nohup python -m saadi_desktop.cli index "$db" --json \
  >> "$home/index.log" 2>&1 &
echo "indexing in the background (pid $!); progress in $home/index.log"
