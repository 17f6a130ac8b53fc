package access

import (
	"strconv"
	"strings"
	"time"
)

// MaxBanLength is the longest ban with an end; a longer one is for good.
const MaxBanLength = 100 * 365 * 24 * time.Hour

// banUnits are the units of a ban's length.
var banUnits = map[byte]time.Duration{'s': time.Second, 'm': time.Minute, 'h': time.Hour, 'd': 24 * time.Hour, 'w': 7 * 24 * time.Hour}

// ParseBanLength reads a ban's length as /ban and the admin listener take
// it: whole numbers with units s, m, h, d or w (any case), one or several
// ("1d12h"), adding up to more than zero and at most MaxBanLength. One
// parser for both, so that a length the listener accepts is never read by
// /ban as the first word of the reason (a ban that would never end).
func ParseBanLength(s string) (time.Duration, bool) {
	s = strings.ToLower(s)
	var total time.Duration
	for s != "" {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i == len(s) || i > 9 {
			return 0, false
		}
		n, err := strconv.Atoi(s[:i])
		unit, ok := banUnits[s[i]]
		if err != nil || !ok {
			return 0, false
		}
		total += time.Duration(n) * unit
		if total > MaxBanLength {
			return 0, false
		}
		s = s[i+1:]
	}
	return total, total > 0
}
