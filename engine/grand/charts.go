package grand

// The charts of the seed (../shared/seeds/002_e33a58fc36c81e57.txt), as
// reconstructed from its garbled extraction. Every cell that is not read
// as printed is listed with its reason in docs/rules/grand.md, under the
// chart's heading; the ruling names (G-...) are cited where the code uses
// them.

// Attacker postures (Operational Possibilities Chart, columns). A
// posture action's Arg is one of these for the attacker.
const (
	AttOutflank uint8 = iota + 1
	AttAssault
	AttEscalatedAssault
	AttEchelon
	AttProbe
	numAttPostures = AttProbe
)

// Defender postures (Operational Possibilities Chart, rows).
const (
	DefOutflank uint8 = iota + 1
	DefCounterattack
	DefEscalatedCounterattack
	DefCordon
	DefWithdraw
	DefDefend
	numDefPostures = DefDefend
)

// postureNames are the postures' names by side, as notation writes them.
var postureNames = [2][]string{
	{"", "outflank", "assault", "escalated-assault", "echelon", "probe"},
	{"", "outflank", "counterattack", "escalated-counterattack", "cordon", "withdraw", "defend"},
}

// PostureName is side's posture p as notation writes it, "" for none.
func PostureName(side int, p uint8) string {
	if side < 0 || side > 1 || int(p) >= len(postureNames[side]) {
		return ""
	}
	return postureNames[side][p]
}

// NumPostures is how many postures side chooses among.
func NumPostures(side int) int {
	if side == 0 {
		return int(numAttPostures)
	}
	return int(numDefPostures)
}

// Levels are a side's casualty level and morale level for one combat
// round ("Results give the casualty level first and the morale level
// second"); 0, 0 is a chart's "—": no value for that round.
type Levels struct{ C, M int8 }

// The chart notes (Operational Possibilities Chart, "Notes").
const (
	noteA uint16 = 1 << iota // armies are not split into pinning and outflanking forces
	noteB                    // the outflanking force arrives on its strategic rating or less
	noteC                    // +1 final morale level if commanded by a Turkish leader
	noteD                    // lower table when attacking across a river
	noteE                    // +1 to combat rolls if commanded by an Austrian leader
	noteF                    // +1 to the defender's strategic rating if all cavalry
	noteG                    // the defender withdraws if the outflanking force does not arrive after round 1
	noteH                    // the defender withdraws on its strategic rating + 1 or less
	noteI                    // the defender withdraws on its strategic rating or less
	noteJ                    // +1 to the attacking commander's strategic rating
	noteK                    // ignore tactical ratings for the die
	noteL                    // +1 to the defender's final morale level if commanded by a Russian leader
)

// Cell is one cell of the Operational Possibilities Chart: each side's
// levels in round 1, round 2 and rounds 3 and later (ruling G-ROUNDS).
// A split cell (note b) has a second line: the levels once the
// outflanking force (Outflanker's) has arrived.
type Cell struct {
	// First is [attacker, defender][round]; Second the same after the
	// outflanking force arrives.
	First, Second [2][3]Levels
	// Outflanker is the side whose army splits (0 attacker, 1 defender)
	// when Split.
	Split      bool
	Outflanker int8
	Notes      uint16
	// Auto is the automatic withdrawal (Withdraw against Probe): no
	// combat round is fought.
	Auto bool
}

// lv is a row of three rounds' levels, written as the chart prints them:
// casualty then morale, 0 0 for "—".
func lv(c1, m1, c2, m2, c3, m3 int8) [3]Levels {
	return [3]Levels{{c1, m1}, {c2, m2}, {c3, m3}}
}

// plain is a cell with one line per side.
func plain(a, d [3]Levels, notes uint16) Cell {
	return Cell{First: [2][3]Levels{a, d}, Notes: notes}
}

// split is a note-b cell: the first lines while the outflanking force is
// on its way, the second once it has arrived.
func split(outflanker int8, a1, d1, a2, d2 [3]Levels, notes uint16) Cell {
	return Cell{First: [2][3]Levels{a1, d1}, Second: [2][3]Levels{a2, d2}, Split: true, Outflanker: outflanker, Notes: noteB | notes}
}

