package cluster

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/internal/natstest"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
	"github.com/stratavox/strata/worldgen"
)

// inboundOnly adds the inbound system alone, on the app's store,
// durability and edits, for a Plugin the test drives by hand.
type inboundOnly struct {
	p  *Plugin
	in *inboundSystem
}

func (*inboundOnly) Name() string           { return "inboundtest" }
func (*inboundOnly) Dependencies() []string { return []string{persist.PluginName} }
func (b *inboundOnly) Build(app *ecs.App) error {
	store := ecs.RequireResource[resources.ChunkStore](app)
	dur := ecs.RequireResource[persist.Durability](app)
	edits := gameplay.NewEdits(store)
	b.in = newInbound(b.p, app, store, dur, edits, nil)
	app.AddSystem(ecs.Ingest, SystemInbound, b.in.run)
	return nil
}

// unstoredWorld is one shard's App (residency, persist on the cluster
// store in deterministic mode, the inbound system) viewing a section
// that was never stored, in a region the test claims and lets go.
type unstoredWorld struct {
	ctx   context.Context
	a     *rcluster.Cluster
	p     *Plugin
	in    *inboundSystem
	app   *ecs.App
	store *resources.ChunkStore
	gen   *worldgen.Generator
	sec   chunk.Pos
	r     rcluster.Region
	// bx, by, bz is the block edited; natural the generator's there.
	bx, by, bz int
	natural    chunk.Block
}

func newUnstoredWorld(t *testing.T) *unstoredWorld {
	t.Helper()
	url := natstest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	log := zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.ErrorLevel)
	a, err := rcluster.Connect(ctx, rcluster.Options{URLs: url, Shard: "a", Bucket: "unstored", LeaseTTL: 5 * time.Second, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	gen, err := worldgen.New(11, worldgen.LatestVersion)
	if err != nil {
		t.Fatal(err)
	}

	p := &Plugin{Config: Config{Cluster: a, Generator: gen}}
	p.c, p.log = a, log
	p.handing = newHandoverSystem(p, nil) // no hand-over records: the registry is never asked
	p.ready = readySet{m: map[rcluster.Region]bool{}, count: &p.Stats.RegionsReady}
	a.Leases.OnLost(func(r rcluster.Region) { p.ready.set(r, false) })
	b := &inboundOnly{p: p}
	app := ecs.NewApp(ecs.WithLogger(log))
	app.AddPlugins(
		residency.New(residency.Config{Generator: gen, Deterministic: true, QueueCap: 4096}),
		persist.New(persist.Config{InMemory: true, Synchronous: true, Backend: a.Store(), Seed: 11, GeneratorVersion: worldgen.LatestVersion}),
		b,
	)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = app.Shutdown() })
	w := &unstoredWorld{ctx: ctx, a: a, p: p, in: b.in, app: app, store: ecs.Resource[resources.ChunkStore](app), gen: gen,
		sec: chunk.Pos{X: 2, Y: 3, Z: 2}}
	w.r = rcluster.RegionOf(w.sec)
	app.Commands().Spawn(func(ecs.Entity) {}, components.View{Center: w.sec, Radius: 1})
	for i := 0; !w.store.Has(w.sec); i++ {
		if i == 500 {
			t.Fatal("section never resident")
		}
		app.Step()
		time.Sleep(time.Millisecond)
	}
	w.bx, w.by, w.bz = w.sec.MinBlock()
	w.natural, _ = w.store.Block(w.bx, w.by, w.bz)
	return w
}

func (w *unstoredWorld) claim(t *testing.T) {
	t.Helper()
	if held, _, err := w.a.Claim(w.ctx, w.r); !held || err != nil {
		t.Fatalf("claim %v: %v %v", w.r, held, err)
	}
}

// refusedEdit edits the section under the lease, then lets the region go
// (as the lease system does) before the edit's write is committed, and
// runs the tick whose write is refused.
func (w *unstoredWorld) refusedEdit(t *testing.T) {
	t.Helper()
	w.claim(t)
	w.p.ready.set(w.r, true)
	edited := chunk.Gravel
	if w.natural == edited {
		edited = chunk.Sand
	}
	if changed, _ := w.store.SetBlock(w.bx, w.by, w.bz, edited); !changed {
		t.Fatal("edit not made")
	}
	w.p.ready.set(w.r, false)
	if err := w.a.Release(w.ctx, w.r); err != nil {
		t.Fatal(err)
	}
	w.app.Step()
}

