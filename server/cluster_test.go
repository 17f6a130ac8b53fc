package server

import (
	"context"
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
)

// shardConfig is a shard of the world in bucket on the NATS at url.
func shardConfig(t *testing.T, url, bucket, shard string) Config {
	cfg := Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	cfg.Cluster, cfg.Shard, cfg.ClusterBucket = url, shard, bucket
	cfg.LeaseTTL = 2 * time.Second
	return cfg
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
	url := natstest.Start(t)
	bucket := fmt.Sprintf("t%d", time.Now().UnixNano()%1e9)
	spawn := components.Position{X: 0.5, Y: moveGround, Z: 0.5}
	a, _ := startServerOn(t, shardConfig(t, url, bucket, "a"), moveTerrain(), spawn)
	b, _ := startServerOn(t, shardConfig(t, url, bucket, "b"), moveTerrain(), spawn)
	var aLog, bLog chatLog
	var aLines, bLines systemLines
	alice := dialPlayerOpts(t, a, client.Options{Name: "alice", ViewDistance: 3, Handlers: merge(aLog.handlers(), aLines.handlers())})
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

	// One name, one shard.
	_, err = dialPlayerErr(b, client.Options{Name: "alice"})
	var rej *client.RejectError
	if !errors.As(err, &rej) || rej.Code != protocol.ErrorCode_ERROR_CODE_NAME_TAKEN {
		t.Fatalf("alice on shard b too: %v, want NAME_TAKEN", err)
	}
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
