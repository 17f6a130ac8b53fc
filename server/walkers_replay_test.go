package server

import (
	"path/filepath"
	"testing"

	"github.com/stratavox/strata/testkit"
)

// walkersRecording is 60 s of 20 bots walking at view 8 around the spawn
// of the default world, recorded live with `serve --name-bind-burst 0
// --record --record-hashes` (without it one address binds only 10 new
// names) and `strata bot -n 20 --pattern walk --view 8
// --duration 62s --keys ""`, then compressed with gzip -9. Unlike the
// scripted recordings it has no script: it is the benchmark of replay
// speed (docs/benchmarks.md, "Replay speed") and records again only by
// hand, as above.
var walkersRecording = filepath.Join("..", "testdata", "replays", "walkers-20.strata.gz")

// TestWalkersRecording replays the walkers' recording, verifying every
// tick, with two cores; and, as a long test, with one core too, requiring
// the same end.
func TestWalkersRecording(t *testing.T) {
	procs := []int{2}
	if testkit.LongEnabled() {
		procs = []int{1, 2}
	}
	verifyOnCores(t, walkersRecording, procs, 1200) // the recording's 60 s
}

// BenchmarkReplayWalkers replays the walkers' recording with --verify's
// work (the state hash every tick, compared) and reports ticks a second:
// the figure of docs/benchmarks.md, "Replay speed".
func BenchmarkReplayWalkers(b *testing.B) {
	var ticks uint64
	var secs float64
	for b.Loop() {
		res, err := ReplayFile(walkersRecording, ReplayOptions{Verify: true})
		if err != nil {
			b.Fatal(err)
		}
		if res.Mismatch != nil {
			b.Fatal(res.Mismatch)
		}
		ticks += res.Ticks
		secs += res.Elapsed.Seconds()
	}
	b.ReportMetric(float64(ticks)/secs, "ticks/s")
}