// refresh reads the region from the store, as a claim does, and hands it
// to the inbound system.
func (w *unstoredWorld) refresh(t *testing.T) {
	t.Helper()
	secs, err := w.a.Store().LoadRegion(w.ctx, w.r)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range secs {
		if u.Pos == w.sec {
			t.Fatalf("section %v stored before the refresh: %+v", w.sec, u)
		}
	}
	w.p.in.put(func(in *inbox) { in.refresh = append(in.refresh, refresh{region: w.r, sections: secs}) })
}

// neverLanded checks the refused edit is stored nowhere and the
// resident section is natural terrain, clean, the clients told.
func (w *unstoredWorld) neverLanded(t *testing.T) {
	t.Helper()
	if stored, _, ok, err := w.a.Store().LoadSection(w.sec); err != nil {
		t.Fatal(err)
	} else if ok {
		lx, ly, lz := chunk.LocalOfBlock(w.bx, w.by, w.bz)
		if got := stored.Get(lx, ly, lz); got != w.natural {
			t.Fatalf("the refused edit landed: stored block %v, natural %v", got, w.natural)
		}
	}
	w.residentNatural(t)
}

func (w *unstoredWorld) residentNatural(t *testing.T) {
	t.Helper()
	if got, _ := w.store.Block(w.bx, w.by, w.bz); got != w.natural {
		t.Fatalf("resident block %v, natural terrain is %v", got, w.natural)
	}
	if w.store.IsDirty(w.sec) {
		t.Fatal("section still dirty")
	}
	cur, _ := w.store.Section(w.sec)
	if want := w.gen.Generate(w.sec); cur.Hash() != want.Hash() {
		t.Fatal("resident section is not natural terrain")
	}
	told := false
	for _, e := range w.in.edits.List() {
		if e.X == w.bx && e.Y == w.by && e.Z == w.bz && e.Block == w.natural && e.Copied {
			told = true
		}
	}
	if !told {
		t.Fatalf("clients not told the edit is undone: %+v", w.in.edits.List())
	}
}

// TestRefusedEditInUnstoredSectionNeverLands: an edit made in a section
// never stored, whose write is refused (the lease was let go), is dropped
// when the region is taken again and refreshed before the refusal is
// acted on: the section goes back to natural terrain, clients are told,
// and the next persist writes nothing of it — the refused edit never
// lands.
func TestRefusedEditInUnstoredSectionNeverLands(t *testing.T) {
	w := newUnstoredWorld(t)
	w.refusedEdit(t)
	// Taken again, and refreshed from the store, before the refusal is
	// acted on (TakeFenced, on the next tick).
	w.claim(t)
	w.refresh(t)
	for range 5 {
		w.app.Step()
	}
	if !w.p.ready.has(w.r) {
		t.Fatal("region not ready after its refresh")
	}
	w.neverLanded(t)
}

// TestRefusedEditNotReloadedNeverLands: when the section whose write was
// refused cannot be reloaded (the store unreadable), its refused edit is
// not written again meanwhile — not even once the region is claimed
// again, before its refresh comes — and a later reload, or the refresh,
// puts it back to natural terrain.
func TestRefusedEditNotReloadedNeverLands(t *testing.T) {
	for _, byRefresh := range []bool{false, true} {
		name := "reloaded later"
		if byRefresh {
			name = "refreshed"
		}
		t.Run(name, func(t *testing.T) {
			w := newUnstoredWorld(t)
			load := w.in.load
			failing := true
			w.in.load = func(p chunk.Pos) (chunk.Section, uint64, bool, error) {
				if failing {
					return chunk.Section{}, 0, false, errors.New("stream electing a leader")
				}
				return load(p)
			}
			w.refusedEdit(t)
			w.app.Step() // the refusal acted on: the reload fails
			// Claimed again; the region's refresh not yet come.
			w.claim(t)
			for range 3 * aheadEvery {
				w.app.Step()
			}
			if _, _, ok, err := w.a.Store().LoadSection(w.sec); err != nil || ok {
				t.Fatalf("the refused edit's section was written: %v %v", ok, err)
			}
			failing = false
			if byRefresh {
				w.refresh(t)
				w.app.Step()
			} else {
				for range aheadEvery {
					w.app.Step()
				}
			}
			for range 5 {
				w.app.Step()
			}
			w.neverLanded(t)
			if len(w.in.unrestored) != 0 {
				t.Fatalf("still to restore: %v", w.in.unrestored)
			}
		})
	}
}
