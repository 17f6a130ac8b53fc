package bench

import (
	"runtime"
	"testing"
	"time"
)

// BenchmarkIdleGaps measures what the machine takes from a thread that
// only computes: one goroutine, locked to its thread, reads the clock in
// a loop, and every gap between two readings longer than 50 µs is time
// it did not run. It reports the gaps per second of loop, by length, and
// the share of time lost. A tick's worst times cannot be below what the
// machine takes this way (docs/benchmarks.md, "What the slow paced ticks
// wait for"); run it with -benchtime 20s on an otherwise idle machine.
func BenchmarkIdleGaps(b *testing.B) { idleGaps(b) }

// BenchmarkIdleGapsBusyNeighbour is BenchmarkIdleGaps while another
// thread computes too: on the project's VM the host takes a CPU away far
// more often when both are busy (docs/benchmarks.md, "Session 22").
func BenchmarkIdleGapsBusyNeighbour(b *testing.B) {
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		runtime.LockOSThread()
		for {
			select {
			case <-stop:
				return
			default:
			}
		}
	}()
	defer func() { close(stop); <-done }()
	idleGaps(b)
}

func idleGaps(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	bounds := []time.Duration{50 * time.Microsecond, 250 * time.Microsecond, 500 * time.Microsecond, time.Millisecond, 2 * time.Millisecond}
	names := []string{"gaps>50us/s", "gaps>250us/s", "gaps>500us/s", "gaps>1ms/s", "gaps>2ms/s"}
	counts := make([]int, len(bounds))
	var lost time.Duration
	start := time.Now()
	last := start
	for b.Loop() {
		now := time.Now()
		if d := now.Sub(last); d > bounds[0] {
			lost += d
			for i, t := range bounds {
				if d > t {
					counts[i]++
				}
			}
		}
		last = now
	}
	secs := time.Since(start).Seconds()
	for i, n := range counts {
		b.ReportMetric(float64(n)/secs, names[i])
	}
	b.ReportMetric(100*lost.Seconds()/secs, "%lost")
}
