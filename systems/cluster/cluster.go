// Package cluster is the plugin that makes one server a shard of a world
// run by several, over NATS JetStream (resources/cluster): edits in a
// region another shard owns are forwarded to it and answered once durable
// there; sections other shards store replace the resident copies; players
// of other shards are entities here; chat crosses shards. See
// docs/cluster.md.
package cluster

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/resources"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/systems/chat"
	"github.com/stratavox/strata/systems/entities"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/persist"
	"github.com/stratavox/strata/systems/residency"
)

// Names of the plugin and its systems.
const (
	PluginName = "cluster"
	// SystemInbound (ingest, after the network's) applies what other
	// shards sent: sections they stored, edits forwarded to this owner,
	// their players' states.
	SystemInbound = "cluster_inbound"
	// SystemRoute (simulate, before arbitrate_actions) forwards edits in
	// regions another shard owns, claiming unowned ones first.
	SystemRoute = "route_actions"
	// SystemLeases (simulate) claims the regions this shard's players
	// stand in, and those resident here that nobody holds, and lets go
	// of those it no longer needs.
	SystemLeases = "claim_regions"
	// SystemFeed (stream, after reconcile) keeps the section feed on the
	// regions this shard holds sections of.
	SystemFeed = "watch_regions"
	// SystemBlocks (deliver, before broadcast_blocks) publishes the
	// tick's block edits in the regions this shard arbitrates, one
	// message a region, ahead of their write.
	SystemBlocks = "publish_blocks"
	// SystemOutbound (deliver, before broadcast_chat) publishes this
	// shard's players and chat, and relays other shards' chat.
	SystemOutbound = "cluster_outbound"
)

// Subject families, as counted in the cluster's metrics.
const (
	FamilyEdit     = "edit"
	FamilyPresence = "presence"
	FamilyChat     = "chat"
	FamilyBlocks   = "blocks"
)

// Config configures the plugin.
type Config struct {
	// Cluster is the shard's connection to the cluster; required.
	Cluster *rcluster.Cluster
	// Generator makes natural terrain, to restore a section whose write
	// was fenced off when the store has no copy of it.
	Generator resources.Generator
	// Prefix starts every core-NATS subject of the world; default
	// "strata". Shards of one world must agree on it (the bucket name).
	Prefix string
	// ForwardSilence is how long a forwarded edit waits for its owner's
	// answer, while the owner keeps the region, before it is read back
	// from the store instead (the request or its answer was lost);
	// default 20 s. A forward whose region's lease turned is read back
	// at once (resolver).
	ForwardSilence time.Duration
	// IdleRelease is how long a held region may have none of this
	// shard's players in it before its lease is given up; default 30 s.
	IdleRelease time.Duration
	// ClaimViewedAfter is how long a region resident here, held by
	// nobody and stood in by no other shard's player, waits before this
	// shard claims it to simulate its entities; default 5 s, time for a
	// shard whose players stand there to claim it first.
	ClaimViewedAfter time.Duration
	// EntityRange is how far, in sections, from another shard's players
	// this shard publishes its own players and the entities it
	// simulates: the largest view distance a client may have. Default 8.
	EntityRange int
	// FeedOnly leaves out the block edits other shards publish ahead of
	// their writes: this shard's players see another shard's edit once
	// the section feed brings it, durable. For measuring what publishing
	// ahead gives.
	FeedOnly bool
	// PresenceEvery is how many ticks apart this shard sends the other
	// shards its players and entities near theirs; default 2 (10 a
	// second at 20 TPS, a Minecraft server's rate for players). Their
	// clients see this shard's players move at that rate: a state
	// carries its velocity, for them to draw the motion between.
	PresenceEvery int
	// TPS is the world's ticks a second, for the velocities of other
	// shards' players and entities (their moves over the ticks between
	// two presence messages); default 20.
	TPS float64
}

