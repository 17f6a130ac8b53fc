package server

import (
	"bufio"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
)

// TestSleepingCrittersReplay records a deterministic server whose
// critters stay awake only within 12 blocks of a player
// (plugins.critters.wake_radius; a herd in every other column) while one
// player flies through the herds at spawn: /metrics shows critters
// asleep and awake at once. It replays the recording with its hashes
// verified on one core and on two: the decision to sleep reads the tick
// alone. The header keeps the setting.
func TestSleepingCrittersReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("a live session of a few seconds")
	}
	path := filepath.Join(t.TempDir(), "sleep.strata")
	settings := map[string]string{settingCritterWakeRadius: "12", "plugins.critters.every": "2", "plugins.critters.per_region": "1000"}
	both := 0 // samples of /metrics with critters asleep and awake
	recordWith(t, path, 7 /* grassland at spawn: herds near it */, settings, func(t *testing.T, srv *Server) {
		c := dialPlayerOpts(t, srv, client.Options{Name: "walker", ViewDistance: 3})
		s := c.Welcome().GetSpawn()
		p := &player{c: c, pos: [3]float64{s.X - 30, s.Y + 6, s.Z}}
		time.Sleep(300 * time.Millisecond)
		for i := range 120 { // 60 blocks east, through the spawn, in 6 s
			if i%10 == 9 {
				if resident, asleep := entityGauges(t, srv.AdminAddr()); asleep > 0 && asleep < resident {
					both++
				}
			}
			p.pos[0] += 0.5
			p.tick++
			in := &protocol.Input{InputTick: p.tick, Position: protocol.V3(p.pos[0], p.pos[1], p.pos[2]),
				Velocity: protocol.V3f(10, 0, 0), Flying: true}
			if err := c.SendInput(in); err != nil {
				t.Fatal(err)
			}
			time.Sleep(50 * time.Millisecond)
		}
		c.Close()
		time.Sleep(200 * time.Millisecond)
	})
	t.Logf("%d samples of 12 with critters asleep and awake", both)
	if both == 0 {
		t.Fatal("no sample of /metrics had critters both asleep and awake")
	}
	if got := readRecording(t, path).Header.Settings[settingCritterWakeRadius]; got != "12" {
		t.Fatalf("recorded %s = %q, want 12", settingCritterWakeRadius, got)
	}
	verifyOnCores(t, path, []int{1, 2}, 100)
}

// entityGauges reads strata_entities (resident and asleep) from the
// admin listener's /metrics.
func entityGauges(t *testing.T, admin string) (resident, asleep float64) {
	t.Helper()
	resp, err := http.Get("http://" + admin + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		for state, v := range map[string]*float64{"resident": &resident, "asleep": &asleep} {
			if rest, ok := strings.CutPrefix(sc.Text(), `strata_entities{state="`+state+`"} `); ok {
				if *v, err = strconv.ParseFloat(rest, 64); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return resident, asleep
}
