package cluster

import (
	"strconv"

	"github.com/nats-io/nats.go"

	"github.com/stratavox/strata/ecs"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/systems/gameplay"
)

// blocksSubject is the subject region r's owner publishes its block edits on.
func (p *Plugin) blocksSubject(r rcluster.Region) string {
	return p.subject(FamilyBlocks, strconv.Itoa(int(r.X)), strconv.Itoa(int(r.Z)))
}

// regionEdits is one region's edits of a tick.
type regionEdits struct {
	region rcluster.Region
	msg    blocksMsg
}

// blocksOut is publish_blocks: the block edits this shard made on the
// tick in the regions it arbitrates go out on their region's subject, one
// message a region, before they are durable — as one server shows an edit
// to the players around it before its write. The other shards' players so
// see it on the tick it is made, not once the section feed brings the
// stored copy.
type blocksOut struct {
	p       *Plugin
	edits   *gameplay.Edits
	regions []regionEdits // this tick's, in the order of their first edit
	buf     []byte
}

func (s *blocksOut) run(*ecs.Context) {
	p := s.p
	n := 0
	for _, e := range s.edits.List() {
		if e.Copied {
			continue // another shard's, shown here
		}
		r := rcluster.RegionOfBlock(e.X, e.Z)
		if !p.arbitrates(r) {
			continue
		}
		i := 0
		for i < n && s.regions[i].region != r {
			i++
		}
		if i == n {
			if n == len(s.regions) {
				s.regions = append(s.regions, regionEdits{msg: blocksMsg{Shard: p.c.Shard()}})
			}
			s.regions[n].region, s.regions[n].msg.Edits = r, s.regions[n].msg.Edits[:0]
			n++
		}
		s.regions[i].msg.Edits = append(s.regions[i].msg.Edits, blockEdit{X: int32(e.X), Y: int32(e.Y), Z: int32(e.Z), Block: e.Block, Revision: e.Revision})
	}
	for i := range s.regions[:n] {
		re := &s.regions[i]
		s.buf = appendBlocks(s.buf[:0], &re.msg)
		p.out.publish(p.blocksSubject(re.region), FamilyBlocks, s.buf)
	}
}

// blocksHeard is a message of block edits heard on a region's subject.
type blocksHeard struct {
	region rcluster.Region
	edits  []blockEdit
}

// onBlocks (a NATS goroutine) queues the block edits another shard made
// in region r.
func (p *Plugin) onBlocks(r rcluster.Region, m *nats.Msg) {
	p.count(FamilyBlocks, true, len(m.Data))
	msg, err := decodeBlocks(m.Data)
	if err != nil {
		p.log.Warn().Err(err).Stringer("region", r).Msg("bad block-edit message dropped")
		return
	}
	if msg.Shard == p.c.Shard() || len(msg.Edits) == 0 {
		return
	}
	for _, e := range msg.Edits {
		if rcluster.RegionOf(e.section()) != r {
			p.log.Warn().Str("from", msg.Shard).Stringer("region", r).Msg("block-edit message with an edit outside its region dropped")
			return
		}
	}
	p.in.put(func(b *inbox) { b.blocks = append(b.blocks, blocksHeard{region: r, edits: msg.Edits}) })
}

// blockSubs are the subscriptions to the block edits of the regions the
// section feed watches (watch_regions sets both). Tick goroutine only,
// and Shutdown once the tick stopped.
type blockSubs struct {
	p    *Plugin
	subs map[rcluster.Region]*nats.Subscription
	keep map[rcluster.Region]bool // scratch
}

// set subscribes to the regions of rs and unsubscribes from the others.
func (b *blockSubs) set(rs []rcluster.Region) {
	clear(b.keep)
	for _, r := range rs {
		b.keep[r] = true
		if b.subs[r] != nil {
			continue
		}
		sub, err := b.p.nc.Subscribe(b.p.blocksSubject(r), func(m *nats.Msg) { b.p.onBlocks(r, m) })
		if err != nil {
			// The feed still brings the region's edits, once durable.
			b.p.log.Warn().Err(err).Stringer("region", r).Msg("block-edit subscription failed")
			continue
		}
		b.subs[r] = sub
	}
	for r, sub := range b.subs {
		if !b.keep[r] {
			_ = sub.Unsubscribe()
			delete(b.subs, r)
		}
	}
}

// stop ends every subscription.
func (b *blockSubs) stop() { b.set(nil) }
