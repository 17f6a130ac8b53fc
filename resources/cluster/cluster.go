// Package cluster is Strata's NATS JetStream layer: one world shared by
// several `strata serve` processes ("shards").
//
// Three KV buckets hold the shared state:
//
//   - <Bucket>_world: "meta" (the world's seed and generator version),
//     "lease.<rx>.<rz>" (a region's owner, per-key TTL), "sec.…" and
//     "ent.…" (edited sections and entity columns, written only by the
//     region's owner and fenced on its lease), "shard.<name>" (a running
//     shard, TTL) and "session.<hex name>" (a connected player: the
//     shard process it is on, valid while that process's shard key is).
//   - <Bucket>_players: "p.<hex name>" (player records).
//   - <Bucket>_access: "a.<hex key>" (the access registry's records).
//
// Coordinates in keys are plain decimal with a leading '-' for negatives
// ("sec.-1.0.-17.3.5"): '-' is a valid KV key character, strconv round-
// trips it, and the keys sort the same way a human reads them. Region
// coordinates come first so one region's keys match a wildcard.
//
// Durability: a write counts as done only when JetStream acknowledged
// it, and JetStream acknowledges a message once it is stored on a quorum
// of the bucket's replicas. Production servers run with
// `sync_interval: always` (the embedded servers here with SyncAlways), so
// a stored message is also fsynced: "acked means durable" holds across
// power loss of a minority of nodes.
package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// Options configure Connect.
type Options struct {
	// URLs is a comma-separated list of nats:// URLs.
	URLs string
	// Shard is this shard's name: [A-Za-z0-9_-]{1,32}, unique among the
	// running shards.
	Shard string
	// Bucket is the prefix of the KV bucket names; default "strata".
	Bucket string
	// Replicas is the JetStream replica count of the buckets; default 1
	// (production: 3).
	Replicas int
	// NoAtomicBatches writes a region's sections one by one, not as one
	// atomic batch per commit (for comparisons; batches need nats-server
	// 2.12 or later, and are used when the world stream accepts them).
	NoAtomicBatches bool
	// LeaseTTL is a region lease's lifetime; default 5s, at least 1s, in
	// whole seconds (JetStream per-message TTLs have one-second
	// resolution). Renewals run every LeaseTTL/3.
	LeaseTTL time.Duration
	// Log receives connection and lease events.
	Log zerolog.Logger
	// Advertise is what Status shows for this shard (its QUIC address);
	// optional.
	Advertise string
}

// Errors a caller may test for with errors.Is.
var (
	// ErrForeignWorld: the cluster's store holds a world of another seed
	// or generator version.
	ErrForeignWorld = errors.New("cluster: the store holds another world")
	// ErrNameTaken: the player name is connected on another shard.
	ErrNameTaken = errors.New("cluster: player name connected on another shard")
	// ErrShardRunning: a shard of the same name is running (or crashed
	// less than 3×LeaseTTL ago).
	ErrShardRunning = errors.New("cluster: a shard of this name is running")
)

// opTimeout bounds one KV operation or one commit's acks where the
// caller gives no context (the storage.Backend methods).
const opTimeout = 10 * time.Second

