"""The web player: a JSON API over the kernel and a page that draws any game."""
