"""Dragon Castle (Horrible Games, 2017), 2-4 players: base game (§ numbers are the
sections of docs/rules/dragon_castle.md; rulings: docs/rules/dragon_castle-notes.md) with
the optional dragon and spirit cards, one or several of each kind, random or named
(cards.py). The package layout: docs/adding-a-game.md, "The package layout"."""

from __future__ import annotations

from engine import registry

from . import static
from .actions import DragonCastleAction, action_space
from .data import DRAGON_CARDS, NAMED_LAYOUTS, SPIRIT_CARDS
from .setup import new_state
from .state import DragonCastleObservation, DragonCastleState

GAME = registry.Game(
    id="dragon_castle",
    name="Dragon Castle",
    min_players=2,
    max_players=4,
    new_state=new_state,
    sample_state=DragonCastleState.sample,
    action_space=action_space,
    state_type=DragonCastleState,
    observation_type=DragonCastleObservation,
    action_type=DragonCastleAction,
    options=(
        registry.Option("dragon_card", False,
                        "draw 1 random dragon card that adds end-game points (rules §9)"),
        registry.Option("spirit_card", False,
                        "draw 1 random spirit card, activated once per turn for a cost "
                        "(rules §8)"),
        registry.Option("dragon_cards", 0, "draw this many different random dragon cards "
                        "(0-10); each scores (rules §9)"),
        registry.Option("spirit_cards", 0, "draw this many different random spirit cards "
                        "(0-10); each once per turn (rules §8.1)"),
        registry.Option("dragons", "", "the dragon cards to play, by name, separated by , or + "
                        f"({', '.join(DRAGON_CARDS)}; Polish names too); no draw"),
        registry.Option("spirits", "", "the spirit cards to play, by name, separated by , or + "
                        f"({', '.join(SPIRIT_CARDS)}; Polish names too); no draw"),
        registry.Option("beginner", False, "random cards only from the beginner set (spirits "
                        "Strength, Depths, Faith, Destruction; dragons Courage, Valor, Piety, "
                        "Knowledge; reconstructed)"),
        registry.Option("layout", "standard",
                        "castle layout (rules §3, §4.3-4.4): standard (for the player count), "
                        f"a named one ({', '.join(NAMED_LAYOUTS)}; shapes reconstructed), "
                        "file:<path> of your own (8 rows of 12: '.' or a height 1-3, 116 "
                        "stones), or its rows joined by '/'"),
    ),
    presets=(
        {"dragon_card": True}, {"spirit_card": True}, {"dragon_card": True, "spirit_card": True},
        {"layout": "four_seasons"}, {"layout": "thousand_towers", "dragon_card": True},
        {"layout": "pillars_of_creation", "spirit_card": True}, {"layout": "fortress"},
        {"layout": "forbidden_city", "dragon_card": True, "spirit_card": True},
        {"layout": "gates_of_destiny", "spirit_card": True},
        {"layout": "/".join(NAMED_LAYOUTS["fortress"][0][::-1])},  # a user's own layout
        # several cards at once (rules "Duchy i smoki"), named and beginner set-ups
        {"spirit_cards": 2, "dragon_cards": 2},
        {"spirits": "Strength+Faith", "dragons": "Power+Harmony"},
        {"spirits": "Deception+Elegance+Wind", "dragon_card": True},
        {"beginner": True, "spirit_cards": 2, "dragon_card": True},
    ),
    max_decisions=3000,
    static_data=static.static_data,
    static_docs=static.STATIC_DOCS,
    summary="take mahjong-like stones from a crumbling castle, merge sets, build shrines",
    bot="bots.heuristic.dragon_castle:HeuristicBot",
)
