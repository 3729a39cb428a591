#!/usr/bin/env bash
# Re-renders every example program next to its source (npm run examples).
set -euo pipefail
cd "$(dirname "$0")"
for src in *.py *.c *.cpp *.java *.cs *.pas *.js *.ts *.go *.php; do
  [ -e "$src" ] || continue
  bun ../cli/main.ts render --local "$src" -f svg -o "${src%.*}.svg"
done
