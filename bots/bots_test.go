package bots

import (
	"context"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/server"
)

// freeUDPAddr returns a loopback UDP address that was free a moment ago:
// the server's QUIC address must be known before it opens (after its
// start-up gate), and reading it from the server while it runs would race.
func freeUDPAddr(t *testing.T) string {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := pc.LocalAddr().String()
	pc.Close()
	return addr
}

// startServer runs a real server in-process until the test ends and
// returns its QUIC and admin addresses once a client can connect.
func startServer(t *testing.T) (srv *server.Server, quicAddr, adminAddr string) {
	t.Helper()
	cfg := server.Defaults()
	cfg.DataDir = t.TempDir()
	cfg.SpawnRadius = 1
	cfg.Listen = freeUDPAddr(t)
	cfg.Admin = "127.0.0.1:0"
	srv, err := server.New(cfg, zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	// A bound, not a measure: under the race detector on a loaded
	// machine a server took over 20 s to start.
	deadline := time.Now().Add(90 * time.Second)
	for {
		if time.Now().After(deadline) {
			t.Fatal("server not accepting clients after 90s")
		}
		dctx, dcancel := context.WithTimeout(context.Background(), 5*time.Second)
		c, err := client.Dial(dctx, cfg.Listen, client.Options{Name: "probe", PinSHA256: srv.CertSHA256()})
		dcancel()
		if err == nil {
			c.Close()
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	return srv, cfg.Listen, srv.AdminAddr()
}

// TestBotsAgainstRealServer runs three walking bots against an in-process
// server over loopback QUIC: each gets its first complete view, the counts
// agree with each other, nothing fails, and the server's figures are read.
func TestBotsAgainstRealServer(t *testing.T) {
	t.Parallel()
	srv, addr, admin := startServer(t)
	const view = 3
	rep, err := Run(context.Background(), Config{
		Server: addr, Bots: 3, Pattern: Walk, Duration: 6 * time.Second, View: view,
		PinSHA256: srv.CertSHA256(), Admin: admin, Decode: true, Settle: 4 * time.Second,
		Say: []string{"/where"},
		Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel),
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range rep.PerBot {
		if !slices.ContainsFunc(b.Told, func(l string) bool { return strings.HasPrefix(l, b.Name+": at ") }) {
			t.Errorf("%s was told %q, want the reply to /where", b.Name, b.Told)
		}
	}
	var sb strings.Builder
	if err := rep.WriteText(&sb, true); err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", sb.String())
	plain := resources.Cylinder{Center: chunk.Pos{Y: 4}, Radius: view}.Len()
	for _, b := range rep.PerBot {
		if b.Errors != 0 {
			t.Errorf("%s: %d errors: %v", b.Name, b.Errors, b.Messages)
		}
		if b.Joins != 1 || b.Complete != 1 || b.FirstViewP50 <= 0 {
			t.Errorf("%s: %d joins, %d complete views, first view %vms", b.Name, b.Joins, b.Complete, b.FirstViewP50)
		}
		if b.Sections != uint64(b.Held)+b.Drops {
			t.Errorf("%s: %d sections received, %d held + %d dropped", b.Name, b.Sections, b.Held, b.Drops)
		}
		if b.Sections < uint64(plain) || b.DataBytes == 0 || b.Bytes <= b.DataBytes {
			t.Errorf("%s: %d sections (view has %d), %d bytes, %d data bytes", b.Name, b.Sections, plain, b.Bytes, b.DataBytes)
		}
		accounted := b.Prefetched + b.Arrived + b.LeftEarly + b.StillMissing
		if accounted < b.Entered || accounted > b.Entered+b.DroppedInView {
			t.Errorf("%s: %d entered (+%d dropped in view), %d prefetched + %d arrived + %d left + %d missing",
				b.Name, b.Entered, b.DroppedInView, b.Prefetched, b.Arrived, b.LeftEarly, b.StillMissing)
		}
		if b.MovingSeconds <= 0 || b.Path <= 0 {
			t.Errorf("%s: moved %.1f s, %.1f blocks", b.Name, b.MovingSeconds, b.Path)
		}
		// Bots ask for the compressed chunk stream: fewer bytes on the
		// wire than in the stream, which holds every frame.
		if b.DeflateJoins != b.Joins || b.WireBytes == 0 || b.WireBytes >= b.StreamBytes || b.StreamBytes <= b.Bytes {
			t.Errorf("%s: deflate-chunks on %d of %d joins, %d bytes on the wire, %d in the stream, %d of Chunk payload",
				b.Name, b.DeflateJoins, b.Joins, b.WireBytes, b.StreamBytes, b.Bytes)
		}
	}
	if rep.WireBytesPerSection <= 0 || rep.WireBytesPerSection >= rep.StreamBytesPerSection {
		t.Errorf("%.1f bytes per section on the wire, %.1f in the stream", rep.WireBytesPerSection, rep.StreamBytesPerSection)
	}
	if tot := rep.Total; tot.Sections != rep.PerBot[0].Sections+rep.PerBot[1].Sections+rep.PerBot[2].Sections {
		t.Errorf("total %d sections is not the sum of the bots'", tot.Sections)
	}
	f := rep.ServerFigures
	if f == nil || f.Error != "" || f.Ticks == 0 || f.SentSections == 0 && f.Kind != "every bot moving" {
		t.Errorf("server figures: %+v", f)
	}
}

// TestTeleportReconnects checks that the teleport pattern rejoins under
// the same name and gets a complete view each time; with PlainChunks, on
// plain chunk streams, whose bytes on the wire are the stream's.
func TestTeleportReconnects(t *testing.T) {
	t.Parallel()
	srv, addr, _ := startServer(t)
	rep, err := Run(context.Background(), Config{
		Server: addr, Bots: 1, Pattern: Teleport, Duration: 5 * time.Second, View: 2, Hop: time.Second,
		PinSHA256: srv.CertSHA256(), PlainChunks: true, Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel),
	})
	if err != nil {
		t.Fatal(err)
	}
	b := rep.PerBot[0]
	if b.Errors != 0 || b.Joins < 2 || b.Complete < b.Joins-1 {
		t.Errorf("%d joins, %d complete views, errors %v", b.Joins, b.Complete, b.Messages)
	}
	if b.DeflateJoins != 0 || b.WireBytes == 0 || b.WireBytes != b.StreamBytes {
		t.Errorf("plain chunks: deflate-chunks on %d joins, %d bytes on the wire, %d in the stream", b.DeflateJoins, b.WireBytes, b.StreamBytes)
	}
}

func TestLoopbackOnly(t *testing.T) {
	ctx := context.Background()
	for addr, want := range map[string]string{
		"127.0.0.1:4433": "127.0.0.1:4433",
		"localhost:4433": "127.0.0.1:4433",
		"[::1]:4433":     "[::1]:4433",
	} {
		got, err := LoopbackAddr(ctx, addr)
		if err != nil || got != want {
			t.Errorf("LoopbackAddr(%q) = %q, %v; want %q", addr, got, err, want)
		}
	}
	for _, addr := range []string{"8.8.8.8:4433", "10.0.0.1:4433", ":4433", "127.0.0.1"} {
		if _, err := LoopbackAddr(ctx, addr); err == nil {
			t.Errorf("LoopbackAddr(%q) accepted", addr)
		}
	}
	if _, err := Run(ctx, Config{Server: "192.0.2.1:4433", Bots: 1, Pattern: Walk, Duration: time.Second, View: 2, Insecure: true}); err == nil ||
		!strings.Contains(err.Error(), "not loopback") {
		t.Errorf("Run against a remote address: %v", err)
	}
	if _, err := FetchPin(ctx, "192.0.2.1:8080", ""); err == nil {
		t.Error("FetchPin from a remote address accepted")
	}
}

func TestConfigValidation(t *testing.T) {
	for _, tt := range []struct {
		want string // the setting the error must name
		c    Config
	}{
		{"bots", Config{Bots: 0, Pattern: Walk, Duration: time.Second, View: 2, Insecure: true}},
		{"bots", Config{Bots: MaxBots + 1, Pattern: Walk, Duration: time.Second, View: 2, Insecure: true}},
		{"pattern", Config{Bots: 1, Pattern: "run", Duration: time.Second, View: 2, Insecure: true}},
		{"duration", Config{Bots: 1, Pattern: Walk, Duration: 2 * MaxDuration, View: 2, Insecure: true}},
		{"view", Config{Bots: 1, Pattern: Walk, Duration: time.Second, View: 0, Insecure: true}},
		{"speed", Config{Bots: 1, Pattern: Walk, Speed: -1, Duration: time.Second, View: 2, Insecure: true}},
		{"pin", Config{Bots: 1, Pattern: Walk, Duration: time.Second, View: 2}},
		{"name-prefix", Config{Bots: 1, Pattern: Walk, Duration: time.Second, View: 2, Insecure: true, NamePrefix: "a very long prefix"}},
	} {
		tt.c.Server = "127.0.0.1:1"
		if _, err := Run(context.Background(), tt.c); err == nil || !strings.Contains(err.Error(), tt.want+":") {
			t.Errorf("%s: %v", tt.want, err)
		}
	}
}

// TestFetchPin reads the pin from a real admin listener.
func TestFetchPin(t *testing.T) {
	t.Parallel()
	srv, _, admin := startServer(t)
	pin, err := FetchPin(context.Background(), admin, "")
	if err != nil || pin != srv.CertSHA256() {
		t.Fatalf("FetchPin = %q, %v; want %q", pin, err, srv.CertSHA256())
	}
	// Something that is not the admin listener answers with an error.
	ts := http.Server{Handler: http.NotFoundHandler()}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go ts.Serve(ln)
	defer ts.Close()
	if _, err := FetchPin(context.Background(), ln.Addr().String(), ""); err == nil {
		t.Error("FetchPin from a 404 succeeded")
	}
}
