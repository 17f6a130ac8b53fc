package critters_test

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/plugins/critters"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/entities"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/worldgen"
)

// meadow is the test terrain: stone up to y=62, grass at y=63, air above;
// the section columns with X == 1 are gravel instead of grass, so no herd
// may start there, and those with X == -1 snow, where herds start unless
// Config.GrassOnly.
func meadow(p chunk.Pos) chunk.Section {
	switch {
	case p.Y > 3:
		return chunk.Uniform(chunk.Air)
	case p.Y < 3:
		return chunk.Uniform(chunk.Stone)
	}
	s := chunk.Uniform(chunk.Stone)
	top := chunk.Grass
	switch p.X {
	case 1:
		top = chunk.Gravel
	case -1:
		top = chunk.Snow
	}
	for x := range chunk.Size {
		for z := range chunk.Size {
			s.Set(x, 15, z, top)
		}
	}
	return s
}

// world is an App of the server's default plugins (headless network,
// in-memory database, deterministic) with the critters plugin configured
// by the test, and a ticket-less view keeping land resident.
type world struct {
	t       testing.TB
	app     *ecs.App
	store   *resources.ChunkStore
	reg     *entities.Registry
	stats   *critters.Stats
	view    ecs.Entity
	views   generic.Map[components.View]
	filter  *generic.Filter5[critters.Critter, entities.Replicated, components.Position, entities.Motion, entities.Attributes]
	entered map[uint64]components.Position // first position seen of each critter
}

type options struct {
	cfg     critters.Config
	terrain server.Terrain
	center  chunk.Pos // default (0, 4, 0): the meadow's surface
	radius  int
	workers int // the App's parallel loops; 0: GOMAXPROCS
	// sleep keeps cfg.WakeRadius as given; without it critters never
	// sleep (this world has no players to keep them awake).
	sleep bool
}

func newWorld(t testing.TB, o options) *world {
	t.Helper()
	if o.terrain == nil {
		o.terrain = server.TerrainFunc(1, meadow)
	}
	if o.radius == 0 {
		o.radius = 3
	}
	if o.center == (chunk.Pos{}) {
		o.center = chunk.Pos{Y: 4}
	}
	if !o.sleep {
		o.cfg.WakeRadius = -1
	}
	sc := server.Defaults()
	sc.InMemory = true
	sc.Seed = 1
	sc.Admin, sc.Listen = "", ""
	sc.Deterministic = true
	plugins := server.DefaultPlugins(sc, o.terrain, components.Position{X: 0.5, Y: 64, Z: 0.5}, &network.QueueSource{})
	// The default plugins include entities and critters; a build that
	// does not gets them here.
	if !slices.ContainsFunc(plugins, func(p ecs.Plugin) bool { return p.Name() == entities.PluginName }) {
		plugins = append(plugins, entities.New(entities.Config{}))
	}
	if i := slices.IndexFunc(plugins, func(p ecs.Plugin) bool { return p.Name() == critters.PluginName }); i >= 0 {
		plugins[i].(*critters.Plugin).Config = o.cfg
	} else {
		plugins = append(plugins, critters.New(o.cfg))
	}
	app := ecs.NewApp(ecs.WithWorkers(o.workers))
	app.AddPlugins(plugins...)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := app.Shutdown(); err != nil {
			t.Error(err)
		}
	})
	w := &world{
		t: t, app: app, store: ecs.Resource[resources.ChunkStore](app), reg: ecs.Resource[entities.Registry](app),
		stats: ecs.Resource[critters.Stats](app), views: generic.NewMap[components.View](app.World()),
		filter:  generic.NewFilter5[critters.Critter, entities.Replicated, components.Position, entities.Motion, entities.Attributes](),
		entered: map[uint64]components.Position{},
	}
	app.Commands().Spawn(func(e ecs.Entity) { w.view = e }, components.View{Center: o.center, Radius: o.radius})
	w.step(5)
	if !w.store.Has(o.center) {
		t.Fatal("area not resident")
	}
	return w
}

// critter is what a test sees of one critter.
type critter struct {
	ID      uint64
	Pos     components.Position
	Motion  entities.Motion
	Variant int64
}

