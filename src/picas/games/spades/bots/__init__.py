"""Computer players. They see views only, never the game state."""
