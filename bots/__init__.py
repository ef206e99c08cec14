"""Bots bundled with Boardwright, registered through the same hook as any other bot kind."""