var shardName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)
var bucketName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// Cluster is one shard's connection to the cluster: its leases, sessions
// and store. Its methods are safe for concurrent use.
type Cluster struct {
	o         Options
	log       zerolog.Logger
	nc        *nats.Conn
	js        jetstream.JetStream
	world     jetstream.KeyValue
	playersKV jetstream.KeyValue
	accessKV  jetstream.KeyValue
	access    *Access
	worldPre  string // "$KV.<bucket>_world.": the subject prefix of the world's keys
	playerPre string
	markerTTL time.Duration
	started   time.Time
	store     *Store
	ents      entityIndex
	hands     handIndex
	colRecs   columnRecords // plugin column records' keys (records.go)
	worldRecs worldFollow   // other shards' world-record writes (worldfollow.go)
	// busyHook, set by tests before commits, answers a compare-and-set
	// write of a key it returns true for busy (10164), unpublished.
	busyHook func(key string) bool

	// ctx lives until Close; watches and renewals derive from it.
	ctx    context.Context
	cancel context.CancelFunc

	// wmu serialises every write that carries a held revision — lease
	// renewals, Commit, Release, session renewals and deletes — so a
	// Commit always carries the lease revision current at the server.
	// Order: wmu before lmu.
	wmu sync.Mutex
	// lmu guards leases, sessions and onLost; held only briefly, never
	// across network calls, so Holds and Held never wait for a commit.
	lmu      sync.Mutex
	leases   map[Region]*lease
	sessions map[string]uint64
	onLost   func(Region)

	omu    sync.RWMutex
	owners map[Region]string // from the lease watch

	paused atomic.Bool
	// held, while set, is closed when HoldCommits lets commits go on.
	holdMu  sync.Mutex
	held    chan struct{}
	closing atomic.Bool // Close has begun: disconnects are expected
	// atomic: the world stream takes atomic batches (enabled at Connect);
	// atomicPause is when a refused batch lets them be tried again.
	atomic      atomic.Bool
	atomicPause atomic.Int64
	batchSeq    atomic.Uint64
	players     atomic.Int64
	kick        chan struct{} // asks the renewal loop to re-put the shard key now

	st counters

	wg      sync.WaitGroup
	stop    chan struct{}
	watchMu sync.Mutex
	watches map[*sectionWatch]struct{}
	// worldStream is the world bucket's stream, looked up on first use
	// by the watches' stall checks (under watchMu).
	worldStream jetstream.Stream
	closeOnce   sync.Once
	connDone    chan struct{} // closed when the nats connection is closed
}

// lease is a region lease this shard holds.
type lease struct {
	rev     uint64    // revision of the lease key we last wrote
	epoch   uint64    // revision of the claim that made it: one per lease, kept by renewals
	renewed time.Time // when the write that made rev was sent (a lower bound of its TTL start)
	// acked is the highest world-stream sequence of a write to the
	// region acknowledged under this lease (the claim's at first): a
	// replica that has applied less may not hold what this shard stored
	// there (readFloor).
	acked uint64
	// unsure: a renewal's outcome is unknown (timeout, disconnect), so
	// rev may be stale; it is resolved with a Get before the next write.
	unsure bool
}

// shardRecord is the value of a shard key.
type shardRecord struct {
	Name      string    `json:"name"`
	Advertise string    `json:"advertise,omitempty"`
	Players   int       `json:"players"`
	Started   time.Time `json:"started"`
}

func (o *Options) normalize() error {
	if !shardName.MatchString(o.Shard) {
		return fmt.Errorf("cluster: shard name %q: want 1 to 32 of [A-Za-z0-9_-]", o.Shard)
	}
	if o.URLs == "" {
		return errors.New("cluster: no NATS URLs")
	}
	if o.Bucket == "" {
		o.Bucket = "strata"
	}
	if !bucketName.MatchString(o.Bucket) {
		return fmt.Errorf("cluster: bucket prefix %q: want 1 to 64 of [A-Za-z0-9_-]", o.Bucket)
	}
	if o.Replicas == 0 {
		o.Replicas = 1
	}
	if o.Replicas < 1 || o.Replicas > 5 {
		return fmt.Errorf("cluster: replicas %d: want 1 to 5", o.Replicas)
	}
	if o.LeaseTTL == 0 {
		o.LeaseTTL = 5 * time.Second
	}
	if o.LeaseTTL < time.Second {
		return fmt.Errorf("cluster: lease TTL %v: want at least 1s", o.LeaseTTL)
	}
	o.LeaseTTL = o.LeaseTTL.Truncate(time.Second)
	return nil
}

