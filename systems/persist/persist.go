// Package persist is the plugin that keeps the world durable on Pebble:
// group commit of each tick's edits, acknowledgements released once
// durable (Durability), player records, columns' entity records, sections
// saved on eviction.
package persist

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/residency"
)

// Names of the persistence plugin and its systems.
const (
	PluginName           = "persist"
	SystemPersist        = "persist"
	SystemReleaseDurable = "release_durable"
)

// Config configures the persist plugin.
type Config struct {
	// DataDir holds the database (DataDir/world).
	DataDir string
	// Seed and GeneratorVersion bind the database to its world.
	Seed             int64
	GeneratorVersion int
	// MigrateGenerator accepts a database made by another generator version.
	MigrateGenerator bool
	// QueueCap bounds the writes in flight; 0 means 256.
	QueueCap int
	// InMemory keeps the database in memory (replays, tests); DataDir is
	// then ignored.
	InMemory bool
	// Synchronous makes release_durable wait for every submitted write,
	// so that acknowledgements go out on a tick that depends only on the
	// inputs (deterministic mode) rather than on the disk's speed.
	Synchronous bool
	// Backend, if set, holds the world's sections, player and entity
	// records instead of the database: a cluster shard's JetStream store.
	// The database still opens, for what stays per process (access
	// records, backups).
	Backend storage.Backend
	// PlayerSaveEvery is how often, in ticks, a connected player's record
	// is saved while they play if they moved or turned since its last
	// save (besides when they leave): what a crash can lose of where the
	// players were, and where a crashed shard's players come back on
	// another. 0 means DefaultPlayerSaveEvery, or with a Backend
	// DefaultShardPlayerSaveEvery; negative turns it off.
	PlayerSaveEvery int
}

// Plugin is the plugin that keeps the world durable: it opens the
// database, loads edited sections through the generation pool, saves
// sections the store evicts, and in the persist stage hands each tick's
// edits to the storage goroutine in one write, releasing the callbacks
// waiting on them (action acknowledgements) once the write is durable.
type Plugin struct {
	Config Config

	db      *storage.DB
	writer  *storage.Writer
	durable *Durability
	store   *resources.ChunkStore
	log     zerolog.Logger
	full    zerolog.Logger // sampled: a full queue lasts many ticks
	players *playerSaver   // nil when off
}

// New returns the plugin with the given configuration.
func New(cfg Config) *Plugin { return &Plugin{Config: cfg} }

// Name returns PluginName.
func (p *Plugin) Name() string { return PluginName }

// Dependencies names the residency plugin, whose store and pool it uses.
func (p *Plugin) Dependencies() []string { return []string{residency.PluginName} }

