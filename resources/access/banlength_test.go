package access

import (
	"testing"
	"time"
)

func TestParseBanLength(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"30m", 30 * time.Minute, true},
		{"12H", 12 * time.Hour, true},
		{"7d", 7 * 24 * time.Hour, true},
		{"2w", 14 * 24 * time.Hour, true},
		{"1d12h", 36 * time.Hour, true},
		{"0m", 0, false},
		{"", 0, false},
		{"7", 0, false},
		{"d", 0, false},
		{"7y", 0, false},
		{"-1h", 0, false},
		{"griefing", 0, false},
		{"5300w", 0, false}, // over a hundred years
		{"1234567890s", 0, false},
	} {
		got, ok := ParseBanLength(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseBanLength(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
