package cluster

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/physics"
)

// forwardedEdit is an edit another shard sent this one, its region's owner.
type forwardedEdit struct {
	req   editRequest
	reply string
}

// onEdit (a NATS goroutine) queues an edit forwarded to this shard.
func (p *Plugin) onEdit(m *nats.Msg) {
	p.count(FamilyEdit, true, len(m.Data))
	var req editRequest
	if err := json.Unmarshal(m.Data, &req); err != nil || m.Reply == "" {
		p.log.Warn().Err(err).Str("reply", m.Reply).Msg("bad forwarded edit dropped")
		return
	}
	p.in.put(func(b *inbox) { b.edits = append(b.edits, forwardedEdit{req: req, reply: m.Reply}) })
}

// inboundSystem applies, on the tick, what the NATS goroutines queued.
type inboundSystem struct {
	p       *Plugin
	store   *resources.ChunkStore
	dur     *persist.Durability
	edits   *gameplay.Edits
	intents *ecs.Events[gameplay.ActionIntent]
	players *remotePlayers

	refresh  []refresh
	sections []rcluster.SectionUpdate
	forwards []forwardedEdit
	states   []presence
	blocks   []blocksHeard
	handoffs []handoffsRead
	// ahead are the edits shown before the feed brought them; now is
	// the clock they are timed by.
	ahead   aheadEdits
	now     func() time.Time
	scratch []chunk.Pos
	// unrestored are the sections whose writes were fenced off and could
	// not be reloaded (the store unreadable, a stream electing a leader):
	// marked saved so that their refused edits are never written again,
	// and reloaded on a later tick, or replaced by the region's refresh.
	unrestored map[chunk.Pos]struct{}
	// stored is the refresh's scratch: the positions it brought.
	stored map[chunk.Pos]struct{}
	// load reads a stored section (the cluster store's LoadSection; a
	// test's failing read).
	load func(chunk.Pos) (chunk.Section, uint64, bool, error)
}

func newInbound(p *Plugin, app *ecs.App, store *resources.ChunkStore, dur *persist.Durability, edits *gameplay.Edits,
	intents *ecs.Events[gameplay.ActionIntent]) *inboundSystem {
	return &inboundSystem{p: p, store: store, dur: dur, edits: edits, intents: intents, players: newRemotePlayers(app, p.Config.EntityRange, p.Config.TPS),
		ahead: aheadEdits{m: map[chunk.Pos][]aheadEdit{}}, now: time.Now,
		unrestored: map[chunk.Pos]struct{}{}, stored: map[chunk.Pos]struct{}{}, load: p.c.Store().LoadSection}
}

func (s *inboundSystem) run(ctx *ecs.Context) {
	p := s.p
	p.takePresence()
	p.in.mu.Lock()
	s.refresh, p.in.refresh = p.in.refresh, s.refresh[:0]
	s.sections, p.in.sections = p.in.sections, s.sections[:0]
	s.forwards, p.in.edits = p.in.edits, s.forwards[:0]
	s.states, p.in.presence = p.in.presence, s.states[:0]
	s.blocks, p.in.blocks = p.in.blocks, s.blocks[:0]
	s.handoffs, p.in.handoffs = p.in.handoffs, s.handoffs[:0]
	p.in.mu.Unlock()

	now := s.now()
	// Edits published on the tick before the stored copies: a copy that
	// holds them, arriving with them, then only confirms them.
	for i := range s.blocks {
		s.showAhead(&s.blocks[i], now)
	}
	clear(s.blocks)
	for i := range s.sections {
		s.apply(&s.sections[i])
	}
	clear(s.sections)
	if ctx.Tick%aheadEvery == 0 {
		s.reloadUnconfirmed(now)
	}
	// Regions just taken: their resident copies become what is stored,
	// then this shard arbitrates there.
	for _, rf := range s.refresh {
		clear(s.stored)
		for i := range rf.sections {
			u := &rf.sections[i]
			s.stored[u.Pos] = struct{}{}
			if _, ok := s.store.Revision(u.Pos); ok {
				s.replace(u.Pos, u.Section, u.Revision)
			}
		}
		s.dropAhead(&rf)
		s.dropUnstored(rf.region)
		// Still this shard's lease (not lost since the claim), though
		// perhaps not renewed lately: a load that outlasted a renewal
		// failing in an election ends here with Holds false, and the
		// region must be arbitrated once a renewal lands. Nothing else
		// would make it ready: claim_regions skips a region held
		// (arbitrates checks Holds as well).
		if p.c.Leases.Leased(rf.region) {
			p.ready.set(rf.region, true)
			if !p.c.Leases.Holds(rf.region) {
				p.log.Debug().Stringer("region", rf.region).Msg("region refreshed while its lease's renewal is pending; arbitrated once one lands")
			}
		} else {
			p.log.Debug().Stringer("region", rf.region).Msg("region refreshed after its lease was lost; not arbitrated")
		}
	}
	clear(s.refresh)
	// After the feed: the store is at least as new as what it brought.
	for _, pos := range s.dur.TakeFenced() {
		s.restore(pos)
	}
	if ctx.Tick%aheadEvery == 0 {
		s.retryUnrestored()
	}
	for i := range s.forwards {
		s.serve(&s.forwards[i])
	}
	p.handing.run(ctx.Tick, s.handoffs)
	clear(s.handoffs)
	clear(s.forwards)
	s.players.apply(ctx, s.states)
	clear(s.states)
	p.Stats.RemotePlayers.Store(int64(s.players.len()))
	p.Stats.RemoteEntities.Store(int64(len(s.players.mirrors)))
}

