package bots

import (
	"slices"
	"time"
)

// maxErrorMessages bounds the error messages kept per bot.
const maxErrorMessages = 5

// botResult accumulates one bot's figures over its connections. Only the
// bot's own goroutine writes it; Run reads it after that goroutine ended.
type botResult struct {
	name string
	// joins counts admitted connections (more than one for teleport).
	joins int
	// track sums the trackers' figures; firstViews has one entry per join
	// that completed its view.
	track      trackStats
	firstViews []time.Duration
	// bytes is the Chunk frames' payload received (Conn.Stats.ChunkBytes);
	// streamBytes the whole chunk stream after decompression and
	// wireBytes as it arrived (ChunkStreamBytes, ChunkWireBytes);
	// deflateJoins counts the joins granted deflate-chunks; heldSections
	// the sections held at the end of the last connection.
	bytes        uint64
	streamBytes  uint64
	wireBytes    uint64
	deflateJoins int
	heldSections int
	corrections  uint64
	// entitySum and entitySamples give the mean number of entities held
	// (sampled every tick while connected), entityMax the largest;
	// entitySpawns and entityDespawns are the Conn.Stats counters summed
	// over the joins, entityJoins the joins granted "entities", connected
	// the time the bot was connected.
	entitySum, entitySamples     uint64
	entityMax                    int
	entitySpawns, entityDespawns uint64
	entityJoins                  int
	connected                    time.Duration
	held                         time.Duration // time the server held the bot
	moving                       time.Duration // time spent moving (after the loading screen)
	path, net                    float64       // blocks travelled (commanded) and start→end, horizontal
	errors                       int
	messages                     []string
	// told are the first system lines the bot was told (Config.Say).
	told []string
	// lodComplete is, for each join whose whole LOD horizon arrived, the
	// time from the dial; lodWire and lodBytes what the horizon cost by
	// then (see horizon).
	lodComplete        []time.Duration
	lodWire, lodFrames []uint64
}

func (r *botResult) addError(msg string) {
	r.errors++
	if len(r.messages) < maxErrorMessages {
		r.messages = append(r.messages, msg)
	}
}

// addTrack folds one connection's tracker figures in.
func (r *botResult) addTrack(t trackStats, held int) {
	a := &r.track
	a.Chunks += t.Chunks
	a.Drops += t.Drops
	a.DataBytes += t.DataBytes
	a.ChunksMoving += t.ChunksMoving
	a.Entered += t.Entered
	a.Prefetched += t.Prefetched
	a.Arrived += t.Arrived
	a.LeftEarly += t.LeftEarly
	a.Late += t.Late
	a.Later += t.Later
	a.DroppedInView += t.DroppedInView
	a.StillMissing += t.StillMissing
	a.MaxMissing = max(a.MaxMissing, t.MaxMissing)
	a.Delays = append(a.Delays, t.Delays...)
	if t.Complete {
		r.firstViews = append(r.firstViews, t.FirstView)
	}
	r.heldSections = held
}

