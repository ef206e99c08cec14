"""Boardwright cli."""
