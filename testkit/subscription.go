package testkit

import "github.com/stratavox/strata/resources/chunk"

// AdmissionCentres are the first view centres docs/protocol.md §9.4
// allows a player admitted in section at: at, or one section back along
// x, z or both (the server picks per player).
func AdmissionCentres(at chunk.Pos) []chunk.Pos {
	return []chunk.Pos{at, at.Add(-1, 0, 0), at.Add(0, 0, -1), at.Add(-1, 0, -1)}
}
