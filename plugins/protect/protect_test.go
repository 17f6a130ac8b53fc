package protect_test

import (
	"testing"

	"github.com/stratavox/strata/plugins/protect"
)

func TestConfigRefuses(t *testing.T) {
	spawn := protect.Config{Center: protect.Block{X: 10, Z: -20}, Radius: 5, Allow: []string{"alice", "op_2"}}
	for _, tc := range []struct {
		name   string
		cfg    protect.Config
		player string
		x, z   int
		want   bool
	}{
		{"centre", spawn, "mallory", 10, -20, true},
		{"inside", spawn, "mallory", 12, -18, true},
		{"on the radius, along x", spawn, "mallory", 15, -20, true},
		{"on the radius, along -z", spawn, "mallory", 10, -25, true},
		{"on the radius, diagonally (3,4,5)", spawn, "mallory", 13, -24, true},
		{"just outside, along x", spawn, "mallory", 16, -20, false},
		{"just outside, along -x", spawn, "mallory", 4, -20, false},
		{"just outside, diagonally", spawn, "mallory", 14, -24, false},
		{"far away", spawn, "mallory", 1000, 1000, false},
		{"allowed at the centre", spawn, "alice", 10, -20, false},
		{"second allowed name", spawn, "op_2", 11, -20, false},
		{"allowed outside", spawn, "alice", 100, 0, false},
		{"empty name is not allowed", spawn, "", 10, -20, true},
		{"no allow list", protect.Config{Radius: 3}, "alice", 0, 3, true},
		{"radius 0 protects the centre column", protect.Config{Radius: 0}, "mallory", 0, 0, true},
		{"radius 0 protects only it", protect.Config{Radius: 0}, "mallory", 1, 0, false},
		{"negative radius protects nothing", protect.Config{Radius: -1}, "mallory", 0, 0, false},
		{"zero config protects only the origin", protect.Config{}, "mallory", 0, 0, true},
		// Squares of far coordinates do not overflow.
		{"world border", protect.Config{Radius: 1 << 20}, "mallory", 30_000_000, -30_000_000, false},
		{"huge radius", protect.Config{Radius: 1 << 30}, "mallory", 30_000_000, -30_000_000, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.cfg.Refuses(tc.player, tc.x, tc.z); got != tc.want {
				t.Errorf("%+v.Refuses(%q, %d, %d) = %v, want %v", tc.cfg, tc.player, tc.x, tc.z, got, tc.want)
			}
		})
	}
}