// apply replaces a resident section with the copy another shard stored.
// The owner's own writes come back through the watch too, at a revision
// it already has, and are skipped — also while its lease is too old to
// arbitrate on (a stream electing a leader): replacing its copy with its
// own older write would drop the edits made since. A section with edits
// not yet durable here is never replaced: they are newer than anything
// of this shard's coming back, and a write of them that is refused brings
// the stored copy back (restore). Elsewhere a copy equal to the one held
// changes nothing but the revision.
func (s *inboundSystem) apply(u *rcluster.SectionUpdate) {
	if u.Deleted {
		return
	}
	rev, ok := s.store.Revision(u.Pos)
	if !ok {
		return // not resident: loaded from the store when it is wanted
	}
	if s.store.IsDirty(u.Pos) {
		return
	}
	if u.Revision <= rev && s.p.c.Leases.Leased(rcluster.RegionOf(u.Pos)) {
		return // the owner's own write coming back
	}
	sec := u.Section
	if newer := s.ahead.confirm(u.Pos, u.Revision); len(newer) > 0 {
		sec = sec.Clone()
		for _, e := range newer {
			e.setIn(&sec)
		}
	}
	s.replace(u.Pos, sec, u.Revision)
	s.p.Stats.RemoteSections.Add(1)
}

// showAhead shows the edits another shard published in a region it owns,
// in the resident copies here, before they are stored: the players here
// see them on the tick they were made, as on one server. Where this shard
// holds the lease (it arbitrates there, or lost the lease and does not
// know yet) or a copy holds edits of its own not yet durable, the feed
// decides, as it does for stored copies.
func (s *inboundSystem) showAhead(h *blocksHeard, now time.Time) {
	if s.p.c.Leases.Leased(h.region) {
		return
	}
	for es := h.edits; len(es) > 0; {
		pos, n := es[0].section(), 1
		for n < len(es) && es[n].section() == pos {
			n++
		}
		if sec, ok := s.store.Section(pos); ok && !s.store.IsDirty(pos) {
			// Revisions here count per shard: the copy's says nothing of
			// the owner's. Should the stored copy come first (the owner
			// publishes before it writes, so it hardly can), the edit
			// shows until aheadTimeout reloads it.
			sec = sec.Clone()
			for _, e := range es[:n] {
				e.setIn(&sec)
				s.ahead.add(e, now)
			}
			s.replace(pos, sec, 0)
			s.p.Stats.AheadEdits.Add(uint64(n))
		}
		es = es[n:]
	}
}

// reloadUnconfirmed reloads from the store the sections holding an edit
// shown ahead that no stored copy confirmed within aheadTimeout.
func (s *inboundSystem) reloadUnconfirmed(now time.Time) {
	s.scratch = s.ahead.expired(s.scratch[:0], now, aheadTimeout)
	for i, pos := range s.scratch {
		if i == aheadReloadsPerTick {
			break
		}
		s.ahead.drop(pos)
		if s.store.Has(pos) && !s.store.IsDirty(pos) && !s.p.c.Leases.Leased(rcluster.RegionOf(pos)) && s.reload(pos) {
			s.p.Stats.AheadReloads.Add(1)
		}
	}
}

