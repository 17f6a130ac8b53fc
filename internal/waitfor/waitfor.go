// Package waitfor is the polling wait integration tests share: a
// condition that real goroutines, sockets or processes make true some time
// later.
package waitfor

import (
	"testing"
	"time"
)

// Until polls cond every 10 ms until it holds, failing t after d with
// what.
func Until(t testing.TB, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after %v: %s", d, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
