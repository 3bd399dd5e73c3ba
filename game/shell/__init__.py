"""The shell: what starts, runs and ends the app.

The command line (:mod:`.app`), the session that opens the window and runs the scenes
(:mod:`.session`), the fixed-timestep loop (:mod:`.loop`), the window (:mod:`.display`),
the benchmark's trace (:mod:`.trace`) and the one-line error messages
(:mod:`.error_line`). The top layer: it may import every other one, none imports it.
"""