// Connect connects to the cluster as shard o.Shard: it creates (or
// updates) the buckets, registers the shard and starts the renewal and
// lease-watch goroutines, which Close stops.
func Connect(ctx context.Context, o Options) (*Cluster, error) {
	if err := o.normalize(); err != nil {
		return nil, err
	}
	c := &Cluster{
		o:         o,
		log:       o.Log.With().Str("shard", o.Shard).Logger(),
		worldPre:  "$KV." + o.Bucket + "_world.",
		playerPre: "$KV." + o.Bucket + "_players.",
		markerTTL: max(2*o.LeaseTTL, time.Second),
		started:   time.Now().UTC().Truncate(time.Millisecond),
		leases:    map[Region]*lease{},
		sessions:  map[string]uint64{},
		owners:    map[Region]string{},
		kick:      make(chan struct{}, 1),
		stop:      make(chan struct{}),
		watches:   map[*sectionWatch]struct{}{},
		connDone:  make(chan struct{}),
	}
	c.st.init()
	c.store = &Store{c: c}
	nc, err := nats.Connect(o.URLs,
		nats.Name("strata-"+o.Shard),
		// A shard's own presence and chat are not sent back to it: the
		// subjects it listens on are every shard's, its own included.
		nats.NoEcho(),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250*time.Millisecond),
		nats.RetryOnFailedConnect(false),
		nats.DisconnectErrHandler(func(nc *nats.Conn, err error) {
			if c.closing.Load() {
				return // our own Close
			}
			c.log.Warn().Err(err).Msg("nats disconnected")
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			c.log.Info().Str("url", nc.ConnectedUrl()).Uint64("reconnects", nc.Reconnects).Msg("nats reconnected")
		}),
		nats.ClosedHandler(func(*nats.Conn) { close(c.connDone) }),
	)
	if err != nil {
		return nil, fmt.Errorf("cluster: connect %s: %w", o.URLs, err)
	}
	c.nc = nc
	fail := func(err error) (*Cluster, error) {
		nc.Close()
		return nil, err
	}
	c.js, err = jetstream.New(nc, jetstream.WithPublishAsyncTimeout(opTimeout))
	if err != nil {
		return fail(fmt.Errorf("cluster: jetstream: %w", err))
	}
	c.world, err = c.bucket(ctx, jetstream.KeyValueConfig{
		Bucket: o.Bucket + "_world", History: 1, Replicas: o.Replicas,
		Storage: jetstream.FileStorage, LimitMarkerTTL: c.markerTTL,
	})
	if err != nil {
		return fail(fmt.Errorf("cluster: bucket %s_world: %w", o.Bucket, err))
	}
	if !o.NoAtomicBatches {
		c.enableAtomic(ctx)
	}
	c.playersKV, err = c.bucket(ctx, jetstream.KeyValueConfig{
		Bucket: o.Bucket + "_players", History: 1, Replicas: o.Replicas, Storage: jetstream.FileStorage,
	})
	if err != nil {
		return fail(fmt.Errorf("cluster: bucket %s_players: %w", o.Bucket, err))
	}
	c.accessKV, err = c.bucket(ctx, jetstream.KeyValueConfig{
		Bucket: o.Bucket + "_access", History: 1, Replicas: o.Replicas, Storage: jetstream.FileStorage,
	})
	if err != nil {
		return fail(fmt.Errorf("cluster: bucket %s_access: %w", o.Bucket, err))
	}
	c.access = &Access{c: c}
	// Create, not Put: two processes of one name would both believe they
	// hold the same leases and sessions.
	rec, _ := json.Marshal(c.shardRecord())
	c.Count("shard", false, 1)
	start := time.Now()
	_, err = c.world.Create(ctx, shardKey(o.Shard), rec, jetstream.KeyTTL(3*o.LeaseTTL))
	c.roundTrip(start)
	if errors.Is(err, jetstream.ErrKeyExists) {
		return fail(fmt.Errorf("cluster: shard %q: %w (a crashed one's key expires within %v)", o.Shard, ErrShardRunning, 3*o.LeaseTTL))
	}
	if err != nil {
		return fail(fmt.Errorf("cluster: register shard %q: %w", o.Shard, err))
	}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	w, err := c.world.Watch(c.ctx, "lease.>")
	if err != nil {
		c.cancel()
		_ = c.world.Purge(ctx, shardKey(o.Shard))
		return fail(fmt.Errorf("cluster: watch leases: %w", err))
	}
	c.wg.Add(2)
	go c.watchLeases(w)
	go c.renewLoop()
	c.ents.cols = map[[2]int32]bool{}
	c.hands = handIndex{byCol: map[[2]int32][]string{}, landed: map[string]bool{}}
	if err := c.watchEntityKeys(ctx); err != nil {
		_ = c.Close()
		return nil, err
	}
	c.log.Info().Str("urls", o.URLs).Str("bucket", o.Bucket).Int("replicas", o.Replicas).Dur("lease_ttl", o.LeaseTTL).Msg("joined cluster")
	return c, nil
}

