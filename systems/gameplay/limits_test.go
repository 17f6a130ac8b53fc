package gameplay

import "testing"

// TestActionLimitsStall: a stall of the server credits every bucket,
// local and forwarded, with what the rate allows over it, once; a flood
// without a stall is still limited to the burst.
func TestActionLimitsStall(t *testing.T) {
	cfg := DefaultConfig() // 20/s, burst 20, 20 TPS: a token a tick
	var stalled uint64
	l := newActionLimits(cfg, func() uint64 { return stalled })
	take := func(n int, f func() bool) int {
		got := 0
		for range n {
			if f() {
				got++
			}
		}
		return got
	}
	local := func(id, now uint64) func() bool { return func() bool { return l.Take(id, now) } }
	remote := func(key string, now uint64) func() bool {
		return func() bool { return l.takeRemote(&RemoteActor{Key: key, Shard: "b"}, now) }
	}

	// Buckets emptied at tick 10, before the stall.
	take(20, local(1, 10))
	take(40, remote("b/bob", 10))
	if got := take(20, local(1, 10)); got != 0 {
		t.Fatalf("a flood past the burst: %d accepted", got)
	}
	// The loop drops 200 ticks (10 s); the next tick is 11.
	stalled += 200
	if got := take(300, local(1, 11)); got != 201 {
		t.Errorf("local: %d accepted after a 10 s stall, want 201 (a tick's + the stall's 200)", got)
	}
	if got := take(300, remote("b/bob", 11)); got != 201 {
		t.Errorf("forwarded: %d accepted after a 10 s stall, want 201", got)
	}
	// A client first seen after the stall has its burst, no more.
	if got := take(300, local(2, 11)); got != 20 {
		t.Errorf("a new client: %d accepted, want the burst", got)
	}
	// The same stall is credited once.
	if got := take(300, local(1, 12)); got != 1 {
		t.Errorf("the tick after: %d accepted, want 1", got)
	}
	l.forget([]uint64{1}, 13)
	if _, ok := l.local[1]; ok {
		t.Error("a client that left keeps its bucket")
	}
}

// TestActionLimitsForwarderStall: a stall of the forwarding shard, which
// its requests carry, credits its players' buckets on the owner, once;
// not another shard's, and not at a shard's first request or after it
// restarted.
func TestActionLimitsForwarderStall(t *testing.T) {
	l := newActionLimits(DefaultConfig(), nil) // burst 2×20 here, a token a tick
	take := func(n int, shard string, stalled, now uint64) int {
		got := 0
		for range n {
			if l.takeRemote(&RemoteActor{Key: shard + "/bob", Shard: shard, Stalled: stalled}, now) {
				got++
			}
		}
		return got
	}
	// Shard c stood still for 100 ticks before its first request here:
	// only where it stands is learnt.
	if got := take(100, "c", 100, 10); got != 40 {
		t.Fatalf("first requests: %d accepted, want the burst 40", got)
	}
	take(100, "d", 0, 10)
	// c stalls 200 ticks more; its lump arrives at tick 11.
	if got := take(300, "c", 300, 11); got != 201 {
		t.Errorf("after c's 10 s stall: %d accepted, want 201 (a tick's + the stall's)", got)
	}
	if got := take(300, "d", 0, 11); got != 1 {
		t.Errorf("d, which did not stall: %d accepted, want 1", got)
	}
	if got := take(300, "c", 300, 12); got != 1 {
		t.Errorf("c's stall again: %d accepted, want 1 (credited once)", got)
	}
	// c restarts: its count starts again from 0, and counts anew.
	if got := take(300, "c", 0, 13); got != 1 {
		t.Errorf("c restarted: %d accepted, want 1", got)
	}
	if got := take(300, "c", 50, 14); got != 51 {
		t.Errorf("c's stall after its restart: %d accepted, want 51", got)
	}
}
