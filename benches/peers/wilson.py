"""Wilson's 95% interval of a share: the ladder's rows and their merged parts use it, the
latter without catanatron installed."""

import math


def interval(wins, games):
    """Wilson's 95% interval of `wins` out of `games`."""
    if games == 0:
        return (0.0, 0.0)
    z = 1.96
    p = wins / games
    d = 1 + z * z / games
    c = (p + z * z / (2 * games)) / d
    h = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return (max(0.0, c - h), min(1.0, c + h))
