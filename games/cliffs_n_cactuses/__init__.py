"""Cliffs n' Cactuses: 2 to 6 racers race down a 1200 m cliff, playing cards into each other's queues
(``rules/cliffs-n-cactuses.md``; the rulebook does not name its designers). Its card data so far; the
rules come next."""
