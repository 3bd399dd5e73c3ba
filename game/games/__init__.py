"""The games: the registry of game kinds (:mod:`.catalog`) and one folder per kind.

A kind's folder holds its rules, its board, its table's arrangement, its texts, its
tile's picture and its test script; the registry is the one place that lists them.
"""