// Shard returns this shard's name.
func (c *Cluster) Shard() string { return c.o.Shard }

// Conn returns the NATS connection, for the server's own core-NATS
// subjects (presence, block updates, chat).
func (c *Cluster) Conn() *nats.Conn { return c.nc }

// Close stops the goroutines, deletes this shard's session keys and shard
// key, releases its leases (each delete compares the revision we hold, so
// a lease another shard took meanwhile is left alone) and drains the
// connection. It is idempotent.
func (c *Cluster) Close() error {
	var err error
	c.closeOnce.Do(func() {
		c.stopGoroutines()
		if c.nc.IsClosed() {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		c.wmu.Lock()
		c.lmu.Lock()
		leases, sessions := c.leases, c.sessions
		c.leases, c.sessions = map[Region]*lease{}, map[string]uint64{}
		c.lmu.Unlock()
		for r, l := range leases {
			if !l.unsure {
				c.Count("lease", false, 1)
				if e := c.world.Purge(ctx, leaseKey(r), jetstream.LastRevision(l.rev), jetstream.PurgeTTL(c.markerTTL)); e != nil {
					c.log.Warn().Err(e).Interface("region", r).Msg("release lease at close")
				}
			}
		}
		for name, rev := range sessions {
			if rev == 0 {
				continue // a claim in flight
			}
			c.Count("session", false, 1)
			if e := c.world.Purge(ctx, sessionKey(name), jetstream.LastRevision(rev), jetstream.PurgeTTL(c.markerTTL)); e != nil {
				c.log.Warn().Err(e).Str("player", name).Msg("release session at close")
			}
		}
		c.wmu.Unlock()
		c.Count("shard", false, 1)
		if e := c.world.Purge(ctx, shardKey(c.o.Shard), jetstream.PurgeTTL(c.markerTTL)); e != nil {
			c.log.Warn().Err(e).Msg("delete shard key at close")
		}
		if e := c.nc.Drain(); e != nil {
			err = fmt.Errorf("cluster: drain: %w", e)
			c.nc.Close()
		}
		select {
		case <-c.connDone:
		case <-time.After(10 * time.Second):
			c.nc.Close()
		}
		c.log.Info().Msg("left cluster")
	})
	return err
}

// stopGoroutines stops the renewal loop and every watch, and waits.
func (c *Cluster) stopGoroutines() {
	c.closing.Store(true)
	close(c.stop)
	c.cancel()
	c.watchMu.Lock()
	ws := c.watches
	c.watches = map[*sectionWatch]struct{}{}
	c.watchMu.Unlock()
	for w := range ws {
		w.stop()
	}
	c.wg.Wait()
}

// Meta is the world's identity, agreed by every shard.
type Meta struct {
	Seed             int64     `json:"seed"`
	GeneratorVersion int       `json:"generator_version"`
	CreatedAt        time.Time `json:"created_at"`
}

// bucket creates the bucket of cfg, or updates it to cfg. Two shards
// starting together on a fresh cluster both find it missing and both
// create it: the one that loses is told the name is in use, and updates
// the winner's instead.
func (c *Cluster) bucket(ctx context.Context, cfg jetstream.KeyValueConfig) (jetstream.KeyValue, error) {
	for try := 0; ; try++ {
		kv, err := c.js.CreateOrUpdateKeyValue(ctx, cfg)
		if err == nil || try == 2 || !errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			return kv, err
		}
	}
}

