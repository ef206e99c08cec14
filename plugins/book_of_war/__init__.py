"""Book of War: a two- or four-player hex skirmish on the Protorp board."""
