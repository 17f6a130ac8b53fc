package network

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
)

// Sender is the client a message came from.
type Sender struct {
	// Entity is the client's entity, alive while the handler runs.
	Entity ecs.Entity
	// ID is the client's id (its entity id on the wire).
	ID uint64
	// Conn is its connection, for an answer.
	Conn components.Conn
}

// Received is one inbound message of kind K (a ClientMessage oneof case
// such as *protocol.ClientMessage_Chat) from an admitted client.
type Received[K any] struct {
	From Sender
	Msg  K
}

// Router maps each kind of inbound control message to the plugin that
// serves it. The ingest system knows no kind: it hands every message of an
// admitted client to the handler its kind's plugin registered, and answers
// a kind nobody serves with a non-fatal error. The network plugin owns it;
// every other plugin registers through Handle or Receive in its Build.
type Router struct {
	routes map[reflect.Type]route
}

type route struct {
	plugin string
	fn     func(ctx *ecs.Context, from Sender, kind any)
}

func newRouter() *Router { return &Router{routes: map[reflect.Type]route{}} }

// Handle registers fn as the handler of inbound messages of kind K: the
// ingest system calls it, in arrival order, for every such message of an
// admitted client. A kind has one handler; a second registration is a
// build error. Call it from Build, after depending on the network plugin.
func Handle[K any](app *ecs.App, plugin string, fn func(ctx *ecs.Context, from Sender, msg K)) {
	r := ecs.RequireResource[Router](app)
	if r == nil {
		return
	}
	t := reflect.TypeFor[K]()
	if old, dup := r.routes[t]; dup {
		app.Fail(fmt.Errorf("inbound %v: already served by plugin %q", t, old.plugin))
		return
	}
	r.routes[t] = route{plugin: plugin, fn: func(ctx *ecs.Context, from Sender, kind any) { fn(ctx, from, kind.(K)) }}
}

// Receive registers a queue as the handler of kind K and returns it: the
// messages of each tick are readable by any system ordered after ingest
// and are cleared at the tick's end (ecs.Events).
func Receive[K any](app *ecs.App, plugin string) *ecs.Events[Received[K]] {
	q := ecs.AddEvents[Received[K]](app)
	Handle(app, plugin, func(_ *ecs.Context, from Sender, msg K) { q.Emit(Received[K]{From: from, Msg: msg}) })
	return q
}

// dispatch hands msg to the handler of its kind, reporting false when no
// plugin serves it.
func (r *Router) dispatch(ctx *ecs.Context, from Sender, msg *protocol.ClientMessage) bool {
	kind := msg.GetKind()
	if kind == nil {
		return true // empty, or a case from a newer protocol: ignored
	}
	rt, ok := r.routes[reflect.TypeOf(kind)]
	if !ok {
		return false
	}
	rt.fn(ctx, from, kind)
	return true
}

// Kinds lists the served kinds, each as "Kind→plugin" (the oneof case's
// name), sorted: what `serve --print-schedule` shows.
func (r *Router) Kinds() []string {
	out := make([]string, 0, len(r.routes))
	for t, rt := range r.routes {
		name := strings.TrimPrefix(t.String(), "*protocol.ClientMessage_")
		out = append(out, name+"→"+rt.plugin)
	}
	slices.Sort(out)
	return out
}
