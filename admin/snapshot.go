package admin

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// Snapshot is what the status page and /api/status show: a copy of the
// simulation's state made on the tick goroutine. Build a new one for every
// Publish; never modify one after publishing it.
type Snapshot struct {
	// Seed is the world seed. JSON carries it as a string: JavaScript
	// numbers lose 64-bit integers.
	Seed int64 `json:"seed,string"`
	// GeneratorVersion is the terrain generator's version.
	GeneratorVersion int `json:"generator_version"`
	// Started is when the server started; uptime is Time minus Started.
	Started time.Time `json:"started"`
	// Time is when the snapshot was built; Publish sets it to now if zero.
	Time time.Time `json:"time"`
	// Tick is the tick counter when the snapshot was built.
	Tick uint64 `json:"tick"`
	// TargetTPS is the configured tick rate.
	TargetTPS int `json:"target_tps"`
	// TPS is the measured tick rate.
	TPS float64 `json:"tps"`
	// Overruns counts ticks that took longer than their period (all time).
	Overruns uint64 `json:"overruns"`
	// Ready is true once the start-up gate is done; /readyz follows it.
	Ready bool `json:"ready"`
	// TickTiming is the whole tick's duration statistics.
	TickTiming Timing `json:"tick_timing"`
	// Systems holds each system's duration statistics, in schedule order.
	Systems []Timing `json:"systems"`
	// Players lists the connected players.
	Players []Player `json:"players"`
	// Columns lists the resident section columns for the map; each is
	// encoded as a compact JSON array (see Column).
	Columns []Column `json:"columns"`
	// MapKey is the map's legend (MapLegend): every colour the page draws
	// columns and players in, and what it stands for.
	MapKey []MapKey `json:"map_key"`
	// Resident summarises the chunk store.
	Resident Resident `json:"resident"`
	// Generation summarises the generation job pool.
	Generation Generation `json:"generation"`
	// Clients is the number of connected clients (players may lag behind
	// while a handshake completes).
	Clients int `json:"clients"`
	// CertSHA256 is the hex SHA-256 of the QUIC certificate that clients
	// pin; empty if unknown.
	CertSHA256 string `json:"cert_sha256"`
	// Cluster describes this server's place in its cluster; nil for a
	// server on its own.
	Cluster *ClusterSnapshot `json:"cluster,omitempty"`
}

// ClusterSnapshot is a shard's view of its cluster.
type ClusterSnapshot struct {
	Shard string `json:"shard"`
	// Regions are the regions whose leases this shard holds, as "x,z".
	Regions []string `json:"regions"`
	// RemotePlayers are the other shards' players seen here;
	// RemoteEntities the entities other shards simulate, mirrored here.
	RemotePlayers  int64 `json:"remote_players"`
	RemoteEntities int64 `json:"remote_entities"`
	// Forwarded and Served count edits sent to other owners and
	// arbitrated here for other shards; Fenced the writes refused.
	Forwarded uint64 `json:"forwarded"`
	Served    uint64 `json:"served"`
	Fenced    uint64 `json:"fenced"`
}

// Uptime is how long the server had run when the snapshot was built.
func (s *Snapshot) Uptime() time.Duration {
	if s.Started.IsZero() || s.Time.Before(s.Started) {
		return 0
	}
	return s.Time.Sub(s.Started)
}

// Timing is one system's (or the whole tick's) recent durations, the
// figures ecs.Stat carries. JSON carries them in microseconds, the scale
// at which systems run.
type Timing struct {
	// Name is the system's name ("tick" for the whole tick).
	Name string
	// Stage is the system's stage (empty for the whole tick).
	Stage string
	// Runs is how many times it ran (all time).
	Runs uint64
	// Last is the most recent run's duration.
	Last time.Duration
	// P50 is the median over the recent window.
	P50 time.Duration
	// P99 is the 99th percentile over the recent window.
	P99 time.Duration
	// Max is the all-time maximum.
	Max time.Duration
}

