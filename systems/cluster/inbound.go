package cluster

import (
	"encoding/json"

	"github.com/nats-io/nats.go"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	rcluster "github.com/stratavox/strata/resources/cluster"
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
}

func newInbound(p *Plugin, app *ecs.App, store *resources.ChunkStore, dur *persist.Durability, edits *gameplay.Edits,
	intents *ecs.Events[gameplay.ActionIntent]) *inboundSystem {
	return &inboundSystem{p: p, store: store, dur: dur, edits: edits, intents: intents, players: newRemotePlayers(app, p.Config.EntityRange)}
}

func (s *inboundSystem) run(ctx *ecs.Context) {
	p := s.p
	p.in.mu.Lock()
	s.refresh, p.in.refresh = p.in.refresh, s.refresh[:0]
	s.sections, p.in.sections = p.in.sections, s.sections[:0]
	s.forwards, p.in.edits = p.in.edits, s.forwards[:0]
	s.states, p.in.presence = p.in.presence, s.states[:0]
	p.in.mu.Unlock()

	for i := range s.sections {
		s.apply(&s.sections[i])
	}
	clear(s.sections)
	// Regions just taken: their resident copies become what is stored,
	// then this shard arbitrates there.
	for _, rf := range s.refresh {
		for i := range rf.sections {
			u := &rf.sections[i]
			if _, ok := s.store.Revision(u.Pos); ok {
				s.replace(u.Pos, u.Section, u.Revision)
			}
		}
		if p.c.Holds(rf.region) {
			p.ready.set(rf.region, true)
		}
	}
	clear(s.refresh)
	// After the feed: the store is at least as new as what it brought.
	for _, pos := range s.dur.TakeFenced() {
		s.restore(pos)
	}
	for i := range s.forwards {
		s.serve(&s.forwards[i])
	}
	p.handing.run()
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
	if u.Revision <= rev && s.p.c.Leased(rcluster.RegionOf(u.Pos)) {
		return // the owner's own write coming back
	}
	s.replace(u.Pos, u.Section, u.Revision)
	s.p.Stats.RemoteSections.Add(1)
}

// restore replaces a section whose write was fenced off with the stored
// copy (the new owner's) or, when none is stored, natural terrain. The
// read is a round trip on the tick; it happens only after a lease was
// lost, for the sections then in flight.
func (s *inboundSystem) restore(pos chunk.Pos) {
	if !s.store.Has(pos) {
		return
	}
	if r := rcluster.RegionOf(pos); s.p.c.Leased(r) && s.p.ready.has(r) {
		// Refused under a lease since lost, and the region was taken back
		// and refreshed from the store after that: the refresh already
		// dropped the refused edit, and edits made since are newer than
		// the stored copy and on their way to it (the writer was still
		// retrying the old batch). Restoring now would drop them from
		// the copy their writes come from.
		return
	}
	sec, rev, ok, err := s.p.c.Store().LoadSection(pos)
	if err != nil {
		s.p.log.Error().Err(err).Stringer("section", pos).Msg("fenced section not restored; it stays as edited here")
		return
	}
	if !ok {
		if s.p.Config.Generator == nil {
			return
		}
		sec = s.p.Config.Generator.Generate(pos)
	}
	s.replace(pos, sec, rev)
	s.p.Stats.FencedReloads.Add(1)
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
					s.edits.Record(gameplay.Edit{X: bx + x, Y: by + y, Z: bz + z, Block: b, Revision: rev})
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
	if !p.arbitrates(rcluster.RegionOfBlock(req.X, req.Z)) {
		p.respond(reply, editReply{Result: int32(protocol.ActionResult_ACTION_RESULT_HELD), Reason: "the region changed servers; try again"})
		return
	}
	p.Stats.Served.Add(1)
	s.intents.Emit(gameplay.ActionIntent{
		Name: req.Name, RequestID: req.RequestID, Place: req.Place, Block: req.Block, X: req.X, Y: req.Y, Z: req.Z,
		Remote: &gameplay.RemoteActor{
			ID:   req.ID,
			Key:  req.Shard + "/" + req.Name,
			Feet: physics.Vec{X: req.Feet[0], Y: req.Feet[1], Z: req.Feet[2]},
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
