"""The generic player: draws any game from its rule data and plays it in a terminal."""
