package cluster

import (
	"context"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/internal/natstest"
	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/testkit"
)

// TestForwardFateReadBack forwards three edits from shard b to shard a,
// the owner, which never answers them: a stores the first and not the
// second, then its lease turns (it lets the region go, as a lapse or a
// crash would). b answers from the store, after the turn and not before:
// OK for the stored one, HELD for the other. The third, answered by a
// meanwhile, is not answered twice.
func TestForwardFateReadBack(t *testing.T) {
	ctx, p, cs := resolveWorld(t, "fate", time.Hour, "b", "a")
	b, a := cs[0], cs[1]
	sec := chunk.Pos{X: 3, Y: 2, Z: 5}
	r := rcluster.RegionOf(sec)
	if held, _, err := a.Claim(ctx, r); !held || err != nil {
		t.Fatalf("a claims %v: %v %v", r, held, err)
	}
	waitfor.Until(t, 5*time.Second, "b never saw a own the region", func() bool {
		owner, _ := b.Leases.Owner(r)
		return owner == "a"
	})

	x, y, z := sec.MinBlock()
	stored, lost, answered := [3]int{x + 1, y + 1, z + 1}, [3]int{x + 2, y + 1, z + 1}, [3]int{x + 3, y + 1, z + 1}
	conn := &testkit.FakeConn{}
	_, _, turn := b.Leases.Turn(r)
	ids := map[[3]int]uint64{}
	for i, at := range [][3]int{stored, lost, answered} {
		ids[at] = p.pending.add(&forward{conn: conn, requestID: uint32(i + 1), target: at, want: chunk.Stone, region: r, turn: turn, sent: time.Now()})
	}

	// a stores the first edit; the owner's answer to the third arrives.
	var s chunk.Section
	lx, ly, lz := chunk.LocalOfBlock(stored[0], stored[1], stored[2])
	s.Set(lx, ly, lz, chunk.Stone)
	if err := a.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{{Pos: sec, Revision: 1, Section: s}}}); err != nil {
		t.Fatal(err)
	}
	if f := p.pending.take(ids[answered]); f == nil {
		t.Fatal("the third forward was not pending")
	}
	p.resolver.schedule(time.Now())
	time.Sleep(200 * time.Millisecond)
	if got := conn.Take(); len(got) != 0 {
		t.Fatalf("answered while the owner still holds the region: %v", got)
	}

	if err := a.Release(ctx, r); err != nil {
		t.Fatal(err)
	}
	acks := map[uint32]*protocol.ActionAck{}
	waitfor.Until(t, 10*time.Second, "b never read the forwards back after the lease turned", func() bool {
		p.resolver.schedule(time.Now())
		for _, m := range conn.Take() {
			if a := m.GetActionAck(); a != nil {
				if acks[a.GetRequestId()] != nil {
					t.Errorf("request %d answered twice", a.GetRequestId())
				}
				acks[a.GetRequestId()] = a
			}
		}
		return len(acks) >= 2
	})
	time.Sleep(100 * time.Millisecond)
	if got := conn.Take(); len(got) != 0 {
		t.Errorf("more answers: %v", got)
	}
	if a := acks[1]; a.GetResult() != protocol.ActionResult_ACTION_RESULT_OK || !a.GetAccepted() {
		t.Errorf("the stored edit was answered %v, want OK", a)
	}
	if a := acks[2]; a.GetResult() != protocol.ActionResult_ACTION_RESULT_HELD || a.GetAccepted() {
		t.Errorf("the edit not stored was answered %v, want HELD", a)
	}
	if n := p.Stats.ForwardsReadBack.Load(); n != 2 {
		t.Errorf("ForwardsReadBack = %d, want 2", n)
	}
}