// Build opens the database and adds the Durability resource and the
// persist and release_durable systems.
func (p *Plugin) Build(app *ecs.App) error {
	p.log = app.Log().With().Str("plugin", PluginName).Logger()
	p.full = p.log.Sample(&zerolog.BurstSampler{Burst: 1, Period: 10 * time.Second})
	open := func() (*storage.DB, error) { return storage.Open(p.Config.DataDir, p.log) }
	if p.Config.InMemory {
		open = func() (*storage.DB, error) { return storage.OpenInMemory(p.log) }
	}
	// Checked before the database opens: a failed Build leaves nothing
	// open behind it.
	p.store = ecs.RequireResource[resources.ChunkStore](app)
	gen := ecs.RequireResource[resources.Generation](app)
	if p.store == nil || gen == nil {
		return errors.New("residency resources missing")
	}
	db, err := open()
	if err != nil {
		return err
	}
	meta, err := db.Claim(p.Config.Seed, p.Config.GeneratorVersion, p.Config.MigrateGenerator)
	if err != nil {
		db.Close()
		return err
	}
	p.log.Info().Str("path", db.Path()).Int64("seed", meta.Seed).Int("generator_version", meta.GeneratorVersion).
		Time("created_at", meta.CreatedAt).Msg("world database open")
	p.db = db
	var backend storage.Backend = db
	if p.Config.Backend != nil {
		backend = p.Config.Backend
	}
	p.writer = storage.NewWriter(backend, p.Config.QueueCap, p.log)
	p.durable = newDurability(p.writer, backend)
	p.durable.store = p.store
	p.durable.data.cluster = p.Config.Backend != nil
	p.durable.data.remote, _ = backend.(storage.RemoteRecords)
	p.durable.data.log = p.log
	if !p.Config.Synchronous {
		// Acknowledgements leave as soon as their batch is synced, not at
		// the next tick's release: that would add a whole tick to each.
		p.writer.OnDurable = p.durable.onDurable
	}
	p.writer.Start()
	if ix, ok := backend.(storage.RemoteEntities); ok {
		// A shard's reads of stored records are round trips: read them
		// ahead, not on the tick. Pebble's are cheaper than the
		// bookkeeping.
		p.durable.startPrefetch(ix)
	}

	ecs.AddResource(app, p.durable)
	ecs.AddResource(app, p.db)
	p.store.Saver = evictionSaver{d: p.durable, app: app}
	gen.SetSource(p.writer)

	if every := p.Config.PlayerSaveEvery; every >= 0 {
		batch := 1
		if every == 0 {
			every = DefaultPlayerSaveEvery
		}
		if p.Config.Backend != nil {
			// Each record is a JetStream write and acknowledgement:
			// those of a tenth of the round go together.
			if p.Config.PlayerSaveEvery == 0 {
				every = DefaultShardPlayerSaveEvery
			}
			batch = max(1, every/10)
		}
		p.players = newPlayerSaver(p.durable, uint64(every), uint64(batch))
		app.AddSystem(ecs.Persist, SystemCheckpointPlayers, p.players.run, ecs.Before(SystemPersist),
			ecs.Reads[components.Player](), ecs.Reads[components.Position](), ecs.Reads[components.Look](),
			ecs.Writes[Durability]())
	}
	app.AddSystem(ecs.Persist, SystemPersist, p.persist)
	app.AddSystem(ecs.Persist, SystemReleaseDurable, p.release, ecs.After(SystemPersist))
	return nil
}

// Durability tracks writes in flight and the callbacks waiting for them.
// A callback registered with AfterDurable during tick T runs once every
// write that holds T's edits is durable: on the storage goroutine as soon
// as the batch is synced in a live server, on the tick goroutine in
// release_durable in synchronous (deterministic) mode. Callbacks must
// therefore only do what is safe from another goroutine, such as queuing
// a message on a connection.
type Durability struct {
	mu      sync.Mutex // guards waiting and synced
	writer  *storage.Writer
	fencer  storage.Fencer // the backend, if it fences by region
	seq     uint64         // last write submitted
	durable uint64         // last write known durable (writes complete in order)
	// writes maps a write's sequence number to its sections, to clear
	// their dirty flags when it is durable.
	writes map[uint64][]storage.SectionWrite
	// submitted is the revision of each section last handed over.
	submitted map[chunk.Pos]uint64
	// waiting callbacks, in registration order.
	waiting []waiter
	// synced is the last write the storage goroutine reported durable.
	synced uint64
	ready  []func()
	// refusals are the sections writes were refused for, kept while a
	// callback of an edit may be waiting on them; fenced the ones not yet
	// taken by TakeFenced.
	refusals []refusal
	fenced   []chunk.Pos
	// playersMu guards players: the tick queues and submits them, the
	// player-record loader's goroutine reads them (LoadPlayer).
	playersMu sync.Mutex
	players   []storage.PlayerRecord
	// entitiesMu guards entities and entityAt, the entity records queued
	// for the next write (one per column, the last queued) and where each
	// column's is in the slice. Like players, they are queued and
	// submitted by the tick and may be read from another goroutine.
	entitiesMu sync.Mutex
	entities   []storage.EntityColumn
	entityAt   map[entityCol]int
	// prefetch reads records ahead of the ticks that load them.
	prefetch prefetcher
	// data is the plugin records' state (data.go): queued writes, the
	// registered kinds, refusals.
	data    dataState
	store   *resources.ChunkStore
	results []storage.Result
	// Latency of the last durable write, from hand-over to fsync.
	LastLatency time.Duration
	// Failed counts writes that could not be made durable.
	Failed uint64
}

