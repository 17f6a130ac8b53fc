package protocol

import "math"

// The fixed-point units of a CompactState, per unit of the PlayerState
// value it stands for.
const (
	// CompactPositionScale is a CompactState's position units a block.
	CompactPositionScale = 1024
	// CompactAngleScale is its yaw and pitch units a degree.
	CompactAngleScale = 16
	// CompactVelocityScale is its velocity units a block per second.
	CompactVelocityScale = 256
)

// CompactFixed64 is f·scale rounded to the nearest integer (half away from
// zero) and saturated to the int64 range; NaN is 0. A CompactState's
// positions are CompactFixed64(coordinate, CompactPositionScale).
func CompactFixed64(f, scale float64) int64 {
	v := math.Round(f * scale)
	switch {
	case v != v:
		return 0
	case v >= math.MaxInt64: // 2⁶³ as a float64
		return math.MaxInt64
	case v <= math.MinInt64:
		return math.MinInt64
	}
	return int64(v)
}

// CompactFixed32 is CompactFixed64 saturated to the int32 range: a
// CompactState's angles and velocity.
func CompactFixed32(f float32, scale float64) int32 {
	return int32(min(max(CompactFixed64(float64(f), scale), math.MinInt32), math.MaxInt32))
}

// NewCompactState returns the CompactState a server sends in place of
// ps to a client granted FeatureCompactStates (a nil position or velocity
// is zero).
func NewCompactState(ps *PlayerState) *CompactState {
	p, v := ps.GetPosition(), ps.GetVelocity()
	return &CompactState{
		EntityId: ps.GetEntityId(),
		X:        CompactFixed64(p.GetX(), CompactPositionScale),
		Y:        CompactFixed64(p.GetY(), CompactPositionScale),
		Z:        CompactFixed64(p.GetZ(), CompactPositionScale),
		Yaw:      CompactFixed32(ps.GetYaw(), CompactAngleScale),
		Pitch:    CompactFixed32(ps.GetPitch(), CompactAngleScale),
		Tick:     ps.GetTick(),
		Vx:       CompactFixed32(v.GetX(), CompactVelocityScale),
		Vy:       CompactFixed32(v.GetY(), CompactVelocityScale),
		Vz:       CompactFixed32(v.GetZ(), CompactVelocityScale),
	}
}

// PlayerState returns the state m stands for, its values scaled back:
// within half a unit of what the server held, where that was in range.
func (m *CompactState) PlayerState() *PlayerState {
	return &PlayerState{
		EntityId: m.GetEntityId(),
		Position: V3(
			float64(m.GetX())/CompactPositionScale,
			float64(m.GetY())/CompactPositionScale,
			float64(m.GetZ())/CompactPositionScale),
		Yaw:   float32(float64(m.GetYaw()) / CompactAngleScale),
		Pitch: float32(float64(m.GetPitch()) / CompactAngleScale),
		Tick:  m.GetTick(),
		Velocity: V3f(
			float32(float64(m.GetVx())/CompactVelocityScale),
			float32(float64(m.GetVy())/CompactVelocityScale),
			float32(float64(m.GetVz())/CompactVelocityScale)),
	}
}