// opChart is the Operational Possibilities Chart, [defender][attacker]
// posture (index 0 unused). Reconstructed cells: G-OP-1 to G-OP-8.
var opChart = [numDefPostures + 1][numAttPostures + 1]Cell{
	DefOutflank: {
		AttOutflank: plain(lv(1, 2, 1, 4, 2, 4), lv(1, 2, 1, 4, 2, 4), noteA),
		AttAssault: split(1, lv(2, 3, 3, 3, 3, 3), lv(2, 1, 2, 1, 2, 2),
			lv(0, 0, 3, 1, 3, 1), lv(0, 0, 4, 4, 4, 4), 0),
		AttEscalatedAssault: split(1, lv(3, 3, 4, 3, 3, 3), lv(3, 1, 3, 1, 3, 2),
			lv(0, 0, 4, 1, 4, 1), lv(0, 0, 5, 4, 5, 4), 0),
		AttEchelon: split(1, lv(2, 1, 3, 1, 3, 2), lv(2, 1, 2, 1, 2, 1),
			lv(0, 0, 2, 1, 1, 1), lv(0, 0, 3, 3, 3, 4), 0),
		// G-OP-1: the first lines are illegible.
		AttProbe: split(1, lv(1, 1, 2, 1, 2, 2), lv(2, 1, 2, 1, 2, 1),
			lv(0, 0, 4, 2, 4, 2), lv(0, 0, 2, 3, 2, 2), 0),
	},
	DefCounterattack: {
		AttOutflank: split(0, lv(2, 1, 2, 1, 2, 2), lv(2, 3, 3, 3, 3, 3),
			lv(0, 0, 4, 4, 4, 4), lv(0, 0, 3, 1, 3, 1), 0),
		AttAssault:          plain(lv(3, 1, 4, 2, 3, 2), lv(3, 1, 4, 2, 3, 2), noteC),
		AttEscalatedAssault: plain(lv(4, 1, 5, 2, 4, 2), lv(4, 1, 5, 2, 4, 2), noteC),
		AttEchelon:          plain(lv(1, 2, 3, 4, 2, 4), lv(3, 1, 4, 1, 2, 1), 0),
		AttProbe:            plain(lv(1, 1, 1, 3, 2, 2), lv(3, 2, 3, 2, 4, 2), 0),
	},
	DefEscalatedCounterattack: {
		AttOutflank: split(0, lv(3, 1, 3, 1, 3, 2), lv(2, 3, 3, 3, 3, 3),
			lv(0, 0, 5, 4, 5, 4), lv(0, 0, 4, 1, 3, 1), 0),
		// G-OP-2: note c, printed once across the row, on both assaults.
		AttAssault:          plain(lv(4, 1, 5, 2, 4, 2), lv(3, 1, 4, 2, 3, 2), noteC),
		AttEscalatedAssault: plain(lv(4, 1, 5, 2, 4, 2), lv(4, 1, 5, 2, 4, 2), noteC),
		AttEchelon:          plain(lv(2, 2, 4, 4, 3, 4), lv(3, 1, 4, 1, 2, 1), 0),
		AttProbe:            plain(lv(2, 1, 2, 3, 3, 2), lv(4, 2, 4, 2, 5, 2), 0),
	},
	DefCordon: {
		AttOutflank:         plain(lv(2, 1, 3, 1, 2, 1), lv(3, 2, 4, 2, 4, 3), noteA),
		AttAssault:          plain(lv(4, 1, 4, 3, 4, 1), lv(2, 1, 2, 1, 3, 1), noteD),
		AttEscalatedAssault: plain(lv(5, 1, 5, 3, 5, 1), lv(3, 1, 3, 1, 4, 1), noteD),
		// G-OP-3: the upper table's cell is illegible; note e is placed
		// here (G-OP-7).
		AttEchelon: plain(lv(2, 1, 3, 2, 3, 1), lv(4, 1, 3, 2, 3, 3), noteD|noteE),
		AttProbe:   plain(lv(1, 1, 4, 2, 4, 2), lv(1, 2, 2, 1, 3, 1), noteD),
	},
	DefWithdraw: {
		// G-OP-5: only "1st A 2-2" is legible.
		AttOutflank: split(0, lv(2, 2, 2, 2, 2, 2), lv(1, 1, 1, 1, 1, 1),
			lv(0, 0, 4, 4, 4, 4), lv(0, 0, 1, 1, 1, 1), noteG),
		AttAssault:          plain(lv(4, 2, 4, 2, 4, 3), lv(1, 1, 1, 1, 1, 1), noteF|noteI),
		AttEscalatedAssault: plain(lv(5, 2, 5, 2, 5, 3), lv(2, 1, 2, 1, 2, 1), noteF|noteI),
		// G-OP-7: notes f and h, lost in the extraction, placed here.
		AttEchelon: plain(lv(3, 1, 3, 2, 3, 3), lv(1, 1, 1, 1, 2, 1), noteF|noteH),
		AttProbe:   {Auto: true},
	},
	DefDefend: {
		// G-OP-6: only "2nd D - 1-1 1-1" is legible; note j placed here
		// (G-OP-7).
		AttOutflank: split(0, lv(2, 1, 2, 1, 2, 1), lv(3, 2, 3, 2, 3, 2),
			lv(0, 0, 4, 3, 4, 3), lv(0, 0, 1, 1, 1, 1), noteJ),
		AttAssault:          plain(lv(3, 1, 3, 1, 2, 1), lv(4, 1, 4, 2, 4, 3), noteK|noteL),
		AttEscalatedAssault: plain(lv(3, 1, 3, 1, 2, 1), lv(5, 1, 5, 2, 5, 3), noteK|noteL),
		AttEchelon:          plain(lv(1, 3, 2, 3, 2, 4), lv(4, 1, 3, 1, 2, 1), 0),
		AttProbe:            plain(lv(1, 1, 3, 1, 3, 3), lv(3, 2, 3, 1, 2, 1), noteL),
	},
}