// Summary is the figures of one bot, or of all bots together. Times are
// in milliseconds, distances in blocks.
type Summary struct {
	Name string `json:"name"`
	// Joins counts admitted connections; Complete those whose view was
	// complete at some point.
	Joins    int `json:"joins"`
	Complete int `json:"complete_views"`
	// Time from the start of the dial to the first moment every section
	// of the view was held, over the completed joins.
	FirstViewP50 float64 `json:"first_view_p50_ms"`
	FirstViewMax float64 `json:"first_view_max_ms"`
	// Sections (Chunks) and Drops received; Bytes is the Chunk frames'
	// payload, DataBytes the encoded section data alone; StreamBytes the
	// whole chunk stream (every frame, Drops and length prefixes
	// included) before compression, WireBytes the chunk stream as it
	// arrived (compressed for the DeflateJoins joins granted
	// deflate-chunks; equal to StreamBytes for the others); Held the
	// sections held at the end.
	Sections     uint64 `json:"sections"`
	Bytes        uint64 `json:"bytes"`
	DataBytes    uint64 `json:"data_bytes"`
	StreamBytes  uint64 `json:"stream_bytes"`
	WireBytes    uint64 `json:"wire_bytes"`
	DeflateJoins int    `json:"deflate_joins"`
	Drops        uint64 `json:"drops"`
	Held         int    `json:"held_at_end"`
	// SectionsMoving counts Sections received while moving.
	SectionsMoving uint64 `json:"sections_while_moving"`
	// Arrival after entering the view, while moving (see trackStats).
	Entered       uint64  `json:"entered"`
	Prefetched    uint64  `json:"prefetched"`
	Arrived       uint64  `json:"arrived"`
	LeftEarly     uint64  `json:"left_before_arrival"`
	StillMissing  uint64  `json:"still_missing_at_end"`
	DroppedInView uint64  `json:"dropped_in_view"`
	DelayP50      float64 `json:"delay_p50_ms"`
	DelayP99      float64 `json:"delay_p99_ms"`
	DelayMax      float64 `json:"delay_max_ms"`
	// MissingAfter counts sections still missing MissingAfter (1 s by
	// default) after they entered the view; MaxMissing is the longest
	// any was missing.
	MissingAfter uint64 `json:"missing_after_limit"`
	// MissingTwice counts those still missing twice MissingAfter after.
	MissingTwice uint64  `json:"missing_after_twice_limit"`
	MaxMissing   float64 `json:"max_missing_ms"`
	// Corrections received; HeldSeconds the time the server held the bot
	// (Held…Released).
	Corrections uint64  `json:"corrections"`
	HeldSeconds float64 `json:"held_s"`
	// Entities (feature "entities", granted on EntityJoins joins): the
	// mean and max number a bot held, sampled every tick it was
	// connected (of all bots together, the mean over every bot's samples
	// and the largest of any); the entities spawned and despawned for it
	// (EntitySpawns and EntityDespawns entries), and those per second of
	// ConnectedSeconds, its time connected (of all bots together, per bot:
	// the sums over the summed time).
	EntityJoins       int     `json:"entity_joins"`
	EntitiesMean      float64 `json:"entities_mean"`
	EntitiesMax       int     `json:"entities_max"`
	EntitySpawns      uint64  `json:"entity_spawns"`
	EntityDespawns    uint64  `json:"entity_despawns"`
	SpawnsPerSecond   float64 `json:"spawns_per_s"`
	DespawnsPerSecond float64 `json:"despawns_per_s"`
	ConnectedSeconds  float64 `json:"connected_s"`
	// MovingSeconds is the time spent moving, Path the distance commanded
	// and Net the distance from where moving started to the end,
	// horizontally. Net/MovingSeconds is the effective speed of a
	// straight flight.
	MovingSeconds float64 `json:"moving_s"`
	Path          float64 `json:"path_blocks"`
	Net           float64 `json:"net_blocks"`
	// Errors counts dial failures, connections the server closed, server
	// Error messages and undecodable sections; Messages are the first few.
	Errors   int      `json:"errors"`
	Messages []string `json:"error_messages,omitempty"`
	// Told are the system lines the bots were told (replies to
	// Config.Say), each "bot: line", the first few of each bot.
	Told []string `json:"told,omitempty"`
	// With Config.LOD: LODComplete counts the joins whose whole horizon
	// arrived; LODCompleteS is the time from the dial until it did,
	// LODWireBytes the chunk stream's bytes on the wire that carried it
	// (the stream's wire bytes by then, times the LOD frames' share of its
	// decompressed bytes: level 0 and LOD share one DEFLATE stream), and
	// LODFrameBytes the LOD frames' bytes before compression; each the
	// median over the bots (their first complete join).
	LODComplete   int     `json:"lod_complete"`
	LODCompleteS  float64 `json:"lod_complete_s"`
	LODWireBytes  float64 `json:"lod_wire_bytes"`
	LODFrameBytes float64 `json:"lod_frame_bytes"`
}

