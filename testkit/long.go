package testkit

import (
	"os"
	"testing"
)

// LongEnv is the environment variable that turns on the long integration
// tests: real browsers, NATS clusters of several nodes or shards, servers
// run as subprocesses and killed, the long soak and flight runs. They
// take minutes, so `go test ./...` skips them; `.ci/run` sets it
// (STRATA_TEST_LONG=1 go test ./...). `strata serve` ignores every
// STRATA_TEST_ variable, so a test may leave it set for the servers it
// starts.
const LongEnv = "STRATA_TEST_LONG"

// Long skips t unless STRATA_TEST_LONG is set to a non-empty value other
// than "0", naming the variable in the skip message. Call it first in a
// long integration test.
func Long(t testing.TB) {
	t.Helper()
	if !LongEnabled() {
		t.Skip("SKIP: long integration test; set " + LongEnv + "=1 to run it")
	}
}

// LongEnabled reports whether STRATA_TEST_LONG is set (non-empty, not
// "0"): for a test that runs a short form by default and a longer one
// when it is set.
func LongEnabled() bool {
	v := os.Getenv(LongEnv)
	return v != "" && v != "0"
}