// riverCordon is the Cordon row's lower table, used when the attack is
// across a river (note d). G-OP-4: its Probe cell's attacker line is
// illegible.
var riverCordon = [numAttPostures + 1]Cell{
	AttAssault:          plain(lv(4, 1, 4, 2, 4, 1), lv(2, 1, 3, 1, 4, 1), noteD),
	AttEscalatedAssault: plain(lv(5, 1, 5, 2, 5, 1), lv(3, 1, 4, 1, 5, 1), noteD),
	AttEchelon:          plain(lv(2, 1, 3, 1, 3, 1), lv(4, 1, 4, 2, 4, 3), noteD|noteE),
	AttProbe:            plain(lv(1, 1, 4, 1, 4, 2), lv(1, 2, 3, 1, 3, 1), noteD),
}

// trivialCell is a trivial combat's: both sides on table 5-2 every round
// (Combat Resolution Chart, Trivial Combats).
var trivialCell = plain(lv(5, 2, 5, 2, 5, 2), lv(5, 2, 5, 2, 5, 2), 0)

// ChartCell is the cell for the defender's and the attacker's postures,
// across a river or not.
func ChartCell(def, att uint8, river bool) Cell {
	if def < 1 || def > numDefPostures || att < 1 || att > numAttPostures {
		return Cell{}
	}
	if river && def == DefCordon && att != AttOutflank {
		return riverCordon[att]
	}
	return opChart[def][att]
}

// CombatOutcome is one cell of the Combat Resolution Chart: the percentage of
// the friendly factors inflicted on the enemy as casualties, and the
// morale loss inflicted on it, in tenths.
type CombatOutcome struct {
	Pct    int8
	Morale int8
}

