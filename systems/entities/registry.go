package entities

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
)

// idBase sets the bit that keeps plugin entities' wire ids apart from
// players' (client ids, counted from 1).
const idBase = 1 << 62

// ColumnLoaded is emitted by entity_residency once a column that became
// resident has its saved entities spawned (X, Z in section coordinates).
// Fresh means nothing was ever stored for it: a spawner that populates new
// land (plugins/critters) does so now. It is not emitted for a column
// whose record could not be read.
type ColumnLoaded struct {
	X, Z  int32
	Fresh bool
}

type colKey struct{ X, Z int32 }

// home is the column a plugin entity is kept in: where it is saved.
// Changed is set once the entity changed since its column was last saved,
// so that moving on costs the entity's own memory, not its column's.
type home struct {
	X, Z    int32
	Changed bool
}

// member is one plugin entity of a column.
type member struct {
	e    ecs.Entity
	kind string
	// transit names the move that brought it into another region, until
	// it is adopted there (transit.go): it is in no column's record.
	transit string
}

// regionKind counts the resident entities of one kind in one region.
type regionKind struct {
	rx, rz int32
	kind   string
}

func regionOf(k colKey, kind string) regionKind {
	return regionKind{k.X >> storage.RegionShift, k.Z >> storage.RegionShift, kind}
}

// regionKeyOf is the region of column k.
func regionKeyOf(k colKey) regionKey {
	return regionKey{k.X >> storage.RegionShift, k.Z >> storage.RegionShift}
}

// dueSave is a column to save once the tick reaches at.
type dueSave struct {
	k  colKey
	at uint64
}

// column is what the registry keeps of a resident column.
type column struct {
	entities  []member
	populated []string
	// dirty: changed since it was last handed to storage.
	dirty bool
	// group is the columns saved together with it (save), never one
	// alone, nil when none: an entity walked between them within their
	// region since they were last saved, so one holds it in memory while
	// the other's stored record does.
	group *linkGroup
	// damaged: its stored record could not be read. It is never written
	// (that would replace what `strata repair` might still save) and
	// nothing populates it.
	damaged bool
	// foreign: resident, but another server simulates its entities (the
	// Authority says so); nothing is loaded, spawned or saved in it, and
	// no entity of this one walks in.
	foreign bool
	// outbox and adopted are written with the column's next record (it is
	// saved at once): the entities handed from it to other servers, and
	// the hand-over records of those it adopted (handover.go).
	outbox  []storage.Handoff
	adopted []string
}

// Authority decides which columns' entities this server simulates, for a
// server that shares its world with others (systems/cluster): each column
// has one simulating server at a time, which alone loads, spawns, moves
// and saves its entities. It answers by region (32×32 columns, as
// storage.RegionShift groups them): alike for every column of one.
// Without one, every resident column is this server's.
type Authority interface {
	// LoadsEntities reports whether the entities of column (x, z) may be
	// loaded and simulated here now.
	LoadsEntities(x, z int32) bool
	// KeepsEntities reports whether entities already loaded in column
	// (x, z) stay: false once the column is another server's, and they
	// are dropped unsaved (their new owner loads what was stored).
	KeepsEntities(x, z int32) bool
}

// authorityEvery is how often, in ticks, the resident columns are checked
// against the Authority.
const authorityEvery = 10

