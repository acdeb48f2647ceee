package ladder

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
)

// Entrant is a player of the ladder: a built-in agent's spec or an
// external program's (external:cmd=...), with who wrote it.
type Entrant struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Spec    string `json:"spec"`
	Author  string `json:"author,omitempty"`
	Version string `json:"version,omitempty"`
	// Added is when it joined (Unix seconds); Retired, whether it still
	// plays.
	Added   int64 `json:"added"`
	Retired bool  `json:"retired"`
}

// The bounds of what an entrant is given.
const (
	maxName = 64
	maxSpec = 1000
	maxText = 200
)

// checkEntrant refuses what an entrant may not be.
func checkEntrant(e Entrant) error {
	switch {
	case e.Name == "" || len(e.Name) > maxName:
		return fmt.Errorf("an entrant's name is 1 to %d characters (given %q)", maxName, e.Name)
	case strings.IndexFunc(e.Name, func(r rune) bool { return unicode.IsSpace(r) || !unicode.IsPrint(r) }) >= 0:
		return fmt.Errorf("entrant name %q: no spaces or control characters (write it as one word, e.g. my-bot)", e.Name)
	case len(e.Spec) > maxSpec || len(e.Author) > maxText || len(e.Version) > maxText:
		return fmt.Errorf("entrant %s: the spec is at most %d characters, author and version %d", e.Name, maxSpec, maxText)
	}
	// What others read on their terminals (the tables of entrants and
	// games, a worker's log) holds no control characters.
	for _, f := range []struct{ what, v string }{{"the spec", e.Spec}, {"the author", e.Author}, {"the version", e.Version}} {
		if err := checkName(fmt.Sprintf("entrant %s: %s", e.Name, f.what), f.v, maxSpec); err != nil {
			return err
		}
	}
	name, _, err := agents.ParseSpec(e.Spec)
	if err != nil {
		return err
	}
	if name != "external" {
		// A built-in agent is built once to check its parameters; an
		// external program is not started here.
		a, err := agents.New(e.Spec, 1)
		if err != nil {
			return err
		}
		agents.Close(a)
	}
	return nil
}

// AddEntrant adds e (its ID and Added are set by the store).
func (l *Ladder) AddEntrant(ctx context.Context, e Entrant) (Entrant, error) {
	if err := checkEntrant(e); err != nil {
		return Entrant{}, err
	}
	e.Added = now()
	err := l.write(ctx, func(tx *sql.Tx) error {
		id, err := l.insertID(ctx, tx, `INSERT INTO entrants (name, spec, author, version, added) VALUES (?, ?, ?, ?, ?)`, e.Name, e.Spec, e.Author, e.Version, e.Added)
		if err != nil {
			if isUnique(err) {
				return fmt.Errorf("the ladder has an entrant %s already: choose another name (a new version of a bot is a new entrant)", e.Name)
			}
			return err
		}
		e.ID = id
		return nil
	})
	return e, err
}

// Retire stops an entrant from being scheduled; its games stay.
func (l *Ladder) Retire(ctx context.Context, name string) error {
	return l.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, l.q(`UPDATE entrants SET retired = 1 WHERE name = ?`), name)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("no entrant %s in the ladder (see 'grognard ladder entrants')", name)
		}
		return nil
	})
}

// Entrants lists every entrant, retired too, by id.
func (l *Ladder) Entrants(ctx context.Context) ([]Entrant, error) {
	return queryAll(ctx, l, `SELECT id, name, spec, author, version, added, retired FROM entrants ORDER BY id`,
		func(e *Entrant) []any {
			return []any{&e.ID, &e.Name, &e.Spec, &e.Author, &e.Version, &e.Added, &e.Retired}
		})
}

// Pool is a ruleset and scenario the ladder plays.
type Pool struct {
	ID       int64  `json:"id"`
	Ruleset  string `json:"ruleset"`
	Scenario string `json:"scenario"`
}

// AddPool adds a pool; the ruleset and scenario must start a game.
func (l *Ladder) AddPool(ctx context.Context, ruleset, scenario string) (Pool, error) {
	rs, err := engine.Lookup(ruleset)
	if err != nil {
		return Pool{}, err
	}
	if scenario == "" {
		if names := rs.Scenarios(); len(names) > 0 {
			scenario = names[0]
		}
	}
	if _, err := rs.NewGame(scenario, engine.Options{}); err != nil {
		return Pool{}, fmt.Errorf("pool %s %s: %w", ruleset, scenario, err)
	}
	p := Pool{Ruleset: ruleset, Scenario: scenario}
	err = l.write(ctx, func(tx *sql.Tx) error {
		id, err := l.insertID(ctx, tx, `INSERT INTO pools (ruleset, scenario) VALUES (?, ?)`, ruleset, scenario)
		if err != nil {
			if isUnique(err) {
				return fmt.Errorf("the ladder has the pool %s %s already", ruleset, scenario)
			}
			return err
		}
		p.ID = id
		return nil
	})
	return p, err
}

// Pools lists the pools by id.
func (l *Ladder) Pools(ctx context.Context) ([]Pool, error) {
	return queryAll(ctx, l, `SELECT id, ruleset, scenario FROM pools ORDER BY id`,
		func(p *Pool) []any { return []any{&p.ID, &p.Ruleset, &p.Scenario} })
}

// errNothingToPlay is why a ladder cannot schedule a pair.
var errNothingToPlay = errors.New("the ladder has nothing to play: it needs a pool ('grognard ladder pool add') and two entrants that are not retired ('grognard ladder add')")
