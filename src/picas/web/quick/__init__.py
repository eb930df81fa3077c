"""«Jugar ya»: the queue, the matcher and the rated tables (docs/quick.md)."""