// maxTold bounds the system lines a bot keeps for the report.
const maxTold = 8

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// percentile returns the nearest-rank p-th percentile (0 < p ≤ 100) of
// sorted samples, 0 when empty.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(float64(len(sorted))*p/100+0.9999999) - 1
	return sorted[min(max(rank, 0), len(sorted)-1)]
}

// summarize folds results into one Summary named name.
func summarize(name string, rs ...*botResult) Summary {
	s := Summary{Name: name}
	var delays, views, lodTimes []time.Duration
	var lodWire, lodFrames []uint64

	var entitySum, entitySamples uint64
	for _, r := range rs {
		entitySum += r.entitySum
		entitySamples += r.entitySamples
		s.EntitiesMax = max(s.EntitiesMax, r.entityMax)
		if len(r.lodComplete) > 0 {
			s.LODComplete += len(r.lodComplete)
			lodTimes = append(lodTimes, r.lodComplete[0])
			lodWire = append(lodWire, r.lodWire[0])
			lodFrames = append(lodFrames, r.lodFrames[0])
		}
		s.EntitySpawns += r.entitySpawns
		s.EntityDespawns += r.entityDespawns
		s.EntityJoins += r.entityJoins
		s.ConnectedSeconds += r.connected.Seconds()
		t := &r.track
		s.Joins += r.joins
		s.Complete += len(r.firstViews)
		views = append(views, r.firstViews...)
		s.Sections += t.Chunks
		s.Bytes += r.bytes
		s.StreamBytes += r.streamBytes
		s.WireBytes += r.wireBytes
		s.DeflateJoins += r.deflateJoins
		s.DataBytes += t.DataBytes
		s.Drops += t.Drops
		s.Held += r.heldSections
		s.SectionsMoving += t.ChunksMoving
		s.Entered += t.Entered
		s.Prefetched += t.Prefetched
		s.Arrived += t.Arrived
		s.LeftEarly += t.LeftEarly
		s.StillMissing += t.StillMissing
		s.DroppedInView += t.DroppedInView
		s.MissingAfter += t.Late
		s.MissingTwice += t.Later
		s.MaxMissing = max(s.MaxMissing, ms(t.MaxMissing))
		delays = append(delays, t.Delays...)
		s.Corrections += r.corrections
		s.HeldSeconds += r.held.Seconds()
		s.MovingSeconds += r.moving.Seconds()
		s.Path += r.path
		s.Net += r.net
		s.Errors += r.errors
		for _, line := range r.told {
			s.Told = append(s.Told, r.name+": "+line)
		}
		for _, m := range r.messages {
			if len(s.Messages) < maxErrorMessages {
				s.Messages = append(s.Messages, r.name+": "+m)
			}
		}
	}
	if len(rs) == 1 {
		s.Messages = rs[0].messages
	}
	if entitySamples > 0 {
		s.EntitiesMean = float64(entitySum) / float64(entitySamples)
	}
	if s.ConnectedSeconds > 0 {
		s.SpawnsPerSecond = float64(s.EntitySpawns) / s.ConnectedSeconds
		s.DespawnsPerSecond = float64(s.EntityDespawns) / s.ConnectedSeconds
	}
	slices.Sort(delays)
	slices.Sort(views)
	s.DelayP50, s.DelayP99 = ms(percentile(delays, 50)), ms(percentile(delays, 99))
	if len(delays) > 0 {
		s.DelayMax = ms(delays[len(delays)-1])
	}
	s.FirstViewP50 = ms(percentile(views, 50))
	if len(views) > 0 {
		s.FirstViewMax = ms(views[len(views)-1])
	}
	if len(lodTimes) > 0 {
		slices.Sort(lodTimes)
		slices.Sort(lodWire)
		slices.Sort(lodFrames)
		s.LODCompleteS = percentile(lodTimes, 50).Seconds()
		s.LODWireBytes = float64(lodWire[(len(lodWire)-1)/2])
		s.LODFrameBytes = float64(lodFrames[(len(lodFrames)-1)/2])
	}
	return s
}

