"""The lab: what the bots were built and are measured with, outside the game.

Run from the repository's root (the package is not installed):

    python -m lab.arena ...   # bots against bots on duplicate deals
    python -m lab.bench ...   # speed: engine, solver, bots, GUI, start-up, soak

Also the arena's outside baseline opponents (`lab.baselines`) and the
screening tools (`lab.hard_screen`, `lab.guess_quality`, `lab.fit_estimate`).
The lab imports the game; the game never imports the lab, and the wheel
holds only the game.
"""
