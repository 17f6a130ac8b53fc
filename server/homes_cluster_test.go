package server

import (
	"context"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/plugins/homes"
)

// TestHomesAcrossShards runs the homes plugin on two shards of one
// world: a home set on shard a (answered once JetStream has the record)
// is there when the player comes back through shard b, which reads the
// player's records when the session moves to it.
func TestHomesAcrossShards(t *testing.T) {
	s := newShards(t)
	start := func(name string) *Server {
		cfg := s.config(name)
		cfg.Plugins = append(cfg.Plugins, homes.New())
		srv, _ := s.start(cfg)
		return srv
	}
	a, b := start("a"), start("b")
	key := newKey(t)

	var aLines systemLines
	alice := dialPlayerOpts(t, a, client.Options{Name: "alice", Key: key, ViewDistance: 2, Handlers: aLines.handlers()})
	teleport(t, alice, &aLines, 6.5, moveGround, 2.5)
	if err := alice.Chat("/sethome"); err != nil {
		t.Fatal(err)
	}
	aLines.waitFor(t, "home home set at 6.5")
	alice.Close()

	// Shard a lets the name go once the record of her leaving is durable.
	var bLines systemLines
	var again *client.Conn
	waitfor.Until(t, 20*time.Second, "alice cannot join shard b", func() bool {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		c, err := client.Dial(ctx, b.NetAddr(), client.Options{Name: "alice", Key: key, ViewDistance: 2, PinSHA256: b.CertSHA256(), Handlers: bLines.handlers()})
		if err != nil {
			return false
		}
		again = c
		return true
	})
	t.Cleanup(func() { again.Close() })
	teleport(t, again, &bLines, 0.5, moveGround, 0.5)
	if err := again.Chat("/home"); err != nil {
		t.Fatal(err)
	}
	bLines.waitFor(t, "teleported home to home")
	if err := again.Chat("/homes"); err != nil {
		t.Fatal(err)
	}
	bLines.waitFor(t, "homes of alice: home (6.5 ")
}