// critters returns every critter, by wire id.
func (w *world) critters() []critter {
	var out []critter
	q := w.filter.Query(w.app.World())
	for q.Next() {
		_, rep, pos, m, attrs := q.Get()
		v, _ := attrs.Get(critters.AttrVariant)
		out = append(out, critter{ID: rep.ID, Pos: *pos, Motion: *m, Variant: v})
	}
	slices.SortFunc(out, func(a, b critter) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

// step runs n ticks and keeps the first position of every critter that
// appeared: where it was spawned, as no tick has moved it yet.
func (w *world) step(n int) {
	for range n {
		w.app.Step()
		for _, c := range w.critters() {
			if _, ok := w.entered[c.ID]; !ok {
				w.entered[c.ID] = c.Pos
			}
		}
	}
}

// settle steps until no column waits for a herd (at most 200 ticks).
func (w *world) settle() {
	w.t.Helper()
	for i := 0; ; i++ {
		w.step(1)
		if w.stats.Pending == 0 && i > 10 {
			return
		}
		if i > 200 {
			w.t.Fatalf("%d columns still pending after 200 ticks", w.stats.Pending)
		}
	}
}

// moveView moves the view's centre and steps until the column at the
// centre is resident.
func (w *world) moveView(c chunk.Pos) {
	w.t.Helper()
	w.views.Get(w.view).Center = c
	for i := 0; !w.store.Has(c); i++ {
		if i > 200 {
			w.t.Fatalf("%v not resident after 200 ticks", c)
		}
		w.step(1)
	}
}

func (w *world) block(x, y, z int) chunk.Block {
	w.t.Helper()
	b, ok := w.store.Block(x, y, z)
	if !ok {
		w.t.Fatalf("(%d,%d,%d) not resident", x, y, z)
	}
	return b
}

// checkNotInSolid fails if c's box overlaps a solid block.
func (w *world) checkNotInSolid(c critter) {
	w.t.Helper()
	box := critters.Body.Box(c.Pos)
	for x := int(math.Floor(box.Min.X)); x < int(math.Ceil(box.Max.X)); x++ {
		for y := int(math.Floor(box.Min.Y + 1e-6)); y < int(math.Ceil(box.Max.Y)); y++ {
			for z := int(math.Floor(box.Min.Z)); z < int(math.Ceil(box.Max.Z)); z++ {
				if b, _ := w.store.Block(x, y, z); b.Solid() {
					w.t.Fatalf("tick %d: critter %d at %+v inside %v at (%d,%d,%d)", w.app.Tick(), c.ID, c.Pos, b, x, y, z)
				}
			}
		}
	}
}

func TestHerdsOnGround(t *testing.T) {
	w := newWorld(t, options{cfg: critters.Config{Seed: 7, Every: 1, PerRegion: 1000}})
	w.settle()
	all := w.critters()
	if len(all) == 0 || w.stats.Herds == 0 || uint64(len(all)) != w.stats.Spawned {
		t.Fatalf("%d critters, stats %+v: want some, all counted", len(all), *w.stats)
	}
	on := map[chunk.Block]int{}
	variants := map[int64]bool{}
	for _, c := range all {
		p := w.entered[c.ID]
		bx, by, bz := int(math.Floor(p.X)), int(p.Y), int(math.Floor(p.Z))
		if p.X-float64(bx) != 0.5 || p.Z-float64(bz) != 0.5 || p.Y != 64 {
			t.Fatalf("critter %d spawned at %+v, want the centre of a block's top at y=64", c.ID, p)
		}
		b := w.block(bx, by-1, bz)
		if !critters.Ground(b, false) {
			t.Fatalf("critter %d spawned on %v at %+v", c.ID, b, p)
		}
		on[b]++
		if b := w.block(bx, by, bz); b != chunk.Air {
			t.Fatalf("critter %d spawned in %v", c.ID, b)
		}
		if c.Variant < 0 || c.Variant >= critters.Variants {
			t.Fatalf("critter %d variant %d", c.ID, c.Variant)
		}
		variants[c.Variant] = true
	}
	if len(variants) < 2 {
		t.Fatalf("every herd has the same variant: %v", variants)
	}
	if on[chunk.Grass] == 0 || on[chunk.Snow] == 0 || on[chunk.Gravel] != 0 {
		t.Fatalf("critters spawned on %v: want grass and snow, no gravel", on)
	}
	// Herds of 1..3 per column, and a column per herd.
	cols := map[[2]int32]int{}
	for _, p := range w.entered {
		s := p.Section()
		cols[[2]int32{s.X, s.Z}]++
	}
	for k, n := range cols {
		if n > 3 || !w.reg.Populated(k[0], k[1], critters.PluginName) {
			t.Fatalf("column %v: %d critters, populated %v", k, n, w.reg.Populated(k[0], k[1], critters.PluginName))
		}
	}
}

// TestGrassOnly: with Config.GrassOnly (recordings made before snow and
// sand were ground) herds start on grass alone.
func TestGrassOnly(t *testing.T) {
	w := newWorld(t, options{cfg: critters.Config{Seed: 7, Every: 1, PerRegion: 1000, GrassOnly: true}})
	w.settle()
	if len(w.entered) == 0 {
		t.Fatalf("no critters; stats %+v", *w.stats)
	}
	for id, p := range w.entered {
		if b := w.block(int(math.Floor(p.X)), int(p.Y)-1, int(math.Floor(p.Z))); b != chunk.Grass {
			t.Fatalf("critter %d spawned on %v at %+v", id, b, p)
		}
	}
}

// TestCrittersNearDefaultSpawn: a new player of the default world (its
// seed, the default settings) meets critters near the spawn point soon
// after joining. The spawn point is on snow, where herds used to be
// impossible: the nearest grass is hundreds of blocks away.
func TestCrittersNearDefaultSpawn(t *testing.T) {
	const (
		ticks = 200 // 10 s at 20 ticks per second
		near  = 48  // blocks from the spawn point, horizontally
	)
	seed := server.Defaults().Seed
	gen, err := worldgen.New(seed, worldgen.LatestVersion)
	if err != nil {
		t.Fatal(err)
	}
	x, y, z := gen.FindSpawn()
	if _, top := gen.SurfaceAt(x, z); top == chunk.Grass {
		t.Logf("the default spawn point is on grass now: this test no longer shows the snow case")
	}
	w := newWorld(t, options{cfg: critters.Config{Seed: seed}, terrain: gen, center: chunk.PosOfBlock(x, y, z), radius: 4})
	w.step(ticks)
	n := 0
	for _, p := range w.entered {
		if math.Hypot(p.X-float64(x), p.Z-float64(z)) <= near {
			n++
		}
	}
	if n == 0 {
		t.Fatalf("no critter within %d blocks of the spawn point (%d, %d, %d) after %d ticks (%d in all); stats %+v", near, x, y, z, ticks, len(w.entered), *w.stats)
	}
	t.Logf("%d critters within %d blocks of the spawn point, %d in all", n, near, len(w.entered))
}

func TestHerdsOnRealTerrain(t *testing.T) {
	gen, err := worldgen.New(3, worldgen.LatestVersion)
	if err != nil {
		t.Fatal(err)
	}
	x, y, z := gen.FindSpawn()
	center := chunk.PosOfBlock(x, y, z)
	w := newWorld(t, options{cfg: critters.Config{Seed: 3, Every: 1, PerRegion: 1000}, terrain: gen, center: center, radius: 4})
	w.settle()
	if len(w.entered) == 0 {
		t.Fatalf("no critters around the spawn point (%d, %d, %d); stats %+v", x, y, z, *w.stats)
	}
	for id, p := range w.entered {
		if b := w.block(int(math.Floor(p.X)), int(p.Y)-1, int(math.Floor(p.Z))); !critters.Ground(b, false) {
			t.Fatalf("critter %d spawned on %v at %+v", id, b, p)
		}
	}
}

func TestBoundedPerRegion(t *testing.T) {
	const per = 3
	// The view straddles the four regions around the origin.
	w := newWorld(t, options{cfg: critters.Config{Seed: 2, Every: 1, PerRegion: per}, radius: 4})
	w.settle()
	regions := map[[2]int32]int{}
	for _, p := range w.entered {
		s := p.Section()
		regions[[2]int32{s.X >> storage.RegionShift, s.Z >> storage.RegionShift}]++
	}
	if len(regions) != 4 {
		t.Fatalf("critters in regions %v, want the four around the origin", regions)
	}
	for r, n := range regions {
		if n > per {
			t.Fatalf("region %v: %d critters spawned, want at most %d", r, n, per)
		}
	}
	if w.stats.Capped == 0 {
		t.Fatalf("no column capped: %+v", *w.stats)
	}
}

func TestCrittersWalk(t *testing.T) {
	w := newWorld(t, options{cfg: critters.Config{Seed: 5, Every: 1, PerRegion: 1000}})
	w.settle()
	start := w.critters()
	far := 0
	for range 600 {
		w.step(1)
		for _, c := range w.critters() {
			w.checkNotInSolid(c)
			// Flat ground and no steps: a critter never leaves it.
			if c.Pos.Y != 64 {
				t.Fatalf("tick %d: critter %d at %+v, off the ground", w.app.Tick(), c.ID, c.Pos)
			}
		}
	}
	end := w.critters()
	if len(end) != len(start) {
		t.Fatalf("%d critters, then %d", len(start), len(end))
	}
	for i, c := range end {
		if math.Hypot(c.Pos.X-start[i].Pos.X, c.Pos.Z-start[i].Pos.Z) > 2 {
			far++
		}
		if !c.Motion.OnGround || c.Motion.Frozen {
			t.Fatalf("critter %d: motion %+v", c.ID, c.Motion)
		}
	}
	if far < len(end)/2 {
		t.Fatalf("%d of %d critters walked more than 2 blocks in 30 s", far, len(end))
	}
}

func TestWallsStepsAndDrops(t *testing.T) {
	w := newWorld(t, options{cfg: critters.Config{Seed: 9, Every: -1}})
	fill := func(x0, x1, y0, y1, z0, z1 int, b chunk.Block) {
		for x := x0; x <= x1; x++ {
			for y := y0; y <= y1; y++ {
				for z := z0; z <= z1; z++ {
					w.store.SetBlock(x, y, z, b)
				}
			}
		}
	}
	// A 3×3 pillar of stone, its top at y=70: seven blocks above the
	// meadow.
	fill(4, 6, 64, 70, 4, 6, chunk.Stone)
	// A pen, 4×4 inside, of walls two blocks high.
	fill(10, 15, 64, 65, 10, 15, chunk.Stone)
	fill(11, 14, 64, 65, 11, 14, chunk.Air)
	// A pen of walls one block high: a step out.
	fill(20, 24, 64, 64, 20, 24, chunk.Stone)
	fill(21, 23, 64, 64, 21, 23, chunk.Air)
	place := func(a critters.Area) uint64 {
		before := w.critters()
		if n, err := critters.Scatter(w.reg, w.app.Commands(), w.store, 1, a, 1); n != 1 || err != nil {
			t.Fatalf("scatter over %+v: %d, %v", a, n, err)
		}
		w.step(1)
		for _, c := range w.critters() {
			if !slices.ContainsFunc(before, func(b critter) bool { return b.ID == c.ID }) {
				return c.ID
			}
		}
		t.Fatal("scattered critter not found")
		return 0
	}
	pillar := place(critters.Area{MinX: 4, MinZ: 4, MaxX: 7, MaxZ: 7})
	pen := place(critters.Area{MinX: 11, MinZ: 11, MaxX: 15, MaxZ: 15})
	step := place(critters.Area{MinX: 21, MinZ: 21, MaxX: 24, MaxZ: 24})
	start := map[uint64]components.Position{}
	for _, c := range w.critters() {
		start[c.ID] = c.Pos
	}
	moved := map[uint64]bool{}
	topY := 0.0
	for range 2400 {
		w.step(1)
		for _, c := range w.critters() {
			w.checkNotInSolid(c)
			if c.Pos != start[c.ID] {
				moved[c.ID] = true
			}
			inside := func(x0, x1 float64) bool {
				return c.Pos.X > x0 && c.Pos.X < x1 && c.Pos.Z > x0 && c.Pos.Z < x1
			}
			switch c.ID {
			case pillar:
				if c.Pos.Y != 71 || !inside(4, 7) {
					t.Fatalf("tick %d: the pillar's critter at %+v, off the pillar", w.app.Tick(), c.Pos)
				}
			case pen:
				if c.Pos.Y != 64 || !inside(11, 15) {
					t.Fatalf("tick %d: the pen's critter at %+v, out of the pen", w.app.Tick(), c.Pos)
				}
			case step:
				if c.Motion.OnGround {
					topY = max(topY, c.Pos.Y)
				}
			}
		}
	}
	for _, id := range []uint64{pillar, pen, step} {
		if !moved[id] {
			t.Fatalf("critter %d never moved", id)
		}
	}
	if w.stats.Turns == 0 || w.stats.Jumps == 0 {
		t.Fatalf("stats %+v: want turns and jumps", *w.stats)
	}
	if topY < 65 {
		t.Fatalf("the low pen's critter never stood on its wall (highest %.2f)", topY)
	}
}

func TestNoSecondHerdAfterReload(t *testing.T) {
	w := newWorld(t, options{cfg: critters.Config{Seed: 4, Every: 1, PerRegion: 1000}})
	w.settle()
	n, herds := w.reg.Len(), w.stats.Herds
	if n == 0 {
		t.Fatal("no critters")
	}
	// Far away: the meadow's columns are saved and unloaded; new land
	// gets its herds.
	w.moveView(chunk.Pos{X: 200, Y: 4, Z: 0})
	for i := 0; w.reg.ColumnResident(0, 0); i++ {
		if i > 400 {
			t.Fatal("column (0,0) still resident")
		}
		w.step(1)
	}
	w.settle()
	away := w.stats.Herds
	if away == herds {
		t.Fatal("no herds in the new land")
	}
	// Back: the saved critters return and nothing is populated again.
	w.moveView(chunk.Pos{X: 0, Y: 4, Z: 0})
	for i := 0; w.reg.ColumnResident(200, 0); i++ {
		if i > 400 {
			t.Fatal("column (200,0) still resident")
		}
		w.step(1)
	}
	w.settle()
	if w.stats.Herds != away || w.reg.Len() != n {
		t.Fatalf("after reload: %d herds (%d before), %d critters (%d before)", w.stats.Herds, away, w.reg.Len(), n)
	}
	for _, c := range w.critters() {
		if c.Variant < 0 || c.Variant >= critters.Variants {
			t.Fatalf("reloaded critter lost its variant: %+v", c)
		}
	}
}

// TestDeterministic runs the same seed twice, once with one worker and
// once with four, with herds and 1,500 more critters scattered (enough for
// the parallel loops to split them), some asleep: the critters are the
// same tick by tick. Under -race it checks that the loops touch nothing shared.
func TestDeterministic(t *testing.T) {
	run := func(seed int64, workers int) (*world, func() string) {
		w := newWorld(t, options{cfg: critters.Config{Seed: seed, Every: 1, PerRegion: 1000, WakeRadius: 40}, workers: workers, sleep: true})
		area := critters.Area{MinX: -40, MinZ: -40, MaxX: 40, MaxZ: 40}
		if _, err := critters.Scatter(w.reg, w.app.Commands(), w.store, 1500, area, seed); err != nil {
			t.Fatal(err)
		}
		w.step(1)
		// A player keeps the critters of one corner awake; the others
		// sleep.
		w.player(components.Position{X: -30, Y: 64, Z: -30}, 0)
		return w, func() string { return fmt.Sprint(w.critters()) }
	}
	a, sa := run(11, 1)
	b, sb := run(11, 4)
	c, sc := run(12, 4)
	differ := false
	for tick := range 300 {
		a.step(1)
		b.step(1)
		c.step(1)
		if x, y := sa(), sb(); x != y {
			t.Fatalf("tick %d: same seed, different critters:\n%s\n%s", tick, x, y)
		}
		differ = differ || sa() != sc()
	}
	if len(a.critters()) == 0 {
		t.Fatal("no critters")
	}
	if !differ {
		t.Fatal("another seed gave the same critters")
	}
}

// player stands a player at p with a view of radius sections: what keeps
// critters awake (a player shown from another server has no Follow).
func (w *world) player(p components.Position, radius int) ecs.Entity {
	w.t.Helper()
	var e ecs.Entity
	comps := []any{entities.Replicated{Kind: entities.KindPlayer, ID: 1 << 40, Name: "watcher"}, p}
	if radius > 0 {
		comps = append(comps, components.Follow{Radius: radius})
	}
	w.app.Commands().Spawn(func(x ecs.Entity) { e = x }, comps...)
	w.step(1)
	return e
}

// TestCrittersSleepUnseen: with no player near, a critter sleeps (no AI,
// no motion) from the next tick critters look; a player's view (and the
// margin beyond it) or Config.WakeRadius keeps those near it awake, and
// one coming near wakes a sleeper.
func TestCrittersSleepUnseen(t *testing.T) {
	const looks = 10 // wakeEvery
	for _, tc := range []struct {
		name   string
		wake   int
		view   int     // the player's, in sections; 0: a player with no view here
		reach  float64 // how near it keeps critters awake
		player bool
	}{
		{name: "nobody", wake: 0},
		{name: "view", wake: 0, view: 1, reach: 16 + 48, player: true},
		{name: "wake radius", wake: 20, view: 8, reach: 20, player: true},
		{name: "another server's player", wake: 0, reach: 8*16 + 48, player: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, options{cfg: critters.Config{Seed: 5, Every: 1, PerRegion: 1000, WakeRadius: tc.wake}, sleep: true})
			w.settle()
			// The player stands reach-10 blocks out from the critter
			// nearest the (-x, -z) corner: it keeps that one awake, and
			// those far across the land asleep.
			corner := slices.MinFunc(w.critters(), func(a, b critter) int { return cmp.Compare(a.Pos.X+a.Pos.Z, b.Pos.X+b.Pos.Z) })
			off := (tc.reach - 10) / math.Sqrt2
			at := components.Position{X: corner.Pos.X - off, Y: 64, Z: corner.Pos.Z - off}
			if tc.player {
				w.player(at, tc.view)
			}
			w.step(looks)
			before := w.critters()
			w.step(200)
			after := w.critters()
			if len(after) != len(before) || len(after) == 0 {
				t.Fatalf("%d critters, then %d", len(before), len(after))
			}
			awake, asleep := 0, 0
			for i, c := range after {
				d := math.Hypot(c.Pos.X-at.X, c.Pos.Z-at.Z)
				near := tc.player && d <= tc.reach-2 // it may have walked 2 blocks out since the last look
				far := !tc.player || d > tc.reach+2
				switch {
				case near && c.Motion.Asleep:
					t.Errorf("critter %d, %.1f blocks from the player: asleep", c.ID, d)
				case far && !c.Motion.Asleep:
					t.Errorf("critter %d, %.1f blocks from the player: awake", c.ID, d)
				case far && c.Pos != before[i].Pos:
					t.Errorf("critter %d asleep, but moved from %+v to %+v", c.ID, before[i].Pos, c.Pos)
				}
				if c.Motion.Asleep {
					asleep++
				} else {
					awake++
				}
			}
			if n := ecs.Resource[entities.Stats](w.app).Asleep; n != asleep {
				t.Errorf("entities' Stats.Asleep %d, %d critters asleep", n, asleep)
			}
			if asleep == 0 || tc.player && awake == 0 {
				t.Fatalf("%d awake, %d asleep: want both (none awake with nobody)", awake, asleep)
			}
			if !tc.player {
				return
			}
			// A player coming to a sleeping critter wakes it.
			var sleeper critter
			for _, c := range after {
				if c.Motion.Asleep {
					sleeper = c
					break
				}
			}
			w.player(sleeper.Pos, tc.view)
			w.step(looks)
			for _, c := range w.critters() {
				if c.ID == sleeper.ID && c.Motion.Asleep {
					t.Fatalf("critter %d still asleep with a player beside it", c.ID)
				}
			}
		})
	}
}
