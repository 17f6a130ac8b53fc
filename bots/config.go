package bots

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/systems/physics"
)

// Pattern is a bot's movement pattern.
type Pattern string

// The movement patterns.
const (
	// Walk walks on the terrain at walking speed along a random heading,
	// turning at random intervals and whenever the server corrects it.
	Walk Pattern = "walk"
	// Fly flies straight along a random heading, following the terrain at
	// a small height above it.
	Fly Pattern = "fly"
	// Spiral flies an expanding (Archimedean) spiral around where the bot
	// joined, its arms one view radius apart.
	Spiral Pattern = "spiral"
	// Teleport stands still and, every Config.Hop once its view is
	// complete, disconnects and reconnects under the same name, so that
	// the server sends its whole view again. A client cannot move itself
	// faster than the server's speed limit, and the protocol has no
	// client-initiated teleport, so a full-view reload is the closest
	// honest equivalent: the server sees a player leave and one appear
	// whose whole view must be made resident and sent.
	Teleport Pattern = "teleport"
)

// Patterns lists the valid patterns.
var Patterns = []Pattern{Walk, Fly, Spiral, Teleport}

// ParsePattern returns the pattern named s.
func ParsePattern(s string) (Pattern, error) {
	for _, p := range Patterns {
		if string(p) == s {
			return p, nil
		}
	}
	return "", fmt.Errorf("unknown pattern %q (want walk, fly, spiral or teleport)", s)
}

// Flying reports whether the pattern flies (sends Input.flying).
func (p Pattern) Flying() bool { return p == Fly || p == Spiral }

// DefaultSpeed is the pattern's speed in blocks per second when
// Config.Speed is zero: the server's default limits (physics
// DefaultLimits), walking or flying, without using its tolerance.
func (p Pattern) DefaultSpeed() float64 {
	lim := physics.DefaultLimits()
	switch p {
	case Walk:
		return lim.WalkSpeed
	case Fly, Spiral:
		return lim.FlySpeed
	}
	return 0
}

// Bounds on a run: the tool is for measuring, not for flooding.
const (
	MaxBots     = 1000
	MaxDuration = time.Hour
	MaxView     = protocol.ViewDistanceLimit
	// MaxSpeed bounds --speed (blocks per second); well above any sane
	// server limit, it only catches typos.
	MaxSpeed = 1000
	// MaxSpread bounds --spread (blocks across): 100 km, far beyond a
	// horizon.
	MaxSpread = 100_000
)

// Config configures Run.
type Config struct {
	// Server is the QUIC address, "host:port"; host must be loopback.
	Server string
	// Bots is the number of bots (1..MaxBots).
	Bots int
	// Pattern is the movement pattern.
	Pattern Pattern
	// Speed in blocks per second; 0 takes Pattern.DefaultSpeed. Flying
	// bots keep their 3-D speed at exactly Speed (climbing takes some of it
	// from the horizontal); walking bots walk at Speed horizontally.
	Speed float64
	// Duration is the whole run, connecting included.
	Duration time.Duration
	// View is the requested view distance in sections.
	View int
	// PinSHA256 pins the server certificate (hex or base64); Insecure
	// accepts any certificate. One of them is required.
	PinSHA256 string
	Insecure  bool
	// Admin, when set, is the server's admin HTTP address (loopback):
	// during the window in which every bot moves, Run reads the server's
	// tick timings and delivery counters from it. AdminToken is sent as a
	// bearer token when set.
	Admin      string
	AdminToken string
	// NamePrefix names the bots NamePrefix-000, NamePrefix-001, ...
	// Default "bot".
	NamePrefix string
	// Seed seeds the bots' random headings; the same seed gives the same
	// headings. Default 1.
	Seed uint64
	// Settle is how long a bot waits for its first complete view before
	// it starts moving anyway [15s]. Bots start moving as soon as their
	// view is complete, like a client leaving its loading screen.
	Settle time.Duration
	// Hop is the teleport pattern's interval between reconnects [5s].
	Hop time.Duration
	// MissingAfter is the age after which a section of the view that has
	// not arrived counts as missing [1s].
	MissingAfter time.Duration
	// ConnectParallel bounds simultaneous handshakes [16]; the server
	// refuses more than 64 at once.
	ConnectParallel int
	// PlainChunks makes the bots not ask for the compressed chunk stream
	// (protocol.FeatureDeflateChunks), which they otherwise ask for, as
	// the Go client does by default.
	PlainChunks bool
	// NoEntities makes the bots not ask for protocol.FeatureEntities,
	// which they otherwise ask for as the Go client does by default: the
	// server then tells them of no entities (a legacy client's load).
	NoEntities bool
	// LOD makes the bots ask for protocol.FeatureLOD (LODLevels levels; 0
	// takes the server's default) and report when each one's whole
	// horizon arrived and what it cost (Summary.LODCompleteS,
	// LODWireBytes).
	LOD       bool
	LODLevels int
	// NoAirSections makes the bots not ask for protocol.FeatureAirSections:
	// every section then comes as a Chunk, blank ones included
	// (measurements of the section frames alone).
	NoAirSections bool
	// NoColumnLists makes them not ask for protocol.FeatureColumnLists:
	// drops and blank sections then come by position, not by column.
	NoColumnLists bool
	// NoCompactStates makes them not ask for
	// protocol.FeatureCompactStates: entities' moves then come as
	// PlayerStates, not CompactStates.
	NoCompactStates bool
	// Spread, when positive, places the bots over a disc this many
	// blocks across around the spawn: each sends "/tp X Y Z" to its own
	// point (uniform over the disc, fixed by Seed and its number, on the
	// ground there) as soon as it joins, and starts moving once there.
	// The server must let players teleport to coordinates.
	Spread float64
	// NoStateBatches makes them not ask for
	// protocol.FeatureStateBatches: a tick's entity states then come in a
	// datagram each, not a few datagrams together.
	NoStateBatches bool
	// NoPredictedStates makes them not ask for
	// protocol.FeaturePredictedStates: the server then sends an
	// entity's every move, not only what extrapolating its last state
	// would draw wrong.
	NoPredictedStates bool
	// Say are chat lines each bot sends once it has joined (a command:
	// "/quota"); the report lists the system lines the bots were told
	// (commands' replies), the first few of each bot.
	Say []string
	// Decode decodes every section (and counts undecodable ones as
	// errors); off, bots keep raw bytes, which costs far less CPU.
	Decode bool
	// KeyDir keeps one identity key per bot name (NAME.key, see
	// client.LoadOrCreateKey), so that a server which binds names to keys
	// accepts the same bots on the next run. Empty: every bot gets a key
	// for this run only, kept across its reconnects (the teleport
	// pattern); a server that binds names then refuses those names to the
	// next run's bots.
	KeyDir string
	// Log receives progress and per-bot problems.
	Log zerolog.Logger
}