// Agree makes sure every shard runs the same world: the first to call it
// records seed and generator version; later calls compare, and a
// different seed or version is an error wrapping ErrForeignWorld.
func (c *Cluster) Agree(ctx context.Context, seed int64, generatorVersion int) (Meta, error) {
	want := Meta{Seed: seed, GeneratorVersion: generatorVersion, CreatedAt: time.Now().UTC().Truncate(time.Millisecond)}
	v, _ := json.Marshal(want)
	start := time.Now()
	_, err := c.world.Create(ctx, "meta", v)
	c.roundTrip(start)
	if err == nil {
		return want, nil
	}
	if !errors.Is(err, jetstream.ErrKeyExists) {
		return Meta{}, fmt.Errorf("cluster: record world meta: %w", err)
	}
	start = time.Now()
	e, err := c.world.Get(ctx, "meta")
	c.roundTrip(start)
	if err != nil {
		return Meta{}, fmt.Errorf("cluster: read world meta: %w", err)
	}
	var got Meta
	if err := json.Unmarshal(e.Value(), &got); err != nil {
		return Meta{}, fmt.Errorf("cluster: world meta: %w", err)
	}
	if got.Seed != seed || got.GeneratorVersion != generatorVersion {
		return got, fmt.Errorf("%w: cluster has seed %d generator %d, this shard seed %d generator %d",
			ErrForeignWorld, got.Seed, got.GeneratorVersion, seed, generatorVersion)
	}
	return got, nil
}

func (c *Cluster) shardRecord() shardRecord {
	return shardRecord{Name: c.o.Shard, Advertise: c.o.Advertise, Players: int(c.players.Load()), Started: c.started}
}

// roundTrip counts one network round trip that started at start.
func (c *Cluster) roundTrip(start time.Time) {
	c.st.roundTrips.Add(1)
	c.st.roundTripNanos.Add(uint64(time.Since(start)))
}

// enableAtomic lets the world stream take atomic batches, so that a
// commit writes each region's sections in one round trip. A server that
// cannot (older than 2.12) leaves the writes one by one.
func (c *Cluster) enableAtomic(ctx context.Context) {
	name := "KV_" + c.o.Bucket + "_world"
	st, err := c.js.Stream(ctx, name)
	if err == nil {
		cfg := st.CachedInfo().Config
		if !cfg.AllowAtomicPublish {
			cfg.AllowAtomicPublish = true
			_, err = c.js.UpdateStream(ctx, cfg)
		}
	}
	if err != nil {
		c.log.Warn().Err(err).Str("stream", name).Msg("atomic batch publish not enabled; sections are written one by one")
		return
	}
	c.atomic.Store(true)
}

// apiCode returns the JetStream error code of err, or 0.
func apiCode(err error) jetstream.ErrorCode {
	var ae *jetstream.APIError
	if errors.As(err, &ae) {
		return ae.ErrorCode
	}
	return 0
}

// isWrongLastSeq: the expected revision is not the subject's last one —
// another writer moved it. This is final: retrying cannot succeed.
func isWrongLastSeq(err error) bool {
	return apiCode(err) == jetstream.JSErrCodeStreamWrongLastSequence
}

// isBusySubject: a replicated stream refused a compare-and-set because
// another write to the compared subject is still being replicated
// (nats-server answers 10164 before it even compares). Transient: retry
// once the writes in flight are acknowledged.
func isBusySubject(err error) bool {
	return apiCode(err) == jetstream.JSErrCodeStreamWrongLastSequenceConstant
}
