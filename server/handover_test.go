package server

import (
	"github.com/stratavox/strata/testkit"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/net/client"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/systems/entities"
)

// walkerKind is the kind of the test's walking entity.
const walkerKind = "test:walker"

// walkers is a test plugin: every walker walks east until it reaches
// stopX; with spawn set, one is spawned at spawn once its column is
// simulated here.
type walkers struct {
	spawn *components.Position
	stopX float64
	done  bool
	reg   *entities.Registry
	f     *generic.Filter3[entities.Replicated, components.Position, entities.Motion]
}

func (*walkers) Name() string           { return "test_walkers" }
func (*walkers) Dependencies() []string { return []string{entities.PluginName} }

func (w *walkers) Build(app *ecs.App) error {
	w.reg = ecs.Resource[entities.Registry](app)
	w.f = generic.NewFilter3[entities.Replicated, components.Position, entities.Motion]()
	app.AddSystem(ecs.Simulate, "walk_walkers", w.run, ecs.Before(entities.SystemSimulate))
	return nil
}

func (w *walkers) run(ctx *ecs.Context) {
	if w.spawn != nil && !w.done {
		s := w.spawn.Section()
		if w.reg.ColumnResident(s.X, s.Z) {
			_, err := w.reg.Spawn(ctx.Commands, entities.Spec{Kind: walkerKind, Position: *w.spawn, Body: entities.Body{Width: 0.6, Height: 1.8}})
			w.done = err == nil
		}
	}
	q := w.f.Query(ctx.World)
	for q.Next() {
		rep, pos, m := q.Get()
		if rep.Kind == walkerKind {
			m.WalkX = 0
			if pos.X < w.stopX {
				m.WalkX = 3
			}
		}
	}
}

// heldWalkers returns the walkers c holds.
func heldWalkers(c *client.Conn) []client.Entity { return heldOf(c, walkerKind) }

// TestEntityHandover: an entity that walks from shard a's region into
// the next one, shard b's, is handed over: b simulates it from where it
// crossed, a's player sees it as b's mirror, each client holds it once,
// and the world stores it once, in b's region, its hand-over record gone.
func TestEntityHandover(t *testing.T) {
	shard := newShards(t)
	const border = 4096 // regions 7 and 8
	start := components.Position{X: border - 6.5, Y: moveGround, Z: farZ}
	cfgA, cfgB := shard.config("a"), shard.config("b")
	cfgA.Plugins = append(cfgA.Plugins, &walkers{spawn: &start, stopX: border + 8})
	cfgB.Plugins = append(cfgB.Plugins, &walkers{stopX: border + 8})
	a, _ := shard.start(cfgA)
	b, _ := shard.start(cfgB)
	var aLines, bLines systemLines
	alice := dialPlayerOpts(t, a, client.Options{Name: "alice", ViewDistance: 4, Handlers: aLines.handlers()})
	bob := dialPlayerOpts(t, b, client.Options{Name: "bob", ViewDistance: 4, Handlers: bLines.handlers()})
	west, east := rcluster.RegionOfBlock(border-1, 4000), rcluster.RegionOfBlock(border, 4000)
	teleport(t, alice, &aLines, border-20, moveGround, farZ)
	teleport(t, bob, &bLines, border+20, moveGround, farZ)
	waitfor.Until(t, 20*time.Second, "the shards did not take their regions", func() bool {
		return clusterOf(a).Holds(west) && clusterOf(b).Holds(east)
	})

	waitfor.Until(t, 40*time.Second, "the walker was not handed to shard b", func() bool {
		aw, bw := heldWalkers(alice), heldWalkers(bob)
		return len(aw) == 1 && len(bw) == 1 && aw[0].ID&(1<<61) != 0 && bw[0].ID&(1<<61) == 0 && bw[0].Position.X >= border
	})
	if st := ecs.Resource[entities.Stats](a.App()); st.HandedOver != 1 {
		t.Errorf("shard a handed over %d entities, want 1 (stats %+v)", st.HandedOver, st)
	}
	if in, out := statsOf(b).HandoversIn.Load(), statsOf(a).HandoversOut.Load(); in != 1 || out != 1 {
		t.Errorf("shard a handed over %d entities, shard b received %d; want 1 each", out, in)
	}

	resp, err := http.Get("http://" + b.AdminAddr() + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{`strata_cluster_entity_handovers_total{outcome="received"} 1`, "strata_cluster_watched_regions "} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics of b lacks %s", want)
		}
	}

	// Stored once, in b's region: the columns along its path.
	waitfor.Until(t, 20*time.Second, "the walker is not stored once in shard b's region", func() bool {
		return storedPastBorder(t, a, border, start.Section().Z)
	})
	// And held once, still: neither shard kept a copy.
	time.Sleep(time.Second)
	if aw, bw := heldWalkers(alice), heldWalkers(bob); len(aw) != 1 || len(bw) != 1 {
		t.Fatalf("alice holds %d walkers, bob %d; want one each", len(aw), len(bw))
	}
}

