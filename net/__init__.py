"""Boardwright net."""
