// Package armies holds the army lists of the 2 by 2 Napoleonic document
// ("Army Lists"), checks armies against them and draws random armies.
//
// Each nation's List gives, for the mounted, foot and artillery arms, the
// arm's share of the force and, within the arm, each type's share of the
// arm, in percent of AP. Lists, ByNation, (*List).Validate and
// (*List).Random are the entry points. Armies are []twobytwo.UnitSpec whose
// HQ fields index the same slice; Rebase moves them when an army is
// appended to other units.
//
// The lists are data, lists.yaml, compiled into the binary and read once
// through scenarios/armylist, as Drums and Muskets' lists are; its
// comments mark where a ruling below decides a value.
//
// The 23 nations, in the document's order: Austria, Baden, Bavaria,
// Britain, Brunswick, Denmark, Dutch-Belgium (1815), France, Grand Duchy of
// Warsaw, Hanover, Hess Darmstadt, Kingdom of Holland, Kingdom of Italy,
// Kingdom of Naples, Minor German States, Nassau, Portugal, Prussia,
// Russia, Saxony, Sweden, Spain, Ottoman Empire.
//
// # Type names
//
// The document's mounted types map to engine types as Elite = EliteCavalry,
// Heavy = HeavyCavalry, Medium = MediumCavalry, and "Light" or
// "Light/Lancer" = LightCavalry or Lancers (either counts for the row);
// foot types as Elite = EliteInfantry, Line = LineInfantry, Light =
// LightInfantry, Irregular shooters = IrregularShooters, Irregular warband =
// IrregularWarband; artillery as Elite, Siege, Foot and Horse artillery. No
// list has a Militia or Cossacks row, so no list allows them.
//
// # Rulings
//
// Ruling A-TEXT: each row of a nation's table has a "Composition" text
// ("20-35% Force") and Min %/Max % columns. Where they disagree the text is
// used: the disagreeing columns are copies of another nation's (Baden's
// arm columns are Austria's, Naples' and Portugal's foot columns are
// Holland's). Affected: Baden (mounted 0-15 not 20-35, foot 55-100 not
// 55-80, elite foot 0-10 not 0-15, artillery 0-5 not 0-10, foot artillery
// 90-100 not 0-10), Kingdom of Holland and Kingdom of Italy (mounted 0-20
// not 0-15), Kingdom of Naples and Portugal (foot 75-100 not 50-60), Russia
// (light/lancer 0-40 not 30-40, elite foot 10-20 not 0-20). A single
// percentage ("60% Mounted") is both minimum and maximum.
//
// Ruling A-HANOVER: Hanover's heavy and medium cavalry read "35%" while the
// columns give 0-35; the columns are used. Even so elite 0-5, heavy 0-35,
// medium 0-35 and light 0-20 cannot total 100% of the mounted arm, so the
// light row's maximum is raised to 25.
//
// Ruling A-FOOTMAX: Dutch-Belgium (1815), Hess Darmstadt and Kingdom of
// Holland give foot as 50-60% of the force, which with their mounted and
// artillery maxima cannot reach 100%. Their foot maximum is raised to 100%
// (the minimum, 50%, is kept): the foot takes up the rest of the force.
//
// Ruling A-NASSAU: Nassau's table has no artillery rows; Nassau may field no
// artillery (its mounted 0-20% and foot 80-100% total 100% without it).
//
// Ruling A-WARSAW: the Grand Duchy of Warsaw's elite foot row reads "0-10%
// Foot (1815)"; the row is kept for every year.
//
// Ruling A-BASE: percentages are of AP. An arm's share is of the AP of all
// the side's units except HQs; a type's share is of its arm's AP. Large and
// small units count at their adjusted cost (UnitCost). When an arm has no
// units its type shares are not checked.
//
// Ruling A-ROUND: units are bought whole, so a share is within the list when
// its AP lies within the list's minimum and maximum of the base widened by
// the cost of one unit (the cheapest the row or arm allows) either way. This
// matches the document's own example, which fields Austria with no light
// infantry although its row reads "5% Foot". A row or arm with a maximum of
// 0 allows nothing.
//
// Ruling A-HQ: the HQ counts in the tables are ignored; the rule of "Troop
// Descriptions: HQ" is used instead: exactly one corps HQ, and one division
// HQ per 5 infantry or cavalry units, rounded up, "would suffice". That
// count is read as the allowance, a maximum: the document's own 40 AP
// standard template fields 2 division HQs for 12 infantry and cavalry
// units, so fewer is allowed. Random buys the full allowance and attaches
// artillery directly to the corps HQ.
//
// Ruling A-SIZE: Random makes about one unit in ten large (+1 AP) and one
// in ten small (-0.5 AP, never militia), as "Unit Costs" allows; shares
// count their adjusted costs (A-BASE).
package armies
