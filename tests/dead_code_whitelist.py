"""Names the dead-code finder (vulture, `[tool.vulture]` in pyproject.toml) would report
as unused in engine/, bots/, harness/ and ratings/ although something calls them: a
framework, generated code, a file format, the tests. Each group says who reads its names;
vulture counts a name as used once it appears here (the file is read, never run).
A name that nothing reads is removed from the code, not added here
(docs/architecture.md, "Dead code"). Typer's commands and the bot kinds' factories are
recognised by their decorators (`ignore_decorators` in pyproject.toml) instead.
"""

# ruff: noqa: B018

from types import SimpleNamespace

_ = SimpleNamespace()

# Typer: the choices of `arena tournament run --format` are read from the enum's members
_.gauntlet  # harness/cli/tournament.py Format

# Textual: the apps' class attributes, compose(), event handlers (on_<message>) and key
# actions (action_<name>, named in BINDINGS), called by Textual
_.CSS  # harness/views/play_screen.py, harness/views/viewer.py
_.BINDINGS
_.compose
_.on_mount
_.on_asked  # play_screen.py: its own messages
_.on_moved
_.on_finished
_.on_input_changed
_.on_input_submitted
_.on_option_list_option_selected
_.on_key  # viewer.py
_.action_board  # play_screen.py
_.action_option
_.action_interrupt
_.action_step  # viewer.py
_.action_goto
_.action_view
_.action_jump
_.disabled  # a widget's attribute, read by Textual when it draws and routes keys

# Rich: a console attribute that Rich reads when it prints
_.soft_wrap  # harness/views/console.py

# Starlette: a path convertor's pattern and its reverse (url_path_for), and the router's
# setting, read by Starlette
_.regex  # harness/server/app.py IdConvertor
_.to_string
_.redirect_slashes

# logging: a Formatter's hook, called by logging.Formatter.format
_.formatStack  # harness/server/serving.py

# Python's io protocol: zipfile asks a file object whether it can seek
_.seekable  # bots/model_file.py _Bounded, the reader a model file is unzipped through

# functools/inspect convention: the undecorated function (inspect.unwrap; the board tests
# compare the cached walk with it)
_.__wrapped__  # engine/games/rotunda/memo.py

# Cython: the shadow module's counterpart of Cython's own `cython.compiled`
_.compiled  # engine/common/cython_shadow.py

# OpenSpiel: the game and state methods pyspiel calls on a Python game, and its observer's
_.make_py_observer  # engine/adapters/openspiel.py
_._legal_actions
_._apply_action
_._action_to_string
_.resample_from_infostate
_.set_from
_.string_from

# PettingZoo: the module-level constructor by its convention and the AEC API; observation_of
# is the typed observation that docs/adapters.md gives users
_.raw_env  # engine/adapters/pettingzoo.py
_.observation_space
_.observation_of

# generated code: the kernel's observer and sampler, and the tensor encoder, are written as
# source text at run time and call these by name
_.observe_custom  # engine/kernel.py (a game overrides it: engine/games/dragon_castle)
_.blank  # engine/kernel.py, Owned
_.misfit  # engine/tensor_nodes.py

# file formats: fields written into files and JSON documents, for the people and programs
# that read them (the model file's header; `arena bench --against --json`; a ladder
# entrant's row, as its table holds it)
_.layout_size  # bots/model_file.py Header
_.trained_on
_.training_games
_.old_path  # harness/eval/checkouts.py Comparison
_.new_path
_.load_start
_.load_end
_.old_engine
_.new_engine
_.counted_from  # harness/storage/ladders.py Entrant

# rules data: each value named as the rulebook names it, the whole set, though the rules
# read only some by name (the rules tests read the others)
_.RECOMMENDED_L1  # engine/games/dragon_castle/data.py
_.D1E  # engine/games/gugong/data.py
_.BASE_SIDE  # engine/games/huang/data.py
_.FIREWORKS_GOOD  # engine/games/year_of_the_dragon/data.py

# the tests: checks kept beside the code they check, so that a plug-in's tests or a
# person can run them too
_.check_caches  # engine/games/dragon_castle/caches.py: caches against a recount
_.refresh_caches  # the same, for a state a test builds by hand
_.yellow_counts  # engine/games/huang/board.py: the incremental fields computed anew
_.near_masks
_.mono_triangles
_.size_list  # engine/kernel.py Owned: each seat's size of an owned field
_.next64  # engine/common/rng.py: the generator's step, which below() inlines
_.is_compiled  # engine/native.py: whether a module runs from its build
_.unregister  # engine/registry.py: a plug-in game's registration undone
_.segment  # engine/tensor.py Layout: one named part of the numeric observation
_.undescribed  # bots/protocol_schema.py: fields bot authors would find undescribed
_.plan_values  # bots/heuristic/dragon_castle.py: the values `act` chooses by
_.pair_totals  # harness/storage/ladders.py: the stored pairwise totals, recounted
_.play_batch  # harness/tournaments/runner.py: a tournament's games in this process

# dead, in files another change is rewriting (engine/games, engine/kernel.py): remove
# them there, then these lines
_.leader_candidates  # engine/games/huang/queries.py
_.realm_cells  # engine/games/dragon_castle/state.py
