"""Legends of Signum: heroes, cards and miniatures on a free 60 x 60 cm field."""
