// Package drums holds the Drums and Muskets scenarios: the scenario file
// format (Parse, Load, Marshal; docs/scenarios.md, "Drums and Muskets"),
// the check that every command of a battle can deploy (CheckDeploy,
// CheckDeployOrders), the built-in battles besides engine/drums's own
// first-battle (builtin/*.yaml, embedded), and the sources that let every
// command name a scenario file by its path or a generated battlefield as
// gen:SEED or gen:SEED:SIZE (Generate; the generator is the generate
// subpackage). Importing the package registers all of them with
// engine/drums.
//
// Distances are in base widths (BW, Game Scale): a base is about 40mm
// wide with 15mm figures and 60mm with 25/28mm, so the usual 48 x 32 BW
// table is 6 x 4 ft in 15mm and 9 x 6 ft in 25/28mm (players using
// figures rather than bases take 4cm as a BW).
//
// # Rulings
//
// Ruling D-SCEN-ROLES (Scouting Initiative; Deployment Zone): the document
// leaves the battle's set-up to the players and the army lists (Mapuche
// Indian: "automatically the defender"); a scenario may give a force
// always_defender to fix who defends, as a scenario of a ridge or a
// redoubt needs, and the other force then attacks in every game.
//
// Ruling D-SCEN-LABELS (Army Structure; Actions): generals and units share
// one set of labels across both forces, each one word of at most 16
// characters without commas, because moves name pieces by label ("F1
// advance 12,8") and a player writes them on the bases.
//
// Ruling D-SCEN-KINDS (Terrain & Fortifications, Cover Terrain): the
// document's words for linear terrain "such as obstacles, fences, walls,
// ditches" read as obstacle, "farm complexes" and villages as built-up,
// and breastworks as fortification; the document has no rivers, so a
// river must be written as a stream (crossable) or impassable.
//
// Ruling D-DEPLOY-ORDERS (Deploying forces): the engine deploys a command
// in one of its slots (ruling D-DEPLOY) and offers every slot the command
// fits at that moment, so an early command, or the baggage camp that goes
// down with it, can crowd a later command out of the attacker's shallow
// zone. A scenario file is accepted when some order deploys everything
// (CheckDeploy); built-in and generated battles must also survive random
// deployment orders (CheckDeployOrders), so a bot choosing slots at
// random never finds itself with a command it cannot place.
package drums
