package commands

import (
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/mlange-42/arche/generic"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/resources/access"
	"github.com/stratavox/strata/resources/chunk"
	"github.com/stratavox/strata/systems/chat"
	"github.com/stratavox/strata/systems/gameplay"
	"github.com/stratavox/strata/systems/perms"
)

// The built-in permissions, all of level perms.Operators.
const (
	PermTeleportOthers = "strata.tp.others"
	PermKick           = "strata.kick"
	PermBan            = "strata.ban"
	PermOp             = "strata.op"
	PermWhitelist      = "strata.whitelist"
	PermSay            = "strata.say"
	PermNames          = "strata.names"
)

var builtinPermissions = []perms.Permission{
	{Name: PermTeleportOthers, About: "teleport to another player, or another player anywhere (/tp PLAYER [X Y Z])"},
	{Name: PermKick, About: "disconnect a player (/kick)"},
	{Name: PermBan, About: "ban and unban players and keys (/ban, /unban)"},
	{Name: PermOp, About: "make and unmake operators (/op, /deop)"},
	{Name: PermWhitelist, About: "change the whitelist (/whitelist)"},
	{Name: PermSay, About: "announce to every player (/say)"},
	{Name: PermNames, About: "forget the key a name is bound to (/release)"},
	{Name: PermFill, About: "set every block of a box, anywhere (/fill)"},
}

// The heights /tp accepts: from the world's floor to a little above its
// build limit.
const (
	tpMinY = chunk.MinY
	tpMaxY = chunk.MaxY + 64
)

// builtins are the built-in commands, over the access registry.
type builtins struct {
	table *perms.Table
	reg   *Registry
}

func (b *builtins) register(app *ecs.App) {
	for _, c := range []Command{
		{Name: "/help", Usage: "/help", Run: b.help},
		{Name: "/tp", Usage: "/tp X Y Z | /tp PLAYER [X Y Z]", Run: b.tp},
		{Name: "/where", Usage: "/where", Run: b.where},
		{Name: "/kick", Usage: "/kick PLAYER [REASON]", Permission: PermKick, Run: b.kick},
		{Name: "/ban", Usage: "/ban PLAYER|KEYHEX [DURATION] [REASON]", Permission: PermBan, Run: b.ban},
		{Name: "/unban", Usage: "/unban PLAYER|KEYHEX", Permission: PermBan, Run: b.unban},
		{Name: "/op", Usage: "/op PLAYER", Permission: PermOp, Run: b.op},
		{Name: "/deop", Usage: "/deop PLAYER", Permission: PermOp, Run: b.deop},
		{Name: "/whitelist", Usage: "/whitelist [add|remove PLAYER | on | off]", Permission: PermWhitelist, Run: b.whitelist},
		{Name: "/say", Usage: "/say TEXT", Permission: PermSay, Run: b.say},
		{Name: "/release", Usage: "/release PLAYER", Permission: PermNames, Run: b.release},
	} {
		Register(app, c)
	}
}

// help lists the commands the sender may run.
func (b *builtins) help(ctx *ecs.Context, from Sender, _ []string) string {
	var us []string
	for _, c := range b.reg.Commands() {
		if from.Has(ctx.World, c.Permission) {
			us = append(us, c.Usage)
		}
	}
	return "commands: " + strings.Join(us, ", ")
}

// tp teleports: the sender to coordinates (anyone), the sender to a
// player, or a player to coordinates (both PermTeleportOthers).
func (b *builtins) tp(ctx *ecs.Context, from Sender, args []string) string {
	const usage = "usage: /tp X Y Z, or /tp PLAYER [X Y Z]"
	switch len(args) {
	case 3:
		if from.Console {
			return "/tp: the console has no position (try /tp PLAYER X Y Z)"
		}
		pos, msg := coordinates(args)
		if msg != "" {
			return msg
		}
		if !gameplay.Teleport(ctx.World, ctx.Tick, from.Entity, pos) {
			return "/tp: you cannot be teleported now"
		}
		// Tenths rounded down, not to nearest, so that the far edge of
		// the last block does not print as the first block beyond it.
		return fmt.Sprintf("teleported to %.1f %.1f %.1f", tenths(pos.X), tenths(pos.Y), tenths(pos.Z))
	case 1, 4:
	default:
		return usage
	}
	if !from.Has(ctx.World, PermTeleportOthers) {
		return "you do not have permission to run /tp PLAYER"
	}
	target, ok := Find(ctx.World, args[0])
	if !ok {
		return fmt.Sprintf("/tp: %s is not online", args[0])
	}
	if len(args) == 1 {
		if from.Console {
			return "/tp: the console has no position (try /tp PLAYER X Y Z)"
		}
		positions := generic.NewMap1[components.Position](ctx.World)
		pos := *positions.Get(target.Entity)
		if !gameplay.Teleport(ctx.World, ctx.Tick, from.Entity, pos) {
			return "/tp: you cannot be teleported now"
		}
		return fmt.Sprintf("teleported to %s", target.Name)
	}
	pos, msg := coordinates(args[1:])
	if msg != "" {
		return msg
	}
	if !gameplay.Teleport(ctx.World, ctx.Tick, target.Entity, pos) {
		return fmt.Sprintf("/tp: %s cannot be teleported now", target.Name)
	}
	return fmt.Sprintf("teleported %s to %.1f %.1f %.1f", target.Name, tenths(pos.X), tenths(pos.Y), tenths(pos.Z))
}

