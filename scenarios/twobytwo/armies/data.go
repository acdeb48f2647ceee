package armies

import tb "github.com/grognard/grognard/engine/twobytwo"

// lists is the army-list data of the document's "Army Lists", one entry per
// nation in the document's order. Percentages are the "Composition" text of
// each row; where the Min %/Max % columns disagree the text wins (Ruling
// A-TEXT) and the column values are noted. Other rulings are marked
// "Ruling A-..." and explained in doc.go.
var literalLists = []List{
	{
		Nation: "Austria",
		Arms: [3]ArmShare{
			{Min: 20, Max: 35, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteCavalry}},
				{Name: "Heavy", Min: 60, Max: 60, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Medium", Min: 20, Max: 30, Types: []tb.UnitType{tb.MediumCavalry}},
				{Name: "Light/Lancer", Min: 0, Max: 10, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 55, Max: 80, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 15, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 65, Max: 95, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 5, Max: 5, Types: []tb.UnitType{tb.LightInfantry}},
				{Name: "Irregular shooters", Min: 0, Max: 15, Types: []tb.UnitType{tb.IrregularShooters}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Siege", Min: 0, Max: 10, Types: []tb.UnitType{tb.SiegeArtillery}},
				{Name: "Foot", Min: 75, Max: 100, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 0, Max: 15, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Baden",
		Arms: [3]ArmShare{
			{Min: 0, Max: 15, Types: []TypeShare{ // Ruling A-TEXT: columns say 20-35
				{Name: "Heavy", Min: 0, Max: 10, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Light", Min: 80, Max: 90, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 55, Max: 100, Types: []TypeShare{ // Ruling A-TEXT: columns say 55-80
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteInfantry}}, // Ruling A-TEXT: columns say 0-15
				{Name: "Line", Min: 80, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 0, Max: 10, Types: []tb.UnitType{tb.LightInfantry}},
			}},
			{Min: 0, Max: 5, Types: []TypeShare{ // Ruling A-TEXT: columns say 0-10
				{Name: "Foot", Min: 90, Max: 100, Types: []tb.UnitType{tb.FootArtillery}}, // Ruling A-TEXT: columns say 0-10
				{Name: "Horse", Min: 0, Max: 10, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Bavaria",
		Arms: [3]ArmShare{
			{Min: 0, Max: 20, Types: []TypeShare{
				{Name: "Heavy", Min: 0, Max: 30, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Medium", Min: 60, Max: 70, Types: []tb.UnitType{tb.MediumCavalry}},
				{Name: "Light", Min: 0, Max: 10, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 55, Max: 100, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 70, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 0, Max: 20, Types: []tb.UnitType{tb.LightInfantry}},
			}},
			{Min: 0, Max: 5, Types: []TypeShare{
				{Name: "Foot", Min: 85, Max: 100, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 0, Max: 15, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Britain",
		Arms: [3]ArmShare{
			{Min: 0, Max: 25, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteCavalry}},
				{Name: "Heavy", Min: 70, Max: 70, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Light", Min: 20, Max: 30, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 65, Max: 100, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 15, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 70, Max: 95, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 5, Max: 5, Types: []tb.UnitType{tb.LightInfantry}},
				{Name: "Irregular shooters", Min: 0, Max: 10, Types: []tb.UnitType{tb.IrregularShooters}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Siege", Min: 0, Max: 10, Types: []tb.UnitType{tb.SiegeArtillery}},
				{Name: "Foot", Min: 65, Max: 100, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 0, Max: 25, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Brunswick",
		Arms: [3]ArmShare{
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Light/Lancer", Min: 100, Max: 100, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 80, Max: 100, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 15, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 65, Max: 75, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 0, Max: 20, Types: []tb.UnitType{tb.LightInfantry}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Foot", Min: 85, Max: 100, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 0, Max: 15, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Denmark",
		Arms: [3]ArmShare{
			{Min: 0, Max: 20, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteCavalry}},
				{Name: "Heavy", Min: 30, Max: 40, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Light", Min: 60, Max: 70, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 70, Max: 100, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 80, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 0, Max: 10, Types: []tb.UnitType{tb.LightInfantry}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Foot", Min: 90, Max: 100, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 0, Max: 10, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Dutch-Belgium (1815)",
		Arms: [3]ArmShare{
			{Min: 0, Max: 15, Types: []TypeShare{
				{Name: "Heavy", Min: 0, Max: 30, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Light", Min: 70, Max: 100, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 50, Max: 100, Types: []TypeShare{ // Ruling A-FOOTMAX: text 50-60, the arms could not total 100%
				{Name: "Line", Min: 70, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 0, Max: 15, Types: []tb.UnitType{tb.LightInfantry}},
				{Name: "Irregular shooters", Min: 0, Max: 15, Types: []tb.UnitType{tb.IrregularShooters}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Foot", Min: 80, Max: 90, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 10, Max: 20, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "France",
		Arms: [3]ArmShare{
			{Min: 15, Max: 30, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteCavalry}},
				{Name: "Heavy", Min: 0, Max: 60, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Medium", Min: 25, Max: 40, Types: []tb.UnitType{tb.MediumCavalry}},
				{Name: "Light/Lancer", Min: 15, Max: 30, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 55, Max: 80, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 15, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 65, Max: 95, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 5, Max: 20, Types: []tb.UnitType{tb.LightInfantry}},
			}},
			{Min: 5, Max: 15, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteArtillery}},
				{Name: "Siege", Min: 0, Max: 5, Types: []tb.UnitType{tb.SiegeArtillery}},
				{Name: "Foot", Min: 55, Max: 85, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 15, Max: 30, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Grand Duchy of Warsaw",
		Arms: [3]ArmShare{
			{Min: 0, Max: 20, Types: []TypeShare{
				{Name: "Heavy", Min: 0, Max: 15, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Light/Lancer", Min: 85, Max: 100, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 70, Max: 100, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteInfantry}}, // Ruling A-WARSAW: text "0-10% Foot (1815)"
				{Name: "Line", Min: 90, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Foot", Min: 80, Max: 100, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 0, Max: 20, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Hanover",
		Arms: [3]ArmShare{
			{Min: 0, Max: 25, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 5, Types: []tb.UnitType{tb.EliteCavalry}},
				{Name: "Heavy", Min: 0, Max: 35, Types: []tb.UnitType{tb.HeavyCavalry}},             // Ruling A-HANOVER: text "35%", columns 0-35
				{Name: "Medium", Min: 0, Max: 35, Types: []tb.UnitType{tb.MediumCavalry}},           // Ruling A-HANOVER: text "35%", columns 0-35
				{Name: "Light", Min: 0, Max: 25, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}}, // Ruling A-HANOVER: text 0-20, raised so the types can total 100%
			}},
			{Min: 65, Max: 100, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 15, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 65, Max: 95, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Irregular shooters", Min: 0, Max: 20, Types: []tb.UnitType{tb.IrregularShooters}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Foot", Min: 90, Max: 100, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 0, Max: 10, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Hess Darmstadt",
		Arms: [3]ArmShare{
			{Min: 0, Max: 15, Types: []TypeShare{
				{Name: "Light", Min: 100, Max: 100, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 50, Max: 100, Types: []TypeShare{ // Ruling A-FOOTMAX: text 50-60, the arms could not total 100%
				{Name: "Line", Min: 90, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Irregular shooters", Min: 0, Max: 10, Types: []tb.UnitType{tb.IrregularShooters}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Foot", Min: 100, Max: 100, Types: []tb.UnitType{tb.FootArtillery}},
			}},
		},
	},
	{
		Nation: "Kingdom of Holland",
		Arms: [3]ArmShare{
			{Min: 0, Max: 20, Types: []TypeShare{ // Ruling A-TEXT: columns say 0-15
				{Name: "Elite", Min: 0, Max: 20, Types: []tb.UnitType{tb.EliteCavalry}},
				{Name: "Heavy", Min: 0, Max: 40, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Light", Min: 0, Max: 40, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 50, Max: 100, Types: []TypeShare{ // Ruling A-FOOTMAX: text 50-60, the arms could not total 100%
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 75, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 0, Max: 15, Types: []tb.UnitType{tb.LightInfantry}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Foot", Min: 80, Max: 90, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 10, Max: 20, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Kingdom of Italy",
		Arms: [3]ArmShare{
			{Min: 0, Max: 20, Types: []TypeShare{ // Ruling A-TEXT: columns say 0-15
				{Name: "Heavy", Min: 0, Max: 15, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Medium", Min: 0, Max: 30, Types: []tb.UnitType{tb.MediumCavalry}},
				{Name: "Light", Min: 0, Max: 65, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 70, Max: 100, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 75, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 0, Max: 15, Types: []tb.UnitType{tb.LightInfantry}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Foot", Min: 80, Max: 90, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 10, Max: 20, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Kingdom of Naples",
		Arms: [3]ArmShare{
			{Min: 0, Max: 15, Types: []TypeShare{
				{Name: "Heavy", Min: 0, Max: 20, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Light", Min: 0, Max: 80, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 75, Max: 100, Types: []TypeShare{ // Ruling A-TEXT: columns say 50-60
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 75, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 0, Max: 15, Types: []tb.UnitType{tb.LightInfantry}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Foot", Min: 80, Max: 90, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 10, Max: 20, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Minor German States",
		Arms: [3]ArmShare{
			{Min: 0, Max: 15, Types: []TypeShare{
				{Name: "Light", Min: 100, Max: 100, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 75, Max: 100, Types: []TypeShare{
				{Name: "Line", Min: 100, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Foot", Min: 90, Max: 100, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 0, Max: 10, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Nassau",
		Arms: [3]ArmShare{
			{Min: 0, Max: 20, Types: []TypeShare{
				{Name: "Light", Min: 100, Max: 100, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 80, Max: 100, Types: []TypeShare{
				{Name: "Line", Min: 75, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Irregular shooters", Min: 0, Max: 15, Types: []tb.UnitType{tb.IrregularShooters}},
			}},
			{}, // Ruling A-NASSAU: no artillery rows in the document
		},
	},
	{
		Nation: "Portugal",
		Arms: [3]ArmShare{
			{Min: 0, Max: 15, Types: []TypeShare{
				{Name: "Light", Min: 100, Max: 100, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 75, Max: 100, Types: []TypeShare{ // Ruling A-TEXT: columns say 50-60
				{Name: "Line", Min: 60, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 0, Max: 20, Types: []tb.UnitType{tb.LightInfantry}},
				{Name: "Irregular shooters", Min: 0, Max: 20, Types: []tb.UnitType{tb.IrregularShooters}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Foot", Min: 80, Max: 90, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 10, Max: 20, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Prussia",
		Arms: [3]ArmShare{
			{Min: 25, Max: 40, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteCavalry}},
				{Name: "Heavy", Min: 40, Max: 50, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Medium", Min: 50, Max: 60, Types: []tb.UnitType{tb.MediumCavalry}},
				{Name: "Light/Lancer", Min: 0, Max: 30, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 50, Max: 75, Types: []TypeShare{
				{Name: "Elite", Min: 5, Max: 10, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 65, Max: 90, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 0, Max: 30, Types: []tb.UnitType{tb.LightInfantry}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Siege", Min: 0, Max: 10, Types: []tb.UnitType{tb.SiegeArtillery}},
				{Name: "Foot", Min: 80, Max: 100, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 0, Max: 10, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Russia",
		Arms: [3]ArmShare{
			{Min: 20, Max: 30, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteCavalry}},
				{Name: "Heavy", Min: 10, Max: 15, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Medium", Min: 40, Max: 40, Types: []tb.UnitType{tb.MediumCavalry}},
				{Name: "Light/Lancer", Min: 0, Max: 40, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}}, // Ruling A-TEXT: columns say 30-40
			}},
			{Min: 60, Max: 80, Types: []TypeShare{
				{Name: "Elite", Min: 10, Max: 20, Types: []tb.UnitType{tb.EliteInfantry}}, // Ruling A-TEXT: columns say 0-20
				{Name: "Line", Min: 60, Max: 90, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 0, Max: 10, Types: []tb.UnitType{tb.LightInfantry}},
				{Name: "Irregular shooters", Min: 0, Max: 10, Types: []tb.UnitType{tb.IrregularShooters}},
			}},
			{Min: 5, Max: 10, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteArtillery}},
				{Name: "Siege", Min: 0, Max: 10, Types: []tb.UnitType{tb.SiegeArtillery}},
				{Name: "Foot", Min: 50, Max: 80, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 20, Max: 30, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Saxony",
		Arms: [3]ArmShare{
			{Min: 15, Max: 30, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteCavalry}},
				{Name: "Heavy", Min: 0, Max: 70, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Medium", Min: 0, Max: 10, Types: []tb.UnitType{tb.MediumCavalry}},
				{Name: "Light", Min: 0, Max: 10, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 60, Max: 85, Types: []TypeShare{
				{Name: "Elite", Min: 10, Max: 20, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 60, Max: 80, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 10, Max: 20, Types: []tb.UnitType{tb.LightInfantry}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Foot", Min: 70, Max: 85, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 15, Max: 30, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Sweden",
		Arms: [3]ArmShare{
			{Min: 0, Max: 25, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteCavalry}},
				{Name: "Heavy", Min: 25, Max: 75, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Medium", Min: 15, Max: 25, Types: []tb.UnitType{tb.MediumCavalry}},
				{Name: "Light", Min: 10, Max: 15, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 65, Max: 100, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 15, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 65, Max: 95, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Light", Min: 5, Max: 5, Types: []tb.UnitType{tb.LightInfantry}},
				{Name: "Irregular shooters", Min: 0, Max: 15, Types: []tb.UnitType{tb.IrregularShooters}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Siege", Min: 0, Max: 10, Types: []tb.UnitType{tb.SiegeArtillery}},
				{Name: "Foot", Min: 75, Max: 100, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 0, Max: 15, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Spain",
		Arms: [3]ArmShare{
			{Min: 0, Max: 15, Types: []TypeShare{
				{Name: "Heavy", Min: 10, Max: 20, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Light", Min: 80, Max: 100, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 55, Max: 80, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 80, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Irregular shooters", Min: 0, Max: 15, Types: []tb.UnitType{tb.IrregularShooters}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Siege", Min: 0, Max: 10, Types: []tb.UnitType{tb.SiegeArtillery}},
				{Name: "Foot", Min: 80, Max: 100, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 0, Max: 10, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
	{
		Nation: "Ottoman Empire",
		Arms: [3]ArmShare{
			{Min: 40, Max: 50, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 25, Types: []tb.UnitType{tb.EliteCavalry}},
				{Name: "Heavy", Min: 0, Max: 25, Types: []tb.UnitType{tb.HeavyCavalry}},
				{Name: "Light/Lancer", Min: 50, Max: 100, Types: []tb.UnitType{tb.LightCavalry, tb.Lancers}},
			}},
			{Min: 50, Max: 60, Types: []TypeShare{
				{Name: "Elite", Min: 0, Max: 10, Types: []tb.UnitType{tb.EliteInfantry}},
				{Name: "Line", Min: 50, Max: 100, Types: []tb.UnitType{tb.LineInfantry}},
				{Name: "Irregular shooters", Min: 0, Max: 30, Types: []tb.UnitType{tb.IrregularShooters}},
				{Name: "Irregular warband", Min: 0, Max: 20, Types: []tb.UnitType{tb.IrregularWarband}},
			}},
			{Min: 0, Max: 10, Types: []TypeShare{
				{Name: "Siege", Min: 10, Max: 30, Types: []tb.UnitType{tb.SiegeArtillery}},
				{Name: "Foot", Min: 30, Max: 70, Types: []tb.UnitType{tb.FootArtillery}},
				{Name: "Horse", Min: 20, Max: 40, Types: []tb.UnitType{tb.HorseArtillery}},
			}},
		},
	},
}
