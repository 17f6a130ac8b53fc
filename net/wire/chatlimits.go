package wire

// ChatLimits bound chat lines. The server builds one value and gives it
// to both places that enforce it: the transport, which refuses a line
// before it reaches the tick, and the chat plugin, which also covers
// synthetic and replayed clients that never pass through the transport.
type ChatLimits struct {
	// MaxLength bounds a line, in bytes [256].
	MaxLength int
	// PerSecond and Burst rate-limit each sender [2, 5].
	PerSecond float64
	Burst     int
}

// WithDefaults returns l with its zero fields set to the defaults.
func (l ChatLimits) WithDefaults() ChatLimits {
	if l.MaxLength <= 0 {
		l.MaxLength = 256
	}
	if l.PerSecond <= 0 {
		l.PerSecond = 2
	}
	if l.Burst <= 0 {
		l.Burst = 5
	}
	return l
}
