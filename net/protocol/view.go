package protocol

// View distances, in sections. Every place that bounds a client's view —
// the transport on Hello and Subscribe, the network plugin for synthetic
// and replayed clients, the server's settings, the bots — uses these and
// ClampView, so the rule is written once.
const (
	// ViewDistanceLimit is the largest maximum a server may configure.
	ViewDistanceLimit = 64
	// DefaultMaxViewDistance is a server's maximum unless configured.
	DefaultMaxViewDistance = 16
	// DefaultViewDistance is granted to a client that asks for 0.
	DefaultViewDistance = 8
)

// ClampView maps a requested view distance to the one granted under a
// server maximum of limit (0 means DefaultMaxViewDistance): 0 asks for
// DefaultViewDistance, anything else is kept within 1..limit.
func ClampView(requested, limit uint32) uint32 {
	if limit == 0 {
		limit = DefaultMaxViewDistance
	}
	limit = min(limit, ViewDistanceLimit)
	if requested == 0 {
		requested = DefaultViewDistance
	}
	return max(1, min(requested, limit))
}
