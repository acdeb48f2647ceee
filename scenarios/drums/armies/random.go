package armies

import (
	"math/rand/v2"
	"strconv"

	"github.com/grognard/grognard/engine/drums"
)

// Random builds a seeded random force of the list (ruling D-ARMY-RANDOM):
// commands commands of unitsPerCommand units each, clamped to 1..
// MaxCommands and 1..MaxUnitsPerCommand. Each command is mostly foot, up
// to a third of the rest cavalry, and, in two commands in three of 3 units
// or more, one artillery battery; guard rows and position artillery are
// drawn a third as often as the others. Every unit has its row's default
// bases. Labels: the force commander "FC", the generals "G1", "G2", ...
// and the units of the first command "A1".."A12", of the second "B1"...
// (G is skipped: the seventh command's units are "H1"...).
// The same rng state gives the same force; a nil rng is seeded with 0.
// The force always passes Validate.
func (l *List) Random(r *rand.Rand, commands, unitsPerCommand int) drums.ForceSpec {
	if r == nil {
		r = rand.New(rand.NewPCG(0, 0))
	}
	commands = min(max(commands, 1), MaxCommands)
	unitsPerCommand = min(max(unitsPerCommand, 1), MaxUnitsPerCommand)
	var foot, cav, art []*Row
	for i := range l.Rows {
		switch t := l.Rows[i].Type; {
		case t.IsFoot():
			foot = append(foot, &l.Rows[i])
		case t.IsCavalry():
			cav = append(cav, &l.Rows[i])
		case t.IsArtillery():
			art = append(art, &l.Rows[i])
		}
	}
	f := drums.ForceSpec{Name: l.Nation, List: l.ID, Commander: drums.GeneralSpec{Label: "FC"}}
	if f.Name == "" {
		f.Name = l.Title
	}
	for c := range commands {
		// Ruling D-ARMY-RANDOM: at most one battery a command, in two
		// commands in three of 3 units or more; up to a third of the rest
		// cavalry.
		nArt := 0
		if len(art) > 0 && unitsPerCommand >= 3 && r.IntN(3) != 0 {
			nArt = 1
		}
		rest := unitsPerCommand - nArt
		nCav := 0
		switch {
		case len(foot) == 0:
			nCav = rest
		case len(cav) > 0:
			nCav = r.IntN(rest/3 + 1)
		}
		nFoot := rest - nCav
		if len(foot) == 0 && len(cav) == 0 {
			nFoot, nCav, nArt = 0, 0, unitsPerCommand
		}
		cmd := drums.CommandSpec{General: drums.GeneralSpec{Label: "G" + strconv.Itoa(c+1)}}
		letter := commandLetter(c)
		add := func(rows []*Row, n int) {
			for range n {
				row := pick(r, rows)
				cmd.Units = append(cmd.Units, drums.UnitSpec{
					Label:   letter + strconv.Itoa(len(cmd.Units)+1),
					Profile: row.profile(uint8(row.Bases)),
				})
			}
		}
		add(foot, nFoot)
		add(cav, nCav)
		add(art, nArt)
		f.Commands = append(f.Commands, cmd)
	}
	return f
}

// commandLetter starts the labels of command c's units: A, B, ... F, H,
// ....
//
// Ruling D-ARMY-LABELS (Army Structure): G is skipped, for it starts the
// generals' labels ("G1").
func commandLetter(c int) string {
	if c >= 'G'-'A' {
		c++
	}
	return string(rune('A' + c))
}

// pick draws a row, guard rows and position artillery with weight 1 and
// the rest with weight 3, so that the line of battle is mostly line.
func pick(r *rand.Rand, rows []*Row) *Row {
	total := 0
	for _, row := range rows {
		total += weight(row)
	}
	x := r.IntN(total)
	for _, row := range rows {
		if x -= weight(row); x < 0 {
			return row
		}
	}
	return rows[len(rows)-1]
}

func weight(row *Row) int {
	if row.Doctrines.Has(drums.DocGuard) || row.Type == drums.PositionArtillery {
		return 1
	}
	return 3
}
