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
	// Replicas is the JetStream replica count of the buckets (production:
	// 3). 0 keeps an existing world's and makes a new world's 1: a shard
	// started without it never shrinks a replicated world.
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
	// ErrShardRunning: a shard of the same name is running: its process
	// answers on NATS (or is stopped with its connection open, and its
	// key has not lapsed yet).
	ErrShardRunning = errors.New("cluster: a shard of this name is running")
)

// opTimeout bounds one KV operation or one commit's acks where the
// caller gives no context (the storage.Backend methods).
const opTimeout = 10 * time.Second

var shardName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)
var bucketName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// Cluster is one shard's connection to the cluster: the NATS connection
// and JetStream context its parts share (link), and the parts, one per
// concern, each the only owner of its state and of its lock:
//
//   - Leases: region leases, their epochs and fencing revisions, and the
//     owners the lease watch reports (lease.go);
//   - Store: sections, entity columns, player and plugin records in the
//     buckets; Commit and the loads (store.go, records.go, handoff.go);
//   - Feed: the key/value watches and what they deliver to the tick:
//     section feeds, the entity-key index, the world records followed
//     (watch.go, entindex.go, worldfollow.go);
//   - Sessions: players' sessions (name claims) and this shard's key
//     (session.go).
//
// A part that needs another holds a pointer to it, set at Connect, and
// calls its methods; no part takes another's lock. Leases, Sessions and
// Feed are embedded, so their methods are the Cluster's too (c.Holds is
// c.Leases.Holds). Its methods are safe for concurrent use.
type Cluster struct {
	*link
	*Leases
	*Sessions
	*Feed
	store  *Store
	access *Access

	paused    atomic.Bool // PauseRenewals
	closing   atomic.Bool // Close has begun: disconnects are expected
	closeOnce sync.Once
	connDone  chan struct{} // closed when the nats connection is closed
}