// timingJSON is Timing's wire form.
type timingJSON struct {
	Name   string  `json:"name"`
	Stage  string  `json:"stage,omitempty"`
	Runs   uint64  `json:"runs"`
	LastUS float64 `json:"last_us"`
	P50US  float64 `json:"p50_us"`
	P99US  float64 `json:"p99_us"`
	MaxUS  float64 `json:"max_us"`
}

func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

func fromMicros(us float64) time.Duration { return time.Duration(us * float64(time.Microsecond)) }

// MarshalJSON encodes durations as microseconds (last_us, p50_us, ...).
func (t Timing) MarshalJSON() ([]byte, error) {
	return json.Marshal(timingJSON{t.Name, t.Stage, t.Runs, micros(t.Last), micros(t.P50), micros(t.P99), micros(t.Max)})
}

// UnmarshalJSON decodes what MarshalJSON encodes.
func (t *Timing) UnmarshalJSON(b []byte) error {
	var w timingJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return fmt.Errorf("timing: %w", err)
	}
	*t = Timing{w.Name, w.Stage, w.Runs, fromMicros(w.LastUS), fromMicros(w.P50US), fromMicros(w.P99US), fromMicros(w.MaxUS)}
	return nil
}

// Player is one connected player as the map and the player list show it.
type Player struct {
	// Name is the player's name from the handshake.
	Name string `json:"name"`
	// Entity is the player's entity id.
	Entity uint64 `json:"entity"`
	// X, Y, Z are the position in blocks.
	X float64 `json:"x"`
	Y float64 `json:"y"`
	Z float64 `json:"z"`
	// Yaw is the heading in degrees, for the arrow on the map.
	Yaw float32 `json:"yaw"`
	// ViewRadius is the view distance in sections.
	ViewRadius int `json:"view_radius"`
}

// Column is one resident column of sections (one X, Z in section units)
// on the map. It is encoded as the JSON array [x, z, sections, dense,
// color] because a world can have tens of thousands of them and the page
// fetches them every second.
type Column struct {
	// X, Z are the column's position in section units.
	X, Z int32
	// Sections is how many of the column's sections are resident.
	Sections uint8
	// Dense is how many of those are dense (edited or mixed blocks); the
	// rest are uniform.
	Dense uint8
	// Color is the top surface's colour as 0xRRGGBB; 0 means unknown and
	// the page shades the column by its section counts instead.
	Color uint32
}

// MarshalJSON encodes the column as [x, z, sections, dense, color].
func (c Column) MarshalJSON() ([]byte, error) { return c.appendJSON(nil), nil }

func (c Column) appendJSON(b []byte) []byte {
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(c.X), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(c.Z), 10)
	b = append(b, ',')
	b = strconv.AppendUint(b, uint64(c.Sections), 10)
	b = append(b, ',')
	b = strconv.AppendUint(b, uint64(c.Dense), 10)
	b = append(b, ',')
	b = strconv.AppendUint(b, uint64(c.Color), 10)
	return append(b, ']')
}

// columnList encodes a whole slice of columns in one pass: encoding/json
// would call Column.MarshalJSON and re-validate its output per element,
// ten times slower on a world of tens of thousands of columns.
type columnList []Column

// MarshalJSON encodes the columns as an array of arrays.
func (l columnList) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 2+len(l)*24)
	b = append(b, '[')
	for i, c := range l {
		if i > 0 {
			b = append(b, ',')
		}
		b = c.appendJSON(b)
	}
	return append(b, ']'), nil
}

// UnmarshalJSON decodes what MarshalJSON encodes.
func (c *Column) UnmarshalJSON(b []byte) error {
	var a [5]int64
	if err := json.Unmarshal(b, &a); err != nil {
		return fmt.Errorf("column: %w", err)
	}
	*c = Column{X: int32(a[0]), Z: int32(a[1]), Sections: uint8(a[2]), Dense: uint8(a[3]), Color: uint32(a[4])}
	return nil
}