// coordinates parses X Y Z for /tp, or says what is wrong with them.
func coordinates(args []string) (components.Position, string) {
	var v [3]float64
	for i := range v {
		f, err := strconv.ParseFloat(args[i], 64)
		if err != nil {
			return components.Position{}, fmt.Sprintf("/tp: %q is not a number", args[i])
		}
		v[i] = f
	}
	// The border is the one movement keeps to (chunk.PointInBorder);
	// the height is stricter than movement's, to land near the world.
	if !(v[1] >= tpMinY && v[1] <= tpMaxY) || !chunk.PointInBorder(v[0], v[2]) {
		// The reply names the last block inside on each side.
		return components.Position{}, fmt.Sprintf("/tp: outside the world (x and z in blocks %d..%d, y %d..%d)",
			chunk.BorderMinBlock, chunk.BorderMaxBlock, tpMinY, tpMaxY)
	}
	return components.Position{X: v[0], Y: v[1], Z: v[2]}, ""
}

// tenths rounds v down to a tenth: it stays in v's block.
func tenths(v float64) float64 { return math.Floor(v*10) / 10 }

// where tells the sender its position and section.
func (b *builtins) where(ctx *ecs.Context, from Sender, _ []string) string {
	if from.Console {
		return "/where: the console has no position"
	}
	positions := generic.NewMap1[components.Position](ctx.World)
	p := positions.Get(from.Entity)
	return fmt.Sprintf("at %.1f %.1f %.1f, section %v", p.X, p.Y, p.Z, p.Section())
}

// kick disconnects a player with KICKED and the reason.
func (b *builtins) kick(ctx *ecs.Context, _ Sender, args []string) string {
	if len(args) == 0 {
		return "usage: /kick PLAYER [REASON]"
	}
	target, ok := Find(ctx.World, args[0])
	if !ok {
		return fmt.Sprintf("/kick: %s is not online", args[0])
	}
	reason := strings.Join(args[1:], " ")
	told := reason
	if told == "" {
		told = "kicked by an operator"
	}
	target.Conn.Close(protocol.ErrorCode_ERROR_CODE_KICKED, told)
	if reason == "" {
		return "kicked " + target.Name
	}
	return fmt.Sprintf("kicked %s: %s", target.Name, reason)
}

// ban bans a name (and the key it is bound to) or a key, for a while or
// for good, and disconnects whoever it bans that is online.
func (b *builtins) ban(ctx *ecs.Context, from Sender, args []string) string {
	if len(args) == 0 {
		return "usage: /ban PLAYER|KEYHEX [DURATION] [REASON] (DURATION like 30m, 12h, 7d)"
	}
	who, rest := args[0], args[1:]
	var d time.Duration
	var span string // the duration as given, for the replies
	if len(rest) > 0 {
		if v, ok := access.ParseBanLength(rest[0]); ok {
			d, span, rest = v, strings.ToLower(rest[0]), rest[1:]
		}
	}
	reason := strings.Join(rest, " ")
	now := b.table.Now()
	ban := access.Ban{Reason: reason, By: from.Name, At: now}
	if d > 0 {
		ban.Until = now.Add(d)
	}
	key := isKey(who)
	if key {
		ban.Key = strings.ToLower(who)
	} else if err := protocol.ValidName(who); err != nil {
		return fmt.Sprintf("/ban: %q is neither a player name nor a key (64 hex digits)", who)
	} else {
		ban.Name = who
	}
	if err := b.table.Access().Ban(ban); err != nil {
		return "/ban: not saved: " + err.Error()
	}
	// The words a banned player is disconnected with, and the reply.
	told := "banned"
	if span != "" {
		told += " for " + span
	}
	if reason != "" {
		told += ": " + reason
	}
	var kicked []string
	EachOnline(ctx.World, func(o Online) {
		if b.banned(o.Name) {
			o.Conn.Close(protocol.ErrorCode_ERROR_CODE_FORBIDDEN, told)
			kicked = append(kicked, o.Name)
		}
	})
	reply := strings.Replace(told, "banned", "banned "+who, 1)
	if len(kicked) > 0 && (key || len(kicked) > 1 || !strings.EqualFold(kicked[0], who)) {
		reply += " (disconnected " + strings.Join(kicked, ", ") + ")"
	}
	return reply
}

// banned reports whether the player named name is banned now: by name,
// or by the key the name is bound to (a ban of a name bans its key, and
// so every name bound to that key).
func (b *builtins) banned(name string) bool {
	reg := b.table.Access()
	key, _ := reg.Binding(name)
	_, ok := reg.Banned(name, key)
	return ok
}