// Stats counts the plugin's work, for metrics and tests; safe to read
// from any goroutine.
type Stats struct {
	// Forwarded counts edits sent to their region's owner,
	// ForwardsReadBack those answered from the store because the owner
	// could not answer (resolver), Served those this shard arbitrated
	// for another.
	Forwarded, ForwardsReadBack, Served atomic.Uint64
	// RemoteSections counts resident sections replaced by another shard's
	// copy, RemoteEdits the blocks that changed in them.
	RemoteSections, RemoteEdits atomic.Uint64
	// FencedReloads counts sections restored after a fenced write.
	FencedReloads atomic.Uint64
	// FencedLanded counts the edits whose write was refused as fenced
	// but that the read-back found stored: an earlier attempt, whose
	// answer was lost, had landed (resolver.checkFate).
	FencedLanded atomic.Uint64
	// AheadEdits counts other shards' block edits shown here before the
	// feed brought them stored; AheadReloads the sections reloaded from
	// the store because one was not stored in time (aheadTimeout).
	AheadEdits, AheadReloads atomic.Uint64
	// RemotePlayers is the number of other shards' players here;
	// RemoteEntities the mirrors of entities other shards simulate.
	RemotePlayers, RemoteEntities atomic.Int64
	// EntitiesOut counts entity states published to other shards.
	EntitiesOut atomic.Uint64
	// HandoversOut counts entities this shard handed to another,
	// HandoversIn those other shards handed to this one and adopted here,
	// and HandoversRefused the hand-over records here that could not be
	// adopted (corrupt, or not an entity to spawn); Transits the moves of
	// entities between two regions of this shard's, made the same way.
	HandoversOut, HandoversIn, HandoversRefused, Transits atomic.Uint64
	// RegionsReady is the number of held regions refreshed from the store
	// since they were taken: the ones this shard arbitrates edits in.
	RegionsReady atomic.Int64
	// WatchedRegions is the number of regions the section feed watches.
	WatchedRegions atomic.Int64
	// BytesIn and BytesOut count the payload bytes of the plugin's
	// core-NATS messages (edits, block edits, presence, chat) with other
	// shards.
	BytesIn, BytesOut atomic.Uint64
}

// count records one message of family with n payload bytes.
func (p *Plugin) count(family string, in bool, n int) {
	p.c.Count(family, in, 1)
	if in {
		p.Stats.BytesIn.Add(uint64(n))
	} else {
		p.Stats.BytesOut.Add(uint64(n))
	}
}

// Plugin is the cluster plugin.
type Plugin struct {
	Config Config
	Stats  Stats

	c    *rcluster.Cluster
	nc   *nats.Conn
	log  zerolog.Logger
	subs []*nats.Subscription
	// feed is the section feed, narrowed to the regions this shard holds
	// sections of (watch_regions).
	feed *rcluster.SectionFeed
	// blockSubs follow the feed's regions, for their owners' block edits.
	blockSubs blockSubs

	in    inbox
	ready readySet
	// presenceIn queues the presence messages NATS receives, for the
	// tick to decode (cluster_inbound): no goroutine wakes for each.
	presenceIn chan *nats.Msg
	// ownPresence is the subject of this shard's announcements.
	ownPresence string
	pending     pendingForwards
	resolver    resolver
	handing     *handoverSystem
	route       *routeSystem
	inbound     *inboundSystem
	out         *outboundSystem
	leases      *leaseSystem
}

// New returns the plugin with the given configuration.
func New(cfg Config) *Plugin { return &Plugin{Config: cfg} }

// Name returns PluginName.
func (*Plugin) Name() string { return PluginName }

// Dependencies names the plugins whose resources and events it uses.
func (*Plugin) Dependencies() []string {
	return []string{persist.PluginName, network.PluginName, gameplay.PluginName, entities.PluginName, chat.PluginName}
}

// readySet holds the regions this shard holds and has refreshed from the
// store since it took them. Only there does it arbitrate edits: a copy
// kept current by the feed may lag behind the previous owner's last
// writes, and arbitrating on it would overwrite them.
type readySet struct {
	mu    sync.Mutex
	m     map[rcluster.Region]bool
	count *atomic.Int64
}

func (r *readySet) set(reg rcluster.Region, ready bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.m[reg] == ready {
		return
	}
	if ready {
		r.m[reg] = true
		r.count.Add(1)
	} else {
		delete(r.m, reg)
		r.count.Add(-1)
	}
}

