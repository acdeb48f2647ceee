// Package armies holds the army lists of Drums and Muskets (Army
// Characteristics) as data, turns their rows into unit profiles, checks
// forces against them, draws random forces and reads and writes army
// files.
//
// The 41 lists, in the document's order, are embedded as lists.yaml (one
// entry per list: id, title, group, nation, period, notes, rows of name,
// Doctrine/Type keys and the three resilience thresholds) and parsed
// once, lazily. Lists, IDs and ByID give them; (*List).Row and
// (*List).Profile turn a row name into a drums.Profile; (*List).Validate
// checks a drums.ForceSpec; (*List).Random draws one from a seeded
// math/rand/v2 generator; ParseArmy, LoadArmy and MarshalArmy read and
// write army files (see Army); ParseLists reads list files of the same
// format as lists.yaml, for players' own lists.
//
// The lists: France (Revolutionary, Émigré Royalist, Consular, Imperial
// 1803-1812 and 1813-1814, 100 Days, Bourbon Restoration); French Allies
// (Confederation of the Rhine, Duchy of Warsaw); Austria (1792-1808,
// Schwarzenberg's corps 1812, 1809-1815); British (1792-1806, Peninsular,
// 100 Days); Prussia (1792-1811, Yorck's corps 1812, 1813-1815); Russia
// (1792-1807, 1808-1815); Spain (War of the Convention, Peninsular, Late
// Peninsular); Other Nations (America 1812-1815, Texas Revolution, Sweden
// 1805-1809 and Bernadotte's, Mamluk & Ottoman, Santa Anna's Mexico); the
// South American Wars of Liberation (Argentina, Bolivia & Peru, Chile,
// Columbia, Royalist Forces, Mapuche Indian, Other nations and patriots);
// the Crimean War (Britain, France, Sardinia, Ottoman Empire, Russia).
//
// # Rulings
//
// Ruling D-ARMY-BLANKS (Army Characteristics): the PDF's text loses blank
// cells of the Lackluster/Steady/Determined columns, so "1+ 5+" alone
// could be L,S or S,D. The spaces tell: the extractor prints each of the
// three cells followed by one space and a blank cell as nothing, so after
// the space that ends the Doctrine/Type cell, "Regular Light LIGHT  1+ 5+ "
// has one blank cell before 1+ (Steady 1+, Determined 5+) and "Ex-Royalist
// Light LIGHT 1+ 6+  " one after 6+ (Lackluster 1+, Steady 6+); "  1+ " is
// Determined only and "1+   " Lackluster only. Every one of the 457 rows
// reads as exactly three cells this way, and the readings agree with
// their neighbours (a whole list of "- 1+ 5+" in Émigré Royalist, guard
// rows "- - 1+"). lists.yaml keeps each row's cells as the PDF gives them
// (pdf) beside the reading (levels), and the loader checks they agree.
//
// Ruling D-ARMY-ART (Army Characteristics, Key): a row keyed
// "ART(F)/ART(P)" or "ART(F), ART(P)" offers both: it is two rows, "<name>
// (field)" (field artillery, the row's first reading, which the bare
// document name also finds) and "<name> (position)", sharing the
// thresholds and doctrines. ART(F) alone or ART(P) alone is one row.
//
// Ruling D-ARMY-CAVLINE (British lists): LINE on a cavalry row
// ("Household Cavalry LINE, HCAV, ZEALOUS, GUARD") means nothing: the row
// is cavalry. Such rows are kept as keyed: "British Light Cavalry LINE,
// HCAV, CARBINE" is heavy cavalry, as Unit Types says ("British Heavy and
// Light Dragoons" are its heavy cavalry).
//
// Ruling D-ARMY-NOFOOTTYPE (Revolutionary, Consular, Duchy of Warsaw): a
// foot row with no foot type ("Volunteer Line COA, ZEALOUS", "Combined
// Grenadiers COA, ZEALOUS", Warsaw's "Line COA, LCOY, ZEALOUS") is line
// foot, or light foot when its name has the word Light.
//
// Ruling D-ARMY-IRREGULAR (Unit Types, Irregular Cavalry/Foot): IRREGULAR
// alone is irregular foot (Grenzer, Guerrillas, Bashi Bazouks);
// IRREGULAR with LCAV, HCAV or LANCER(S), or on a row named as cavalry
// (Cossacks, Cavalry, Mounted, Horse: "Active Militia Cavalry IRREGULAR,
// ZEALOUS"), is irregular cavalry. GUARD on irregulars is refused (Guard
// units: "except irregulars"); no list has it.
//
// Ruling D-ARMY-LANCER (Unit Types, Lancers): LANCER and LANCERS are the
// lancer doctrine and make a row cavalry: "Cossacks LANCER, IRREGULAR"
// are irregular cavalry with lances, "Line Lancers LCAV, LANCER" light
// cavalry with lances. A row keyed LCAV alone keeps what it says, whatever
// its name.
//
// Ruling D-ARMY-ASWRITTEN: keys are taken as printed even where the name
// suggests more: "Guard Cossacks LCAV, LANCER" (Russia 1808-1815) are
// regular light lancers; the 1813-1814 and 1815 "Young Imperial Guard" and
// the Crimean Russian "Guard Foot" have no GUARD; "Chasseurs d'Afrique
// LIGHT, 2RK" (Crimean France) and "Mounted Riflemen/Gunmen LIGHT, 2RK"
// (Texas) are light foot.
//
// Ruling D-ARMY-KEYS (Army Characteristics, Key): "ZELAOUS" (Crimean
// France, Tirailleurs Algerien) is ZEALOUS; "(LCOY)" in parentheses
// (Confederation of the Rhine, Fusiliers & Musketeers) is an optional
// light company and is included; OPEN (Nassau and Dutch Light, not in the
// Key) is the open-formation doctrine DocOpen; trailing commas ("LINE,")
// are nothing. Any other word is refused with its line.
//
// Ruling D-ARMY-TYPOS: names are the document's, with lines joined where
// the PDF wrapped them, the stray space after "/" dropped ("Veteran
// Line/KGL/Portuguese", "Light/Rifles/KGL Light") and two misspellings
// fixed: the Crimean Ottoman "Artilery" is Artillery and the Crimean
// Russian "Ulhans" are Uhlans. Lookups ignore case, accents and spaces
// around "/". The South American "Columbia" keeps the document's
// spelling.
//
// Ruling D-ARMY-WEAPON (Shooting Table 1; Army Characteristics: "All foot
// units are assumed to be armed with muskets or rifles", without saying
// which): foot have smooth-bore muskets, except rows named as riflemen
// (Rifles, Riflemen, Jager/Jäger, Cacadore/Cazadore, Chasseurs à pied,
// Bersaglieri), which have rifles, and the line and light foot of the
// Crimean British and French lists, which have the Minié rifle (the
// Crimean weapon of Shooting Table 1). H2H foot have no shooting weapon;
// the Mapuche "Warriors with missile weapons" shoot as muskets, the table
// having no bows. Cavalry have carbines when keyed CARBINE (they
// dismount to shoot) and no shooting weapon otherwise; artillery has field
// or position guns.
//
// Ruling D-ARMY-MAPUCHE (Mapuche Indian): the note "Cannot use foot square
// and automatically the defender" is kept as the list's note and as the
// flags NoSquare and AlwaysDefender, for the engine to read.
//
// Ruling D-ARMY-BASES (Game Scale): the document gives standard
// battalions "about 4 bases" and "about 6 bases" in two guides, cavalry 4
// bases ("except units such as Austrians which would be 6") and artillery
// one base "unless specifically larger, then 2". Line foot take 6 bases
// and light and irregular foot, the smaller battalions that skirmish and
// screen, 4; cavalry 4, and 6 in the three Austrian lists; field
// artillery 1 model and position artillery, the heavier batteries, 2. An
// army file may set other sizes within foot 3-8, cavalry 2-6 and
// artillery 1-2 (BasesRange).
//
// Ruling D-ARMY-CHECKS (Resilience; Unit Types): the loader refuses rows
// the rules forbid or the columns cannot mean: zealous artillery
// ("Artillery cannot be Zealous"), guard irregulars, foot doctrines on
// cavalry, CARBINE or LANCER on foot, and thresholds that do not start at
// 1+ or do not rise (every score must give a level). No built-in row
// breaks them.
//
// Ruling D-ARMY-LIMITS (Army Structure): the document sets no size on a
// force ("You can design your army to be of any structure"). A valid
// force has 1 to MaxCommands (8) commands of 1 to MaxUnitsPerCommand (12)
// units; an army file may hold up to MaxFileCommands (16) commands of
// MaxFileUnitsPerCommand (32) units so that an over-large army is read and
// told what to cut. Generals and units share one set of labels.
//
// Ruling D-ARMY-LABELS (Army Structure): labels left to Random or to an
// army file are "FC" for the force commander, "G1", "G2"... for the
// sub-generals and a command letter and number for units ("A1".."A12");
// the letter G is skipped, so that the seventh command's units ("H1")
// never take a general's label.
//
// Ruling D-ARMY-RANDOM: a random force is mostly foot: in each command up
// to a third of the units after the artillery are cavalry, and two
// commands in three of 3 units or more have one battery (never more).
// Guard rows and position artillery are drawn a third as often as other
// rows.
package armies
