"""Bestiary of Sigillum: duel, Crossroads 2v2 and the Protorp expansion."""
