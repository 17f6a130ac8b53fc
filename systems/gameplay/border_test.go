package gameplay

import (
	"testing"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/physics"
	"github.com/stratavox/strata/testkit"
)

// borderSide is one side of the world's border: the axis it crosses and
// the direction out of the world.
type borderSide struct {
	name string
	z    bool // the side crosses Z (else X)
	out  int  // +1 on the positive side, -1 on the negative
}

var borderSides = []borderSide{{"+x", false, 1}, {"-x", false, -1}, {"+z", true, 1}, {"-z", true, -1}}

// last is the last block inside the border on this side.
func (s borderSide) last() int {
	if s.out > 0 {
		return chunk.BorderMaxBlock
	}
	return chunk.BorderMinBlock
}

// centre returns the feet position at the centre of block c across the
// border (c-last() blocks from the last one) and 0.5 along it, standing
// on the test terrain.
func (s borderSide) centre(c int) components.Position {
	if s.z {
		return components.Position{X: 0.5, Y: 64, Z: float64(c) + 0.5}
	}
	return components.Position{X: float64(c) + 0.5, Y: 64, Z: 0.5}
}

// block returns block (c across the border, y, a along it).
func (s borderSide) block(c, y, a int) [3]int {
	if s.z {
		return [3]int{a, y, c}
	}
	return [3]int{c, y, a}
}

// section returns the section at height y of block column c across the
// border (and 0 along it).
func (s borderSide) section(c int, y int32) chunk.Pos {
	b := s.block(c, 0, 0)
	p := chunk.PosOfBlock(b[0], 0, b[2])
	p.Y = y
	return p
}

// settle puts p at pos (test set-up, as place) and steps until the
// terrain around it is resident and it is no longer held, then ten more
// ticks so that it has time to spend on a move.
func (w *gameWorld) settle(p *player, pos components.Position) {
	w.t.Helper()
	w.place(p, pos)
	for range 100 {
		w.step(1)
		if !w.movement(p).Waiting && physics.Supported(w.store, vecOf(&pos)) {
			w.step(10)
			p.conn.Take()
			return
		}
	}
	w.t.Fatalf("player at %+v still held after 100 ticks", pos)
}

// TestBorderMovement checks, on each side of the border, that a move into
// the last block is accepted and one past it is refused with a Correction
// back inside.
func TestBorderMovement(t *testing.T) {
	for _, s := range borderSides {
		last := s.last()
		tests := []struct {
			name     string
			from, to components.Position
			want     physics.Reason // OK: accepted, no correction
		}{
			{"into the last block", s.centre(last - s.out), s.centre(last), physics.OK},
			{"one past the last block", s.centre(last), s.centre(last + s.out), physics.OutOfBounds},
		}
		for _, tc := range tests {
			t.Run(s.name+"/"+tc.name, func(t *testing.T) {
				w := newGameWorld(t, DefaultConfig())
				p := w.join("walker")
				w.settle(p, tc.from)
				before := w.arb.Moves[tc.want]
				w.move(p, 5, tc.to.X, tc.to.Y, tc.to.Z, false)
				w.step(1)
				cs := testkit.CorrectionsOf(p.conn.Take())
				if w.arb.Moves[tc.want] != before+1 {
					t.Fatalf("want one %v; moves %v", tc.want, w.arb.Moves)
				}
				end := tc.to
				if tc.want != physics.OK {
					end = tc.from
					if len(cs) != 1 || cs[0].GetTeleport() || cs[0].GetPosition().GetX() != end.X || cs[0].GetPosition().GetZ() != end.Z {
						t.Fatalf("corrections %v, want one back to %+v", cs, end)
					}
				} else if len(cs) != 0 {
					t.Fatalf("accepted move corrected: %v", cs)
				}
				if got := w.pos(p); got != end {
					t.Fatalf("position %+v, want %+v", got, end)
				}
			})
		}
	}
}

// TestBorderTeleport checks Teleport at the last block of each side and
// one past it, and that a teleported client whose next input leaves the
// world is corrected at once, not taken for a prediction from before the
// teleport (which never left the world).
func TestBorderTeleport(t *testing.T) {
	for _, s := range borderSides {
		last := s.last()
		tests := []struct {
			name string
			to   components.Position
			ok   bool
		}{
			{"to the last block", s.centre(last), true},
			{"to its far edge", func() components.Position {
				p := s.centre(last)
				d := 0.499 * float64(s.out)
				if s.z {
					p.Z += d
				} else {
					p.X += d
				}
				return p
			}(), true},
			{"one past the last block", s.centre(last + s.out), false},
		}
		for _, tc := range tests {
			t.Run(s.name+"/"+tc.name, func(t *testing.T) {
				w := newGameWorld(t, DefaultConfig())
				p := w.join("jumper")
				p.conn.Take()
				if got := Teleport(w.app.World(), w.app.Tick(), w.entity(p), tc.to); got != tc.ok {
					t.Fatalf("Teleport to %+v = %v, want %v", tc.to, got, tc.ok)
				}
				cs := testkit.CorrectionsOf(p.conn.Take())
				if !tc.ok {
					if len(cs) != 0 || w.pos(p) != testSpawn {
						t.Fatalf("refused teleport moved the player to %+v, corrections %v", w.pos(p), cs)
					}
					return
				}
				if len(cs) != 1 || !cs[0].GetTeleport() || w.pos(p) != tc.to {
					t.Fatalf("teleport: position %+v, corrections %v", w.pos(p), cs)
				}
				// The client moves on from the new place, out of the world.
				past := s.centre(last + s.out)
				w.move(p, 1, past.X, past.Y, past.Z, false)
				w.step(1)
				cs = testkit.CorrectionsOf(p.conn.Take())
				if len(cs) != 1 || cs[0].GetPosition().GetX() != tc.to.X || cs[0].GetPosition().GetZ() != tc.to.Z || w.pos(p) != tc.to {
					t.Fatalf("a move out of the world after a teleport: corrections %v, position %+v", cs, w.pos(p))
				}
			})
		}
	}
}

