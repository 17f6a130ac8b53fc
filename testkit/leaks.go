package testkit

import (
	"runtime"
	"testing"
	"time"
)

// CheckNoLeaks fails the test if goroutines started during it are still
// running after its cleanups (call it first, so that its cleanup runs
// last).
func CheckNoLeaks(t testing.TB) {
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(5 * time.Second)
		for runtime.NumGoroutine() > before {
			if time.Now().After(deadline) {
				buf := make([]byte, 1<<20)
				n := runtime.Stack(buf, true)
				t.Errorf("goroutine leak: %d running, %d before the test\n%s", runtime.NumGoroutine(), before, buf[:n])
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}