// TestForwardSilenceReadBack: an owner that keeps the region but never
// answers (the request or its answer lost) has its edit read back once
// ForwardSilence passes, from everything acknowledged by then.
func TestForwardSilenceReadBack(t *testing.T) {
	ctx, p, cs := resolveWorld(t, "silence", 50*time.Millisecond, "a")
	a := cs[0]
	sec := chunk.Pos{X: -4, Y: 1, Z: 7}
	r := rcluster.RegionOf(sec)
	if held, _, err := a.Claim(ctx, r); !held || err != nil {
		t.Fatalf("a claims %v: %v %v", r, held, err)
	}
	x, y, z := sec.MinBlock()
	var s chunk.Section
	s.Set(0, 0, 0, chunk.Stone)
	if err := a.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{{Pos: sec, Revision: 1, Section: s}}}); err != nil {
		t.Fatal(err)
	}
	conn := &testkit.FakeConn{}
	_, _, turn := a.Leases.Turn(r)
	p.pending.add(&forward{conn: conn, requestID: 7, target: [3]int{x, y, z}, want: chunk.Stone, region: r, turn: turn, sent: time.Now()})
	var ack *protocol.ActionAck
	waitfor.Until(t, 10*time.Second, "the silent forward was never read back", func() bool {
		p.resolver.schedule(time.Now().Add(time.Second)) // past the silence, and past the scan's once-a-second
		for _, m := range conn.Take() {
			ack = m.GetActionAck()
		}
		return ack != nil
	})
	if ack.GetRequestId() != 7 || ack.GetResult() != protocol.ActionResult_ACTION_RESULT_OK {
		t.Errorf("silent forward answered %v, want OK for request 7", ack)
	}
}

// TestFencedEditFateReadBack: an edit whose write was refused as fenced
// is answered by what the store holds: stored (an earlier attempt had
// landed) or not.
func TestFencedEditFateReadBack(t *testing.T) {
	ctx, p, cs := resolveWorld(t, "fenced", 0, "a")
	a := cs[0]
	sec := chunk.Pos{X: 1, Y: 4, Z: -2}
	if held, _, err := a.Claim(ctx, rcluster.RegionOf(sec)); !held || err != nil {
		t.Fatalf("claim: %v %v", held, err)
	}
	var s chunk.Section
	s.Set(3, 4, 5, chunk.Stone)
	if err := a.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{{Pos: sec, Revision: 1, Section: s}}}); err != nil {
		t.Fatal(err)
	}
	x, y, z := sec.MinBlock()
	got := make(chan [2]bool, 3)
	for i, c := range []struct {
		dx   int
		want chunk.Block
	}{{3, chunk.Stone}, {4, chunk.Stone}, {4, chunk.Air}} {
		p.resolver.checkFate(x+c.dx, y+4, z+5, c.want, func(stored bool) { got <- [2]bool{i == 0 || i == 2, stored} })
	}
	for range 3 {
		select {
		case g := <-got:
			if g[0] != g[1] {
				t.Errorf("read back stored = %v, want %v", g[1], g[0])
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a fate was never read back")
		}
	}
	if n := p.Stats.FencedLanded.Load(); n != 2 {
		t.Errorf("FencedLanded = %d, want 2", n)
	}
}

// resolveWorld connects shards to one embedded NATS server and gives the
// first a Plugin with only its pending forwards and resolver, running.
func resolveWorld(t *testing.T, bucket string, silence time.Duration, shards ...string) (context.Context, *Plugin, []*rcluster.Cluster) {
	t.Helper()
	url := natstest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	log := zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel)
	var cs []*rcluster.Cluster
	for _, shard := range shards {
		c, err := rcluster.Connect(ctx, rcluster.Options{URLs: url, Shard: shard, Bucket: bucket, LeaseTTL: 5 * time.Second, Log: log})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = c.Close() })
		cs = append(cs, c)
	}
	p := &Plugin{Config: Config{Cluster: cs[0], ForwardSilence: silence}}
	p.c, p.log = cs[0], log
	p.pending = pendingForwards{byID: map[uint64]*forward{}}
	p.resolver = resolver{p: p}
	p.resolver.start()
	t.Cleanup(p.resolver.stop)
	return ctx, p, cs
}
