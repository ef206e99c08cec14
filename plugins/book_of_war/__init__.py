"""Book of War (Книга войны): a two- or four-player hex skirmish on the Protorp board."""
