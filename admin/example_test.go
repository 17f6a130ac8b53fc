package admin_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/rs/zerolog"
	"github.com/stratavox/strata/admin"
)

// Example shows the bridge: the tick side publishes snapshots and sets
// metrics; the admin listener serves them.
func Example() {
	status := admin.NewStatus()
	metrics := admin.NewMetrics()
	srv, err := admin.New(admin.Config{Addr: "127.0.0.1:0", Log: zerolog.Nop()}, status, metrics)
	if err != nil {
		panic(err)
	}
	if err := srv.Start(); err != nil {
		panic(err)
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}()

	// On the tick goroutine, in a system that runs last (every tick or
	// every N ticks): copy what the page shows into a fresh snapshot.
	metrics.ObserveTick(4 * time.Millisecond)
	metrics.SetResident(admin.Resident{Dense: 10, Uniform: 90, Bytes: 81920})
	status.Publish(&admin.Snapshot{
		Seed:    42,
		Started: time.Now().Add(-time.Minute),
		Tick:    1200,
		Ready:   true,
		Players: []admin.Player{{Name: "alice", Entity: 7, X: 8.5, Y: 70, Z: -3.25, ViewRadius: 8}},
		Columns: []admin.Column{{X: 0, Z: 0, Sections: 12, Dense: 2, Color: 0x5c9e3c}},
	})

	res, err := http.Get("http://" + srv.Addr() + "/readyz")
	if err != nil {
		panic(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	fmt.Print(res.StatusCode, " ", string(body))
	// Output: 200 ready
}
