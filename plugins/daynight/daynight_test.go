package daynight

import (
	"testing"

	"github.com/stratavox/strata/ecs"
)

func TestClockAdvances(t *testing.T) {
	tests := []struct {
		name     string
		start    uint32
		speed    uint32
		steps    int
		wantTime uint32
		wantDay  uint64
		night    bool
	}{
		{"one tick", 0, 1, 1, 1, 0, false},
		{"reaches night", 0, 1, DayLength / 2, DayLength / 2, 0, true},
		{"wraps to the next day", DayLength - 1, 1, 2, 1, 1, false},
		{"frozen", 100, 0, 50, 100, 0, false},
		{"fast forward", 0, 1000, 30, 6000, 1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			app := ecs.NewApp().AddPlugins(Plugin{Start: tc.start})
			if err := app.Build(); err != nil {
				t.Fatal(err)
			}
			clock := ecs.Resource[Clock](app)
			clock.Speed = tc.speed
			for i := 0; i < tc.steps; i++ {
				app.Step()
			}
			if clock.Time != tc.wantTime || clock.Day != tc.wantDay || clock.IsNight() != tc.night {
				t.Fatalf("clock = %+v night=%v, want time %d day %d night %v", *clock, clock.IsNight(), tc.wantTime, tc.wantDay, tc.night)
			}
		})
	}
}