// crc is the Combat Resolution Chart: [morale level 1-5][modified die
// 0-7][casualty level 1-5]. Reconstructed cells: G-CRC-1 to G-CRC-4.
var crc = [5][8][5]CombatOutcome{
	{ // morale level 1 (G-CRC-1)
		{{0, 0}, {0, 0}, {0, 0}, {0, 0}, {5, 1}},
		{{0, 0}, {0, 0}, {0, 0}, {5, 2}, {5, 3}},
		{{0, 0}, {0, 0}, {5, 2}, {5, 4}, {10, 6}},
		{{0, 0}, {5, 2}, {5, 5}, {10, 7}, {10, 10}},
		{{0, 2}, {5, 5}, {10, 8}, {10, 10}, {15, 14}},
		{{5, 4}, {10, 8}, {10, 11}, {15, 14}, {15, 18}},
		{{5, 6}, {10, 11}, {10, 13}, {15, 19}, {20, 22}},
		{{5, 8}, {10, 14}, {10, 15}, {15, 24}, {20, 26}},
	},
	{ // morale level 2 (G-CRC-2)
		{{0, 0}, {0, 0}, {0, 1}, {5, 4}, {5, 5}},
		{{0, 1}, {0, 1}, {0, 2}, {5, 6}, {5, 7}},
		{{0, 2}, {5, 2}, {5, 3}, {5, 7}, {10, 8}},
		{{0, 2}, {5, 4}, {5, 8}, {10, 11}, {10, 13}},
		{{5, 8}, {5, 10}, {10, 14}, {15, 16}, {15, 18}},
		{{5, 11}, {10, 14}, {15, 17}, {15, 20}, {20, 24}},
		{{10, 15}, {10, 19}, {15, 21}, {15, 25}, {20, 29}},
		{{10, 18}, {15, 23}, {15, 24}, {20, 31}, {20, 34}},
	},
	{ // morale level 3, as printed
		{{0, 0}, {0, 3}, {0, 5}, {5, 8}, {5, 9}},
		{{0, 3}, {0, 5}, {5, 8}, {5, 10}, {10, 11}},
		{{0, 6}, {5, 8}, {5, 11}, {10, 13}, {10, 14}},
		{{5, 9}, {5, 11}, {10, 14}, {10, 16}, {15, 18}},
		{{5, 13}, {10, 15}, {10, 18}, {15, 20}, {15, 23}},
		{{5, 18}, {10, 20}, {15, 23}, {15, 25}, {20, 29}},
		{{10, 23}, {10, 26}, {15, 28}, {15, 31}, {20, 35}},
		{{10, 28}, {15, 32}, {15, 33}, {20, 37}, {20, 41}},
	},
	{ // morale level 4 (G-CRC-3: its label is printed "1")
		{{0, 4}, {0, 6}, {5, 9}, {5, 11}, {5, 13}},
		{{0, 6}, {5, 9}, {5, 11}, {10, 14}, {10, 16}},
		{{5, 9}, {5, 12}, {5, 14}, {10, 17}, {15, 20}},
		{{5, 13}, {5, 16}, {10, 18}, {10, 21}, {15, 24}},
		{{5, 18}, {10, 21}, {10, 23}, {15, 26}, {15, 29}},
		{{10, 24}, {10, 26}, {15, 29}, {15, 31}, {20, 34}},
		{{10, 30}, {15, 32}, {15, 35}, {20, 37}, {20, 39}},
		{{10, 36}, {15, 38}, {20, 41}, {20, 43}, {25, 45}},
	},
	{ // morale level 5 (G-CRC-4)
		{{0, 9}, {5, 11}, {5, 14}, {5, 16}, {5, 18}},
		{{5, 11}, {5, 14}, {5, 16}, {10, 19}, {10, 21}},
		{{5, 14}, {5, 17}, {10, 19}, {10, 22}, {15, 25}},
		{{5, 18}, {10, 21}, {10, 23}, {15, 26}, {15, 29}},
		{{5, 23}, {10, 26}, {15, 28}, {15, 31}, {20, 34}},
		{{10, 29}, {10, 31}, {15, 34}, {20, 36}, {20, 39}},
		{{10, 35}, {10, 37}, {15, 40}, {20, 42}, {25, 44}},
		{{10, 41}, {15, 43}, {20, 46}, {20, 48}, {25, 50}},
	},
}

// CombatResult reads the Combat Resolution Chart; levels and the die are
// clamped to the chart (levels 1-5, die 0-7: G-CLAMP).
func CombatResult(l Levels, die int) CombatOutcome {
	c, m := clamp(int(l.C), 1, 5), clamp(int(l.M), 1, 5)
	return crc[m-1][clamp(die, 0, 7)][c-1]
}

func clamp(v, lo, hi int) int { return max(lo, min(hi, v)) }

// casualtyPcts are the Casualty Percentage Table's rows.
var casualtyPcts = [...]int{5, 10, 15, 20, 25, 30, 45, 60, 75, 90, 120}

