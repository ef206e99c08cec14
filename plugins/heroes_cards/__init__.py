"""Heroes of Math & Magic, the card game (plugin ``heroes_cards``)."""
