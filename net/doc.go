// Package transport is Strata's QUIC transport: the listener, per-client
// connections and the bridge between them and the simulation tick.
//
// The import path is github.com/stratavox/strata/net but the package is
// named transport, because every file here also needs the standard library's
// net (addresses, sockets) and a package named net would force an alias on
// both sides. Import it as
//
//	import transport "github.com/stratavox/strata/net"
//
// What is wire format and independent of any session — encoded frames
// (wire.Encoded), the frame pool, the Drops and AirSections lists, the
// section and player-state encoders, the pooled input messages, the event
// kinds, Admission and Queued — is in net/wire, which plugins, replay and
// bench import; only the server's composition imports this package
// (server/transport.go adapts its Inbox to the network plugin and
// access's authenticators to Config.Authenticator).
//
// # The bridge
//
// Nothing here touches the ECS world. Connection goroutines push Events into
// one shared Inbox; the ingest system drains it once per tick with
// Inbox.Drain, which never blocks. In the other direction each Client has
// bounded outbound queues (control, chunk, datagram) written by that
// client's own goroutines; Client.Send and friends return false instead of
// blocking when a queue is full, so a slow client hurts only itself. For a
// client granted protocol.FeatureDeflateChunks the chunk writer compresses
// each batch it drains into the stream's one DEFLATE stream (deflate.go),
// with a compressor borrowed from a shared pool for the batch.
//
// Per client the events are ordered (kinds wire.Connected, wire.Message,
// wire.Disconnected): Connected first, then Messages in the
// order the client sent them, then exactly one Disconnected — also when the
// connection dies before the tick answers Connected.
//
// # Admission
//
// The transport runs the login itself (docs/protocol.md §3.1): it
// validates the Hello (version, name, key), challenges the client to sign
// the login transcript bound to the connection (Session.Binding), verifies
// the Proof, asks Config.Authenticator (name bindings, bans, tokens), then
// checks capacity and the name's uniqueness — replacing the same player's
// older connection (same key) with REPLACED — and answers any refusal with
// a Reject. A proven login becomes a Connected event, whose Client.Key is
// the player's identity; the tick then calls Client.Accept with the
// entity id and spawn (the transport fills in everything else of the
// Welcome) or Client.Reject. If it does neither within
// Limits.AdmitTimeout the client is rejected with HANDSHAKE_TIMEOUT.
//
// The wire protocol is described in docs/protocol.md; the schema is in
// net/protocol, the framing in net/frame, the Go client in net/client.
// Browsers connect over WebTransport on the same port: net/wt registers an
// "h3" handler in Config.ALPNHandlers and hands each session to
// Server.ServeSession.
//
// # Testing without sockets
//
// Pipe makes an in-memory session pair with QUIC's stream, close and
// datagram semantics. Serve its server end with Server.ServeSession (a
// NewSessionServer needs no socket at all) and run net/client on the other
// with client.Open: tests then exercise the real framing, validation,
// queues and writers, deterministically and fast.
package transport