// Registry is the entities plugin's resource: it gives plugin entities
// their ids, knows which column each is kept in, and loads and saves
// columns' entities with the terrain. Tick goroutine only.
type Registry struct {
	cfg     Config
	cmds    *ecs.Commands
	world   *ecs.World
	store   *resources.ChunkStore
	durable *persist.Durability
	changes *residency.Changes
	loaded  *ecs.Events[ColumnLoaded]
	stats   *Stats
	log     zerolog.Logger

	cols  *resources.ColumnMap[column] // the resident columns
	kinds map[string]func() []any
	next  uint64
	n     int
	// counts: resident entities by region and kind (CountRegion).
	counts map[regionKind]int
	// due: columns that became dirty, in that order, each saved
	// SaveEvery ticks later; spreads the periodic saves over ticks.
	due  []dueSave
	head int
	now  uint64

	authority Authority
	handover  Handover // the authority, if it hands entities over
	mover     Transits // the authority, if moves between regions go through records
	// transits are the moves between two regions both simulated here not
	// adopted yet, by id (transit.go).
	transits map[string]*transit
	// refused holds the entities that found no one to hand them to, until
	// the tick they may try again (handover.go).
	refused map[ecs.Entity]uint64
	// regions indexes the resident columns by region, for checkAuthority.
	regions       map[regionKey]*regionCols
	regionScratch []regionKey
	// Scratch of residency and checkAuthority: the records of the columns
	// that arrived, to load (recs…); a section of each column whose record
	// is read ahead (ahead).
	recs    []storage.EntityColumn
	recOK   []bool
	recErrs []error
	recCols []*column
	ahead   []chunk.Pos

	homes   generic.Map[home]
	reps    generic.Map[Replicated]
	state   generic.Map6[Replicated, components.Position, components.Look, components.Velocity, Body, Motion]
	attrs   generic.Map[Attributes]
	scratch []colKey
}

func newRegistry(app *ecs.App, cfg Config, store *resources.ChunkStore, durable *persist.Durability, changes *residency.Changes, stats *Stats) *Registry {
	w := app.World()
	return &Registry{
		cfg: cfg, cmds: app.Commands(), world: w, store: store, durable: durable, changes: changes,
		loaded: ecs.AddEvents[ColumnLoaded](app), stats: stats,
		log:  app.Log().With().Str("plugin", PluginName).Logger(),
		cols: resources.NewColumnMap[column](), kinds: map[string]func() []any{}, counts: map[regionKind]int{},
		refused: map[ecs.Entity]uint64{}, transits: map[string]*transit{},
		homes: generic.NewMap[home](w),
		reps:  generic.NewMap[Replicated](w),
		state: generic.NewMap6[Replicated, components.Position, components.Look, components.Velocity, Body, Motion](w),
		attrs: generic.NewMap[Attributes](w),
	}
}

type regionKey struct{ X, Z int32 }

// SetAuthority makes a the judge of which columns are simulated here;
// call it in Build, before the first tick.
func (r *Registry) SetAuthority(a Authority) {
	r.authority = a
	r.handover, _ = a.(Handover)
	r.mover, _ = a.(Transits)
	r.regions = map[regionKey]*regionCols{}
}

func columnOf(p components.Position) colKey {
	s := p.Section()
	return colKey{s.X, s.Z}
}

// RegisterKind declares a kind and the components its entities get when
// they are loaded from storage (a plugin's marker, its AI state), besides
// those every entity has. Call it in Build.
func (r *Registry) RegisterKind(kind string, extra func() []any) error {
	if !ValidKind(kind) {
		return fmt.Errorf("register %q: %w", kind, ErrBadKind)
	}
	if _, dup := r.kinds[kind]; dup {
		return fmt.Errorf("register %q: kind already registered", kind)
	}
	r.kinds[kind] = extra
	return nil
}

// Spawn queues a new entity of s (through cmds, the tick's command buffer)
// with the components every entity has, the kind's registered ones and
// extra, and returns its wire id. It stands in the column of s.Position,
// which must be resident: an entity is never spawned where it could not
// be simulated or saved.
func (r *Registry) Spawn(cmds *ecs.Commands, s Spec, extra ...any) (uint64, error) {
	return r.spawn(cmds, s, Motion{}, false, extra...)
}

