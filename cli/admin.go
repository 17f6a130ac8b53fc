package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	"github.com/stratavox/strata/admin"
)

// adminClient calls a running server's admin listener.
type adminClient struct {
	base  string // http://host:port, no trailing slash
	token string
	http  *http.Client
}

// adminFlags are the flags every strata admin subcommand shares.
type adminFlags struct {
	addr  string
	token string
}

// client builds the client for the flags. ADDR may be host:port or a
// URL (https://admin.example behind a TLS proxy).
func (f *adminFlags) client() *adminClient {
	token := f.token
	if token == "" {
		// Read here, not as the flag's default, so that --help does not
		// print the token.
		token = os.Getenv("STRATA_ADMIN_TOKEN")
	}
	base := f.addr
	if !strings.Contains(base, "://") {
		base = "http://" + base
	}
	// Commands answer within a tick or two; the listener itself gives
	// up on its console after ten seconds.
	return &adminClient{base: strings.TrimRight(base, "/"), token: token, http: &http.Client{Timeout: 30 * time.Second}}
}

func newAdminCmd() *cobra.Command {
	f := &adminFlags{}
	cmd := &cobra.Command{
		Use:   "admin",
		Short: "Manage players of a running server: kick, ban, operators, the whitelist, name bindings",
		Long: `Manage the players of a running server through its admin listener (--admin,
with --token or STRATA_ADMIN_TOKEN when it has one). Each change runs as a
console command on the server's tick (with every permission) and prints
the command's reply; the lists are read from the server's access registry.

A player is named by its name; a ban or unban may name an Ed25519 public key
instead, as 64 hex digits. Names are compared case-insensitively.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	pf := cmd.PersistentFlags()
	pf.StringVar(&f.addr, "admin", admin.DefaultAddr, "admin address of the running server (host:port, or a URL)")
	pf.StringVar(&f.token, "token", "", "admin token of the running server (default $STRATA_ADMIN_TOKEN)")

	// console makes a subcommand that posts one console endpoint and
	// prints the reply.
	console := func(use, short string, args cobra.PositionalArgs, path string, body func(args []string) (any, error)) *cobra.Command {
		return &cobra.Command{
			Use: use, Short: short, Args: args,
			RunE: func(cmd *cobra.Command, args []string) error {
				b, err := body(args)
				if err != nil {
					return err
				}
				reply, err := f.client().command(path, b)
				if err != nil {
					return err
				}
				fmt.Fprintln(cmd.OutOrStdout(), reply)
				return nil
			},
		}
	}
	name := func(args []string) (any, error) { return map[string]string{"name": args[0]}, nil }

	var banFor string
	ban := console("ban NAME|KEY [REASON...]", "Ban a player by name (and its bound key) or a key, for ever or --for a while", cobra.MinimumNArgs(1), "/api/ban", func(args []string) (any, error) {
		b := map[string]string{}
		b[nameOrKeyField(args[0])] = args[0]
		if banFor != "" {
			b["duration"] = banFor
		}
		if r := strings.Join(args[1:], " "); r != "" {
			b["reason"] = r
		}
		return b, nil
	})
	ban.Flags().StringVar(&banFor, "for", "", "how long the ban lasts, such as 30m, 12h or 7d (default: no expiry)")

	whitelist := &cobra.Command{
		Use:   "whitelist [add NAME | remove NAME | on | off]",
		Short: "List the whitelist, change it, or turn it on or off",
		Long: `Without arguments, print whether the whitelist is on and the names on it.
With it on, only listed players and operators may log in.`,
		Args: cobra.MaximumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			c := f.client()
			if len(args) == 0 {
				var wl struct {
					On    bool     `json:"on"`
					Names []string `json:"names"`
				}
				if err := c.get("/api/whitelist", &wl); err != nil {
					return err
				}
				state := "off"
				if wl.On {
					state = "on"
				}
				out := cmd.OutOrStdout()
				fmt.Fprintf(out, "whitelist is %s; %d listed\n", state, len(wl.Names))
				for _, n := range wl.Names {
					fmt.Fprintln(out, n)
				}
				return nil
			}
			body := map[string]string{"action": args[0]}
			switch args[0] {
			case "add", "remove":
				if len(args) != 2 {
					return fmt.Errorf("whitelist %s needs a player name", args[0])
				}
				body["name"] = args[1]
			case "on", "off":
				if len(args) != 1 {
					return fmt.Errorf("whitelist %s takes no name", args[0])
				}
			default:
				return fmt.Errorf("whitelist: %q is not add, remove, on or off", args[0])
			}
			reply, err := c.command("/api/whitelist", body)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), reply)
			return nil
		},
	}

	names := &cobra.Command{
		Use:   "names",
		Short: "Manage name bindings (trust on first use): list, prune, release",
		Long: `A name is bound to the first key that logs in with it. The binding lapses
when its player never entered the world (serve --name-unplayed-ttl, default a
day) or stayed away (--name-idle-ttl, default 90 days); a lapsed name goes to
the next key that logs in with it. Operators' and whitelisted names never
lapse. See docs/admin.md, "Name bindings".`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	names.AddCommand(
		newNamesListCmd(f),
		newNamesPruneCmd(f),
		console("release NAME", "Forget the key a name is bound to: the next login with the name binds it anew", cobra.ExactArgs(1), "/api/names/release", name),
	)

	cmd.AddCommand(
		&cobra.Command{
			Use: "players", Short: "List the connected players", Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				var players []struct {
					Name     string  `json:"name"`
					X        float64 `json:"x"`
					Y        float64 `json:"y"`
					Z        float64 `json:"z"`
					Operator bool    `json:"operator"`
				}
				if err := f.client().get("/api/players", &players); err != nil {
					return err
				}
				if len(players) == 0 {
					fmt.Fprintln(cmd.OutOrStdout(), "no players")
					return nil
				}
				tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', tabwriter.AlignRight)
				fmt.Fprintln(tw, "NAME\tX\tY\tZ\tOPERATOR\t")
				for _, p := range players {
					op := ""
					if p.Operator {
						op = "yes"
					}
					fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t%.1f\t%s\t\n", p.Name, p.X, p.Y, p.Z, op)
				}
				return tw.Flush()
			},
		},
		console("kick NAME [REASON...]", "Disconnect a player, with a reason it is shown", cobra.MinimumNArgs(1), "/api/kick", func(args []string) (any, error) {
			b := map[string]string{"name": args[0]}
			if r := strings.Join(args[1:], " "); r != "" {
				b["reason"] = r
			}
			return b, nil
		}),
		ban,
		console("unban NAME|KEY", "Lift a ban on a name or a key", cobra.ExactArgs(1), "/api/unban", func(args []string) (any, error) {
			return map[string]string{nameOrKeyField(args[0]): args[0]}, nil
		}),
		console("op NAME", "Make a player an operator", cobra.ExactArgs(1), "/api/op", name),
		console("deop NAME", "Take a player's operator rights", cobra.ExactArgs(1), "/api/deop", name),
		whitelist,
		console("say TEXT...", "Send a system chat line to every player", cobra.MinimumNArgs(1), "/api/say", func(args []string) (any, error) {
			return map[string]string{"text": strings.Join(args, " ")}, nil
		}),
		names,
		&cobra.Command{
			Use: "bans", Short: "List the active bans", Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				var bans []struct {
					Name   string `json:"name"`
					Key    string `json:"key"`
					Reason string `json:"reason"`
					Until  string `json:"until"`
					By     string `json:"by"`
				}
				if err := f.client().get("/api/bans", &bans); err != nil {
					return err
				}
				if len(bans) == 0 {
					fmt.Fprintln(cmd.OutOrStdout(), "no bans")
					return nil
				}
				tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "NAME\tKEY\tUNTIL\tBY\tREASON")
				for _, b := range bans {
					until := b.Until
					if until == "" {
						until = "no expiry"
					}
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", orDash(b.Name), orDash(b.Key), until, orDash(b.By), b.Reason)
				}
				return tw.Flush()
			},
		},
		&cobra.Command{
			Use: "ops", Short: "List the operators", Args: cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				var ops []string
				if err := f.client().get("/api/ops", &ops); err != nil {
					return err
				}
				if len(ops) == 0 {
					fmt.Fprintln(cmd.OutOrStdout(), "no operators")
				}
				for _, n := range ops {
					fmt.Fprintln(cmd.OutOrStdout(), n)
				}
				return nil
			},
		},
	)
	return cmd
}

// nameOrKeyField is the request field for a ban or unban target: "key"
// for 64 hex digits (names are at most 16 characters), else "name".
func nameOrKeyField(s string) string {
	if len(s) != 64 {
		return "name"
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return "name"
		}
	}
	return "key"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// command posts body to a console endpoint and returns the reply.
func (c *adminClient) command(path string, body any) (string, error) {
	buf, err := json.Marshal(body)
	if err != nil {
		return "", fmt.Errorf("admin %s: %w", path, err)
	}
	req, err := http.NewRequest(http.MethodPost, c.base+path, bytes.NewReader(buf))
	if err != nil {
		return "", fmt.Errorf("admin %s: %w", path, err)
	}
	// Both marks the listener asks of a state-changing request.
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(admin.AdminHeader, "1")
	var answer struct {
		Reply string `json:"reply"`
	}
	if err := c.do(req, &answer); err != nil {
		return "", err
	}
	return answer.Reply, nil
}

// post sends body as JSON to a state-changing endpoint that answers a
// JSON document, decoded into v.
func (c *adminClient) post(path string, body, v any) error {
	buf, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("admin %s: %w", path, err)
	}
	req, err := http.NewRequest(http.MethodPost, c.base+path, bytes.NewReader(buf))
	if err != nil {
		return fmt.Errorf("admin %s: %w", path, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(admin.AdminHeader, "1")
	return c.do(req, v)
}

// get reads a JSON document from path into v.
func (c *adminClient) get(path string, v any) error {
	req, err := http.NewRequest(http.MethodGet, c.base+path, nil)
	if err != nil {
		return fmt.Errorf("admin %s: %w", path, err)
	}
	return c.do(req, v)
}

// do sends req with the token and decodes a 200 answer into v; any other
// status is an error carrying the listener's explanation.
func (c *adminClient) do(req *http.Request, v any) error {
	what := fmt.Sprintf("admin %s %s", req.Method, req.URL.Path)
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w (is the server running with its admin listener on %s?)", what, err, req.URL.Host)
	}
	defer resp.Body.Close()
	msg, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%s: read answer: %w", what, err)
	}
	if resp.StatusCode != http.StatusOK {
		var e struct {
			Error string `json:"error"`
		}
		text := strings.TrimSpace(string(msg))
		if json.Unmarshal(msg, &e) == nil && e.Error != "" {
			text = e.Error
		}
		if resp.StatusCode == http.StatusUnauthorized {
			text = "the listener needs its admin token: give --token or set STRATA_ADMIN_TOKEN"
			if c.token != "" {
				text = "the listener refused the admin token (--token or STRATA_ADMIN_TOKEN)"
			}
		}
		return fmt.Errorf("%s: %s: %s", what, resp.Status, text)
	}
	if err := json.Unmarshal(msg, v); err != nil {
		return fmt.Errorf("%s: unexpected answer %.200q: %w", what, msg, err)
	}
	return nil
}
