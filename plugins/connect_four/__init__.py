"""Connect Four: the tutorial game, written the way a modder should write one."""