// spawn is Spawn with the entity's Motion (a loaded one keeps OnGround);
// a loaded entity is as saved, so its column does not change.
func (r *Registry) spawn(cmds *ecs.Commands, s Spec, m Motion, loaded bool, extra ...any) (uint64, error) {
	if !ValidKind(s.Kind) {
		return 0, fmt.Errorf("spawn %q: %w", s.Kind, ErrBadKind)
	}
	k := columnOf(s.Position)
	c := r.col(k)
	if c == nil || c.damaged || c.foreign {
		return 0, fmt.Errorf("spawn %s at (%.1f, %.1f, %.1f): column (%d, %d) is not resident here", s.Kind, s.Position.X, s.Position.Y, s.Position.Z, k.X, k.Z)
	}
	if s.Body.Width <= 0 || s.Body.Height <= 0 {
		return 0, fmt.Errorf("spawn %s: body %vx%v must be positive", s.Kind, s.Body.Width, s.Body.Height)
	}
	r.next++
	id := idBase | r.next
	comps := []any{
		Replicated{Kind: s.Kind, ID: id}, s.Position, s.Look, s.Velocity, s.Body,
		Attributes{List: slices.Clone(s.Attributes)}, m, home{X: k.X, Z: k.Z, Changed: !loaded},
	}
	if mk := r.kinds[s.Kind]; mk != nil {
		comps = append(comps, mk()...)
	}
	comps = append(comps, extra...)
	if !loaded {
		r.markDirty(k, c)
	}
	cmds.Spawn(func(e ecs.Entity) {
		if c := r.col(k); c != nil {
			c.entities = append(c.entities, member{e: e, kind: s.Kind})
			r.n++
			r.counts[regionOf(k, s.Kind)]++
			return
		}
		// The column left before the spawn was applied.
		r.cmds.Despawn(e)
	}, comps...)
	return id, nil
}

// Despawn queues the removal of plugin entity e; it is forgotten by its
// column at once, so it is not saved.
func (r *Registry) Despawn(cmds *ecs.Commands, e ecs.Entity) {
	if r.world.Alive(e) && r.homes.Has(e) {
		h := r.homes.Get(e)
		k := colKey{h.X, h.Z}
		if c := r.col(k); c != nil {
			if i := c.index(e); i >= 0 {
				r.forget(k, c.entities[i].kind)
				c.entities = slices.Delete(c.entities, i, i+1)
				r.markDirty(k, c)
			}
		}
	}
	cmds.Despawn(e)
}

// ColumnResident reports whether column (x, z), in section coordinates,
// has its entities loaded: some section of it is resident, and its
// entities are simulated here.
func (r *Registry) ColumnResident(x, z int32) bool {
	c := r.col(colKey{x, z})
	return c != nil && !c.foreign
}

// Populated reports whether spawner by has marked column (x, z) populated;
// a column whose entities are not this server's counts as populated.
func (r *Registry) Populated(x, z int32, by string) bool {
	c := r.col(colKey{x, z})
	return c != nil && (c.damaged || c.foreign || slices.Contains(c.populated, by))
}

// AppendColumn appends the plugin entities column (x, z) keeps here, the
// ones this server simulates, to dst (some may be despawned this tick).
func (r *Registry) AppendColumn(dst []ecs.Entity, x, z int32) []ecs.Entity {
	if c := r.col(colKey{x, z}); c != nil {
		for _, m := range c.entities {
			dst = append(dst, m.e)
		}
	}
	return dst
}

// MarkPopulated records, with the column's entities, that spawner by has
// populated resident column (x, z).
func (r *Registry) MarkPopulated(x, z int32, by string) {
	k := colKey{x, z}
	if c := r.col(k); c != nil && !slices.Contains(c.populated, by) {
		c.populated = append(c.populated, by)
		r.markDirty(k, c)
	}
}

// CountRegion returns how many resident entities of kind stand in region
// (rx, rz): the 32×32 columns with x>>5 == rx and z>>5 == rz.
func (r *Registry) CountRegion(rx, rz int32, kind string) int {
	return r.counts[regionKind{rx, rz, kind}]
}