// dropAhead forgets the edits shown ahead in a region just taken: its
// stored copies replaced them, and dropUnstored puts a section it holds
// none of back to natural terrain, for that is what is stored.
func (s *inboundSystem) dropAhead(rf *refresh) {
	s.scratch = s.ahead.inRegion(s.scratch[:0], rf.region)
	for _, pos := range s.scratch {
		s.ahead.drop(pos)
	}
}

// dropUnstored puts every resident section of a region just taken that
// the store holds no copy of (s.stored, the refresh's) and that may
// differ from natural terrain back to natural terrain, for that is what
// is stored: edits made here under a lease since lost, whose writes are
// refused (or were, and the section could not be reloaded), edits shown
// ahead that were never stored. Left, they would be written under the new
// lease: refused edits stored after all. A section straight from the
// generator (revision 0, clean) is natural terrain already. Edits made
// before the region was lost and stored then are in the stored copies;
// writes of the old lease still in flight are refused, for the claim
// made a new epoch.
func (s *inboundSystem) dropUnstored(r rcluster.Region) {
	for pos := range s.unrestored {
		if rcluster.RegionOf(pos) == r {
			delete(s.unrestored, pos) // replaced now, by the stored copy or here
		}
	}
	gen := s.p.Config.Generator
	if gen == nil {
		return
	}
	const side = 1 << storage.RegionShift
	for x := r.X * side; x < (r.X+1)*side; x++ {
		for z := r.Z * side; z < (r.Z+1)*side; z++ {
			if s.store.ColumnLen(x, z) == 0 {
				continue
			}
			for y := int32(chunk.MinSectionY); y <= chunk.MaxSectionY; y++ {
				pos := chunk.Pos{X: x, Y: y, Z: z}
				rev, ok := s.store.Revision(pos)
				if !ok || (rev == 0 && !s.store.IsDirty(pos)) {
					continue
				}
				if _, ok := s.stored[pos]; ok {
					continue
				}
				s.replace(pos, gen.Generate(pos), 0)
			}
		}
	}
}

// restore replaces a section whose write was fenced off with the stored
// copy (the new owner's) or, when none is stored, natural terrain. The
// read is a round trip on the tick; it happens only after a lease was
// lost, for the sections then in flight.
func (s *inboundSystem) restore(pos chunk.Pos) {
	if !s.store.Has(pos) {
		return
	}
	if r := rcluster.RegionOf(pos); s.p.c.Leases.Leased(r) && s.p.ready.has(r) {
		// Refused under a lease since lost, and the region was taken back
		// and refreshed from the store after that: the refresh already
		// dropped the refused edit (replaced the copy with the stored one,
		// or natural terrain: dropUnstored), and edits made since are newer than
		// the stored copy and on their way to it (the writer was still
		// retrying the old batch). Restoring now would drop them from
		// the copy their writes come from.
		return
	}
	if s.reload(pos) {
		s.p.Stats.FencedReloads.Add(1)
		return
	}
	s.keepUnrestored(pos)
}

// keepUnrestored marks a fenced section that could not be reloaded saved,
// so that persist never writes its refused edits (under a lease claimed
// again, they would land), and keeps it to reload on a later tick. Its
// copy here shows them until then; the region's refresh, should it be
// claimed first, replaces it (dropUnstored).
func (s *inboundSystem) keepUnrestored(pos chunk.Pos) {
	if rev, ok := s.store.Revision(pos); ok {
		s.store.MarkSaved(pos, rev)
		s.unrestored[pos] = struct{}{}
	}
}

// retryUnrestored reloads, a few a tick, the fenced sections that could
// not be reloaded when their writes were refused.
func (s *inboundSystem) retryUnrestored() {
	if len(s.unrestored) == 0 {
		return
	}
	s.scratch = s.scratch[:0]
	for pos := range s.unrestored {
		s.scratch = append(s.scratch, pos)
	}
	slices.SortFunc(s.scratch, chunk.ComparePos) // the same order on every run
	n := 0
	for _, pos := range s.scratch {
		if n == aheadReloadsPerTick {
			return
		}
		if !s.store.Has(pos) {
			delete(s.unrestored, pos) // evicted clean: loaded from the store when wanted
			continue
		}
		n++
		if r := rcluster.RegionOf(pos); s.p.c.Leases.Leased(r) && s.p.ready.has(r) {
			delete(s.unrestored, pos) // refreshed since: dropUnstored replaced it
			continue
		}
		if !s.reload(pos) {
			if s.store.IsDirty(pos) {
				s.keepUnrestored(pos)
			}
			return // the store is unreadable: the others wait too
		}
		delete(s.unrestored, pos)
		s.p.Stats.FencedReloads.Add(1)
	}
}

