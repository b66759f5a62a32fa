"""Aces Up for patience: the discard rule as a plugin, and the game's rule file."""