// index returns the position of e among c's entities, or -1.
func (c *column) index(e ecs.Entity) int {
	return slices.IndexFunc(c.entities, func(m member) bool { return m.e == e })
}

// forget uncounts an entity of kind that left column k's region.
func (r *Registry) forget(k colKey, kind string) {
	r.n--
	rk := regionOf(k, kind)
	if r.counts[rk]--; r.counts[rk] <= 0 {
		delete(r.counts, rk)
	}
}

// markDirty notes that column k changed, and when it is to be saved.
func (r *Registry) markDirty(k colKey, c *column) {
	if !c.dirty {
		c.dirty = true
		r.due = append(r.due, dueSave{k, r.now + r.cfg.SaveEvery})
	}
}

// Len returns the number of resident plugin entities.
func (r *Registry) Len() int { return r.n }

// moved re-homes e after a move from column from: both columns change.
// It reports false, and changes nothing, for a move into a column another
// server simulates: the entity must stay where it was.
func (r *Registry) moved(e ecs.Entity, h *home, to colKey) bool {
	from := colKey{h.X, h.Z}
	if from == to && h.Changed {
		return true // its column already knows
	}
	dst := r.col(to)
	if from != to && dst != nil && dst.foreign {
		return false
	}
	c := r.col(from)
	if c == nil {
		return true
	}
	h.Changed = true
	r.markDirty(from, c)
	if from == to {
		return true
	}
	i := c.index(e)
	if dst == nil || dst.damaged || i < 0 {
		// It stays where it is kept: moves never reach a column that is
		// not resident, and a damaged one is never written.
		return true
	}
	if a, b := regionKeyOf(from), regionKeyOf(to); a != b && r.mover != nil {
		return r.startTransit(e, h, from, to, c, dst, i)
	}
	m := c.entities[i]
	c.entities = slices.Delete(c.entities, i, i+1)
	dst.entities = append(dst.entities, m)
	if m.transit != "" {
		r.transits[m.transit].at = to
	}
	if a, b := regionOf(from, m.kind), regionOf(to, m.kind); a != b {
		r.forget(from, m.kind)
		r.n++
		r.counts[b]++
	}
	h.X, h.Z = to.X, to.Z
	// Saved apart, a crash between the two writes could find it in
	// neither record. Within a region (where the Authority's answer, and
	// so what is dropped unsaved, is the same for both) the two join one
	// group, saved together when any of it is (SaveEvery after it
	// changed, on its way out, at shutdown): walking critters cross
	// columns all the time, and saving both records at each crossing was
	// most of the entities' writes. Across regions, out of a damaged
	// column (never written), or when the group would pass
	// maxLinkedColumns (one tick's save of it), both are saved now, in
	// the tick's one write.
	if c.damaged || regionKeyOf(from) != regionKeyOf(to) || !r.link(from, c, to, dst) {
		if !c.damaged {
			r.save(from, c)
		}
		r.save(to, dst)
		return true
	}
	r.markDirty(to, dst)
	return true
}

// linkGroup is columns saved together (column.group).
type linkGroup struct{ cols []colKey }

// maxLinkedColumns bounds a link group: a save of one of its columns is
// a save of all of them in one tick.
const maxLinkedColumns = 16

