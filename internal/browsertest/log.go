package browsertest

import (
	"bufio"
	"bytes"
	"strings"
	"sync"
)

// DefaultLogLimit is how much of the browser's log a LogBuffer keeps
// when its Limit is zero.
const DefaultLogLimit = 8 << 20

// LogBuffer is a writer safe for concurrent use that keeps what the
// browser logs, up to Limit bytes: enough to diagnose, without growing
// without bound.
type LogBuffer struct {
	Limit int // 0: DefaultLogLimit

	mu sync.Mutex
	b  bytes.Buffer
}

func (l *LogBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	limit := l.Limit
	if limit == 0 {
		limit = DefaultLogLimit
	}
	if l.b.Len() > limit {
		return len(p), nil // enough to diagnose
	}
	return l.b.Write(p)
}

// Bytes returns a copy of what was written.
func (l *LogBuffer) Bytes() []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	return bytes.Clone(l.b.Bytes())
}

// Tail returns the last n lines that match reports true for (every line
// when match is nil). Lines about D-Bus, which a container has not and
// Chromium complains of at length, are always left out.
func (l *LogBuffer) Tail(n int, match func(line string) bool) []string {
	var keep []string
	sc := bufio.NewScanner(bytes.NewReader(l.Bytes()))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if (match == nil || match(line)) && !strings.Contains(line, "dbus") {
			keep = append(keep, line)
		}
	}
	if len(keep) > n {
		keep = keep[len(keep)-n:]
	}
	return keep
}
