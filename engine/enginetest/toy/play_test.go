package toy_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
	"github.com/grognard/grognard/tournaments"
)

// botEnv, when set, makes the test binary an external bot (see runBot)
// that logs every genmove request it is sent to the file it names.
const botEnv = "GROGNARD_TOY_BOT_LOG"

func TestMain(m *testing.M) {
	if path := os.Getenv(botEnv); path != "" {
		os.Exit(runBot(path))
	}
	toy.Register()
	os.Exit(m.Run())
}

// runBot speaks the external-bot protocol (docs/protocol.md) on stdin and
// stdout: it answers the handshake, logs each genmove request whole and
// answers it with one of its legal actions, chosen by the request's id,
// in turn by its number, its notation as a bare string, and its notation
// as {"notation": ...}, so every form of answer is played.
func runBot(logPath string) int {
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, "toy bot:", err)
		return 2
	}
	defer logf.Close()
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		var req struct {
			ID    int    `json:"id"`
			Cmd   string `json:"cmd"`
			Legal []struct {
				Notation string `json:"notation"`
			} `json:"legal"`
		}
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintln(os.Stderr, "toy bot: not JSON:", err)
			return 2
		}
		var result any
		switch req.Cmd {
		case "protocol_version":
			result = "1"
		case "name":
			result = "toy-logger"
		case "genmove":
			fmt.Fprintf(logf, "%s\n", in.Bytes())
			k := req.ID % len(req.Legal)
			switch req.ID % 3 {
			case 0:
				result = 1 + k
			case 1:
				result = req.Legal[k].Notation
			default:
				result = map[string]string{"notation": req.Legal[k].Notation}
			}
		case "quit":
			return 0
		}
		b, _ := json.Marshal(map[string]any{"id": req.ID, "ok": true, "result": result})
		out.Write(append(b, '\n'))
		out.Flush()
	}
	return 0
}

// attacker always takes the attack posture, and orders at random.
type attacker struct{ r *agents.Random }

func (a attacker) Name() string { return "attacker" }

func (a attacker) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if st.ToMove() == engine.Both {
		return engine.Action{Kind: toy.KindPosture, Arg: toy.Attack}, nil
	}
	return a.r.Choose(ctx, st, side)
}

// botSpec is the agent spec that runs this test binary as the bot.
func botSpec(t *testing.T) string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(exe, " ,") {
		t.Skipf("the test binary's path %q cannot be given as cmd=", exe)
	}
	return "external:cmd=" + exe
}

// An external bot is sent its own view at a sealed point: while Blue has
// committed the attack posture and Red is asked for its own, the state
// Red's bot receives shows no posture for Blue.
func TestExternalBotNeverSeesTheSealedChoice(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "requests.jsonl")
	t.Setenv(botEnv, logPath)
	bot, err := agents.New(botSpec(t), 7)
	if err != nil {
		t.Fatal(err)
	}
	defer agents.Close(bot)
	players := [2]agents.Agent{attacker{agents.NewRandom(3)}, bot}
	rec, err := tournaments.PlayMatch(context.Background(), toy.Rules{}, "skirmish", engine.Options{}, players, 11, nil)
	if err != nil {
		t.Fatal(err)
	}
	if engine.IsForfeit(rec.Result) {
		t.Fatalf("the bot forfeited: %s", rec.Result.Reason)
	}
	if _, err := engine.Replay(toy.Rules{}, rec); err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	// Blue commits first at every sealed point (engine.Deciders' order),
	// so Red's bot is asked each turn with Blue's attack sealed.
	committed := 0
	for i, s := range rec.Steps {
		if s.Player == 0 && s.Action.Kind == toy.KindPosture {
			if s.Action.Arg != toy.Attack || i+1 >= len(rec.Steps) || rec.Steps[i+1].Player != 1 || rec.Steps[i+1].Action.Kind != toy.KindPosture {
				t.Fatalf("step %d: Blue's posture is not followed by Red's", i)
			}
			committed++
		}
	}
	asked := postureRequests(t, logPath)
	for _, q := range asked {
		if q.Side != 1 || len(q.Legal) != 3 || !strings.Contains(q.Texts[0], "posture") {
			t.Fatalf("a posture request for side %d offering %v", q.Side, q.Texts)
		}
		if p := q.Posture[0]; p != "none" {
			t.Errorf("Red's bot was sent Blue's sealed posture %q", p)
		}
		if strings.Contains(q.Line, "attack\"") && !strings.Contains(q.Line, "choose the attack posture") {
			t.Errorf("Red's bot's request names the attack posture outside its own choices: %s", q.Line)
		}
	}
	if len(asked) == 0 || len(asked) != committed {
		t.Fatalf("Red's bot was asked %d postures, Blue committed %d", len(asked), committed)
	}
	t.Logf("%d sealed postures, none shown to the bot; %s after %d steps", len(asked), rec.Result, len(rec.Steps))
}