type waiter struct {
	// covered is set once every edit made before the callback was
	// registered is in a submitted write numbered barrier or earlier.
	covered bool
	barrier uint64
	fn      func()
	// For AfterDurableEdit: the edit's section, the first write that can
	// hold it, and the callback told whether it was refused.
	edit  bool
	pos   chunk.Pos
	from  uint64
	fnErr func(refused bool)
	// For a plugin record's write (SaveRecord): its key.
	rec    bool
	recKey storage.RecordKey
}

// refusal is a section a write could not store: the backend fenced it.
type refusal struct {
	pos   chunk.Pos
	token uint64
}

func newDurability(w *storage.Writer, b storage.Backend) *Durability {
	f, _ := b.(storage.Fencer)
	return &Durability{writer: w, fencer: f, writes: map[uint64][]storage.SectionWrite{}, submitted: map[chunk.Pos]uint64{}, entityAt: map[entityCol]int{}}
}

// Epoch is the backend's fence epoch for section column (x, z) now: what
// an edit handed over now was made under (0 without a Fencer).
func (d *Durability) Epoch(x, z int32) uint64 {
	if d.fencer == nil {
		return 0
	}
	return d.fencer.Epoch(x, z)
}

// sectionWrite is the write of section p at rev, stamped with its epoch.
func (d *Durability) sectionWrite(p chunk.Pos, rev uint64, sec chunk.Section) storage.SectionWrite {
	return storage.SectionWrite{Pos: p, Revision: rev, Section: sec, Epoch: d.Epoch(p.X, p.Z)}
}

// AfterDurable runs fn once the edits made so far are durable.
func (d *Durability) AfterDurable(fn func()) {
	d.mu.Lock()
	d.waiting = append(d.waiting, waiter{fn: fn})
	d.mu.Unlock()
}

// AfterDurableEdit runs fn once the edit just made in section pos is
// durable, or known never to be: refused is true when the backend fenced
// the section off (a cluster shard that lost the region's lease), so the
// edit is not stored and must not be acknowledged.
func (d *Durability) AfterDurableEdit(pos chunk.Pos, fn func(refused bool)) {
	d.mu.Lock()
	d.waiting = append(d.waiting, waiter{edit: true, pos: pos, from: d.seq + 1, fnErr: fn})
	d.mu.Unlock()
}

// releaseUpTo runs the callbacks covered by writes up to durable.
func (d *Durability) releaseUpTo(durable uint64) {
	d.mu.Lock()
	d.synced = max(d.synced, durable)
	n := 0
	// A callback registered later starts after every write so far, so
	// only the waiting ones can match a refusal.
	oldest := uint64(math.MaxUint64)
	for _, w := range d.waiting {
		if w.covered && w.barrier <= d.synced {
			if w.rec {
				refused := d.recordRefusedIn(w.recKey, w.from, w.barrier)
				fn := w.fnErr
				d.ready = append(d.ready, func() { fn(refused) })
				continue
			}
			if w.edit {
				refused := d.refusedIn(w.pos, w.from, w.barrier)
				fn := w.fnErr
				d.ready = append(d.ready, func() { fn(refused) })
			} else {
				d.ready = append(d.ready, w.fn)
			}
			continue
		}
		if w.edit || w.rec {
			oldest = min(oldest, w.from)
		}
		d.waiting[n] = w
		n++
	}
	clear(d.waiting[n:])
	d.waiting = d.waiting[:n]
	// Refusals older than every waiting edit can answer no one.
	k := 0
	for _, r := range d.refusals {
		if r.token >= oldest {
			d.refusals[k] = r
			k++
		}
	}
	d.refusals = d.refusals[:k]
	d.pruneRecordRefusals(oldest)
	ready := d.ready
	d.ready = nil
	d.mu.Unlock()
	for _, fn := range ready {
		fn()
	}
}

// refusedIn reports whether a write numbered from..to refused pos.
func (d *Durability) refusedIn(pos chunk.Pos, from, to uint64) bool {
	for _, r := range d.refusals {
		if r.pos == pos && r.token >= from && r.token <= to {
			return true
		}
	}
	return false
}

