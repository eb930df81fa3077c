"""Profiles for «Jugar ya» (docs/profiles.md): a guest profile made on the first visit, kept by a
long random token in the browser (stored hashed here), a name the player can change, passkeys to
take it to another device, and deletion by its owner with everything it holds."""
