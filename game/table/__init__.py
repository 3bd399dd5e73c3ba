"""The table every game is played on, with no game's slots in it.

Geometry (:mod:`.arcs`: arcs, grids and card sizes; :mod:`.compact`), the layout of a
window (:mod:`.layout`), what a board draws and where (:mod:`.frame`), the board every
kind's board is built on (:mod:`.board`) and the shake of a refused move
(:mod:`.shake`). Games build on it; it never names one.
"""
