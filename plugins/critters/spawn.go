package critters

import (
	"fmt"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/entities"
)

// Herds are 1..maxHerd critters; each looks for its spot at up to
// spotTries places in the column.
const (
	maxHerd   = 3
	spotTries = 4
)

type colKey struct{ X, Z int32 }

// spawner is the spawn_critters system: it hears of columns becoming
// resident and gives the chosen ones a herd once their ground is known.
type spawner struct {
	cfg    Config
	reg    *entities.Registry
	store  *resources.ChunkStore
	loaded *ecs.Events[entities.ColumnLoaded]
	stats  *Stats

	// pending are the columns waiting for a herd, in the order they
	// arrived (the order of the events, itself deterministic); queued is
	// the same set for membership tests only, never iterated.
	pending []colKey
	queued  map[colKey]bool
	// regions counts, during one run, the critters of each region looked
	// at: the registry's count plus the spawns queued this run, which it
	// only sees once the commands are applied.
	regions map[colKey]int
	spots   []components.Position
	batch   []colKey
}

func newSpawner(cfg Config, reg *entities.Registry, store *resources.ChunkStore, loaded *ecs.Events[entities.ColumnLoaded], stats *Stats) *spawner {
	return &spawner{
		cfg: cfg, reg: reg, store: store, loaded: loaded, stats: stats,
		queued: map[colKey]bool{}, regions: map[colKey]int{},
	}
}

// picked reports whether column (x, z) is one of those that get a herd.
func (s *spawner) picked(x, z int32) bool {
	return s.cfg.Every > 0 && hash(uint64(s.cfg.Seed), saltColumn, uint64(int64(x)), uint64(int64(z)))%uint64(s.cfg.Every) == 0
}

func (s *spawner) run(ctx *ecs.Context) {
	for _, ev := range s.loaded.Items() {
		k := colKey{ev.X, ev.Z}
		if !s.queued[k] && s.picked(k.X, k.Z) && !s.reg.Populated(k.X, k.Z, PluginName) {
			s.queued[k] = true
			s.pending = append(s.pending, k)
		}
	}
	if len(s.pending) == 0 {
		s.stats.Pending = 0
		return
	}
	clear(s.regions)
	// The first PendingPerTick columns are examined; those not ready go
	// to the back, so every pending column gets its turn.
	n := min(len(s.pending), s.cfg.PendingPerTick)
	s.batch = append(s.batch[:0], s.pending[:n]...)
	s.pending = append(s.pending[:0], s.pending[n:]...)
	for _, k := range s.batch {
		if s.reg.ColumnResident(k.X, k.Z) && !s.reg.Populated(k.X, k.Z, PluginName) && !s.populate(ctx.Commands, k) {
			s.pending = append(s.pending, k)
			continue
		}
		delete(s.queued, k)
	}
	s.stats.Pending = len(s.pending)
}

// populate places column k's herd and reports whether the column is done
// with; false means its ground is not resident enough to know yet.
func (s *spawner) populate(cmds *ecs.Commands, k colKey) bool {
	seed := uint64(s.cfg.Seed)
	h := hash(seed, saltHerd, uint64(int64(k.X)), uint64(int64(k.Z)))
	size := 1 + int(h%maxHerd)
	variant := int64((h >> 8) % Variants)
	// Every spot tried is looked at before any critter is placed, so the
	// herd is the same whenever the column happens to become ready.
	s.spots = s.spots[:0]
	for i := range size {
		for try := range spotTries {
			r := hash(seed, saltSpot, uint64(int64(k.X)), uint64(int64(k.Z)), uint64(i), uint64(try))
			bx, bz := int(k.X)*chunk.Size+int(r%chunk.Size), int(k.Z)*chunk.Size+int((r>>8)%chunk.Size)
			p, ready, ok := s.groundSpot(bx, bz)
			if !ready {
				return false
			}
			if ok && !s.taken(p) {
				s.spots = append(s.spots, p)
				break
			}
		}
	}
	if len(s.spots) == 0 {
		s.reg.MarkPopulated(k.X, k.Z, PluginName)
		return true
	}
	region := colKey{k.X >> storage.RegionShift, k.Z >> storage.RegionShift}
	have, ok := s.regions[region]
	if !ok {
		have = s.reg.CountRegion(region.X, region.Z, Kind)
	}
	room := s.cfg.PerRegion - have
	if room <= 0 {
		// Not marked: the next time the column is loaded, its region may
		// have room.
		s.regions[region] = have
		s.stats.Capped++
		return true
	}
	spawned := 0
	for i, p := range s.spots[:min(room, len(s.spots))] {
		yaw := yawOf(hash(seed, saltHerd, uint64(int64(k.X)), uint64(int64(k.Z)), uint64(i)))
		if _, err := s.reg.Spawn(cmds, spec(p, yaw, variant)); err != nil {
			// The column is resident (checked): a failure is a bug, and
			// the herd is not worth more than the critters spawned.
			continue
		}
		spawned++
	}
	s.regions[region] = have + spawned
	s.reg.MarkPopulated(k.X, k.Z, PluginName)
	s.stats.Herds++
	s.stats.Spawned += uint64(spawned)
	return true
}