// onDurable is the storage goroutine's report that write token is synced
// but for the sections it refused.
func (d *Durability) onDurable(token uint64, refused []chunk.Pos, records []storage.RecordKey) {
	d.noteRefused(token, refused)
	d.noteRefusedRecords(token, records)
	d.releaseUpTo(token)
}

// noteRefused records the sections write token was refused.
func (d *Durability) noteRefused(token uint64, refused []chunk.Pos) {
	if len(refused) == 0 {
		return
	}
	d.mu.Lock()
	for _, p := range refused {
		d.refusals = append(d.refusals, refusal{pos: p, token: token})
		d.fenced = append(d.fenced, p)
	}
	d.mu.Unlock()
}

// TakeFenced returns, once, the sections whose writes the backend refused
// since the last call: their resident copies hold edits that are stored
// nowhere, for the cluster to replace with the owner's.
func (d *Durability) TakeFenced() []chunk.Pos {
	d.mu.Lock()
	defer d.mu.Unlock()
	f := d.fenced
	d.fenced = nil
	return f
}

// cover marks every callback registered so far as waiting for writes up
// to seq.
func (d *Durability) cover(seq uint64) {
	d.mu.Lock()
	for i := range d.waiting {
		if !d.waiting[i].covered {
			d.waiting[i].covered, d.waiting[i].barrier = true, seq
		}
	}
	d.mu.Unlock()
}

// SavePlayer queues a player record for the next write. LoadPlayer sees
// it at once.
func (d *Durability) SavePlayer(r storage.PlayerRecord) {
	d.playersMu.Lock()
	d.players = append(d.players, r)
	d.playersMu.Unlock()
}

// LoadPlayer returns a player's latest record: queued by SavePlayer and
// not yet handed to the storage writer, else submitted and not yet
// durable (the writer's overlay), else stored; ok is false for a new
// player. A player who leaves and joins again at once thus comes back
// where they left. It is safe for concurrent use.
func (d *Durability) LoadPlayer(name string) (storage.PlayerRecord, bool, error) {
	d.playersMu.Lock()
	for i := len(d.players) - 1; i >= 0; i-- {
		if d.players[i].Name == name {
			r := d.players[i]
			d.playersMu.Unlock()
			return r, true, nil
		}
	}
	d.playersMu.Unlock()
	// Not queued: persist submits before it forgets (takePlayers), so the
	// record is in the writer's overlay or already durable.
	return d.writer.LoadPlayer(name)
}

// entityCol is a column's position, the entity queue's key.
type entityCol struct{ x, z int32 }

// SaveEntities queues a column's entity record for the next write,
// replacing one queued earlier for the same column; an Empty column
// clears the stored record. Durability owns c from then on. LoadEntities
// sees it at once. Tick goroutine only (it is the tick's write).
func (d *Durability) SaveEntities(c storage.EntityColumn) {
	c.Epoch = d.Epoch(c.X, c.Z)
	d.entitiesMu.Lock()
	defer d.entitiesMu.Unlock()
	k := entityCol{c.X, c.Z}
	d.forgetEarly(k)
	if i, ok := d.entityAt[k]; ok {
		c.Carry(&d.entities[i])
		d.entities[i] = c
		return
	}
	d.entityAt[k] = len(d.entities)
	d.entities = append(d.entities, c)
}

// LoadEntities returns the latest entity record of column (x, z): queued
// by SaveEntities and not yet handed to the storage writer, else
// submitted and not yet durable (the writer's overlay), else stored; ok
// is false when nothing is stored (or the latest record clears the
// column). A column saved on its way out and wanted again at once thus
// comes back as saved. The column returned is the caller's. A record
// read ahead (PrefetchEntities) is returned without a read. It is safe
// for concurrent use.
func (d *Durability) LoadEntities(x, z int32) (storage.EntityColumn, bool, error) {
	return storage.LoadEntitiesOne(d.LoadEntitiesAll, x, z)
}

