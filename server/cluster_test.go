package server

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/internal/natstest"
	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/chunk"
	rcluster "github.com/stratavox/strata/resources/cluster"
	clusterplugin "github.com/stratavox/strata/systems/cluster"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/testkit"
)

// shardConfig is a shard of the world in bucket on the NATS at url.
func shardConfig(t testing.TB, url, bucket, shard string) Config {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	cfg.Cluster, cfg.Shard, cfg.ClusterBucket = url, shard, bucket
	cfg.LeaseTTL = 2 * time.Second
	return cfg
}

// shards starts the shards of one fresh world on a test NATS server, over
// moveTerrain with the spawn at its origin.
type shards struct {
	t           *testing.T
	url, bucket string
}

func newShards(t *testing.T) shards {
	return shards{t: t, url: natstest.Start(t), bucket: fmt.Sprintf("t%d", time.Now().UnixNano()%1e9)}
}

// config is shard name's configuration.
func (s shards) config(name string) Config { return shardConfig(s.t, s.url, s.bucket, name) }

// start runs a shard of cfg until the test ends (or stop is called).
func (s shards) start(cfg Config) (*Server, func()) {
	return startServerOn(s.t, cfg, moveTerrain(), components.Position{X: 0.5, Y: moveGround, Z: 0.5})
}

// shardStarter returns a function that starts shard name of one fresh
// world (shards).
func shardStarter(t *testing.T) func(name string) (*Server, func()) {
	s := newShards(t)
	return func(name string) (*Server, func()) { return s.start(s.config(name)) }
}

// chatLog keeps the chat lines a client hears, and its action acks.
type chatLog struct {
	mu    sync.Mutex
	lines []string
	acks  map[uint32]*protocol.ActionAck
}

func (l *chatLog) handlers() client.Handlers {
	return client.Handlers{
		OnControl: func(m *protocol.ServerMessage) {
			if cb := m.GetChatBroadcast(); cb != nil && !cb.GetSystem() {
				l.mu.Lock()
				l.lines = append(l.lines, cb.GetFrom()+": "+cb.GetText())
				l.mu.Unlock()
			}
		},
		OnActionAck: func(a *protocol.ActionAck) {
			l.mu.Lock()
			if l.acks == nil {
				l.acks = map[uint32]*protocol.ActionAck{}
			}
			l.acks[a.GetRequestId()] = a
			l.mu.Unlock()
		},
	}
}

func (l *chatLog) heard(line string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.lines {
		if s == line {
			return true
		}
	}
	return false
}

func (l *chatLog) ack(id uint32) *protocol.ActionAck {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.acks[id]
}

// playerNamed returns the player entity named name that c holds.
func playerNamed(c *client.Conn, name string) (client.Entity, bool) {
	for _, e := range c.Entities() {
		if e.Kind == "strata:player" && e.Name == name {
			return e, true
		}
	}
	return client.Entity{}, false
}

// blockAt is the block c holds at (x, y, z), if it holds its section.
func blockAt(c *client.Conn, x, y, z int) (chunk.Block, bool) {
	s, ok := c.Section(chunk.PosOfBlock(x, y, z))
	if !ok || s.Decoded == nil {
		return 0, false
	}
	lx, ly, lz := chunk.LocalOfBlock(x, y, z)
	return s.Decoded.Get(lx, ly, lz), true
}

