package cluster

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/resources/storage"
	"github.com/stratavox/strata/systems/entities"
	"github.com/stratavox/strata/systems/persist"
)

// An entity that walks into a region another shard owns is handed to that
// shard (entities.Handover): the source asks, the owner spawns it and
// answers once the column holding it is durable, and only then does the
// source despawn it and save its own column without it. See
// docs/cluster.md, "Entities".

// handoverRequest is an entity offered to the owner of the column it
// walked into.
type handoverRequest struct {
	Ticket uint64               `json:"ticket"`
	Shard  string               `json:"shard"`
	Entity storage.EntityRecord `json:"entity"`
}

// handoverReply is the owner's answer: taken once durable there.
type handoverReply struct {
	Taken  bool   `json:"taken"`
	Reason string `json:"reason,omitempty"`
}

// settled is an answer for the tick: the offer of ticket, taken or not.
type settled struct {
	ticket uint64
	taken  bool
}

// incomingEntity is an entity another shard offers this one.
type incomingEntity struct {
	req   handoverRequest
	reply string
}

// pendingHandovers are the offers waiting for an answer, by ticket, with
// their deadlines.
type pendingHandovers struct {
	mu       sync.Mutex
	deadline map[uint64]time.Time
}

func (ph *pendingHandovers) add(ticket uint64, deadline time.Time) {
	ph.mu.Lock()
	ph.deadline[ticket] = deadline
	ph.mu.Unlock()
}

// take reports whether ticket was waiting, and forgets it.
func (ph *pendingHandovers) take(ticket uint64) bool {
	ph.mu.Lock()
	defer ph.mu.Unlock()
	_, ok := ph.deadline[ticket]
	delete(ph.deadline, ticket)
	return ok
}

// expired removes the offers past their deadline and appends them to
// dst as not taken.
func (ph *pendingHandovers) expired(now time.Time, dst []settled) []settled {
	ph.mu.Lock()
	defer ph.mu.Unlock()
	for t, d := range ph.deadline {
		if now.After(d) {
			dst = append(dst, settled{ticket: t})
			delete(ph.deadline, t)
		}
	}
	return dst
}

// HandOver offers the entity rec to the shard that owns column (x, z)'s
// region (entities.Handover). In a region nobody owns there is no one to
// ask: nobody simulates entities there.
func (p *Plugin) HandOver(ticket uint64, rec storage.EntityRecord, x, z int32) bool {
	owner, ok := p.c.Owner(columnRegion(x, z))
	if !ok || owner == p.c.Shard() {
		return false
	}
	data, err := json.Marshal(handoverRequest{Ticket: ticket, Shard: p.c.Shard(), Entity: rec})
	if err != nil {
		p.log.Warn().Err(err).Str("kind", rec.Kind).Msg("entity not offered")
		return false
	}
	p.handovers.add(ticket, time.Now().Add(p.Config.ForwardTimeout))
	msg := &nats.Msg{
		Subject: p.subject(FamilyEntity, owner),
		Reply:   p.subject(FamilyEntity, "reply", p.c.Shard(), strconv.FormatUint(ticket, 10)),
		Data:    data,
	}
	if err := p.nc.PublishMsg(msg); err != nil {
		p.handovers.take(ticket)
		return false
	}
	p.count(FamilyEntity, false, len(data))
	return true
}

// onHandover (a NATS goroutine) queues an entity another shard offers.
func (p *Plugin) onHandover(m *nats.Msg) {
	p.count(FamilyEntity, true, len(m.Data))
	var req handoverRequest
	if err := json.Unmarshal(m.Data, &req); err != nil || m.Reply == "" {
		p.log.Warn().Err(err).Str("reply", m.Reply).Msg("bad entity hand-over dropped")
		return
	}
	p.in.put(func(b *inbox) { b.incoming = append(b.incoming, incomingEntity{req: req, reply: m.Reply}) })
}

// onHandoverReply (a NATS goroutine) queues the answer to an offer.
func (p *Plugin) onHandoverReply(m *nats.Msg) {
	p.count(FamilyEntity, true, len(m.Data))
	ticket, err := strconv.ParseUint(m.Subject[strings.LastIndexByte(m.Subject, '.')+1:], 10, 64)
	if err != nil || !p.handovers.take(ticket) {
		return // timed out meanwhile: it stayed here
	}
	var r handoverReply
	if err := json.Unmarshal(m.Data, &r); err != nil {
		p.log.Warn().Err(err).Msg("bad entity hand-over reply")
	}
	if r.Taken {
		p.Stats.HandoversOut.Add(1)
	} else {
		p.log.Debug().Uint64("ticket", ticket).Str("reason", r.Reason).Msg("entity not taken")
	}
	p.in.put(func(b *inbox) { b.settled = append(b.settled, settled{ticket: ticket, taken: r.Taken}) })
}

// handoverSystem is the tick's side of hand-overs, run by cluster_inbound:
// answers to this shard's offers settle them, and entities offered to it
// are received and answered once durable.
type handoverSystem struct {
	p   *Plugin
	reg *entities.Registry
	dur *persist.Durability

	settled  []settled
	incoming []incomingEntity
}

func (s *handoverSystem) run() {
	p := s.p
	p.in.mu.Lock()
	s.settled, p.in.settled = p.in.settled, s.settled[:0]
	s.incoming, p.in.incoming = p.in.incoming, s.incoming[:0]
	p.in.mu.Unlock()
	s.settled = p.handovers.expired(time.Now(), s.settled)
	for _, st := range s.settled {
		s.reg.Settle(st.ticket, st.taken)
	}
	for i := range s.incoming {
		s.receive(&s.incoming[i])
	}
	clear(s.incoming)
}

// receive takes an entity offered to this shard, and answers once the
// column that holds it is durable under the lease it was received in: a
// write refused or made under a lease since lost answers "not taken", so
// the entity stays with the shard that offered it.
func (s *handoverSystem) receive(in *incomingEntity) {
	p := s.p
	er := in.req.Entity
	col := components.Position{X: er.X, Y: er.Y, Z: er.Z}.Section()
	x, z := col.X, col.Z
	epoch := p.c.Store().Epoch(x, z)
	if err := s.reg.Receive(er); err != nil {
		p.Stats.HandoversRefused.Add(1)
		p.respondHandover(in.reply, handoverReply{Reason: err.Error()})
		return
	}
	p.Stats.HandoversIn.Add(1)
	reply := in.reply
	s.dur.AfterDurable(func() {
		if p.c.Store().Epoch(x, z) != epoch {
			p.respondHandover(reply, handoverReply{Reason: "the region changed servers"})
			return
		}
		p.respondHandover(reply, handoverReply{Taken: true})
	})
}

// respondHandover answers an offer; safe from any goroutine.
func (p *Plugin) respondHandover(reply string, r handoverReply) {
	data, _ := json.Marshal(r)
	if err := p.nc.Publish(reply, data); err != nil {
		p.log.Warn().Err(err).Msg("entity hand-over reply not sent")
		return
	}
	p.count(FamilyEntity, false, len(data))
}