// TestBorderEdits checks breaking and placing at the last block of each
// side (accepted) and one past it (OUT_OF_WORLD).
func TestBorderEdits(t *testing.T) {
	const (
		ok         = protocol.ActionResult_ACTION_RESULT_OK
		outOfWorld = protocol.ActionResult_ACTION_RESULT_OUT_OF_WORLD
	)
	for _, s := range borderSides {
		last := s.last()
		tests := []struct {
			name  string
			place bool
			at    [3]int
			want  protocol.ActionResult
		}{
			{"break the last block", false, s.block(last, 63, 1), ok},
			{"break one past", false, s.block(last+s.out, 63, 1), outOfWorld},
			{"place at the last block", true, s.block(last, 64, 2), ok},
			{"place one past", true, s.block(last+s.out, 64, 1), outOfWorld},
		}
		for _, tc := range tests {
			t.Run(s.name+"/"+tc.name, func(t *testing.T) {
				w := newGameWorld(t, DefaultConfig())
				p := w.join("builder")
				w.settle(p, s.centre(last))
				x, y, z := tc.at[0], tc.at[1], tc.at[2]
				if tc.place {
					w.placeBlock(p, 1, x, y, z, uint32(chunk.Stone))
				} else {
					w.breakBlock(p, 1, x, y, z)
				}
				ack, _ := w.waitAck(p, 1)
				if ack.GetResult() != tc.want {
					t.Fatalf("%v at (%d,%d,%d): %v, want %v", tc.name, x, y, z, ack.GetResult(), tc.want)
				}
				want := chunk.Air
				if tc.place {
					want = chunk.Stone
				}
				if b, resident := w.store.Block(x, y, z); tc.want == ok && b != want || tc.want != ok && resident {
					t.Fatalf("block (%d,%d,%d) is %v (resident %v) after %v", x, y, z, b, resident, ack.GetResult())
				}
			})
		}
	}
}

// TestBorderResidency checks that a player at the last block of each side
// has the sections of the last column and nothing beyond: its view is
// clipped, the desired set stops at the border, and nothing beyond is
// resident.
func TestBorderResidency(t *testing.T) {
	for _, s := range borderSides {
		t.Run(s.name, func(t *testing.T) {
			w := newGameWorld(t, DefaultConfig())
			p := w.join("settler")
			at := s.centre(s.last())
			w.settle(p, at)
			desired := ecs.Resource[resources.Desired](w.app)
			view := *component[components.View](w, p)
			if c := chunk.PosOfFloat(at.X, at.Y, at.Z); view.Center != c {
				t.Fatalf("view centred on %v, want the player's section %v", view.Center, c)
			}
			tests := []struct {
				name   string
				pos    chunk.Pos
				inside bool
			}{
				{"the last section", s.section(s.last(), 4), true},
				{"the last section's floor", s.section(s.last(), 3), true},
				{"one past", s.section(s.last()+s.out, 4), false},
				{"one past, below", s.section(s.last()+s.out, 3), false},
			}
			for _, tc := range tests {
				if got := view.Contains(tc.pos); got != tc.inside {
					t.Errorf("%s %v: in the view %v", tc.name, tc.pos, got)
				}
				if got := desired.Contains(tc.pos); got != tc.inside {
					t.Errorf("%s %v: desired %v", tc.name, tc.pos, got)
				}
				if got := w.store.Has(tc.pos); got != tc.inside {
					t.Errorf("%s %v: resident %v", tc.name, tc.pos, got)
				}
			}
			// Clipped: the view holds fewer sections than the same view
			// away from the border, and none of them is outside.
			full := resources.Cylinder{Center: chunk.Pos{Y: view.Center.Y}, Radius: view.Radius, Pad: view.Pad}
			if view.Len() >= full.Len() {
				t.Errorf("view at the border has %d sections, one away from it %d", view.Len(), full.Len())
			}
			for _, q := range desired.AppendPositions(nil) {
				if !q.InWorld() {
					t.Fatalf("section %v beyond the border is desired", q)
				}
			}
		})
	}
}