// link puts columns a and b in one group and reports whether it did: not
// when the group would have more than maxLinkedColumns.
func (r *Registry) link(a colKey, ca *column, b colKey, cb *column) bool {
	ga, gb := ca.group, cb.group
	switch {
	case ga != nil && ga == gb:
		return true
	case ga == nil && gb == nil:
		g := &linkGroup{cols: []colKey{a, b}}
		ca.group, cb.group = g, g
		return true
	}
	size := func(g *linkGroup) int {
		if g == nil {
			return 1
		}
		return len(g.cols)
	}
	if size(ga)+size(gb) > maxLinkedColumns {
		return false
	}
	if size(ga) < size(gb) { // the smaller joins the larger
		a, ca, ga, b, cb, gb = b, cb, gb, a, ca, ga
	}
	if ga == nil {
		ga = &linkGroup{cols: []colKey{a}}
		ca.group = ga
	}
	if gb == nil {
		ga.cols = append(ga.cols, b)
		cb.group = ga
		return true
	}
	for _, k := range gb.cols {
		if c := r.col(k); c != nil && c.group == gb {
			c.group = ga
		}
	}
	ga.cols = append(ga.cols, gb.cols...)
	return true
}

// residency is the entity_residency system: the entities of columns that
// left are saved and despawned, those of columns that arrived loaded and
// spawned, the records of columns on their way read ahead, and every
// SaveEvery ticks the changed columns are saved.
func (r *Registry) residency(ctx *ecs.Context) {
	r.now = ctx.Tick
	// Reconcile makes sections resident and evicts them a column at a
	// time, so a column's sections follow one another in the lists: the
	// column is looked at once per run, not once per section (a map
	// lookup each, thousands a tick when views recentre).
	for i, p := range r.changes.Evicted {
		if i > 0 && sameColumn(p, r.changes.Evicted[i-1]) {
			continue
		}
		k := colKey{p.X, p.Z}
		if c := r.col(k); c != nil && r.store.ColumnLen(k.X, k.Z) == 0 {
			r.unload(k, c)
		}
	}
	for i, p := range r.changes.Inserted {
		if i > 0 && sameColumn(p, r.changes.Inserted[i-1]) {
			continue
		}
		k := colKey{p.X, p.Z}
		if r.col(k) == nil {
			r.arrive(k)
		}
	}
	r.loadArrived()
	r.readAhead(ctx.Tick)
	if r.authority != nil && ctx.Tick%authorityEvery == 0 {
		r.checkTransits()
		r.checkAuthority()
		r.pruneRefused()
	}
	r.saveDue()
	r.stats.Entities = r.n
}

// readAhead has the records of the columns reconcile asked sections of
// read ahead, for those whose entities this server would load. The
// columns come one after another, the regions in runs.
func (r *Registry) readAhead(tick uint64) {
	if !r.durable.ReadsAhead() {
		return
	}
	r.ahead = r.ahead[:0]
	var (
		reg   regionKey
		loads bool
	)
	for i, p := range r.changes.Requested {
		if i > 0 && sameColumn(p, r.changes.Requested[i-1]) {
			continue
		}
		if r.authority != nil {
			if rk := (regionKey{p.X >> storage.RegionShift, p.Z >> storage.RegionShift}); i == 0 || rk != reg {
				reg, loads = rk, r.authority.LoadsEntities(p.X, p.Z)
			}
			if !loads {
				continue
			}
		}
		// Resident ones too: checking costs the tick more than their
		// reads cost the readers (a column is rarely asked for while
		// resident and stored with entities).
		r.ahead = append(r.ahead, p)
	}
	r.durable.PrefetchEntities(tick, r.ahead)
}

// arrive makes newly resident column k known: foreign when another
// server simulates its entities, else to be loaded by loadArrived.
func (r *Registry) arrive(k colKey) {
	c := r.cols.Add(k.X, k.Z)
	if r.authority != nil && !r.authority.LoadsEntities(k.X, k.Z) {
		c.foreign = true
	}
	r.track(k, c)
	if !c.foreign {
		r.recs, r.recCols = append(r.recs, storage.EntityColumn{X: k.X, Z: k.Z}), append(r.recCols, c)
	}
}

