package testkit

import "testing"

// coldBytes is what ColdLoop writes between steps: more than the
// machine's caches hold.
const coldBytes = 64 << 20

// ColdLoop runs step b.N times, timed, each after writing a 64 MiB buffer
// with the timer stopped, so that every step starts with the caches as
// cold as the rest of a server's tick leaves them.
func ColdLoop(b *testing.B, step func()) {
	flush := make([]byte, coldBytes)
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		for j := 0; j < len(flush); j += 64 {
			flush[j] = byte(i)
		}
		b.StartTimer()
		step()
	}
	b.StopTimer()
}
