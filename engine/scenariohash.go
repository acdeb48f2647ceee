package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// HashScenario is the scenario hash a ruleset's ScenarioHash returns and
// its records and saved games carry: the first 64 bits of the SHA-256 of
// canonical, in hex, then "-tN" when opts has a turn limit N and "-V" for
// each of its variants V, in the order given. canonical is the ruleset's
// canonical encoding of what changes the game (its units, terrain, victory
// conditions), not of its wording, so a reworded title keeps old records
// valid while any change that matters makes a replay refuse the record.
//
// Every ruleset hashes through this one function. The three that existed
// before it keep their hash values exactly (records and saved games in the
// wild carry them): 2 by 2 passes its options here; Drums and Muskets
// encodes its resolved turn limit and sorted variants inside canonical and
// passes no options; grand encodes its version and the scenario with the
// turn limit applied and prefixes the scenario's name. A new ruleset
// should pass its scenario's canonical JSON and its options.
func HashScenario(canonical []byte, opts Options) string {
	sum := sha256.Sum256(canonical)
	h := hex.EncodeToString(sum[:8])
	if opts.TurnLimit > 0 {
		h += "-t" + strconv.Itoa(opts.TurnLimit)
	}
	for _, v := range opts.Variants {
		h += "-" + v
	}
	return h
}
