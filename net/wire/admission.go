package wire

// Admission is what the tick supplies to accept a client; the transport
// completes the Welcome with the world info, limits, granted features and
// view distance.
type Admission struct {
	// EntityID is the player's entity, as the client will see it in
	// PlayerState and PlayerJoined.
	EntityID uint64
	// X, Y, Z is the spawn position (feet), in blocks.
	X, Y, Z float64
	// Yaw and Pitch are the initial look, in degrees.
	Yaw, Pitch float32
	// Tick is the current server tick.
	Tick uint64
	// ViewDistance is the view radius granted, in sections: the request
	// clamped by the network plugin (protocol.ClampView), the one place
	// the rule is applied. The Welcome announces it.
	ViewDistance uint32
}

// Queued is a client's outbound backlog: frames and bytes not yet handed to
// QUIC. The deliver system skips a client whose ChunkBytes is above its
// threshold (backpressure).
type Queued struct {
	ControlMessages, ControlBytes int
	ChunkMessages, ChunkBytes     int
	// LODMessages and LODBytes are the LOD stream's (feature "lod").
	LODMessages, LODBytes int
	Datagrams             int
	// DroppedDatagrams counts datagrams discarded because the queue was full.
	DroppedDatagrams uint64
}
