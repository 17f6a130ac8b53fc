#!/bin/sh
# Checks that everything generated and committed under web/ is current:
#   dist/                  the bundled client, embedded into the Go binary
#   src/gen/strata_pb.js   protobuf code from net/protocol/strata.proto
#   src/blocks.gen.js      block table from resources/chunk/block.go (via go test)
# It rebuilds each into a temporary folder and diffs. The build is
# deterministic, so any difference means someone forgot to rebuild.
# Installs node_modules with `npm ci` when missing. Exit status 1 on drift.
set -eu
cd "$(dirname "$0")"

if [ ! -d node_modules ]; then
	npm ci --no-audit --no-fund --loglevel=error
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
status=0

node scripts/build.mjs --outdir "$tmp/dist" >/dev/null
if ! diff -r dist "$tmp/dist" >"$tmp/dist.diff"; then
	echo "web/dist is stale: run 'npm run build' in web/ and commit dist/" >&2
	head -20 "$tmp/dist.diff" >&2
	status=1
fi

npx --no-install buf generate --output "$tmp"
if ! diff -r src/gen "$tmp/src/gen" >"$tmp/gen.diff"; then
	echo "web/src/gen is stale: run 'npm run gen:proto' in web/, then 'npm run build'" >&2
	head -20 "$tmp/gen.diff" >&2
	status=1
fi

if command -v go >/dev/null 2>&1; then
	if ! go test -count=1 -run 'TestBlocksJSCurrent' . >"$tmp/go.log" 2>&1; then
		cat "$tmp/go.log" >&2
		status=1
	fi
fi

if [ "$status" = 0 ]; then
	echo "web: dist/, src/gen/ and src/blocks.gen.js are current"
fi
exit "$status"