// link is what the parts of a Cluster share: set by Connect and not
// changed after (the counters are atomic), so it has no lock.
type link struct {
	o         Options
	log       zerolog.Logger
	nc        *nats.Conn
	js        jetstream.JetStream
	world     jetstream.KeyValue
	playersKV jetstream.KeyValue
	accessKV  jetstream.KeyValue
	worldPre  string // "$KV.<bucket>_world.": the subject prefix of the world's keys
	playerPre string
	markerTTL time.Duration

	st counters

	// worldStream is the world bucket's stream, looked up on first use
	// by the watches' stall checks (worldStreamOf).
	streamMu    sync.Mutex
	worldStream jetstream.Stream

	// ctx lives until Close; watches and renewals derive from it.
	ctx    context.Context
	cancel context.CancelFunc
	// wg counts the goroutines Close waits for; stop is closed when
	// they are to end.
	wg   sync.WaitGroup
	stop chan struct{}
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
	if o.Replicas < 0 || o.Replicas > 5 {
		return fmt.Errorf("cluster: replicas %d: want 1 to 5, or 0 for the world's own", o.Replicas)
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
	l := &link{
		o:         o,
		log:       o.Log.With().Str("shard", o.Shard).Logger(),
		worldPre:  "$KV." + o.Bucket + "_world.",
		playerPre: "$KV." + o.Bucket + "_players.",
		markerTTL: max(2*o.LeaseTTL, time.Second),
		stop:      make(chan struct{}),
	}
	l.st.init()
	c := &Cluster{
		link:     l,
		Leases:   newLeases(l),
		Sessions: newSessions(l),
		Feed:     newFeed(l),
		connDone: make(chan struct{}),
	}
	c.store = newStore(l, c.Leases, c.Feed)
	nc, err := nats.Connect(o.URLs,
		nats.Name("strata-"+o.Shard),
		// A shard's own presence and chat are not sent back to it: the
		// subjects it listens on are every shard's, its own included.
		nats.NoEcho(),
		nats.SetCustomDialer(quietDialer{timeout: nats.GetDefaultOptions().Timeout}),
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
			// While the connection was down, others may have taken this
			// process for dead and its players' sessions over.
			c.Sessions.suspect.Store(true)
			c.Sessions.wake() // checked at the next put of the shard key: now
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
		c.store.enableAtomic(ctx)
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
	if err := c.Sessions.register(ctx); err != nil {
		return fail(err)
	}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	if err := c.Leases.watch(); err != nil {
		c.cancel()
		_ = c.world.Purge(ctx, shardKey(o.Shard))
		return fail(err)
	}
	c.wg.Add(1)
	go c.renewLoop()
	if err := c.Feed.watchEntityKeys(ctx); err != nil {
		_ = c.Close()
		return nil, err
	}
	c.log.Info().Str("urls", o.URLs).Str("bucket", o.Bucket).Int("replicas", o.Replicas).Dur("lease_ttl_ms", o.LeaseTTL).Msg("joined cluster")
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
		c.Leases.close(ctx)
		c.Sessions.close(ctx)
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
	c.Feed.stopWatches()
	c.wg.Wait()
}

// renewLoop renews leases and the shard key every LeaseTTL/3, and sweeps
// stale sessions every sessionSweepEvery. After a round with a renewal
// that did not land (a stream electing a leader answers nothing), the
// next goes renewRetry later with a renewRetryWait limit, so that the
// leases this shard still holds are fresh again right after the
// election rather than up to a period later: until then its edits are
// held.
func (c *Cluster) renewLoop() {
	defer c.wg.Done()
	every := c.o.LeaseTTL / 3
	t := time.NewTimer(every)
	defer t.Stop()
	wait := every
	swept := time.Now()
	for {
		select {
		case <-c.stop:
			return
		case <-c.Sessions.kicked():
			if !c.paused.Load() {
				c.Sessions.putShard()
			}
			continue
		case <-t.C:
		}
		if c.paused.Load() {
			t.Reset(every)
			continue
		}
		lostFn, lost, failed := c.Leases.renew(c.ctx, wait)
		c.Sessions.putShard()
		notifyLost(lostFn, lost)
		if failed {
			t.Reset(renewRetry)
			wait = min(every, renewRetryWait)
		} else {
			t.Reset(every)
			wait = every
		}
		if time.Since(swept) >= sessionSweepEvery {
			swept = time.Now()
			sctx, scancel := context.WithTimeout(c.ctx, opTimeout)
			c.Sessions.sweepSessions(sctx)
			scancel()
		}
	}
}

// PauseRenewals stops (or resumes) every renewal, of the leases and of
// the shard key, as if the process were paused: fault injection for
// tests.
func (c *Cluster) PauseRenewals(paused bool) { c.paused.Store(paused) }

// HoldCommits makes every Commit wait (or lets them go on) before it
// sends anything, as a slow store would: fault injection for tests.
func (c *Cluster) HoldCommits(hold bool) { c.store.holdCommits(hold) }

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
func (l *link) bucket(ctx context.Context, cfg jetstream.KeyValueConfig) (jetstream.KeyValue, error) {
	if have, err := l.replicasOf(ctx, cfg.Bucket); err != nil {
		return nil, err
	} else if cfg.Replicas == 0 {
		cfg.Replicas = max(have, 1)
	} else if have != 0 && have != cfg.Replicas {
		l.log.Warn().Str("bucket", cfg.Bucket).Int("replicas_was", have).Int("replicas", cfg.Replicas).Msg("changing the bucket's replica count, as asked")
	}
	for try := 0; ; try++ {
		kv, err := l.js.CreateOrUpdateKeyValue(ctx, cfg)
		if err == nil || try == 2 || !errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			return kv, err
		}
	}
}

// replicasOf returns the replica count of bucket, 0 if it does not exist.
func (l *link) replicasOf(ctx context.Context, bucket string) (int, error) {
	kv, err := l.js.KeyValue(ctx, bucket)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("look up bucket %s: %w", bucket, err)
	}
	st, err := kv.Status(ctx)
	if err != nil {
		return 0, fmt.Errorf("look up bucket %s: %w", bucket, err)
	}
	bs, ok := st.(*jetstream.KeyValueBucketStatus)
	if !ok {
		return 0, fmt.Errorf("look up bucket %s: status is a %T", bucket, st)
	}
	return bs.StreamInfo().Config.Replicas, nil
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

// roundTrip counts one network round trip that started at start.
func (l *link) roundTrip(start time.Time) {
	l.st.roundTrips.Add(1)
	l.st.roundTripNanos.Add(uint64(time.Since(start)))
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