// loadArrived reads the records of the columns that arrived, in one batch
// (for a shard, one round trip for those not read ahead), and spawns
// their entities, column by column in the order they arrived.
func (r *Registry) loadArrived() {
	n := len(r.recs)
	if n == 0 {
		return
	}
	r.recOK, r.recErrs = slices.Grow(r.recOK[:0], n)[:n], slices.Grow(r.recErrs[:0], n)[:n]
	r.durable.LoadEntitiesAll(r.recs, r.recOK, r.recErrs)
	for i := range r.recs {
		r.spawnColumn(colKey{r.recs[i].X, r.recs[i].Z}, r.recCols[i], &r.recs[i], r.recOK[i], r.recErrs[i])
	}
	clear(r.recs)
	clear(r.recErrs)
	clear(r.recCols)
	r.recs, r.recCols = r.recs[:0], r.recCols[:0]
}

// spawnColumn spawns the entities of column k's record rec (ok: one was
// stored) as read: err marks the column damaged.
func (r *Registry) spawnColumn(k colKey, c *column, rec *storage.EntityColumn, ok bool, err error) {
	if err != nil {
		c.damaged = true
		r.stats.LoadErrors++
		r.log.Error().Err(err).Int32("x", k.X).Int32("z", k.Z).Msg("entities of column not loaded; the record is kept for strata repair")
		return
	}
	c.populated = slices.Clone(rec.Populated)
	for _, er := range rec.Entities {
		s := specOf(er, k)
		if _, err := r.spawn(r.cmds, s, Motion{OnGround: er.OnGround}, true); err != nil {
			r.stats.LoadErrors++
			r.log.Error().Err(err).Int32("x", k.X).Int32("z", k.Z).Msg("saved entity not spawned")
			continue
		}
		r.stats.Loaded++
	}
	r.loaded.Emit(ColumnLoaded{X: k.X, Z: k.Z, Fresh: !ok})
}

// checkAuthority loads the foreign columns that became this server's and
// drops, unsaved, the entities of those that stopped being. It asks the
// Authority once per region with such columns, and looks at a region's
// columns only when they change hands.
func (r *Registry) checkAuthority() {
	r.regionScratch = r.regionScratch[:0]
	for rk := range r.regions {
		r.regionScratch = append(r.regionScratch, rk)
	}
	// In region then column order, so that what is loaded, dropped and
	// spawned does not depend on map order.
	slices.SortFunc(r.regionScratch, func(a, b regionKey) int { return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Z, b.Z)) })
	for _, rk := range r.regionScratch {
		rc := r.regions[rk]
		any := colKey{rk.X << storage.RegionShift, rk.Z << storage.RegionShift}
		take := rc.foreign > 0 && r.authority.LoadsEntities(any.X, any.Z)
		drop := !take && rc.foreign < len(rc.cols) && !r.authority.KeepsEntities(any.X, any.Z)
		// Lost and taken back since the last pass: writes made under the
		// lost lease may have been refused, so what is here may be stored
		// nowhere (a hand-over adopted, its record not deleted, to be
		// adopted again). Its columns are loaded again as stored.
		epoch := r.durable.Epoch(any.X, any.Z)
		renew := !take && !drop && rc.foreign < len(rc.cols) && epoch != rc.epoch
		if !take && !drop && !renew {
			continue
		}
		r.scratch = r.scratch[:0]
		for k := range rc.cols {
			r.scratch = append(r.scratch, k)
		}
		slices.SortFunc(r.scratch, compareCols)
		for _, k := range r.scratch {
			switch c := r.col(k); {
			case take && c.foreign:
				r.untrack(k, c)
				r.cols.Delete(k.X, k.Z)
				r.arrive(k)
			case drop && !c.foreign:
				r.dropUnsaved(k, c)
				*c = column{foreign: true}
				r.track(k, c)
			case renew && !c.foreign:
				r.dropUnsaved(k, c)
				r.cols.Delete(k.X, k.Z)
				r.arrive(k)
				r.stats.Reloaded++
			}
		}
		if rc := r.regions[rk]; rc != nil { // made again if all its columns went
			rc.epoch = epoch
		}
		r.loadArrived()
	}
}

