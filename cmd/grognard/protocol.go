package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents/protocol"
)

func (a *app) protocolCommand() *cli.Command {
	return &cli.Command{
		Name:  "protocol",
		Usage: "speak the grognard protocol on stdin and stdout, for front ends, scripts and tests",
		Description: `Reads one request per line and answers each (docs/protocol.md is the specification).
Text mode, for people: "[id] command args", answered by "=[id] result" or "?[id] error"
and a blank line. JSON mode (--json, or the request 'mode json'), for programs: one
object {"id": 1, "cmd": "legal", "args": []} per line, one reply object per line.
Start with 'help', then 'new_game' (the default scenario, you against mcts), 'show sketch',
'legal', 'play 3', 'advance'. Ends at 'quit' or the end of the input.`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "start in JSON-lines mode instead of text mode", EnvVars: []string{"GROGNARD_PROTOCOL_JSON"}},
		},
		Action: a.protocol,
	}
}

func (a *app) protocol(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	sess := protocol.NewSession(protocol.Config{Name: "grognard", Version: programVersion(), Ruleset: defaultRuleset()})
	defer sess.Close() // no external bot outlives the session, however it ends
	if c.Bool("json") {
		if _, err := sess.Execute(c.Context, protocol.Request{Cmd: "mode", Args: []string{"json"}}); err != nil {
			return err
		}
	}
	if err := protocol.Serve(c.Context, sess, a.stdin, a.stdout); err != nil {
		return cli.Exit(fmt.Sprintf("protocol: %v", err), 1)
	}
	return nil
}