// LoadEntitiesAll is LoadEntities for each of cols (X and Z set), into
// cols[i], ok[i] and errs[i]: a shard's store reads those neither queued
// nor read ahead in one round trip.
func (d *Durability) LoadEntitiesAll(cols []storage.EntityColumn, ok []bool, errs []error) {
	type waitFor struct {
		i int
		e *earlyRecord
	}
	var (
		rest  []int
		early []waitFor
	)
	d.entitiesMu.Lock()
	for i := range cols {
		k := entityCol{cols[i].X, cols[i].Z}
		// A record queued under a lease since lost will be refused: the
		// stored one stands (the writer is told to skip its copy too).
		epoch := d.Epoch(k.x, k.z)
		cols[i].Epoch = epoch
		if j, queued := d.entityAt[k]; queued && d.entities[j].Epoch == epoch {
			c, empty := d.entities[j].Clone(), d.entities[j].Empty()
			if empty {
				c = storage.EntityColumn{X: k.x, Z: k.z}
			}
			cols[i], ok[i], errs[i] = c, !empty, nil
			continue
		}
		if e := d.takeEarly(k); e != nil {
			early = append(early, waitFor{i, e})
			continue
		}
		rest = append(rest, i)
	}
	d.entitiesMu.Unlock()
	for _, w := range early {
		if c, found, hit := d.loadEarly(w.e, cols[w.i].Epoch); hit {
			cols[w.i], ok[w.i], errs[w.i] = c, found, nil
			continue
		}
		rest = append(rest, w.i)
	}
	// Not queued: persist submits before it forgets (takeEntities).
	storage.LoadEntitiesAt(d.writer.LoadEntitiesAll, cols, ok, errs, rest)
}

// queuedEntities returns the entity records queued for the next write, in
// the order their columns were first queued. Only the tick queues them, so
// the slice stays whole until takeEntities.
func (d *Durability) queuedEntities() []storage.EntityColumn {
	d.entitiesMu.Lock()
	defer d.entitiesMu.Unlock()
	return d.entities
}

// takeEntities forgets the queued entity records once they are submitted
// (the writer owns them from then on).
func (d *Durability) takeEntities() {
	d.entitiesMu.Lock()
	d.entities = nil
	clear(d.entityAt)
	d.entitiesMu.Unlock()
}

// queuedPlayers returns the records queued for the next write. Only the
// tick queues them, so the slice stays whole until takePlayers.
func (d *Durability) queuedPlayers() []storage.PlayerRecord {
	d.playersMu.Lock()
	defer d.playersMu.Unlock()
	return d.players
}

// takePlayers forgets the queued records once they are submitted (the
// writer owns their array from then on).
func (d *Durability) takePlayers() {
	d.playersMu.Lock()
	d.players = nil
	d.playersMu.Unlock()
}

// Pending returns the number of callbacks waiting and writes in flight.
func (d *Durability) Pending() (callbacks, writes int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.waiting), len(d.writes)
}

// Writer returns the storage writer, for its statistics.
func (d *Durability) Writer() *storage.Writer { return d.writer }

// submit hands one write over; false when the queue is full.
func (d *Durability) submit(sections []storage.SectionWrite, players []storage.PlayerRecord, entities []storage.EntityColumn, records []storage.RecordWrite) bool {
	if !d.writer.Submit(storage.Write{Token: d.seq + 1, Sections: sections, Players: players, Entities: entities, Records: records}) {
		return false
	}
	d.seq++
	d.writes[d.seq] = sections
	for _, sw := range sections {
		d.submitted[sw.Pos] = sw.Revision
	}
	return true
}

// evictionSaver hands an edited section the store evicts to the storage
// goroutine; the Writer's overlay serves it until it is durable.
type evictionSaver struct {
	d   *Durability
	app *ecs.App
}

// SaveEvicted implements resources.Saver.
func (s evictionSaver) SaveEvicted(p chunk.Pos, sec chunk.Section, rev uint64) error {
	if s.d.submitted[p] == rev {
		return nil // this revision is already on its way to disk
	}
	if !s.d.submit([]storage.SectionWrite{s.d.sectionWrite(p, rev, sec)}, nil, nil, nil) {
		return fmt.Errorf("save evicted section %v: storage queue full", p)
	}
	return nil
}