// TestTwoShardsOneWorld is the first promise: two players on two
// shards of one world, side by side, see each other move, see each
// other's edits (one of them arbitrated by the other shard, the owner of
// the region, and acknowledged once durable there) and each other's
// chat; and a name connected to one shard is refused by the other.
func TestTwoShardsOneWorld(t *testing.T) {
	shard := shardStarter(t)
	a, _ := shard("a")
	b, _ := shard("b")
	var aLog, bLog chatLog
	var aLines, bLines systemLines
	_, aliceKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	alice := dialPlayerOpts(t, a, client.Options{Name: "alice", Key: aliceKey, ViewDistance: 3, Handlers: merge(aLog.handlers(), aLines.handlers())})
	bob := dialPlayerOpts(t, b, client.Options{Name: "bob", ViewDistance: 3, Handlers: merge(bLog.handlers(), bLines.handlers())})

	// Each sees the other, and the other's move.
	waitfor.Until(t, 15*time.Second, "alice and bob do not see each other", func() bool {
		_, ok1 := playerNamed(alice, "bob")
		_, ok2 := playerNamed(bob, "alice")
		return ok1 && ok2
	})
	teleport(t, bob, &bLines, 4.5, moveGround, 0.5)
	waitfor.Until(t, 10*time.Second, "alice does not see bob's move", func() bool {
		e, ok := playerNamed(alice, "bob")
		return ok && dist(e.Position, client.Vec3{X: 4.5, Y: moveGround, Z: 0.5}) < 0.01
	})

	// The region is owned by one of them; both edit in it.
	waitfor.Until(t, 10*time.Second, "nobody claimed the spawn region", func() bool {
		for _, s := range []*Server{a, b} {
			if clusterOf(s).Holds(regionZero) && statsOf(s).RegionsReady.Load() > 0 {
				return true
			}
		}
		return false
	})
	type edit struct {
		c    *client.Conn
		log  *chatLog
		x, z int
	}
	edits := []edit{{alice, &aLog, 2, 3}, {bob, &bLog, 3, 2}}
	for _, e := range edits {
		id, err := e.c.Place(int32(e.x), moveGround, int32(e.z), chunk.Stone)
		if err != nil {
			t.Fatal(err)
		}
		waitfor.Until(t, 10*time.Second, "no ack", func() bool { return e.log.ack(id) != nil })
		if ack := e.log.ack(id); !ack.GetAccepted() {
			t.Fatalf("place at (%d, %d): %v %q", e.x, e.z, ack.GetResult(), ack.GetReason())
		}
	}
	for _, c := range []*client.Conn{alice, bob} {
		for _, e := range edits {
			waitfor.Until(t, 10*time.Second, fmt.Sprintf("block at (%d, %d) not seen", e.x, e.z), func() bool {
				bl, ok := blockAt(c, e.x, moveGround, e.z)
				return ok && bl == chunk.Stone
			})
		}
	}
	sa, sb := statsOf(a), statsOf(b)
	if f, sv := sa.Forwarded.Load()+sb.Forwarded.Load(), sa.Served.Load()+sb.Served.Load(); f != 1 || sv != 1 {
		t.Errorf("forwarded %d, served %d: want exactly one edit through the owner", f, sv)
	}

	// Chat crosses.
	if err := alice.Chat("hello from a"); err != nil {
		t.Fatal(err)
	}
	waitfor.Until(t, 10*time.Second, "bob did not hear alice", func() bool { return bLog.heard("alice: hello from a") })

	// The figures are in /metrics, the panel in the status snapshot.
	resp, err := http.Get("http://" + a.AdminAddr() + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{"strata_cluster_leases_held", `strata_cluster_messages_total{direction="out",family="presence"}`, `strata_cluster_edits_total{kind="forwarded"}`, "strata_cluster_nats_round_trips_total"} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if cs := a.clusterSnapshot(); cs == nil || cs.Shard != "a" || cs.RemotePlayers != 1 {
		t.Errorf("status panel of a: %+v", cs)
	}

	// One name, one shard (with her own key: another is refused NAME_BOUND
	// first, TestIdentityAcrossShards).
	_, err = dialPlayerErr(b, client.Options{Name: "alice", Key: aliceKey})
	var rej *client.RejectError
	if !errors.As(err, &rej) || rej.Code != protocol.ErrorCode_ERROR_CODE_NAME_TAKEN {
		t.Fatalf("alice on shard b too: %v, want NAME_TAKEN", err)
	}

	// Far from every player of a, bob is not published to it (a's
	// interest, the cells its players stand in, does not reach him), and
	// a lets him go; back beside alice, he is published again.
	teleport(t, bob, &bLines, 3000.5, moveGround, 0.5)
	waitfor.Until(t, 10*time.Second, "shard a still holds bob far away", func() bool {
		_, seen := playerNamed(alice, "bob")
		return sa.RemotePlayers.Load() == 0 && !seen
	})
	teleport(t, bob, &bLines, 4.5, moveGround, 0.5)
	waitfor.Until(t, 10*time.Second, "alice does not see bob back", func() bool {
		_, seen := playerNamed(alice, "bob")
		return sa.RemotePlayers.Load() == 1 && seen
	})
}

// TestPresenceGoesWhereItIsSeen: with three shards, two players side by
// side on a and b see each other, while shard c, whose player stands far
// away, is sent neither of them: it hears a's and b's announcements, a
// few a second, and no presence of theirs. When carol walks over, c is
// sent both, and both shards see her; when she leaves again, c is told
// to drop them at once.
func TestPresenceGoesWhereItIsSeen(t *testing.T) {
	shard := shardStarter(t)
	a, _ := shard("a")
	b, _ := shard("b")
	c, _ := shard("c")
	var cLines systemLines
	alice := dialPlayer(t, a, "alice", 3)
	bob := dialPlayer(t, b, "bob", 3)
	carol := dialPlayerOpts(t, c, client.Options{Name: "carol", ViewDistance: 3, Handlers: cLines.handlers()})
	teleport(t, carol, &cLines, 3000.5, moveGround, 0.5)
	waitfor.Until(t, 15*time.Second, "alice and bob do not see each other", func() bool {
		_, ok1 := playerNamed(alice, "bob")
		_, ok2 := playerNamed(bob, "alice")
		return ok1 && ok2
	})
	presenceIn := func(s *Server) uint64 { return clusterOf(s).Stats().MsgsIn[clusterplugin.FamilyPresence] }
	// Over two seconds (40 ticks): b hears a's presence every other tick
	// (PresenceEvery; 28 messages with the announcements in the runs so
	// far; 18 leaves room for late ticks), c only the announcements
	// (every 10 ticks from each of a and b).
	waitfor.Until(t, 10*time.Second, "c still holds a's or b's players", func() bool { return statsOf(c).RemotePlayers.Load() == 0 })
	b0, c0 := presenceIn(b), presenceIn(c)
	time.Sleep(2 * time.Second)
	heardB, heardC := presenceIn(b)-b0, presenceIn(c)-c0
	t.Logf("in 2 s b heard %d presence messages, c %d", heardB, heardC)
	if heardB < 18 || heardC > 16 {
		t.Errorf("in 2 s b heard %d presence messages (want a's, every other tick), c heard %d (want only announcements)", heardB, heardC)
	}
	if n := statsOf(c).RemotePlayers.Load(); n != 0 {
		t.Errorf("c holds %d players of other shards, far from its own", n)
	}
	if _, seen := playerNamed(carol, "alice"); seen {
		t.Error("carol sees alice 3,000 blocks away")
	}

	// Carol comes over: all three see each other.
	teleport(t, carol, &cLines, 2.5, moveGround, 4.5)
	waitfor.Until(t, 15*time.Second, "carol and the others do not see each other", func() bool {
		_, ca := playerNamed(carol, "alice")
		_, cb := playerNamed(carol, "bob")
		_, ac := playerNamed(alice, "carol")
		_, bc := playerNamed(bob, "carol")
		return ca && cb && ac && bc
	})
	// And leaves: c is told to drop a's and b's players (the farewell
	// keyframe), well before their presence would time out.
	teleport(t, carol, &cLines, -3000.5, moveGround, 0.5)
	waitfor.Until(t, 10*time.Second, "c still holds the others' players", func() bool {
		_, ca := playerNamed(carol, "alice")
		return statsOf(c).RemotePlayers.Load() == 0 && !ca
	})
}

var regionZero = clusterRegion(0, 0)

// merge runs both handlers' callbacks.
func merge(x, y client.Handlers) client.Handlers {
	return client.Handlers{
		OnControl: func(m *protocol.ServerMessage) {
			if x.OnControl != nil {
				x.OnControl(m)
			}
			if y.OnControl != nil {
				y.OnControl(m)
			}
		},
		OnActionAck: x.OnActionAck,
	}
}

func statsOf(s *Server) *clusterplugin.Stats { return ecs.Resource[clusterplugin.Stats](s.App()) }

func clusterOf(s *Server) *rcluster.Cluster { return s.cfg.cluster }

func clusterRegion(x, z int32) rcluster.Region { return rcluster.Region{X: x, Z: z} }

// dialPlayerErr dials srv and returns the error instead of failing.
func dialPlayerErr(srv *Server, o client.Options) (*client.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	o.PinSHA256 = srv.CertSHA256()
	c, err := client.Dial(ctx, srv.NetAddr(), o)
	if err == nil {
		c.Close()
	}
	return c, err
}

// TestCrittersAcrossShards: the critters of a region are simulated by the
// shard that owns it, and a player of another shard standing among them
// sees them walk — mirrors of the owner's, along the same path — while
// his own shard simulates none there. When the owner shuts down, the
// other shard takes the region over and simulates the same critters from
// where the owner saved them.
func TestCrittersAcrossShards(t *testing.T) {
	testkit.Long(t)
	shard := shardStarter(t)
	a, stopA := shard("a")
	b, _ := shard("b")
	var aLines, bLines systemLines
	alice := dialPlayerOpts(t, a, client.Options{Name: "alice", ViewDistance: 4, Handlers: aLines.handlers()})
	teleport(t, alice, &aLines, farX, moveGround, farZ)
	far := rcluster.RegionOfBlock(4000, 4000) // farX, farZ
	// The waits below are bounds, generous for a loaded machine; nothing
	// here is timed.
	waitfor.Until(t, 60*time.Second, "shard a did not take the far region", func() bool { return clusterOf(a).Holds(far) })
	waitfor.Until(t, 60*time.Second, "alice sees no critter", func() bool { return len(heldCritters(alice)) > 0 })

	bob := dialPlayerOpts(t, b, client.Options{Name: "bob", ViewDistance: 4, Handlers: bLines.handlers()})
	teleport(t, bob, &bLines, farX+3, moveGround, farZ)

	// Alice's critters' paths, and bob's: each of bob's is a mirror, and
	// walks the path of one of alice's.
	paths := [2]map[uint64]map[client.Vec3]bool{{}, {}}
	record := func(i int, c *client.Conn) {
		for _, e := range heldCritters(c) {
			if paths[i][e.ID] == nil {
				paths[i][e.ID] = map[client.Vec3]bool{}
			}
			paths[i][e.ID][e.Position] = true
		}
	}
	waitfor.Until(t, 120*time.Second, "bob saw no critter walk 10 steps of a path alice saw", func() bool {
		record(0, alice)
		record(1, bob)
		for id, path := range paths[1] {
			if id&(1<<61) == 0 {
				t.Fatalf("bob holds critter %#x, which shard b simulates: the region is a's", id)
			}
			for _, theirs := range paths[0] {
				same := 0
				for p := range path {
					if theirs[p] {
						same++
					}
				}
				if same >= 10 {
					t.Logf("bob's critter %#x walked %d points of a path alice saw (%d critters each)", id, same, len(paths[1]))
					return true
				}
			}
		}
		return false
	})
	if st := statsOf(b); st.RemoteEntities.Load() == 0 || statsOf(a).EntitiesOut.Load() == 0 {
		t.Errorf("b mirrors %d entities, a published %d states", st.RemoteEntities.Load(), statsOf(a).EntitiesOut.Load())
	}
	if cs := b.clusterSnapshot(); cs == nil || cs.RemoteEntities == 0 {
		t.Errorf("status panel of b: %+v", cs)
	}

	// Shard a stops (saving its critters); b takes the region and
	// simulates them, from where a left them. Where any critter was seen,
	// on the whole of the paths both players saw, and last.
	record(0, alice)
	record(1, bob)
	var before []client.Vec3
	for _, c := range []*client.Conn{alice, bob} {
		for _, e := range heldCritters(c) {
			before = append(before, e.Position)
		}
	}
	for _, ps := range paths {
		for _, path := range ps {
			for p := range path {
				before = append(before, p)
			}
		}
	}
	mirrors := len(heldCritters(bob))
	stopA()
	stopped := time.Now()
	waitfor.Until(t, 60*time.Second, "shard b did not take the far region over", func() bool { return clusterOf(b).Holds(far) })
	first := map[uint64]client.Vec3{}
	firstAt := map[uint64]time.Duration{}
	waitfor.Until(t, 60*time.Second, "bob does not hold the critters shard b simulates", func() bool {
		left := 0
		for _, e := range heldCritters(bob) {
			if e.ID&(1<<61) != 0 {
				left++
			} else if _, ok := first[e.ID]; !ok {
				first[e.ID], firstAt[e.ID] = e.Position, time.Since(stopped)
			}
		}
		return left == 0 && len(first) >= mirrors*3/4
	})
	// Each taken over where one was seen; but a critter neither client
	// saw (in a column resident on b, beyond what bob is sent) may walk
	// into his view meanwhile, as one did in a CI run: most, not all.
	// Near is 3 blocks, and as far again as a critter walks (1.5 blocks
	// a second) in the time until bob saw it on b: the takeover takes
	// longer on a loaded machine, and b simulates the critters meanwhile.
	// A slower takeover only loosens this; it never fails it.
	near := 0
	for id, at := range first {
		seen := false
		within := 3 + 1.5*firstAt[id].Seconds()
		for _, p := range before {
			seen = seen || dist(p, at) < within
		}
		if seen {
			near++
		} else {
			t.Logf("critter %#x first seen at %v, far from where any was seen before", id, at)
		}
	}
	t.Logf("%d mirrors before the stop, %d critters of shard b's after, %d where one was seen", mirrors, len(first), near)
	if near < len(first)*3/4 {
		t.Errorf("%d of %d critters taken over near where one was seen before; want three quarters at least", near, len(first))
	}
}

// TestForwardedEditsAreRateLimited: a player's edits are rate-limited
// alike whichever shard arbitrates them. Bob, on shard b, sends a burst of
// edits in the region shard a owns; b answers those past his limit
// RATE_LIMITED itself and forwards only the rest.
func TestForwardedEditsAreRateLimited(t *testing.T) {
	shard := shardStarter(t)
	a, _ := shard("a")
	dialPlayerOpts(t, a, client.Options{Name: "alice", ViewDistance: 2})
	waitfor.Until(t, 15*time.Second, "shard a did not take the spawn region", func() bool {
		return clusterOf(a).Holds(regionZero) && statsOf(a).RegionsReady.Load() > 0
	})
	b, _ := shard("b")
	var bLog chatLog
	bob := dialPlayerOpts(t, b, client.Options{Name: "bob", ViewDistance: 2, Handlers: bLog.handlers()})

	const sent = 60
	burst := gameplay.DefaultConfig().ActionBurst
	var ids []uint32
	for i := range sent {
		id, err := bob.Place(int32(2+i%3), moveGround+int32(i/3%3), int32(1+i/9), chunk.Stone)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	waitfor.Until(t, 15*time.Second, "not every edit was answered", func() bool {
		for _, id := range ids {
			if bLog.ack(id) == nil {
				return false
			}
		}
		return true
	})
	limited, results := 0, map[protocol.ActionResult]int{}
	for _, id := range ids {
		r := bLog.ack(id).GetResult()
		results[r]++
		if r == protocol.ActionResult_ACTION_RESULT_RATE_LIMITED {
			limited++
		}
	}
	forwarded, served := statsOf(b).Forwarded.Load(), statsOf(a).Served.Load()
	t.Logf("%d edits sent: %d rate-limited on b, %d forwarded, %d served by a; results %v", sent, limited, forwarded, served, results)
	// The sends take a few ticks, which refill a few tokens.
	if limited < sent-burst-10 || forwarded > uint64(burst+10) || forwarded+uint64(limited) != sent {
		t.Fatalf("%d rate-limited, %d forwarded of %d: want the forwards held to the burst of %d", limited, forwarded, sent, burst)
	}
}

// TestIdentityAcrossShards: the access registry is the cluster's. A name
// bound to its first key on one shard is refused with another key on the
// other, and a ban made on one shard disconnects the player from the
// other and keeps him out there.
func TestIdentityAcrossShards(t *testing.T) {
	shard := shardStarter(t)
	a, _ := shard("a")
	b, _ := shard("b")
	key := func() ed25519.PrivateKey {
		_, k, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	refusal := func(err error) protocol.ErrorCode {
		var rej *client.RejectError
		if errors.As(err, &rej) {
			return rej.Code
		}
		return protocol.ErrorCode_ERROR_CODE_NONE
	}

	alice := dialPlayerOpts(t, a, client.Options{Name: "alice", Key: key(), ViewDistance: 2})
	alice.Close()
	var err error
	waitfor.Until(t, 15*time.Second, "alice with another key was not refused NAME_BOUND on shard b", func() bool {
		_, err = dialPlayerErr(b, client.Options{Name: "alice", Key: key()})
		return refusal(err) == protocol.ErrorCode_ERROR_CODE_NAME_BOUND
	})
	t.Logf("shard b: %v", err)

	bobKey := key()
	bob := dialPlayerOpts(t, b, client.Options{Name: "bob", Key: bobKey, ViewDistance: 2})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if reply, err := a.Console().Run(ctx, "/ban bob griefing"); err != nil {
		t.Fatal(err)
	} else {
		t.Logf("shard a: %s", reply)
	}
	select {
	case <-bob.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("bob, banned on shard a, is still connected to shard b")
	}
	var ce *client.CloseError
	if !errors.As(bob.Err(), &ce) || ce.Code != protocol.ErrorCode_ERROR_CODE_FORBIDDEN || !strings.Contains(ce.Reason, "griefing") {
		t.Fatalf("bob's connection ended with %v, want FORBIDDEN and the ban's reason", bob.Err())
	}
	_, err = dialPlayerErr(b, client.Options{Name: "bob", Key: bobKey})
	if refusal(err) != protocol.ErrorCode_ERROR_CODE_FORBIDDEN {
		t.Fatalf("bob back on shard b: %v, want FORBIDDEN", err)
	}
}

// TestBlockEditsAheadOfTheWatch: the owner of a region publishes its block
// edits on the tick it makes them, so the players on the other shard see
// an edit as those beside the placer do — before it is durable, while its
// acknowledgement still waits. With the owner's commits held, both its own
// player's edit and one forwarded from the other shard show there; once
// they are durable both are acknowledged. An edit shown ahead whose owner
// then loses the region before its write goes back, on the shard that
// takes the region, to what is stored; the old owner's write is refused.
func TestBlockEditsAheadOfTheWatch(t *testing.T) {
	shard := shardStarter(t)
	a, _ := shard("a")
	b, _ := shard("b")
	var aLog, bLog chatLog
	alice := dialPlayerOpts(t, a, client.Options{Name: "alice", ViewDistance: 3, Handlers: aLog.handlers()})
	bob := dialPlayerOpts(t, b, client.Options{Name: "bob", ViewDistance: 3, Handlers: bLog.handlers()})
	var owner, other *Server
	waitfor.Until(t, 15*time.Second, "nobody claimed the spawn region", func() bool {
		for _, s := range [][2]*Server{{a, b}, {b, a}} {
			if clusterOf(s[0]).Holds(regionZero) && statsOf(s[0]).RegionsReady.Load() > 0 {
				owner, other = s[0], s[1]
				return true
			}
		}
		return false
	})
	ownerC, otherC, ownerLog, otherLog := alice, bob, &aLog, &bLog
	if owner == b {
		ownerC, otherC, ownerLog, otherLog = bob, alice, &bLog, &aLog
	}
	type spot struct{ x, z int }
	mine, forwarded, lost := spot{2, 3}, spot{3, 2}, spot{4, 1}
	natural := map[spot]chunk.Block{}
	waitfor.Until(t, 15*time.Second, "the edited sections did not reach both clients", func() bool {
		for _, s := range []spot{mine, forwarded, lost} {
			b1, ok1 := blockAt(ownerC, s.x, moveGround, s.z)
			b2, ok2 := blockAt(otherC, s.x, moveGround, s.z)
			if !ok1 || !ok2 || b1 != b2 {
				return false
			}
			natural[s] = b1
		}
		return true
	})
	for s, bl := range natural {
		if bl == chunk.Stone {
			t.Fatalf("(%d, %d) is stone before the test places it", s.x, s.z)
		}
	}
	shows := func(c *client.Conn, s spot, want chunk.Block) func() bool {
		return func() bool { bl, ok := blockAt(c, s.x, moveGround, s.z); return ok && bl == want }
	}

	// A test that fails with commits held must not hold the shutdown.
	t.Cleanup(func() { clusterOf(owner).HoldCommits(false) })
	clusterOf(owner).HoldCommits(true)
	mineID, err := ownerC.Place(int32(mine.x), moveGround, int32(mine.z), chunk.Stone)
	if err != nil {
		t.Fatal(err)
	}
	fwdID, err := otherC.Place(int32(forwarded.x), moveGround, int32(forwarded.z), chunk.Stone)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []spot{mine, forwarded} {
		for _, c := range []*client.Conn{ownerC, otherC} {
			waitfor.Until(t, 10*time.Second, fmt.Sprintf("(%d, %d) not seen before it is durable", s.x, s.z), shows(c, s, chunk.Stone))
		}
	}
	if ownerLog.ack(mineID) != nil || otherLog.ack(fwdID) != nil {
		t.Fatal("an edit was acknowledged while the owner's commits were held")
	}
	if n := statsOf(other).AheadEdits.Load(); n < 2 {
		t.Fatalf("the other shard showed %d edits ahead, want both", n)
	}
	clusterOf(owner).HoldCommits(false)
	for _, ack := range []struct {
		log *chatLog
		id  uint32
	}{{ownerLog, mineID}, {otherLog, fwdID}} {
		waitfor.Until(t, 10*time.Second, "no ack once durable", func() bool { return ack.log.ack(ack.id) != nil })
		if a := ack.log.ack(ack.id); !a.GetAccepted() {
			t.Fatalf("edit %d: %v %q", ack.id, a.GetResult(), a.GetReason())
		}
	}

	// The owner stalls past its lease with an edit shown but not written.
	clusterOf(owner).PauseRenewals(true)
	clusterOf(owner).HoldCommits(true)
	lostID, err := ownerC.Place(int32(lost.x), moveGround, int32(lost.z), chunk.Stone)
	if err != nil {
		t.Fatal(err)
	}
	waitfor.Until(t, 10*time.Second, "the stalled owner's edit not seen on the other shard", shows(otherC, lost, chunk.Stone))
	waitfor.Until(t, 15*time.Second, "the other shard did not take the region", func() bool {
		return clusterOf(other).Holds(regionZero) && statsOf(other).RegionsReady.Load() > 0
	})
	waitfor.Until(t, 10*time.Second, "the unwritten edit did not go back on the new owner", shows(otherC, lost, natural[lost]))
	clusterOf(owner).HoldCommits(false)
	clusterOf(owner).PauseRenewals(false)
	waitfor.Until(t, 10*time.Second, "the stalled edit was not answered", func() bool { return ownerLog.ack(lostID) != nil })
	if a := ownerLog.ack(lostID); a.GetAccepted() {
		t.Fatal("an edit written under a lapsed lease was acknowledged")
	}
	waitfor.Until(t, 10*time.Second, "the refused edit still shows beside its placer", shows(ownerC, lost, natural[lost]))
	// The durable ones stay, everywhere.
	for _, s := range []spot{mine, forwarded} {
		for _, c := range []*client.Conn{ownerC, otherC} {
			if !shows(c, s, chunk.Stone)() {
				t.Fatalf("(%d, %d) lost after the takeover", s.x, s.z)
			}
		}
	}
}