// isKey reports whether s is a public key in hex (a name is at most 16
// characters, so the two never mix).
func isKey(s string) bool {
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// unban lifts the ban of a name or a key.
func (b *builtins) unban(_ *ecs.Context, _ Sender, args []string) string {
	if len(args) != 1 {
		return "usage: /unban PLAYER|KEYHEX"
	}
	ok, err := b.table.Access().Unban(args[0])
	switch {
	case err != nil:
		return "/unban: not saved: " + err.Error()
	case !ok:
		return fmt.Sprintf("/unban: %s is not banned", args[0])
	}
	return "unbanned " + args[0]
}

// player is a command's PLAYER argument, or the reply saying it is not
// a name.
func player(cmd string, args []string) (string, string) {
	if len(args) != 1 {
		return "", fmt.Sprintf("usage: %s PLAYER", cmd)
	}
	if err := protocol.ValidName(args[0]); err != nil {
		return "", fmt.Sprintf("%s: %q is not a player name", cmd, args[0])
	}
	return args[0], ""
}

// op makes a player an operator.
func (b *builtins) op(ctx *ecs.Context, _ Sender, args []string) string {
	name, msg := player("/op", args)
	if msg != "" {
		return msg
	}
	changed, err := b.table.Access().SetOperator(name, true)
	switch {
	case err != nil:
		return "/op: not saved: " + err.Error()
	case !changed:
		return name + " is already an operator"
	}
	if o, ok := Find(ctx.World, name); ok {
		chat.System(o.Conn, "you are now an operator")
	}
	return name + " is now an operator"
}

// deop makes an operator an ordinary player.
func (b *builtins) deop(ctx *ecs.Context, _ Sender, args []string) string {
	name, msg := player("/deop", args)
	if msg != "" {
		return msg
	}
	changed, err := b.table.Access().SetOperator(name, false)
	switch {
	case err != nil:
		return "/deop: not saved: " + err.Error()
	case !changed:
		return name + " is not an operator"
	}
	if o, ok := Find(ctx.World, name); ok {
		chat.System(o.Conn, "you are no longer an operator")
	}
	return name + " is no longer an operator"
}

// whitelist lists, switches or edits the whitelist. Switching it on does
// not disconnect anyone: it applies to logins.
func (b *builtins) whitelist(_ *ecs.Context, _ Sender, args []string) string {
	reg := b.table.Access()
	const usage = "usage: /whitelist [add|remove PLAYER | on | off]"
	switch {
	case len(args) == 0:
		state := "off"
		if reg.WhitelistOn() {
			state = "on"
		}
		names := reg.Listed()
		if len(names) == 0 {
			return fmt.Sprintf("the whitelist is %s; nobody is listed", state)
		}
		return fmt.Sprintf("the whitelist is %s; listed (%d): %s", state, len(names), strings.Join(names, ", "))
	case len(args) == 1 && (args[0] == "on" || args[0] == "off"):
		on := args[0] == "on"
		if reg.WhitelistOn() == on {
			return "the whitelist is already " + args[0]
		}
		if err := reg.SetWhitelist(on); err != nil {
			return "/whitelist: not saved: " + err.Error()
		}
		return "the whitelist is now " + args[0]
	case len(args) == 2 && (args[0] == "add" || args[0] == "remove"):
		name, msg := player("/whitelist "+args[0], args[1:])
		if msg != "" {
			return msg
		}
		add := args[0] == "add"
		changed, err := reg.Whitelist(name, add)
		switch {
		case err != nil:
			return "/whitelist: not saved: " + err.Error()
		case add && changed:
			return "added " + name + " to the whitelist"
		case add:
			return name + " is already on the whitelist"
		case changed:
			return "removed " + name + " from the whitelist"
		}
		return name + " is not on the whitelist"
	}
	return usage
}

// say announces a line to every player, as system chat with the
// sender's name.
func (b *builtins) say(ctx *ecs.Context, from Sender, args []string) string {
	if len(args) == 0 {
		return "usage: /say TEXT"
	}
	line := fmt.Sprintf("[%s] %s", from.Name, strings.Join(args, " "))
	if from.Console {
		line = "[server] " + strings.Join(args, " ")
	}
	EachOnline(ctx.World, func(o Online) { chat.System(o.Conn, line) })
	if from.Console {
		return line // the console is not a player: it hears it in the reply
	}
	return ""
}

// release forgets the key a name is bound to: the next login with the
// name binds its own.
func (b *builtins) release(_ *ecs.Context, _ Sender, args []string) string {
	name, msg := player("/release", args)
	if msg != "" {
		return msg
	}
	ok, err := b.table.Access().Release(name)
	switch {
	case err != nil:
		return "/release: not saved: " + err.Error()
	case !ok:
		return fmt.Sprintf("/release: %s is not bound to a key", name)
	}
	return fmt.Sprintf("released %s: the next login with that name binds its key", name)
}
