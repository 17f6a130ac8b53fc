// Package components holds the plain data attached to entities.
package components

import "github.com/stratavox/strata/resources/chunk"

// Player marks a connected client's entity.
type Player struct {
	// ID is the client's connection id, stable for the session.
	ID uint64
	// Name is the player's name from the handshake.
	Name string
}

// Position is an entity's position in world block units (feet, for players).
type Position struct {
	X, Y, Z float64
}

// Section returns the section containing the position.
func (p Position) Section() chunk.Pos { return chunk.PosOfFloat(p.X, p.Y, p.Z) }

// Velocity is an entity's velocity in blocks per second.
type Velocity struct {
	X, Y, Z float64
}

// Look is an entity's orientation in degrees.
type Look struct {
	Yaw, Pitch float32
}

// View is an interest in the sections around Center: the cylinder
// dx²+dz² ≤ Radius², |dy| ≤ Radius/2, clipped to the world's height.
type View struct {
	Center chunk.Pos
	Radius int
}

// Follow makes a View track the entity's Position with hysteresis: the
// centre moves only once the entity is Slack sections away from it
// (Chebyshev), and the view keeps Slack-1 extra rings resident so the
// wanted radius stays covered in between. Radius is the wanted radius; the
// View's own Radius is kept at Radius+Slack-1.
type Follow struct {
	Radius int
	Slack  int
}

// Ticket is a View with a time-to-live: the entity is despawned once the
// tick counter reaches Expires. Admin reads and pre-generation hold tickets.
type Ticket struct {
	Expires uint64
	Reason  string
}
