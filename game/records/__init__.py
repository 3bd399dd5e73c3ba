"""The records: everything the app keeps on disk and the state built from it.

Files written safely (:mod:`.storage`, values read back checked by :mod:`.fields`), the
game in progress (:mod:`.savegame`), statistics (:mod:`.statistics`), the game log
(:mod:`.game_log`), the journal that makes a game's end land whole (:mod:`.endings`),
settings (:mod:`.settings`), a kind's records together (:mod:`.progress`), notices
(:mod:`.notices`), the kiosk file (:mod:`.kiosk`) and the app's shared state for the
scenes (:mod:`.context`). It reads the games' registry, never a scene.
"""
