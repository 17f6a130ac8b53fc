package compass

import (
	"math"
	"testing"

	"github.com/stratavox/strata/components"
)

func TestReply(t *testing.T) {
	p := &Plugin{Target: components.Position{X: 0, Y: 64, Z: 0}}
	for _, c := range []struct {
		name          string
		at            components.Position
		bearing, dist float64
	}{
		{"target due north (−Z)", components.Position{X: 0, Y: 64, Z: 10}, 0, 10},
		{"target due east (+X)", components.Position{X: -10, Y: 64, Z: 0}, 90, 10},
		{"target due south", components.Position{X: 0, Y: 64, Z: -10}, 180, 10},
		{"target due west", components.Position{X: 10, Y: 64, Z: 0}, 270, 10},
		{"above and north-east", components.Position{X: -3, Y: 60, Z: 0}, 90, 5},
		{"standing on it", components.Position{X: 0, Y: 64, Z: 0}, 0, 0},
	} {
		r := p.reply(c.at)
		if math.Abs(r.Bearing-c.bearing) > 1e-9 || math.Abs(r.Distance-c.dist) > 1e-9 {
			t.Errorf("%s: bearing %.3f distance %.3f, want %.3f %.3f", c.name, r.Bearing, r.Distance, c.bearing, c.dist)
		}
	}
}
