package buf

import "testing"

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
		if same := c.cap > 0 && cap(got) > 0 && &got[:1][0] == &s[:1][0]; same != c.same {
			t.Errorf("%s: same array %v, want %v", c.name, same, c.same)
		}
	}
}
