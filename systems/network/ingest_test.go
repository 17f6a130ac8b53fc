package network

import "testing"

// TestViewPhasesAreEven: consecutive client ids, as the transport hands
// them out, get every phase of Slack 2 (x and z) about equally often.
func TestViewPhasesAreEven(t *testing.T) {
	const n = 4000
	var count [4]int
	for id := uint64(1); id <= n; id++ {
		p := viewPhase(id)
		count[p%2+2*(p/2%2)]++
	}
	for k, c := range count {
		if c < n/4*9/10 || c > n/4*11/10 {
			t.Fatalf("phase (%d, %d): %d of %d ids, want about %d: %v", k%2, k/2, c, n, n/4, count)
		}
	}
}
