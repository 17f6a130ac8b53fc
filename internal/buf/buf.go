// Package buf holds helpers for the scratch slices systems reuse tick
// after tick.
package buf

// Trim returns s, or a copy of it with no spare room when it holds under a
// quarter of a capacity above floor. A slice reused every tick keeps the
// capacity of its largest tick otherwise: a thousand players joining at
// once would leave every queue they passed through at its peak for as
// long as the server runs.
func Trim[T any](s []T, floor int) []T {
	if cap(s) <= floor || len(s) >= cap(s)/4 {
		return s
	}
	return append(s[:0:0], s...)
}
