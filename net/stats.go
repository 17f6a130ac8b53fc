package transport

import "sync/atomic"

// Stats are cumulative transport counters since Listen.
type Stats struct {
	// Clients is the number currently registered.
	Clients int
	// Connections is QUIC connections accepted (any ALPN).
	Connections uint64
	// Admitted, Rejected and Disconnected count clients by outcome.
	Admitted, Rejected, Disconnected uint64
	// MessagesIn counts control messages and datagrams received from
	// admitted clients; BytesOut counts bytes written to streams (the
	// chunk streams' after compression).
	MessagesIn, BytesOut uint64
	// ChunkBytes counts the frames written to chunk streams, length
	// prefixes included, before compression; ChunkWireBytes the bytes
	// those streams carried: the same for plain streams, the DEFLATE
	// stream for clients granted deflate-chunks.
	ChunkBytes, ChunkWireBytes uint64
	// Evicted counts logins ended to give their slot to a newcomer: every
	// login slot was held and they had not sent their Hello (or owed
	// their Proof for Limits.ProofGrace). Among Rejected.
	Evicted uint64
	// Refused counts chat and plugin messages the transport dropped (over
	// their rate, or malformed); RefusedUnanswered those of them not
	// answered with an Error because the client's Error replies were over
	// Limits.RefusalReplyRate.
	Refused, RefusedUnanswered uint64
	// RateLimited counts clients closed with RATE_LIMITED: over the
	// control message rate, or refused messages without a pause, for
	// Limits.FloodGrace.
	RateLimited uint64
}

type counters struct {
	connections, admitted, rejected, disconnected atomic.Uint64
	evicted, refused, refusedUnanswered           atomic.Uint64
	rateLimited                                   atomic.Uint64
	messagesIn, bytesOut                          atomic.Uint64
	chunkRaw, chunkWire                           atomic.Uint64
}

// Stats returns a snapshot of the counters.
func (s *Server) Stats() Stats {
	return Stats{
		Clients:        s.Clients(),
		Connections:    s.stats.connections.Load(),
		Admitted:       s.stats.admitted.Load(),
		Rejected:       s.stats.rejected.Load(),
		Disconnected:   s.stats.disconnected.Load(),
		MessagesIn:     s.stats.messagesIn.Load(),
		BytesOut:       s.stats.bytesOut.Load(),
		ChunkBytes:     s.stats.chunkRaw.Load(),
		ChunkWireBytes: s.stats.chunkWire.Load(),

		Evicted:           s.stats.evicted.Load(),
		Refused:           s.stats.refused.Load(),
		RefusedUnanswered: s.stats.refusedUnanswered.Load(),
		RateLimited:       s.stats.rateLimited.Load(),
	}
}