// dropUnsaved despawns column k's entities without saving them and
// forgets the column (another server's now, or to be loaded again).
func (r *Registry) dropUnsaved(k colKey, c *column) {
	for _, m := range c.entities {
		r.cmds.Despawn(m.e)
		r.forget(k, m.kind)
	}
	r.untrack(k, c)
	r.forgetTransits(k, nil)
}

// EachRegion calls fn, in no particular order, for every region (32×32
// columns) with resident columns, with an Authority only; foreign is set
// when some of them are simulated elsewhere or nowhere.
func (r *Registry) EachRegion(fn func(x, z int32, foreign bool)) {
	for rk, rc := range r.regions {
		fn(rk.X, rk.Z, rc.foreign > 0)
	}
}

// regionCols indexes the resident columns of one region, and counts the
// foreign ones among them.
type regionCols struct {
	cols    map[colKey]struct{}
	foreign int
	// epoch is the region's lease epoch (persist.Durability.Epoch) as
	// checkAuthority last saw it.
	epoch uint64
}

// track indexes resident column k by region (with an Authority only).
func (r *Registry) track(k colKey, c *column) {
	if r.authority == nil {
		return
	}
	rk := regionKeyOf(k)
	rc := r.regions[rk]
	if rc == nil {
		rc = &regionCols{cols: map[colKey]struct{}{}, epoch: r.durable.Epoch(k.X, k.Z)}
		r.regions[rk] = rc
	}
	rc.cols[k] = struct{}{}
	if c.foreign {
		rc.foreign++
	}
}

// untrack forgets column k, which leaves or changes hands.
func (r *Registry) untrack(k colKey, c *column) {
	if r.authority == nil {
		return
	}
	rk := regionKeyOf(k)
	rc := r.regions[rk]
	if rc == nil {
		return
	}
	delete(rc.cols, k)
	if c.foreign {
		rc.foreign--
	}
	if len(rc.cols) == 0 {
		delete(r.regions, rk)
	}
}

// col returns resident column k, or nil.
func (r *Registry) col(k colKey) *column { return r.cols.Get(k.X, k.Z) }

func sameColumn(a, b chunk.Pos) bool { return a.X == b.X && a.Z == b.Z }

func compareCols(a, b colKey) int { return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Z, b.Z)) }

// clampToColumn keeps p inside column k (a record edited by hand, or a
// position on the column's border that rounds into its neighbour).
func clampToColumn(p components.Position, k colKey) components.Position {
	lo, hi := float64(k.X)*16, float64(k.X)*16+16
	p.X = min(max(p.X, lo), hi-1e-9)
	lo, hi = float64(k.Z)*16, float64(k.Z)*16+16
	p.Z = min(max(p.Z, lo), hi-1e-9)
	return p
}

// unload saves column k's entities and despawns them.
func (r *Registry) unload(k colKey, c *column) {
	if c.dirty && !c.damaged {
		r.save(k, c)
	}
	for _, m := range c.entities {
		r.cmds.Despawn(m.e)
		r.forget(k, m.kind)
	}
	r.untrack(k, c)
	r.forgetTransits(k, c)
	r.cols.Delete(k.X, k.Z)
}

// save hands column k's record to storage, with the entities it handed
// to other servers and the hand-overs it adopted since it was last saved.
func (r *Registry) save(k colKey, c *column) { r.saveWith(k, c, nil) }

// saveWith is save with entities spawned into the column this tick,
// which it does not list until the spawns are applied.
func (r *Registry) saveWith(k colKey, c *column, arrived []storage.EntityRecord) {
	if g := c.group; g != nil {
		c.group = nil
		defer r.saveGroup(g)
	}
	rec := r.record(k, c)
	rec.Entities = append(rec.Entities, arrived...)
	rec.Outbox, rec.Adopted = c.outbox, c.adopted
	c.outbox, c.adopted = nil, nil
	for _, mem := range c.entities {
		r.homes.Get(mem.e).Changed = false
	}
	r.durable.SaveEntities(rec)
	r.stats.Saved += uint64(len(rec.Entities))
	c.dirty = false
}

