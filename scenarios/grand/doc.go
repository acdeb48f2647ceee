// Package grand holds the grand-strategic field-battle scenarios: the
// scenario file format (Parse, Load, Marshal), the built-in battles
// besides engine/grand's own open-field (builtin/*.yaml, embedded), and
// the source that lets every command name a scenario file by its path
// (a name ending in .yaml or .yml). Importing the package registers all
// of them with engine/grand.
//
// # The file format
//
// A scenario file is one YAML document: a mapping of the keys below,
// written in snake_case. A file is at most scenarios.MaxFileSize bytes;
// anchors and aliases (& and *) are refused, as are unknown keys (the
// nearest known key is suggested) and a key given twice. Every problem
// in a file is reported at once, each with its line and a fix. This is
// the built-in river-crossing:
//
//	# A French corps forces the Inn against an Austrian army holding the far bank: an attack across a river.
//	name: river-crossing
//	title: Crossing the Inn under fire
//	terrain: clear
//	river: true
//	attacker:
//	  name: French
//	  nation: france
//	  factors: {infantry: 18, cavalry: 5, artillery: 4, guard: 3}
//	  commander: {name: Davout, strategic: 4, tactical: 3}
//	defender:
//	  name: Austrians
//	  nation: austria
//	  factors: {infantry: 16, cavalry: 4, artillery: 3, militia: 5}
//	  commander: {name: Hiller, strategic: 2, tactical: 2}
//
// The top level:
//
//   - name (optional): the scenario's name, one word of at most 200
//     characters (river-crossing); it defaults to the file's name
//     without its extension. A file named as a scenario on the command
//     line (my-battle.yaml) is named by that path whatever it says.
//   - title (required, may be ""): a line saying what the battle is, at
//     most 200 characters.
//   - terrain (required): clear, forest, mountain, marsh or desert
//     (the Operational Possibilities Chart's terrain lines and the
//     pursuit modifiers).
//   - river (optional, false): the attacker crosses a river (note d: the
//     Cordon row's lower table).
//   - rounds (optional, 0): the combat rounds of the battle's day, 1 to
//     12; 0 or absent is the default day of 4 (ruling G-DAY).
//   - trivial (optional, false): a trivial combat, fought without
//     postures on table 5-2 (Combat Resolution Chart, Trivial Combats).
//   - cavalry_superiority (optional, false): option 12.3.3.1, +1 to the
//     combat die of a side with at least twice the enemy's cavalry.
//   - all_cavalry_withdrawal (optional, false): option 12.3.3.2, note
//     f's +1 to an all-cavalry defender's withdrawal roll (ruling G-F).
//   - guard_commitment (optional, false): option 12.3.4, a side may
//     commit its guard with its posture (Guard Commitment Table).
//   - bombardment (optional, false): option 12.3.5, the artillery
//     bombards on table 5-5 before the first round (rulings G-BOMB).
//   - attacker, defender (required): the two forces, each a mapping of
//     the keys below.
//
// A force:
//
//   - name (required): the side's name (French), 1 to 200 characters.
//   - nation (required): austria, france, great-britain, prussia,
//     russia, spain, turkey, or minor for any other country; it sets the
//     factors' morale values (Morale Values Chart). Any case is read, and
//     great_britain or "great britain" for great-britain.
//   - factors (required): a mapping of kind to count, each 0 to 400,
//     kinds left out being 0; a force has 1 to 600 factors in all. The
//     kinds are infantry, cavalry, artillery, guard, militia, irregular
//     (the chart's Cossacks, Freikorps and guerillas, counted as cavalry
//     for pursuit) and feudal (Turkish feudal cavalry and infantry).
//   - commander (required): the force's leader, a mapping of the keys
//     below.
//
// A commander:
//
//   - name (required): 1 to 200 characters (Davout).
//   - nation (optional): his nationality, for the notes that reward one
//     (c Turkish, e Austrian, l Russian); the force's unless given.
//   - strategic (required): 0 to 6, rolled against on a die for an
//     outflanking force's arrival and a withdrawal; 1 to 5 is usual.
//   - tactical (required): 0 to 5, the Commander Chart's column.
//   - cavalry_leader (optional, false): +1 to the pursuit die when his
//     force pursues.
//
// Names and titles are read without spaces at their ends and must be on
// one line of printable characters. Numbers are whole numbers written
// plainly (12, not 12.0 or "12"); true and false are written so. Once a
// file reads cleanly it is checked as the rules check every battle
// (grand.Scenario.Check); those problems are reported at the top of the
// file.
//
// Marshal writes a scenario back in this format, leaving out keys at
// their defaults, and Parse reads what it writes back equal.
package grand
