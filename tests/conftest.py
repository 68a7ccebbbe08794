"""Registers the test-only kit game so the conformance kit always has a game to check."""

from engine import registry
from tests import kitgame

registry.register(kitgame.GAME)
