package buf

import (
	"testing"
	"unsafe"
)

func TestTrim(t *testing.T) {
	for _, c := range []struct {
		name          string
		len, cap      int
		floor         int
		wantCapAtMost int
		same          bool
	}{
		{"within floor", 1, 100, 100, 100, true},
		{"a quarter used", 25, 100, 10, 100, true},
		{"under a quarter", 24, 100, 10, 24, false},
		{"empty", 0, 1 << 20, 1024, 0, false},
		{"empty within floor", 0, 100, 100, 100, true},
	} {
		s := make([]int, c.len, c.cap)
		for i := range s {
			s[i] = i + 1
		}
		got := Trim(s, c.floor)
		if len(got) != c.len || cap(got) > c.wantCapAtMost {
			t.Errorf("%s: len %d cap %d, want len %d cap ≤ %d", c.name, len(got), cap(got), c.len, c.wantCapAtMost)
		}
		for i := range got {
			if got[i] != i+1 {
				t.Fatalf("%s: element %d is %d", c.name, i, got[i])
			}
		}
		// The pointer, not the elements: an empty slice that still points
		// into the array keeps all of it alive.
		if same := unsafe.SliceData(got) == unsafe.SliceData(s); same != c.same {
			t.Errorf("%s: same array %v, want %v", c.name, same, c.same)
		}
	}
}

func TestReset(t *testing.T) {
	for _, c := range []struct {
		name     string
		len, cap int
		floor    int
		same     bool
	}{
		{"within floor", 1, 100, 100, true},
		{"a quarter used", 25, 100, 10, true},
		{"under a quarter", 24, 100, 10, false},
		{"unused", 0, 1 << 20, 1024, false},
	} {
		s := make([]int, c.len, c.cap)
		got := Reset(s, c.floor)
		if len(got) != 0 {
			t.Errorf("%s: len %d, want 0", c.name, len(got))
		}
		if same := unsafe.SliceData(got) == unsafe.SliceData(s); same != c.same {
			t.Errorf("%s: same array %v, want %v", c.name, same, c.same)
		}
		if !c.same && got != nil {
			t.Errorf("%s: cap %d, want nil", c.name, cap(got))
		}
	}
}
