# La terminal (`sudoku-bot play`): el que diu la mateixa sessió al voltant de les respostes
# del bot, en l'idioma de la sessió. Les ordres que fan anar una sessió de prova
# (`:now`, `:advance`, `:admin`, `:help`) responen en anglès; `:user` i `:place`, en
# l'idioma de la sessió.

terminal-paste-how = (enganxa el tauler: 81 caselles a la línia de l'ordre, o les files d'un tauler a les línies següents, acabant amb una línia buida)
terminal-no-grid = (no has donat cap tauler) { $how }
terminal-private = (només ho veus tu)
terminal-posted = (publicat al canal:)
terminal-race-edited = (el missatge de la cursa, editat:)
terminal-race-posted = (el missatge de la cursa, publicat de nou:)
terminal-daily-posted = (publicat a { $place }, al canal { $channel }:)
terminal-no-daily-due = (no toca publicar cap repte diari)
terminal-picture = (imatge: { $path } · { $alt })
terminal-language = (jugues en { $language }; `:locale en|es|ca` ho canvia)
terminal-user-now = (ara ets { $name })
terminal-place-now = (ara ets a { $place })
terminal-bad-name = (`{ $name }` té un caràcter de control a la posició { $at }: tria un nom que un jugador escriuria; no ha canviat res)
terminal-language-now = (ara jugues en { $language })
terminal-no-menu = (l'última resposta no té cap menú)
terminal-no-option = (el menú { $menu } no té l'opció «{ $option }»: tria entre { $options })
terminal-no-button = (l'última resposta no té aquest botó)