func (c *Config) withDefaults() {
	if c.NamePrefix == "" {
		c.NamePrefix = "bot"
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
	if c.Settle <= 0 {
		c.Settle = 15 * time.Second
	}
	if c.Hop <= 0 {
		c.Hop = 5 * time.Second
	}
	if c.MissingAfter <= 0 {
		c.MissingAfter = time.Second
	}
	if c.ConnectParallel <= 0 {
		c.ConnectParallel = 16
	}
	if c.Speed == 0 {
		c.Speed = c.Pattern.DefaultSpeed()
	}
}

// validate checks the settings (after withDefaults), naming the setting.
func (c *Config) validate() error {
	var errs []error
	if c.Bots < 1 || c.Bots > MaxBots {
		errs = append(errs, fmt.Errorf("bots: %d is outside 1..%d", c.Bots, MaxBots))
	}
	if _, err := ParsePattern(string(c.Pattern)); err != nil {
		errs = append(errs, fmt.Errorf("pattern: %w", err))
	}
	if c.Speed < 0 || c.Speed > MaxSpeed {
		errs = append(errs, fmt.Errorf("speed: %g is outside 0..%d blocks/s", c.Speed, MaxSpeed))
	}
	if c.Duration <= 0 || c.Duration > MaxDuration {
		errs = append(errs, fmt.Errorf("duration: %v is outside (0, %v]", c.Duration, MaxDuration))
	}
	if c.Spread < 0 || c.Spread > MaxSpread {
		errs = append(errs, fmt.Errorf("spread: %g is outside 0..%d blocks", c.Spread, MaxSpread))
	}
	if c.View < 1 || c.View > MaxView {
		errs = append(errs, fmt.Errorf("view: %d is outside 1..%d", c.View, MaxView))
	}
	if c.PinSHA256 == "" && !c.Insecure {
		errs = append(errs, errors.New("pin: give the certificate's SHA-256 (or the admin address to fetch it), or insecure"))
	}
	// Names are NamePrefix-NNN and must pass the server's name rule.
	if err := protocol.ValidName(botName(c.NamePrefix, c.Bots-1)); err != nil {
		errs = append(errs, fmt.Errorf("name-prefix: %q gives invalid names: %w", c.NamePrefix, err))
	}
	return errors.Join(errs...)
}

// botName is the name of bot i.
func botName(prefix string, i int) string { return fmt.Sprintf("%s-%03d", prefix, i) }

// LoopbackAddr resolves addr ("host:port") and returns it with host
// replaced by a loopback IP it resolves to, so that what is checked is what
// is dialled. Any address that resolves to a non-loopback IP is refused:
// load tests may only target this machine.
func LoopbackAddr(ctx context.Context, addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("address %q: %w", addr, err)
	}
	if host == "" {
		return "", fmt.Errorf("address %q has no host; give 127.0.0.1 or localhost", addr)
	}
	ips, err := net.DefaultResolver.LookupIPAddr(ctx, strings.Trim(host, "[]"))
	if err != nil {
		return "", fmt.Errorf("address %q: %w", addr, err)
	}
	var pick net.IP
	for _, ip := range ips {
		if !ip.IP.IsLoopback() {
			return "", fmt.Errorf("address %q resolves to %v, which is not loopback: bots only target this machine", addr, ip.IP)
		}
		// Prefer IPv4: the server's default listener is bound to it.
		if pick == nil || (pick.To4() == nil && ip.IP.To4() != nil) {
			pick = ip.IP
		}
	}
	if pick == nil {
		return "", fmt.Errorf("address %q resolves to nothing", addr)
	}
	return net.JoinHostPort(pick.String(), port), nil
}
