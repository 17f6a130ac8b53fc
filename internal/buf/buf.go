// Package buf holds helpers for the scratch slices systems reuse tick
// after tick.
package buf

// Trim returns s, or a copy of it with no spare room when it holds under a
// quarter of a capacity above floor (nil when s is empty). A slice reused
// every tick keeps the capacity of its largest tick otherwise: a thousand
// players joining at once would leave every queue they passed through at
// its peak for as long as the server runs.
func Trim[T any](s []T, floor int) []T {
	if !oversized(s, floor) {
		return s
	}
	if len(s) == 0 {
		// Not s[:0:0]: an empty slice of the array would keep all of it
		// alive.
		return nil
	}
	return append([]T(nil), s...)
}

// Reset returns s emptied for the next tick: its array, unless the tick
// that filled s used under a quarter of a capacity above floor (Trim's
// rule), in which case nil, so that a burst's room is given back without
// copying what the last tick left in it.
func Reset[T any](s []T, floor int) []T {
	if !oversized(s, floor) {
		return s[:0]
	}
	return nil
}

// oversized reports whether s holds under a quarter of a capacity above
// floor.
func oversized[T any](s []T, floor int) bool {
	return cap(s) > floor && len(s) < cap(s)/4
}