// persist hands every dirty section not yet submitted at its revision,
// and the queued player and entity records, to the storage goroutine in
// one write.
func (p *Plugin) persist(*ecs.Context) {
	d := p.durable
	var sections []storage.SectionWrite
	for _, pos := range p.store.AppendDirty(nil) {
		rev, _ := p.store.Revision(pos)
		if d.submitted[pos] == rev {
			continue
		}
		sec, _ := p.store.Section(pos)
		sections = append(sections, d.sectionWrite(pos, rev, sec.Clone()))
	}
	players, entities, records := d.queuedPlayers(), d.queuedEntities(), d.queuedRecords()
	if len(sections) > 0 || len(players) > 0 || len(entities) > 0 || len(records) > 0 {
		if !d.submit(sections, players, entities, records) {
			p.full.Warn().Int("sections", len(sections)).Int("entity_columns", len(entities)).Msg("storage queue full; edits wait for the next tick")
			return
		}
		// Forgotten only now that the writer's overlay holds them, so
		// LoadPlayer and LoadEntities always find the latest record in
		// one place or the other.
		d.takePlayers()
		d.takeEntities()
		d.takeRecords()
	}
	// Everything edited so far is in a write numbered d.seq or earlier;
	// callbacks whose writes are already synced go now.
	d.cover(d.seq)
	d.releaseUpTo(d.durable)
}

// release drains durable writes, clears the dirty flags they cover and
// runs the callbacks whose writes are all durable.
func (p *Plugin) release(*ecs.Context) {
	d := p.durable
	d.results = d.writer.Drain(d.results[:0])
	if p.Config.Synchronous {
		for len(d.writes) > len(d.results) {
			d.results = d.writer.Wait(d.results)
		}
	}
	for _, r := range d.results {
		if r.Err != nil {
			// Only at shutdown does the writer give up; the sections stay dirty.
			d.Failed++
			p.log.Error().Err(r.Err).Uint64("write", r.Token).Msg("write not durable")
		} else {
			if p.Config.Synchronous {
				d.noteRefused(r.Token, r.Refused)
				d.noteRefusedRecords(r.Token, r.RefusedRecords)
			}
			for _, sw := range d.writes[r.Token] {
				if slices.Contains(r.Refused, sw.Pos) {
					// Not stored: the copy stays dirty until the cluster
					// replaces it with the owner's (TakeFenced).
					if d.submitted[sw.Pos] == sw.Revision {
						delete(d.submitted, sw.Pos)
					}
					continue
				}
				p.store.MarkSaved(sw.Pos, sw.Revision)
				if d.submitted[sw.Pos] == sw.Revision {
					delete(d.submitted, sw.Pos)
				}
			}
			d.LastLatency = r.Durable.Sub(r.Submitted)
		}
		delete(d.writes, r.Token)
		d.durable = max(d.durable, r.Token)
	}
	d.releaseUpTo(d.durable)
}

// Shutdown writes every remaining edit, player and entity record (the
// entities plugin's Shutdown, which runs first, queues every resident
// column), waits for it to be durable and closes the database.
func (p *Plugin) Shutdown(*ecs.App) error {
	if p.db == nil {
		return nil
	}
	p.durable.stopPrefetch()
	var sections []storage.SectionWrite
	if p.store != nil {
		for _, pos := range p.store.AppendDirty(nil) {
			rev, _ := p.store.Revision(pos)
			sec, _ := p.store.Section(pos)
			sections = append(sections, p.durable.sectionWrite(pos, rev, sec.Clone()))
		}
	}
	var results []storage.Result
	players, entities, records := p.durable.queuedPlayers(), p.durable.queuedEntities(), p.durable.queuedRecords()
	if len(sections) > 0 || len(players) > 0 || len(entities) > 0 || len(records) > 0 {
		for !p.durable.submit(sections, players, entities, records) {
			results = p.writer.Wait(results)
		}
		p.durable.takePlayers()
		p.durable.takeEntities()
		p.durable.takeRecords()
	}
	p.writer.Stop()
	var errs []error
	for _, r := range p.writer.Drain(results) {
		if r.Err != nil {
			errs = append(errs, r.Err)
		}
	}
	if err := p.db.Close(); err != nil {
		errs = append(errs, err)
	}
	if len(errs) == 0 {
		p.log.Info().Int("sections", len(sections)).Int("entity_columns", len(entities)).Msg("world flushed and closed")
	}
	return errors.Join(errs...)
}
