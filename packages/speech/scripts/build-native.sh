#!/bin/sh
# Compiles the PocketSphinx helper into build/ (skipped when up to date).
set -eu
cd "$(dirname "$0")/.."
mkdir -p build
src=native/cs-decoder.c
out=build/cs-decoder
if [ -x "$out" ] && [ "$out" -nt "$src" ] && [ "$out" -nt "$0" ]; then
  echo "cs-decoder up to date"
  exit 0
fi
gcc -O2 -Wall -Wextra -Wno-unused-parameter -o "$out.tmp" "$src" $(pkg-config --cflags --libs pocketsphinx sphinxbase)
mv "$out.tmp" "$out"
echo "built $out"
