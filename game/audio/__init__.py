"""The sound effects: synthesized at start-up (:mod:`.synth`), played through pygame's
mixer (:mod:`.sound`). Knows no game and no scene."""