// casualtyTable is the Casualty Percentage Table, [row][factors-1], for 1
// to 20 factors. G-CAS-1: the 10% row is blank in the extraction and is
// the rule every legible row follows (round half up, at least 1 from 45%
// up); G-CAS-2: the 5% row is read as printed (1 from 7 factors).
var casualtyTable = [len(casualtyPcts)][20]int8{
	{0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
	{0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2},
	{0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3},
	{0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4},
	{0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5},
	{0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6},
	{1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9},
	{1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 9, 10, 10, 11, 11, 12},
	{1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15},
	{1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 14, 15, 16, 17, 18},
	{1, 2, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 22, 23, 24},
}

// Casualties is the factors lost at pct percent of factors: the table's
// column for each 20 factors and one for the rest ("for 45 factors, use
// 20 + 20 + 5 columns"). A percentage the table has no row for is 0.
func Casualties(pct, factors int) int {
	row := -1
	for k, p := range casualtyPcts {
		if p == pct {
			row = k
		}
	}
	if row < 0 || factors <= 0 {
		return 0
	}
	n := 0
	for ; factors > 20; factors -= 20 {
		n += int(casualtyTable[row][19])
	}
	return n + int(casualtyTable[row][factors-1])
}

// commanderChart is the Commander Chart: [defending commander's tactical
// rating][attacking commander's] = the die modifiers {defender,
// attacker}. G-CMD-1: the row for rating 4 has one value too many.
var commanderChart = [6][6][2]int8{
	{{-1, -1}, {-1, 0}, {-1, 0}, {-1, 1}, {-1, 1}, {-1, 1}},
	{{0, -1}, {-1, -1}, {-1, 0}, {-1, 0}, {-1, 1}, {-1, 1}},
	{{0, -1}, {0, -1}, {0, 0}, {-1, 0}, {0, 1}, {-1, 1}},
	{{1, -1}, {0, -1}, {0, -1}, {0, 0}, {0, 1}, {0, 1}},
	{{1, -1}, {1, -1}, {1, 0}, {1, 0}, {1, 1}, {0, 1}},
	{{1, -1}, {1, -1}, {1, -1}, {1, 0}, {1, 0}, {1, 1}},
}

// CommanderModifiers are the die modifiers of the defender and the
// attacker for their commanders' tactical ratings.
func CommanderModifiers(defTactical, attTactical int) (def, att int) {
	m := commanderChart[clamp(defTactical, 0, 5)][clamp(attTactical, 0, 5)]
	return int(m[0]), int(m[1])
}

// pursuitClass is the Pursuit Class Table: [victor's morale loss band
// 0.0-0.9 ... 4.0+][combat rounds 1, 2, 3+], 0 for "None".
var pursuitClass = [5][3]int8{
	{6, 5, 4},
	{5, 4, 3},
	{4, 3, 2},
	{3, 2, 0},
	{2, 0, 0},
}

// PursuitClass is the class of a pursuit by a victor who lost moraleLoss
// tenths of morale over rounds combat rounds; 0 is no pursuit.
func PursuitClass(moraleLoss, rounds int) int {
	band := min(moraleLoss/10, 4)
	return int(pursuitClass[max(band, 0)][clamp(rounds, 1, 3)-1])
}

// pursuitTable is the Pursuit Table: [die 1-7][class 1-6] = percentage.
var pursuitTable = [7][6]int8{
	{0, 0, 0, 10, 10, 15},
	{0, 0, 10, 10, 15, 15},
	{0, 0, 15, 15, 30, 30},
	{0, 10, 20, 30, 45, 45},
	{10, 15, 30, 45, 60, 60},
	{15, 30, 45, 60, 75, 90},
	{15, 45, 60, 75, 90, 120},
}

// PursuitPct is the Pursuit Table's percentage for a modified die and a
// class after its column shifts; a class shifted below 1 is no pursuit.
func PursuitPct(die, class int) int {
	if class < 1 {
		return 0
	}
	return int(pursuitTable[clamp(die, 1, 7)-1][min(class, 6)-1])
}

// moraleValue is the Morale Values Chart in tenths, for a factor of kind
// k in a force of nation n. G-MOR-1: cavalry of a minor country counts as
// "other" cavalry (4) only for a major power; a minor's is 3.
func moraleValue(k Kind, n Nation) int {
	switch k {
	case Irregular:
		return 10
	case Feudal, Militia:
		return 20
	case Guard:
		return 50
	case Cavalry:
		if n == Spain || n == Turkey || n == Minor {
			return 30
		}
		return 40
	}
	// Infantry and artillery.
	switch {
	case n == GreatBritain && k == Infantry:
		return 45
	case n == France:
		return 40
	}
	return 30
}

// guardTable is the Guard Commitment Table: [die 1-6][shift +1, +2] =
// extra guard factors lost. G-GRD-1: the row for a 6 is missing and is
// the row for a 5.
var guardTable = [6][2]int8{{0, 1}, {0, 1}, {1, 2}, {1, 2}, {2, 3}, {2, 3}}

// GuardLoss is the extra guard factors lost for a shift of +1 or +2 on a
// die of 1 to 6.
func GuardLoss(shift, die int) int {
	if shift < 1 || shift > 2 {
		return 0
	}
	return int(guardTable[clamp(die, 1, 6)-1][shift-1])
}
