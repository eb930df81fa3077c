"""Mesa con amigos: tables that two to four people share over WebSockets (docs/friends.md)."""
