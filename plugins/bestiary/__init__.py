"""Bestiary of Sigillum (Бестиарий Сигиллума): duel, Crossroads 2v2 and the Protorp expansion."""
