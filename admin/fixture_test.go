package admin

import (
	"math"
	"time"
)

// fixtureSystems is a plausible schedule with typical durations.
var fixtureSystems = []struct {
	name, stage string
	base        time.Duration
}{
	{"ingest_events", "ingest", 45 * time.Microsecond},
	{"physics", "simulate", 210 * time.Microsecond},
	{"daynight", "simulate", 4 * time.Microsecond},
	{"follow", "stream", 25 * time.Microsecond},
	{"stream_chunks", "stream", 380 * time.Microsecond},
	{"reconcile", "stream", 950 * time.Microsecond},
	{"deliver", "deliver", 1300 * time.Microsecond},
	{"broadcast", "deliver", 160 * time.Microsecond},
	{"persist", "persist", 320 * time.Microsecond},
}

// fixturePlayers are the connected players of the fake world.
var fixturePlayers = []Player{
	{Name: "alice", Entity: 1027, X: 150.5, Y: 71, Z: -60.25, Yaw: 45, ViewRadius: 6},
	{Name: "bob", Entity: 1031, X: -170.75, Y: 64, Z: 105.5, Yaw: 200, ViewRadius: 5},
}

// fakeSnapshot returns a realistic snapshot of a world that started at
// start, i seconds later: timings wobble with i so the chart has shape.
func fakeSnapshot(start time.Time, i int) *Snapshot {
	wobble := func(k int) float64 {
		return 1 + 0.35*math.Sin(float64(i)/6+float64(k)) + 0.15*math.Sin(float64(i)/1.7+float64(k*k))
	}
	snap := &Snapshot{
		Seed:             -4172930183365210211,
		GeneratorVersion: 1,
		Started:          start,
		Time:             start.Add(time.Duration(3600+i) * time.Second),
		Tick:             uint64(3600+i) * 20,
		TargetTPS:        20,
		TPS:              19.9 + 0.1*math.Sin(float64(i)),
		Overruns:         3,
		Ready:            true,
		Clients:          len(fixturePlayers),
		CertSHA256:       "9f2c1d7e0b8a4f6e3c5d2a1b0e9f8c7d6b5a4e3f2d1c0b9a8f7e6d5c4b3a2910",
		Players:          append([]Player(nil), fixturePlayers...),
		Generation:       Generation{Queued: 12, InFlight: 3, Completed: 48211, PerSecond: 35 + 10*math.Sin(float64(i)/4)},
	}
	var tick time.Duration
	for k, s := range fixtureSystems {
		d := time.Duration(float64(s.base) * wobble(k))
		snap.Systems = append(snap.Systems, Timing{
			Name: s.name, Stage: s.stage, Runs: snap.Tick,
			Last: d, P50: d, P99: d * 5 / 2, Max: d * 9,
		})
		tick += d
	}
	tick += 120 * time.Microsecond // scheduling and command buffers
	snap.TickTiming = Timing{Name: "tick", Runs: snap.Tick, Last: tick, P50: tick, P99: tick * 2, Max: 61 * time.Millisecond}
	snap.Columns = fixtureColumns()
	snap.MapKey = MapLegend(snap.Columns, fixtureSurfaces, len(snap.Players))
	for _, c := range snap.Columns {
		snap.Resident.Dense += int(c.Dense)
		snap.Resident.Uniform += int(c.Sections - c.Dense)
	}
	snap.Resident.Bytes = int64(snap.Resident.Dense)*8192 + int64(snap.Resident.Uniform)*16
	return snap
}

// fixtureColumns is the spawn region plus each player's view, coloured
// by a made-up height field: sea, beach, grass, forest, rock, snow. The
// outer ring of a player's view is still loading: no colour yet.
func fixtureColumns() []Column {
	type key struct{ x, z int32 }
	seen := map[key]bool{}
	var cols []Column
	add := func(cx, cz, r int32, edge bool) {
		for dz := -r; dz <= r; dz++ {
			for dx := -r; dx <= r; dx++ {
				d2 := dx*dx + dz*dz
				if d2 > r*r {
					continue
				}
				k := key{cx + dx, cz + dz}
				if seen[k] {
					continue
				}
				seen[k] = true
				c := Column{X: k.x, Z: k.z, Sections: 12, Dense: 7}
				if edge && d2 > (r-1)*(r-1) {
					c.Sections, c.Dense = 3, 0 // still loading
				} else {
					c.Color = surface(float64(k.x), float64(k.z))
				}
				cols = append(cols, c)
			}
		}
	}
	add(0, 0, 7, false)
	for _, p := range fixturePlayers {
		add(int32(math.Floor(p.X/16)), int32(math.Floor(p.Z/16)), int32(p.ViewRadius), true)
	}
	return cols
}

// Surface colours of the fixture's terrain.
const (
	colorSea    = 0x3f76c4
	colorSand   = 0xd8c98e
	colorGrass  = 0x5c9e3c
	colorForest = 0x3d7a2e
	colorRock   = 0x8a8f96
	colorSnow   = 0xeef2f5
)

// fixtureSurfaces names the fixture's surface colours, as the status
// plugin names blocks' colours.
var fixtureSurfaces = map[uint32]string{
	colorSea: "water", colorSand: "sand", colorGrass: "grass", colorForest: "leaves", colorRock: "stone", colorSnow: "snow",
}

func surface(x, z float64) uint32 {
	h := 0.5 + 0.3*math.Sin(x/5.3)*math.Cos(z/4.1) + 0.2*math.Sin((x+z)/3.7)
	switch {
	case h < 0.3:
		return colorSea
	case h < 0.38:
		return colorSand
	case h < 0.62:
		return colorGrass
	case h < 0.78:
		return colorForest
	case h < 0.9:
		return colorRock
	default:
		return colorSnow
	}
}
