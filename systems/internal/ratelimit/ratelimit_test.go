package ratelimit

import "testing"

// At 20 TPS: 10 actions/s is half a token a tick; the burst is 20.
const (
	perTick = 0.5
	burst   = 20.0
)

// takes takes n tokens at tick now and returns how many it got.
func takes(b *Bucket, now uint64, n int) int {
	got := 0
	for range n {
		if b.Take(now, perTick, burst) {
			got++
		}
	}
	return got
}

// TestStallCredit: edits sent at the rate while the server stood still
// arrive all at once after it and are all accepted with the stall's
// credit; without a stall the same lump is limited to the burst, and
// during a stall a flood gets no more than the rate would have let
// through.
func TestStallCredit(t *testing.T) {
	// A legal client: one edit every 2 ticks, then a stall of 420 ticks'
	// worth (21 s) of which the loop ran 5 (MaxCatchUp) and dropped 415.
	b := New(burst, 0)
	for now := uint64(0); now < 100; now += 2 {
		if takes(b, now, 1) != 1 {
			t.Fatalf("a legal edit at tick %d refused", now)
		}
	}
	const ran, dropped = 5, 415
	resume := uint64(100 + ran)
	b.Credit(resume, dropped, perTick, burst, resume+dropped)
	if got := takes(b, resume, 210); got != 210 {
		t.Errorf("%d of the 210 edits queued at 10/s over a 21 s stall accepted, want all", got)
	}
	// Back at the rate after it.
	for now := resume + 2; now < resume+100; now += 2 {
		if takes(b, now, 1) != 1 {
			t.Fatalf("a legal edit at tick %d after the stall refused", now)
		}
	}

	// The same lump without a stall is a flood: the burst and no more.
	b = New(burst, 0)
	if got := takes(b, 1, 210); got != burst {
		t.Errorf("a flood of 210 in one tick: %d accepted, want the burst %v", got, burst)
	}
	if got := takes(b, 2, 10); got != 0 {
		t.Errorf("the flood's next tick: %d accepted, want 0 (half a token)", got)
	}

	// A flood during a stall: at most the burst plus the stall's worth.
	b = New(burst, 0)
	b.Credit(ran, dropped, perTick, burst, ran+dropped)
	if got, want := takes(b, ran, 2100), 227; got != want {
		t.Errorf("a flood of 100/s over a 21 s stall: %d accepted, want %d (burst 20 + 415 dropped ticks at half a token)", got, want)
	}
	if got := takes(b, ran+2, 10); got != 1 {
		t.Errorf("2 ticks after it: %d accepted, want 1 (the rate)", got)
	}
}

// TestStallCreditExpires: an unused credit is gone when its time is up,
// and the bucket is back to its burst; it is not full while it holds one.
func TestStallCreditExpires(t *testing.T) {
	b := New(burst, 0)
	b.Credit(10, 400, perTick, burst, 50)
	if b.Full(20, perTick, burst) {
		t.Error("a bucket holding a credit reads as full (the sweep would drop it)")
	}
	if !b.Full(51, perTick, burst) {
		t.Error("a bucket whose credit expired is not full")
	}
	if got := takes(b, 51, 1000); got != burst {
		t.Errorf("after the credit's time: %d accepted, want the burst %v", got, burst)
	}
	// A credit lasts while it is spent.
	b = New(burst, 0)
	b.Credit(10, 400, perTick, burst, 50)
	total := 0
	for now := uint64(10); now <= 50; now++ {
		total += takes(b, now, 10)
	}
	// 220 at once, then the rate once below the burst (from tick 30).
	if want := int(burst + 400*perTick + 20*perTick); total != want {
		t.Errorf("spent %d over a credit's time, want %d (burst + the stall's + the rate below the burst)", total, want)
	}
}
