# solve