// Resident summarises the chunk store.
type Resident struct {
	// Dense is the number of resident dense sections.
	Dense int `json:"dense"`
	// Uniform is the number of resident uniform sections.
	Uniform int `json:"uniform"`
	// Bytes is the memory the resident sections hold.
	Bytes int64 `json:"bytes"`
	// Dirty is the number of sections edited but not yet durable.
	Dirty int `json:"dirty"`
}

// Generation summarises the generation job pool.
type Generation struct {
	// Queued is the number of jobs waiting for a worker.
	Queued int `json:"queued"`
	// InFlight is the number of jobs dispatched and not yet drained.
	InFlight int `json:"in_flight"`
	// Completed counts finished jobs (all time).
	Completed uint64 `json:"completed"`
	// Failed counts failed jobs (all time).
	Failed uint64 `json:"failed"`
	// PerSecond is the recent completion rate in sections per second.
	PerSecond float64 `json:"per_second"`
}

// MapKey is one entry of the map's legend: a colour the page draws and
// what it stands for. The page colours columns and players from the
// legend it is served and builds its key from the same entries, so the
// two cannot disagree.
type MapKey struct {
	// Key is what the colour is drawn for: MapKeySurface, MapKeyDense,
	// MapKeyUniform or MapKeyPlayer.
	Key string `json:"key"`
	// Name is the entry's label: the surface block's name, or what the
	// other keys stand for.
	Name string `json:"name"`
	// Color is the colour as 0xRRGGBB.
	Color uint32 `json:"color"`
	// Columns is how many columns are drawn in the colour (0 for a
	// player).
	Columns int `json:"columns"`
}

// The keys of MapKey.
const (
	// MapKeySurface: columns whose top block is known, in its colour.
	MapKeySurface = "surface"
	// MapKeyDense and MapKeyUniform: columns whose top block is not known
	// (nothing but air resident yet), by whether any of their resident
	// sections is dense; the page draws uniform ones brighter the more of
	// their sections are resident.
	MapKeyDense   = "dense"
	MapKeyUniform = "uniform"
	// MapKeyPlayer: a player's dot.
	MapKeyPlayer = "player"
)

// The map's colours for what is not a surface block.
const (
	MapColorDense   uint32 = 0xd98c3f
	MapColorUniform uint32 = 0x4a6a8a
	MapColorPlayer  uint32 = 0xff4d6d
)

// MapLegend returns the legend of a map of cols and players: one entry per
// surface colour the columns show, named by surfaces (colour → block
// name; a colour it lacks is named by its hex value), the most shown
// first; then dense and uniform when some column has no surface colour;
// then the player's dot when there are players. It lists exactly the
// colours the page draws.
func MapLegend(cols []Column, surfaces map[uint32]string, players int) []MapKey {
	count := map[uint32]int{}
	var order []uint32
	dense, uniform := 0, 0
	for _, c := range cols {
		switch {
		case c.Color != 0:
			if count[c.Color] == 0 {
				order = append(order, c.Color)
			}
			count[c.Color]++
		case c.Dense > 0:
			dense++
		default:
			uniform++
		}
	}
	slices.SortStableFunc(order, func(a, b uint32) int {
		if d := count[b] - count[a]; d != 0 {
			return d
		}
		return cmp.Compare(a, b)
	})
	keys := make([]MapKey, 0, len(order)+3)
	for _, rgb := range order {
		name, ok := surfaces[rgb]
		if !ok {
			name = fmt.Sprintf("#%06x", rgb)
		}
		keys = append(keys, MapKey{Key: MapKeySurface, Name: name, Color: rgb, Columns: count[rgb]})
	}
	if dense > 0 {
		keys = append(keys, MapKey{Key: MapKeyDense, Name: "no surface yet, dense", Color: MapColorDense, Columns: dense})
	}
	if uniform > 0 {
		keys = append(keys, MapKey{Key: MapKeyUniform, Name: "no surface yet, uniform", Color: MapColorUniform, Columns: uniform})
	}
	if players > 0 {
		keys = append(keys, MapKey{Key: MapKeyPlayer, Name: "player", Color: MapColorPlayer})
	}
	return keys
}
