package chunk

import "testing"

func TestFloorDivMod(t *testing.T) {
	tests := []struct{ a, div, mod int }{
		{0, 0, 0}, {15, 0, 15}, {16, 1, 0}, {-1, -1, 15}, {-16, -1, 0}, {-17, -2, 15},
	}
	for _, tt := range tests {
		if d, m := FloorDiv(tt.a), FloorMod(tt.a); d != tt.div || m != tt.mod {
			t.Errorf("FloorDiv/Mod(%d) = %d,%d want %d,%d", tt.a, d, m, tt.div, tt.mod)
		}
	}
}

func TestPosOfFloat(t *testing.T) {
	tests := []struct {
		x, y, z float64
		want    Pos
	}{
		{0.5, 0.5, 0.5, Pos{0, 0, 0}},
		{-0.5, -64, 15.99, Pos{-1, -4, 0}},
		{-16.01, 16, -16, Pos{-2, 1, -1}},
	}
	for _, tt := range tests {
		if got := PosOfFloat(tt.x, tt.y, tt.z); got != tt.want {
			t.Errorf("PosOfFloat(%v,%v,%v) = %v want %v", tt.x, tt.y, tt.z, got, tt.want)
		}
	}
}

func TestDistances(t *testing.T) {
	p, q := Pos{1, 2, 3}, Pos{-2, 4, 3}
	if got := p.Chebyshev(q); got != 3 {
		t.Errorf("Chebyshev = %d", got)
	}
	if got := p.DistSqXZ(q); got != 9 {
		t.Errorf("DistSqXZ = %d", got)
	}
	if !(Pos{0, MinSectionY, 0}).InWorld() || (Pos{0, MaxSectionY + 1, 0}).InWorld() {
		t.Error("InWorld height bounds wrong")
	}
}
