# Taulers cooperatius: un sol tauler que tot un canal omple en equip.

coop-said = Tauler cooperatiu: { $text }
coop-team = Equip: { $status }
coop-legend = `(5)` les xifres de l'equip; una xifra incorrecta no es col·loca mai
coop-legend-image = En blau: les xifres de l'equip; una xifra incorrecta no es col·loca mai
coop-button-undo-mine = Desfer la meva jugada
coop-button-show-board = Veure el tauler
