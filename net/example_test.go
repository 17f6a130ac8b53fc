package transport_test

import (
	"context"
	"os"
	"time"

	"github.com/rs/zerolog"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

// Example shows the wiring `strata serve` and the ingest/deliver systems
// need: certificate, listener, and a tick that drains the inbox without
// blocking and answers through the Client handles.
func Example() {
	log := zerolog.New(os.Stderr)
	dataDir, _ := os.MkdirTemp("", "strata-example")
	defer os.RemoveAll(dataDir)

	// serve: the certificate (self-signed in the data directory, or --cert/--key).
	cm, err := certs.Open(certs.Options{Dir: dataDir, Log: log})
	if err != nil {
		panic(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go cm.Run(ctx) // renews before expiry
	fp := cm.Fingerprint()
	log.Info().Str("sha256", fp.Hex()).Str("sha256_b64", fp.Base64()).Msg("certificate")
	// admin: serves cm.Handler() at GET /api/cert

	srv, err := transport.Listen(transport.Config{
		Listen:          "127.0.0.1:0", // --listen, default :4433
		TLS:             cm.TLSConfig(),
		Log:             log,
		World:           transport.WorldInfo{Seed: 42, GeneratorVersion: 1},
		MaxViewDistance: 16, // --max-view-distance
	})
	if err != nil {
		panic(err)
	}
	defer srv.Close()

	// The ingest system, once per tick.
	var events []transport.Event
	clients := map[transport.ClientID]*transport.Client{}
	ingest := func(tick uint64) {
		events = srv.Inbox().Drain(events[:0])
		for _, ev := range events {
			switch ev.Kind {
			case wire.Connected:
				// Spawn the entity (Player, Position, View{Radius: ev.Client.ViewDistance()}, Stream{Client}),
				// then admit; or ev.Client.Reject(protocol.ErrorCode_ERROR_CODE_FORBIDDEN, "banned").
				ev.Client.Accept(wire.Admission{EntityID: uint64(ev.ID), X: 0.5, Y: 80, Z: 0.5, Tick: tick, ViewDistance: protocol.ClampView(ev.Client.ViewDistance(), protocol.DefaultMaxViewDistance)})
				clients[ev.ID] = ev.Client
			case wire.Message:
				switch m := ev.Msg.Kind.(type) {
				case *protocol.ClientMessage_Subscribe:
					_ = m.Subscribe.GetViewDistance() // already clamped and rate-limited: set View.Radius
				case *protocol.ClientMessage_Input, *protocol.ClientMessage_BreakBlock, *protocol.ClientMessage_PlaceBlock,
					*protocol.ClientMessage_Chat, *protocol.ClientMessage_Pong:
					// hand to the simulate stage
				}
			case wire.Disconnected:
				delete(clients, ev.ID) // despawn; ev.Code / ev.Err say why
			}
		}
	}

	// The deliver system: encode once, send to many, respect backpressure.
	deliver := func() {
		s := chunk.Uniform(chunk.Stone)
		frame, err := wire.EncodeChunk(protocol.NewChunk(chunk.Pos{Y: 4}, 1, chunk.Encode(&s)))
		if err != nil {
			return
		}
		for _, c := range clients {
			if c.Queued().ChunkBytes > 1<<20 {
				continue // slow client: skip this tick
			}
			c.SendEncoded(frame)
		}
	}

	for tick := uint64(0); tick < 3; tick++ {
		ingest(tick)
		deliver()
		time.Sleep(50 * time.Millisecond)
	}
}