// reload replaces the resident copy of pos with the stored one or, when
// none is stored, natural terrain; false if neither could be had.
func (s *inboundSystem) reload(pos chunk.Pos) bool {
	sec, rev, ok, err := s.load(pos)
	if err != nil {
		s.p.log.Error().Err(err).Stringer("section", pos).Msg("section not reloaded from the store; it stays as it is here for now")
		return false
	}
	if !ok {
		if s.p.Config.Generator == nil {
			return false
		}
		sec = s.p.Config.Generator.Generate(pos)
	}
	s.replace(pos, sec, rev)
	return true
}

// replace installs sec, stored at revision rev, at pos and records every
// block that differs, so that the clients holding the section hear of
// them. The copy here goes up to a revision above both rev and its own:
// revisions count per shard (edits this shard made and was refused
// consumed some), and clients drop what is not newer than what they hold.
func (s *inboundSystem) replace(pos chunk.Pos, sec chunk.Section, rev uint64) {
	if cur, ok := s.store.Revision(pos); ok {
		rev = max(rev, cur+1)
	}
	old, ok := s.store.Replace(pos, sec, rev)
	if !ok {
		return
	}
	if old.IsUniform() && sec.IsUniform() && old.UniformBlock() == sec.UniformBlock() {
		return
	}
	bx, by, bz := int(pos.X)*chunk.Size, int(pos.Y)*chunk.Size, int(pos.Z)*chunk.Size
	for y := 0; y < chunk.Size; y++ {
		for z := 0; z < chunk.Size; z++ {
			for x := 0; x < chunk.Size; x++ {
				i := chunk.Index(x, y, z)
				if b := sec.At(i); b != old.At(i) {
					s.edits.Record(gameplay.Edit{X: bx + x, Y: by + y, Z: bz + z, Block: b, Revision: rev, Copied: true})
					s.p.Stats.RemoteEdits.Add(1)
				}
			}
		}
	}
}

// serve turns an edit forwarded to this shard into an intent that the
// plugins' vetoes and arbitrate_actions see like a local one.
func (s *inboundSystem) serve(f *forwardedEdit) {
	p := s.p
	req, reply := f.req, f.reply
	if r := rcluster.RegionOfBlock(req.X, req.Z); !p.arbitrates(r) || req.Turn != 0 && req.Turn < p.c.Leases.Epoch(r) {
		p.respond(reply, editReply{Result: int32(protocol.ActionResult_ACTION_RESULT_HELD), Reason: "the region changed servers; try again",
			Stale: p.arbitrates(r)})
		return
	}
	p.Stats.Served.Add(1)
	s.intents.Emit(gameplay.ActionIntent{
		Name: req.Name, RequestID: req.RequestID, Place: req.Place, Block: req.Block, X: req.X, Y: req.Y, Z: req.Z,
		Remote: &gameplay.RemoteActor{
			ID:      req.ID,
			Key:     req.Shard + "/" + req.Name,
			Shard:   req.Shard,
			Stalled: req.Stalled,
			Feet:    physics.Vec{X: req.Feet[0], Y: req.Feet[1], Z: req.Feet[2]},
			Reply: func(ack *protocol.ActionAck, b *protocol.BlockUpdate) {
				r := editReply{Result: int32(ack.GetResult()), Revision: ack.GetRevision(), Reason: ack.GetReason()}
				if b != nil {
					r.Block = &blockJSON{X: b.GetPos().GetX(), Y: b.GetPos().GetY(), Z: b.GetPos().GetZ(), Block: b.GetBlock(), Revision: b.GetRevision()}
				}
				p.respond(reply, r)
			},
		},
	})
}

// respond answers a forwarded edit; safe from any goroutine.
func (p *Plugin) respond(reply string, r editReply) {
	data, _ := json.Marshal(r)
	if err := p.nc.Publish(reply, data); err != nil {
		p.log.Warn().Err(err).Msg("edit reply not sent")
		return
	}
	p.count(FamilyEdit, false, len(data))
}
