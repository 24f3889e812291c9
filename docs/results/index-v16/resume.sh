#!/usr/bin/env bash
# Resume the fresh v16 index of the dev book where the committed copy stopped (resume-index.sh).
#   docs/results/index-v16/resume.sh [HOME]      (HOME defaults to /work/index-v16-home)
here="$(cd "$(dirname "$0")" && pwd)"
exec "$here/../resume-index.sh" "$here" "${1:-/work/index-v16-home}"
