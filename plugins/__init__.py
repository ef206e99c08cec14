"""Games bundled with Boardwright; each registers through the `boardwright` entry points."""
