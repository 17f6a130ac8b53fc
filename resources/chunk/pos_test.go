package chunk

import (
	"math"
	"testing"
)

func TestFloorDivMod(t *testing.T) {
	tests := []struct{ a, div, mod int }{
		{0, 0, 0}, {15, 0, 15}, {16, 1, 0}, {-1, -1, 15}, {-16, -1, 0}, {-17, -2, 15},
	}
	for _, tt := range tests {
		if d, m := FloorDiv(tt.a), FloorMod(tt.a); d != tt.div || m != tt.mod {
			t.Errorf("FloorDiv/Mod(%d) = %d,%d want %d,%d", tt.a, d, m, tt.div, tt.mod)
		}
	}
	if Size != 1<<sizeShift {
		t.Fatalf("Size %d is not 1<<sizeShift (%d)", Size, 1<<sizeShift)
	}
	// Against division, every value near zero and near the extremes.
	check := func(a int) {
		div, mod := a/Size, a%Size
		if mod < 0 {
			div, mod = div-1, mod+Size
		}
		if d, m := FloorDiv(a), FloorMod(a); d != div || m != mod || d*Size+m != a {
			t.Fatalf("FloorDiv/Mod(%d) = %d,%d want %d,%d", a, d, m, div, mod)
		}
	}
	for a := -1000; a <= 1000; a++ {
		check(a)
		check(math.MaxInt - 1000 + a%1000)
		check(math.MinInt + 1000 + a%1000)
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

// TestBorder pins the world's border on each side of X and Z: the last
// block inside and the first one past it, as blocks, points and sections.
func TestBorder(t *testing.T) {
	if BorderSections != 134_217_726 || BorderMinBlock != -2_147_483_616 || BorderMaxBlock != 2_147_483_631 {
		t.Fatalf("border %d sections, blocks %d..%d", BorderSections, BorderMinBlock, BorderMaxBlock)
	}
	// The first block past either side is still an int32, so the wire can
	// name it and be refused.
	if BorderMaxBlock+1 > math.MaxInt32 || BorderMinBlock-1 < math.MinInt32 {
		t.Fatal("the blocks just past the border do not fit an int32")
	}
	tests := []struct {
		name string
		// block is the block column tested; section its section column.
		block, section [2]int
		inside         bool
	}{
		{"+x last", [2]int{BorderMaxBlock, 0}, [2]int{BorderSections, 0}, true},
		{"+x past", [2]int{BorderMaxBlock + 1, 0}, [2]int{BorderSections + 1, 0}, false},
		{"-x last", [2]int{BorderMinBlock, 0}, [2]int{-BorderSections, 0}, true},
		{"-x past", [2]int{BorderMinBlock - 1, 0}, [2]int{-BorderSections - 1, 0}, false},
		{"+z last", [2]int{-7, BorderMaxBlock}, [2]int{-1, BorderSections}, true},
		{"+z past", [2]int{-7, BorderMaxBlock + 1}, [2]int{-1, BorderSections + 1}, false},
		{"-z last", [2]int{7, BorderMinBlock}, [2]int{0, -BorderSections}, true},
		{"-z past", [2]int{7, BorderMinBlock - 1}, [2]int{0, -BorderSections - 1}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x, z := tc.block[0], tc.block[1]
			p := PosOfBlock(x, 64, z)
			if want := (Pos{int32(tc.section[0]), 4, int32(tc.section[1])}); p != want {
				t.Fatalf("block (%d, %d) is in section %v, want %v", x, z, p, want)
			}
			if got := BlockInBorder(x, z); got != tc.inside {
				t.Errorf("BlockInBorder = %v", got)
			}
			if got := ColumnInBorder(int64(p.X), int64(p.Z)); got != tc.inside {
				t.Errorf("ColumnInBorder = %v", got)
			}
			if got := p.InWorld(); got != tc.inside {
				t.Errorf("InWorld = %v", got)
			}
			// Every point of the block is as inside as the block: its
			// near corner, centre and the far edge just short of the next.
			fx, fz := float64(x), float64(z)
			for _, d := range []float64{0, 0.5, 0.999} {
				if got := PointInBorder(fx+d, fz+d); got != tc.inside {
					t.Errorf("PointInBorder(%v, %v) = %v", fx+d, fz+d, got)
				}
			}
		})
	}
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e300} {
		if PointInBorder(v, 0) || PointInBorder(0, v) {
			t.Errorf("PointInBorder accepts %v", v)
		}
	}
	if BlockInBorder(1<<40, 0) || BlockInBorder(0, -1<<40) {
		t.Error("BlockInBorder wraps beyond int32")
	}
}
