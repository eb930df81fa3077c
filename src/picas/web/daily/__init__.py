"""«Reto del día»: the same deals for everyone, scored against Difícil on the same cards
(docs/daily.md)."""