// Random agents play whole toy games through the match driver, and every
// record replays to the same result.
func TestRandomMatches(t *testing.T) {
	results := map[engine.ResultKind]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		players := [2]agents.Agent{agents.NewRandom(seed), agents.NewRandom(seed + 100)}
		sc := toy.Rules{}.Scenarios()[seed%2]
		rec, err := tournaments.PlayMatch(context.Background(), toy.Rules{}, sc, engine.Options{}, players, seed, nil)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		st, err := engine.Replay(toy.Rules{}, rec)
		if err != nil {
			t.Fatalf("seed %d: replay: %v", seed, err)
		}
		if st.Result() != rec.Result {
			t.Fatalf("seed %d: replay ends %s, the game %s", seed, st.Result(), rec.Result)
		}
		results[rec.Result.Kind]++
	}
	if results[engine.Victory] == 0 || results[engine.TurnLimit] == 0 {
		t.Errorf("40 random games end %v: want victories and turn limits", results)
	}
	t.Logf("40 random games: %v", results)
}

// A tournament of random against random, and of random against the
// external bot, on the toy: every game is played, adjudicated by the
// strength destroyed (engine.Material) at the turn limit, written, and
// every written record replays.
func TestTournament(t *testing.T) {
	t.Setenv(botEnv, filepath.Join(t.TempDir(), "requests.jsonl"))
	for _, tc := range []struct {
		name   string
		agents []string
		games  int
	}{
		{"random", []string{"random", "random"}, 10},
		{"external", []string{"random", botSpec(t)}, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "games.jsonl")
			tour, err := tournaments.New(tournaments.Config{
				Ruleset: toy.Rules{}, Agents: tc.agents, Scenarios: toy.Rules{}.Scenarios(),
				GamesPerPairing: tc.games, Seed: 9, Workers: 1, Records: path,
			})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := tour.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if rep.Played != tc.games || !rep.Complete {
				t.Fatalf("played %d of %d games, complete %v", rep.Played, tc.games, rep.Complete)
			}
			recs, err := engine.ReadRecordFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != tc.games {
				t.Fatalf("%d records, want %d", len(recs), tc.games)
			}
			for i, rec := range recs {
				if engine.IsForfeit(rec.Result) {
					t.Errorf("game %d forfeited: %s", i, rec.Result.Reason)
				}
				if _, err := engine.Replay(toy.Rules{}, rec); err != nil {
					t.Errorf("game %d does not replay: %v", i, err)
				}
			}
			t.Logf("%d games, %d adjudicated", rep.Played, rep.Adjudicated)
		})
	}
}

// Register makes the toy known by name, as a test needs it.
func TestRegistered(t *testing.T) {
	rs, err := engine.Lookup(toy.Name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rs.NewGame("", engine.Options{}); err != nil {
		t.Fatal(err)
	}
}