// TestEntitiesOfViewedRegion: a region nobody stands in but a shard's
// player sees into is claimed by that shard after ClaimViewedAfter, and
// its entities are simulated there, as one server simulates every
// resident column's. Once another shard's player stands in the region,
// the first shard gives it up and the second simulates the same entity.
func TestEntitiesOfViewedRegion(t *testing.T) {
	testkit.Long(t)
	shard := newShards(t)
	const border = 4096 // regions 7 and 8
	start := components.Position{X: border + 10.5, Y: moveGround, Z: farZ}
	cfgA, cfgB := shard.config("a"), shard.config("b")
	// It stops within alice's view (64 blocks from border - 20).
	cfgA.Plugins = append(cfgA.Plugins, &walkers{spawn: &start, stopX: border + 30})
	cfgB.Plugins = append(cfgB.Plugins, &walkers{stopX: border + 30})
	cfgA.ClusterClaimViewedAfter, cfgB.ClusterClaimViewedAfter = time.Second, time.Second
	a, _ := shard.start(cfgA)
	b, _ := shard.start(cfgB)
	var aLines, bLines systemLines
	alice := dialPlayerOpts(t, a, client.Options{Name: "alice", ViewDistance: 4, Handlers: aLines.handlers()})
	west, east := rcluster.RegionOfBlock(border-1, 4000), rcluster.RegionOfBlock(border, 4000)
	teleport(t, alice, &aLines, border-20, moveGround, farZ)
	waitfor.Until(t, 20*time.Second, "shard a did not take the region alice sees into", func() bool {
		return clusterOf(a).Holds(west) && clusterOf(a).Holds(east)
	})
	var first float64
	waitfor.Until(t, 30*time.Second, "alice did not see the walker walk in the region nobody stands in", func() bool {
		w := heldWalkers(alice)
		if len(w) != 1 || w[0].ID&(1<<61) != 0 {
			return false
		}
		if first == 0 {
			first = w[0].Position.X
		}
		return w[0].Position.X >= first+3
	})

	// Bob stands in the region: a gives it up, b takes it and simulates
	// the walker from where a saved it.
	bob := dialPlayerOpts(t, b, client.Options{Name: "bob", ViewDistance: 4, Handlers: bLines.handlers()})
	teleport(t, bob, &bLines, border+30, moveGround, farZ)
	waitfor.Until(t, 30*time.Second, "shard a did not give the region bob stands in to shard b", func() bool {
		return clusterOf(b).Holds(east) && !clusterOf(a).Holds(east)
	})
	waitfor.Until(t, 30*time.Second, "the walker is not shard b's", func() bool {
		aw, bw := heldWalkers(alice), heldWalkers(bob)
		return len(aw) == 1 && len(bw) == 1 && aw[0].ID&(1<<61) != 0 && bw[0].ID&(1<<61) == 0
	})
	if !clusterOf(a).Holds(west) {
		t.Error("shard a let go of the region alice stands in")
	}
}

// TestEntityTransit: an entity that walks between two regions of one
// shard moves through a hand-over record adopted in place: the player
// watching sees it walk on without a despawn, and the world stores it
// once, in the region it entered, its hand-over record gone.
func TestEntityTransit(t *testing.T) {
	testkit.Long(t)
	shard := newShards(t)
	const border = 4096 // regions 7 and 8
	start := components.Position{X: border - 6.5, Y: moveGround, Z: farZ}
	cfg := shard.config("a")
	cfg.Plugins = append(cfg.Plugins, &walkers{spawn: &start, stopX: border + 8})
	a, _ := shard.start(cfg)
	var lines systemLines
	alice := dialPlayerOpts(t, a, client.Options{Name: "alice", ViewDistance: 4, Handlers: lines.handlers()})
	west, east := rcluster.RegionOfBlock(border-1, 4000), rcluster.RegionOfBlock(border, 4000)
	teleport(t, alice, &lines, border-20, moveGround, farZ)
	waitfor.Until(t, 20*time.Second, "the shard did not take both regions", func() bool {
		return clusterOf(a).Holds(west) && clusterOf(a).Holds(east)
	})
	waitfor.Until(t, 40*time.Second, "the walker did not walk into the east region", func() bool {
		w := heldWalkers(alice)
		return len(w) == 1 && w[0].Position.X >= border+7
	})
	if st := ecs.Resource[entities.Stats](a.App()); st.Transits != 1 || st.HandedOver != 0 || st.Received != 0 {
		t.Errorf("entity stats %+v: want one transit, no hand-over", st)
	}
	if n := statsOf(a).Transits.Load(); n != 1 {
		t.Errorf("%d transits counted by the cluster plugin, want 1", n)
	}
	if d := alice.Stats().EntityDespawns; d != 0 {
		t.Errorf("alice was sent %d despawns; want none: the walker walked on", d)
	}

	waitfor.Until(t, 20*time.Second, "the walker is not stored once in the east region", func() bool {
		return storedPastBorder(t, a, border, start.Section().Z)
	})
}

// storedPastBorder reports whether the world, read through shard s,
// stores the walker exactly once in the columns of row z along its path
// across border, past it, and no hand-over record is left.
func storedPastBorder(t *testing.T, s *Server, border float64, z int32) bool {
	n, past := 0, false
	for x := int32((border - 16) / 16); x <= int32((border+16)/16); x++ {
		rec, _, err := clusterOf(s).Store().LoadEntities(x, z)
		if err != nil {
			t.Fatalf("load column (%d, %d): %v", x, z, err)
		}
		for _, e := range rec.Entities {
			if e.Kind == walkerKind {
				n++
				past = e.X >= border
			}
		}
	}
	hands := 0
	clusterOf(s).Store().Handoffs(func(_, _ int32, keys []string) { hands += len(keys) })
	return n == 1 && past && hands == 0
}