func (r *readySet) has(reg rcluster.Region) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.m[reg]
}

// refresh is a region just claimed, with everything stored in it.
type refresh struct {
	region   rcluster.Region
	sections []rcluster.SectionUpdate
}

// inbox holds what NATS goroutines received until the tick takes it.
type inbox struct {
	mu       sync.Mutex
	refresh  []refresh
	sections []rcluster.SectionUpdate
	edits    []forwardedEdit
	presence []presence
	blocks   []blocksHeard
	chat     []chatLine
	handoffs []handoffsRead
}

func (b *inbox) put(fn func(b *inbox)) {
	b.mu.Lock()
	fn(b)
	b.mu.Unlock()
}

// Build subscribes to the world's subjects and adds the systems.
func (p *Plugin) Build(app *ecs.App) error {
	cfg := &p.Config
	if cfg.Cluster == nil {
		return errors.New("cluster plugin: no cluster")
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "strata"
	}
	if cfg.ForwardSilence <= 0 {
		cfg.ForwardSilence = 20 * time.Second
	}
	if cfg.IdleRelease <= 0 {
		cfg.IdleRelease = 30 * time.Second
	}
	if cfg.ClaimViewedAfter <= 0 {
		cfg.ClaimViewedAfter = 5 * time.Second
	}
	if cfg.PresenceEvery <= 0 {
		cfg.PresenceEvery = 2
	}
	if cfg.TPS <= 0 {
		cfg.TPS = 20
	}
	if cfg.EntityRange <= 0 {
		cfg.EntityRange = 8
	}
	p.c, p.nc = cfg.Cluster, cfg.Cluster.Conn()
	p.ownPresence = p.subject(FamilyPresence, p.c.Shard())
	p.log = app.Log().With().Str("plugin", PluginName).Str("shard", p.c.Shard()).Logger()
	store := ecs.RequireResource[resources.ChunkStore](app)
	dur := ecs.RequireResource[persist.Durability](app)
	edits := ecs.RequireResource[gameplay.Edits](app)
	clients := ecs.RequireResource[network.Clients](app)
	changes := ecs.RequireResource[residency.Changes](app)
	if store == nil || dur == nil || edits == nil || clients == nil || changes == nil {
		return errors.New("cluster plugin: residency, persist, network or gameplay resources missing")
	}
	ecs.RegisterComponent[remotePlayer](app)
	ecs.RegisterComponent[mirror](app)
	ecs.RegisterComponent[drift](app)
	reg := ecs.RequireResource[entities.Registry](app)
	if reg == nil {
		return errors.New("cluster plugin: entities registry missing")
	}
	reg.SetAuthority(p)
	edits.SetAuthority(func(x, z int) bool { return p.arbitrates(rcluster.RegionOfBlock(x, z)) })
	actions := ecs.AddEvents[gameplay.ActionIntent](app)
	lines := ecs.AddEvents[chat.Intent](app)
	p.pending = pendingForwards{byID: map[uint64]*forward{}}
	p.resolver = resolver{p: p}
	edits.SetFateCheck(p.resolver.checkFate)
	p.handing = newHandoverSystem(p, reg)
	p.ready = readySet{m: map[rcluster.Region]bool{}, count: &p.Stats.RegionsReady}
	p.c.Leases.OnLost(func(r rcluster.Region) { p.ready.set(r, false) })

	limits := ecs.RequireResource[gameplay.ActionLimits](app)
	if limits == nil {
		return errors.New("cluster plugin: gameplay action limits missing")
	}
	p.route = &routeSystem{p: p, intents: actions, limits: limits}
	p.inbound = newInbound(p, app, store, dur, edits, actions)
	p.out = newOutbound(p, app, lines, reg)
	p.blockSubs = blockSubs{p: p, subs: map[rcluster.Region]*nats.Subscription{}, keep: map[rcluster.Region]bool{}}
	p.leases = newLeases(p, app)

	if err := p.subscribe(); err != nil {
		p.unsubscribe()
		return err
	}
	p.leases.start()
	p.handing.start()
	p.resolver.start()
	ecs.AddResource(app, &p.Stats)
	app.AddSystem(ecs.Ingest, SystemInbound, p.inbound.run, ecs.After(network.SystemIngest))
	lost := newNamesLost(p.c.Sessions.Fenced, p.log)
	p.c.Sessions.OnNameLost(lost.lost)
	app.AddSystem(ecs.Ingest, SystemNamesLost, lost.run, ecs.After(SystemInbound))
	app.AddSystem(ecs.Simulate, SystemLeases, p.leases.run, ecs.Before(SystemRoute))
	app.AddSystem(ecs.Simulate, SystemRoute, p.route.run, ecs.Before(gameplay.SystemActions))
	app.AddSystem(ecs.Stream, SystemFeed, newFeed(p, changes).run, ecs.After(residency.SystemReconcile))
	app.AddSystem(ecs.Deliver, SystemBlocks, (&blocksOut{p: p, edits: edits}).run, ecs.Before(gameplay.SystemBlockUpdates))
	app.AddSystem(ecs.Deliver, SystemOutbound, p.out.run, ecs.Before(chat.SystemBroadcast))
	return nil
}

