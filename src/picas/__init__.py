"""Picas: Spades for the web, Spanish first."""

__version__ = "0.1.0"
