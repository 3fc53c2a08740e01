# hints
