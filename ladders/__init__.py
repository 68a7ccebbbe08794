"""Ladders: ratings (online Elo, maximum-likelihood Elo with intervals), SPRT, the SQLite
store and Rich standings."""
