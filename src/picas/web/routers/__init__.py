"""One router per resource: games, the tip, and the page itself."""
