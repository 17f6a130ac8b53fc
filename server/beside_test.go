package server_test

import (
	"slices"
	"testing"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/server"
	"github.com/stratavox/strata/systems/network"
	"github.com/stratavox/strata/systems/residency"
)

// TestResubscribeRunsBeside: in the server's whole schedule, with every
// default plugin, the moved views' resubscriptions run beside
// stream_chunks and reconcile. A plugin that put an undeclared system
// between them would silently put that work back on the tick.
func TestResubscribeRunsBeside(t *testing.T) {
	cfg := server.Defaults()
	cfg.DataDir = t.TempDir()
	cfg.Listen = "127.0.0.1:0"
	cfg.Admin = ""
	srv, err := server.New(cfg, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	got := srv.App().Schedule().Beside(network.SystemResubscribe)
	if want := []string{residency.SystemStreamChunks, residency.SystemReconcile}; !slices.Equal(got, want) {
		t.Fatalf("%s runs beside %v, want %v", network.SystemResubscribe, got, want)
	}
}
