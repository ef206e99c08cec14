"""Reliquium: four factions race to build nine castles on the map of Sigillum."""
