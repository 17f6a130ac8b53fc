package ecs

// Events is one tick's queue of events of one kind, in the shape of
// Bevy's events: a system emits them, any system ordered after it in the
// same tick reads them, and the queue is cleared when the tick ends. A
// system that wants to act on an event in a later tick copies it.
//
// Events are values in one slice, so a reader ordered before others may
// change the ones it is handed (an intent's Cancel, for instance) and the
// later readers see the change. Only the tick goroutine touches a queue.
type Events[T any] struct {
	items []T
	// Total counts every event ever emitted, for metrics.
	Total uint64
}

// Emit appends ev to this tick's queue.
func (q *Events[T]) Emit(ev T) {
	q.items = append(q.items, ev)
	q.Total++
}

// Items returns this tick's events, oldest first. The slice is valid
// until the next Emit or the tick's end; its elements may be modified.
func (q *Events[T]) Items() []T { return q.items }

// Len returns the number of events this tick.
func (q *Events[T]) Len() int { return len(q.items) }

func (q *Events[T]) clear() {
	clear(q.items)
	q.items = q.items[:0]
}

// eventQueue is what the App needs of an Events queue to clear it.
type eventQueue interface{ clear() }

// AddEvents returns the App's queue of events of type T, adding it (as a
// resource, cleared at the end of every tick) on first use, so that the
// plugin that emits them and the plugins that read them may each ask for
// it in their Build, in any order.
func AddEvents[T any](a *App) *Events[T] {
	if q, ok := GetResource[Events[T]](a); ok {
		return q
	}
	q := &Events[T]{}
	AddResource(a, q)
	a.events = append(a.events, q)
	return q
}

// clearEvents empties every event queue, at the end of a tick.
func (a *App) clearEvents() {
	for _, q := range a.events {
		q.clear()
	}
}

// Veto is embedded in an intent event: a request (a player's move, edit,
// chat line) that systems ordered before the one applying it may cancel,
// with a reason the requester is told.
type Veto struct {
	cancelled bool
	reason    string
}

// Cancel refuses the intent. The first reason given is kept; an empty
// reason refuses silently (a chat command that consumed the line).
func (v *Veto) Cancel(reason string) {
	if !v.cancelled {
		v.cancelled, v.reason = true, reason
	}
}

// Cancelled reports whether the intent was refused, and why.
func (v *Veto) Cancelled() (bool, string) { return v.cancelled, v.reason }
