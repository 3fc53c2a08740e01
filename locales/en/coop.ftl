# Co-op boards: one board a channel fills together.

coop-said = Co-op board: { $text }
coop-team = Team: { $status }
coop-legend = `(5)` the team's digits; a wrong digit is never placed
coop-legend-image = Blue: the team's digits; a wrong digit is never placed
coop-button-undo-mine = Undo my move
coop-button-show-board = Show board
