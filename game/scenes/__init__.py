"""The scenes: what fills the window at each moment and how it answers input.

The title with its game chooser (:mod:`.title`, :mod:`.chooser`), the table
(:mod:`.play` and its parts: gestures, focus, frames, the view and its fast repaint in
:mod:`.table_view`), the win and stalemate panels (:mod:`.end`), menus, settings,
statistics, the game log, the rules page, the code entry, the kiosk's screens and the
flow between them (:mod:`.flow`). They read the registry and the records; a game's own
drawing and touching is its board's (``game/games/<key>/board.py``).
"""
