package protocol

import (
	"strings"
	"testing"

	"github.com/stratavox/strata/resources/chunk"
)

func TestValidName(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"steve", true},
		{"Bot-001", true},
		{"a_b", true},
		{strings.Repeat("x", MaxNameLength), true},
		{"", false},
		{strings.Repeat("x", MaxNameLength+1), false},
		{"has space", false},
		{"émile", false},
		{"nul\x00", false},
		{"semi;colon", false},
	}
	for _, tt := range tests {
		if err := ValidName(tt.name); (err == nil) != tt.ok {
			t.Errorf("ValidName(%q) = %v, want ok=%v", tt.name, err, tt.ok)
		}
	}
}

func TestErrorCodeRoundTrip(t *testing.T) {
	for v := range ErrorCode_name {
		c := ErrorCode(v)
		if got := ErrorCodeOf(c.AppCode()); got != c {
			t.Errorf("ErrorCodeOf(%d) = %v, want %v", c.AppCode(), got, c)
		}
	}
	if got := ErrorCodeOf(1 << 40); got != ErrorCode_ERROR_CODE_INTERNAL {
		t.Errorf("unknown code mapped to %v", got)
	}
	if got := ErrorCodeOf(9999); got != ErrorCode_ERROR_CODE_INTERNAL {
		t.Errorf("unknown code mapped to %v", got)
	}
}

func TestSectionPos(t *testing.T) {
	p := chunk.Pos{X: -3, Y: 19, Z: 1 << 20}
	if got := SectionPosOf(p).Chunk(); got != p {
		t.Errorf("round trip %v -> %v", p, got)
	}
	var nilPos *SectionPos
	if got := nilPos.Chunk(); got != (chunk.Pos{}) {
		t.Errorf("nil pos = %v", got)
	}
	m := NewChunk(p, 7, []byte{1, 2})
	if m.GetChunk().GetPos().Chunk() != p || m.GetChunk().GetRevision() != 7 {
		t.Errorf("NewChunk = %v", m)
	}
	if NewDrop(p).GetDrop().GetPos().Chunk() != p {
		t.Errorf("NewDrop wrong")
	}
}