// saveGroup saves the rest of group g, one of whose columns is being
// saved: in the same tick, so in the same write. A column no longer in it
// was saved already (or left, saved then, or was dropped with its
// region).
func (r *Registry) saveGroup(g *linkGroup) {
	for _, k := range g.cols {
		if c := r.col(k); c != nil && c.group == g {
			c.group = nil
			if c.dirty && !c.damaged && !c.foreign {
				r.save(k, c)
			}
		}
	}
}

// record is column k's record as it stands; the entities despawned
// without Despawn are forgotten on the way.
func (r *Registry) record(k colKey, c *column) storage.EntityColumn {
	rec := storage.EntityColumn{X: k.X, Z: k.Z, Populated: slices.Clone(c.populated)}
	live := c.entities[:0]
	for _, mem := range c.entities {
		if !r.world.Alive(mem.e) {
			r.forget(k, mem.kind)
			continue
		}
		live = append(live, mem)
		if mem.transit == "" {
			rec.Entities = append(rec.Entities, r.entityRecord(mem.e))
		}
	}
	clear(c.entities[len(live):])
	c.entities = live
	return rec
}

// entityRecord is plugin entity e as it is saved.
func (r *Registry) entityRecord(e ecs.Entity) storage.EntityRecord {
	rep, pos, look, vel, body, m := r.state.Get(e)
	er := storage.EntityRecord{
		Kind: rep.Kind, X: pos.X, Y: pos.Y, Z: pos.Z, Yaw: look.Yaw, Pitch: look.Pitch,
		VX: vel.X, VY: vel.Y, VZ: vel.Z, Width: body.Width, Height: body.Height, OnGround: m.OnGround,
	}
	if r.attrs.Has(e) {
		for _, a := range r.attrs.Get(e).List {
			er.Attributes = append(er.Attributes, storage.EntityAttribute{Key: a.Key, Value: a.Value})
		}
	}
	return er
}

// saveDue saves the columns whose time has come: SaveEvery ticks after
// they changed, if still resident and changed.
func (r *Registry) saveDue() {
	for r.head < len(r.due) && r.due[r.head].at <= r.now {
		k := r.due[r.head].k
		r.head++
		if c := r.col(k); c != nil && c.dirty && !c.damaged {
			r.save(k, c)
		}
	}
	if r.head > 1024 && r.head*2 > len(r.due) {
		r.due = r.due[:copy(r.due, r.due[r.head:])]
		r.head = 0
	}
}

// SaveRegion saves now the changed columns of region (rx, rz) (32×32
// columns) and returns how many there were: a server giving the region up
// saves them first, for the next owner to load.
func (r *Registry) SaveRegion(rx, rz int32) int {
	return r.saveChanged(func(x, z int32) bool {
		return x>>storage.RegionShift == rx && z>>storage.RegionShift == rz
	})
}

// saveDirty saves every changed column (at shutdown).
func (r *Registry) saveDirty() { r.saveChanged(func(int32, int32) bool { return true }) }

// saveChanged saves the changed columns (x, z) for which in is true, in
// column order, and returns how many there were.
func (r *Registry) saveChanged(in func(x, z int32) bool) int {
	r.scratch = r.scratch[:0]
	r.cols.Each(func(x, z int32, c *column) {
		if c.dirty && !c.damaged && in(x, z) {
			r.scratch = append(r.scratch, colKey{x, z})
		}
	})
	slices.SortFunc(r.scratch, compareCols)
	for _, k := range r.scratch {
		if c := r.col(k); c.dirty { // else saved with a column linked to it
			r.save(k, c)
		}
	}
	return len(r.scratch)
}
