"""Boardwright client."""