func (s *spawner) taken(p components.Position) bool {
	for _, q := range s.spots {
		if q == p {
			return true
		}
	}
	return false
}

// groundSpot returns where a critter stands on the ground of block column
// (bx, bz), whether that ground is known (ready) and whether a herd may
// start there (ok): its top is Ground, with air above.
func (s *spawner) groundSpot(bx, bz int) (p components.Position, ready, ok bool) {
	b, y, ready := groundAt(s.store, bx, bz)
	if !ready || !Ground(b, s.cfg.GrassOnly) {
		return p, ready, false
	}
	if above, known := s.store.Block(bx, y+1, bz); !known || above != chunk.Air {
		return p, true, false
	}
	return components.Position{X: float64(bx) + 0.5, Y: float64(y + 1), Z: float64(bz) + 0.5}, true, true
}

// groundAt returns the top block of block column (bx, bz) and its Y, and
// whether it is known to be the top: the section holding it and the one
// above are resident (TopBlock only sees resident sections: with the one
// above missing, the real top may be there). A top at the world's ceiling
// reads as known, with nothing to stand on (Air).
func groundAt(store *resources.ChunkStore, bx, bz int) (chunk.Block, int, bool) {
	b, y, ok := store.TopBlock(bx, bz)
	if !ok {
		return chunk.Air, 0, false
	}
	if y >= chunk.MaxY {
		return chunk.Air, y, true
	}
	sy := chunk.PosOfBlock(bx, y, bz).Y
	if sy < chunk.MaxSectionY && !store.Has(chunk.Pos{X: int32(chunk.FloorDiv(bx)), Y: sy + 1, Z: int32(chunk.FloorDiv(bz))}) {
		return chunk.Air, 0, false
	}
	return b, y, true
}

// Area is a rectangle of block columns, Min inclusive, Max exclusive.
type Area struct {
	MinX, MinZ, MaxX, MaxZ int
}

// Scatter spawns up to n critters over area through cmds, at places
// chosen from seed, each on the known top of solid ground (any solid
// block, not only grass) with air above, in a column that is resident. It
// ignores PerRegion and marks no column populated: it is for benchmarks
// and tests (`strata bench --entities N`), which want n critters where
// the players are. It returns how many it spawned, after at most 8n tries.
func Scatter(reg *entities.Registry, cmds *ecs.Commands, store *resources.ChunkStore, n int, area Area, seed int64) (int, error) {
	w, d := area.MaxX-area.MinX, area.MaxZ-area.MinZ
	if n <= 0 {
		return 0, nil
	}
	if w <= 0 || d <= 0 {
		return 0, fmt.Errorf("scatter %d critters: empty area %+v", n, area)
	}
	spawned := 0
	for try := 0; try < 8*n && spawned < n; try++ {
		r := hash(uint64(seed), saltScatter, uint64(try))
		bx := area.MinX + int(r%uint64(w))
		bz := area.MinZ + int((r>>32)%uint64(d))
		if !chunk.BlockInBorder(bx, bz) || !reg.ColumnResident(int32(chunk.FloorDiv(bx)), int32(chunk.FloorDiv(bz))) {
			continue
		}
		b, y, known := groundAt(store, bx, bz)
		if !known || !b.Solid() {
			continue
		}
		if above, ok := store.Block(bx, y+1, bz); !ok || above != chunk.Air {
			continue
		}
		p := components.Position{X: float64(bx) + 0.5, Y: float64(y + 1), Z: float64(bz) + 0.5}
		if _, err := reg.Spawn(cmds, spec(p, yawOf(r>>16), int64((r>>40)%Variants))); err != nil {
			return spawned, fmt.Errorf("scatter critters: %w", err)
		}
		spawned++
	}
	return spawned, nil
}