// Report is the outcome of Run.
type Report struct {
	Server   string  `json:"server"`
	Pattern  Pattern `json:"pattern"`
	Bots     int     `json:"bots"`
	Speed    float64 `json:"speed_bps"`
	View     int     `json:"view"`
	Duration float64 `json:"duration_s"`
	// Wall is how long the run took; Interrupted is set when it was cut
	// short (Ctrl-C).
	Wall        float64 `json:"wall_s"`
	Interrupted bool    `json:"interrupted,omitempty"`
	// SectionsPerSecond is all sections received over Wall;
	// MovingSectionsPerSecond sums each bot's sections received while
	// moving over its time moving. Per section received:
	// WireBytesPerSection is the chunk stream as it arrived (compressed
	// with deflate-chunks), StreamBytesPerSection the same stream before
	// compression (every frame, Drops and length prefixes included),
	// BytesPerSection the Chunk frames' payload, DataBytesPerSection the
	// encoded section alone.
	SectionsPerSecond       float64 `json:"sections_per_s"`
	MovingSectionsPerSecond float64 `json:"moving_sections_per_s"`
	WireBytesPerSection     float64 `json:"wire_bytes_per_section"`
	StreamBytesPerSection   float64 `json:"stream_bytes_per_section"`
	BytesPerSection         float64 `json:"bytes_per_section"`
	DataBytesPerSection     float64 `json:"data_bytes_per_section"`
	// SpawnsPerSecond and DespawnsPerSecond are every bot's entity spawns
	// and despawns over Wall (Total has them per bot).
	SpawnsPerSecond   float64 `json:"spawns_per_s"`
	DespawnsPerSecond float64 `json:"despawns_per_s"`
	// Total sums every bot; PerBot lists them in order.
	Total  Summary   `json:"total"`
	PerBot []Summary `json:"per_bot"`
	// Server is what the admin listener reported, when Config.Admin was
	// set.
	ServerFigures *ServerFigures `json:"server_figures,omitempty"`
}

func buildReport(cfg *Config, results []*botResult, wall time.Duration) *Report {
	rep := &Report{
		Server: cfg.Server, Pattern: cfg.Pattern, Bots: cfg.Bots, Speed: cfg.Speed, View: cfg.View,
		Duration: cfg.Duration.Seconds(), Wall: wall.Seconds(),
	}
	for _, r := range results {
		rep.PerBot = append(rep.PerBot, summarize(r.name, r))
		if r.moving > 0 {
			rep.MovingSectionsPerSecond += float64(r.track.ChunksMoving) / r.moving.Seconds()
		}
	}
	rep.Total = summarize("all", results...)
	if wall > 0 {
		rep.SectionsPerSecond = float64(rep.Total.Sections) / wall.Seconds()
		rep.SpawnsPerSecond = float64(rep.Total.EntitySpawns) / wall.Seconds()
		rep.DespawnsPerSecond = float64(rep.Total.EntityDespawns) / wall.Seconds()
	}
	if rep.Total.Sections > 0 {
		rep.WireBytesPerSection = float64(rep.Total.WireBytes) / float64(rep.Total.Sections)
		rep.StreamBytesPerSection = float64(rep.Total.StreamBytes) / float64(rep.Total.Sections)
		rep.BytesPerSection = float64(rep.Total.Bytes) / float64(rep.Total.Sections)
		rep.DataBytesPerSection = float64(rep.Total.DataBytes) / float64(rep.Total.Sections)
	}
	return rep
}