// subject returns the world's subject of the given parts.
func (p *Plugin) subject(parts ...string) string {
	s := p.Config.Prefix
	for _, part := range parts {
		s += "." + part
	}
	return s
}

// subscribe starts the subscriptions; NATS delivers on its goroutines,
// which only queue into the inbox, or, for presence, on a channel the
// tick drains.
func (p *Plugin) subscribe() error {
	type sub struct {
		subj string
		fn   nats.MsgHandler
	}
	subs := []sub{
		{p.subject(FamilyEdit, p.c.Shard()), p.onEdit},
		{p.subject(FamilyEdit, "reply", p.c.Shard(), "*"), p.onReply},
		{p.subject(FamilyPresence, "*"), nil},              // announcements
		{p.subject(FamilyPresence, "*", p.c.Shard()), nil}, // players sent here
		{p.subject(FamilyChat), p.onChat},
	}
	p.presenceIn = make(chan *nats.Msg, presenceQueue)
	for _, s := range subs {
		var sb *nats.Subscription
		var err error
		if s.fn == nil {
			sb, err = p.nc.ChanSubscribe(s.subj, p.presenceIn)
		} else {
			sb, err = p.nc.Subscribe(s.subj, s.fn)
		}
		if err != nil {
			return fmt.Errorf("subscribe %s: %w", s.subj, err)
		}
		p.subs = append(p.subs, sb)
	}
	feed, err := p.c.Feed.WatchSections(func(u rcluster.SectionUpdate) {
		p.in.put(func(b *inbox) { b.sections = append(b.sections, u) })
	})
	if err != nil {
		return fmt.Errorf("watch sections: %w", err)
	}
	p.feed = feed
	return nil
}

func (p *Plugin) unsubscribe() {
	for _, s := range p.subs {
		_ = s.Unsubscribe()
	}
	p.subs = nil
	p.blockSubs.stop()
	if p.feed != nil {
		p.feed.Stop()
		p.feed = nil
	}
}

// Shutdown stops the subscriptions and forgets the forwards still waiting.
// The cluster itself is closed by whoever opened it, after the persist
// plugin's last write.
func (p *Plugin) Shutdown(*ecs.App) error {
	if p.out != nil {
		p.out.stop()
		_ = p.nc.Flush()
	}
	p.unsubscribe()
	if p.leases != nil {
		p.leases.stop()
	}
	if p.handing != nil {
		p.handing.stop()
	}
	p.resolver.stop()
	if n := p.pending.drop(); n > 0 {
		p.log.Info().Int("forwards", n).Msg("forwarded edits left unanswered at shutdown: their owners may still store them")
	}
	return nil
}

// arbitrates reports whether this shard decides edits in r: it holds the
// lease and has refreshed the region since it took it.
func (p *Plugin) arbitrates(r rcluster.Region) bool { return p.c.Leases.Holds(r) && p.ready.has(r) }
