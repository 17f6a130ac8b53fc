package cluster

import (
	"sync/atomic"
	"testing"

	"github.com/mlange-42/arche/generic"
	"github.com/rs/zerolog"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/testkit"
)

// TestNamesLostDisconnects: a name the cluster reports lost disconnects
// that player alone (REPLACED), matched as names are bound, whatever the
// case; once the process is fenced, every player is disconnected
// (SHUTDOWN).
func TestNamesLostDisconnects(t *testing.T) {
	var fenced atomic.Bool
	n := newNamesLost(fenced.Load, zerolog.Nop())
	app := testkit.NewApp(t)
	app.AddSystem(ecs.Ingest, SystemNamesLost, n.run)
	if err := app.Build(); err != nil {
		t.Fatal(err)
	}
	conns := map[string]*testkit.FakeConn{}
	for _, name := range []string{"Alice", "bob"} {
		c := &testkit.FakeConn{}
		conns[name] = c
		spawn := generic.NewMap2[components.Player, components.Connection](app.World())
		spawn.NewWith(&components.Player{Name: name}, &components.Connection{Conn: c})
	}
	closed := func(name string) protocol.ErrorCode { code, _ := conns[name].Closed(); return code }

	app.Step()
	if closed("Alice") != protocol.ErrorCode_ERROR_CODE_NONE || closed("bob") != protocol.ErrorCode_ERROR_CODE_NONE {
		t.Fatal("a player was disconnected with no name lost")
	}
	n.lost("alice") // reported from a cluster goroutine, spelled as bound
	app.Step()
	if closed("Alice") != protocol.ErrorCode_ERROR_CODE_REPLACED || closed("bob") != protocol.ErrorCode_ERROR_CODE_NONE {
		t.Fatalf("after alice's name was lost: Alice %v, bob %v", closed("Alice"), closed("bob"))
	}
	fenced.Store(true)
	app.Step()
	if closed("bob") != protocol.ErrorCode_ERROR_CODE_SHUTDOWN {
		t.Fatalf("bob %v after the process was fenced, want SHUTDOWN", closed("bob"))
	}
}
