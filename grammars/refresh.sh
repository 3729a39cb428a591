#!/usr/bin/env bash
# Re-fetches the WASM grammars from the npm registry (the grammar packages ship a prebuilt .wasm;
# nothing is compiled here). Pinned versions: bump them here, run, and commit the new .wasm files.
set -euo pipefail
cd "$(dirname "$0")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fetch() { # package version file-in-package
  (cd "$tmp" && npm pack --silent "$1@$2" >/dev/null)
  tar -xzf "$tmp/$(echo "$1" | sed 's/^@//; s/\//-/')-$2.tgz" -C "$tmp" "package/$3"
  cp "$tmp/package/$3" "./$(basename "$3")"
  rm -rf "$tmp/package"
  echo "$1@$2 → grammars/$(basename "$3")"
}
fetch tree-sitter-python 0.25.0 tree-sitter-python.wasm
fetch tree-sitter-c 0.24.1 tree-sitter-c.wasm
fetch tree-sitter-cpp 0.23.4 tree-sitter-cpp.wasm
fetch tree-sitter-java 0.23.5 tree-sitter-java.wasm
fetch tree-sitter-c-sharp 0.23.5 tree-sitter-c_sharp.wasm
fetch tree-sitter-javascript 0.25.0 tree-sitter-javascript.wasm
fetch tree-sitter-typescript 0.23.2 tree-sitter-typescript.wasm
fetch tree-sitter-typescript 0.23.2 tree-sitter-tsx.wasm
fetch tree-sitter-go 0.25.0 tree-sitter-go.wasm
fetch tree-sitter-php 0.24.2 tree-sitter-php.wasm
