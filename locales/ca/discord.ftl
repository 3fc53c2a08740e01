# El que diu l'adaptador de Discord pel seu compte, abans del nucli: negatives i el
# formulari de lliurament.

discord-restarting = El bot s'està reiniciant; torna-ho a provar d'aquí a un minut.
discord-cant-run = No puc executar això: { $problem }.
discord-old-button = Aquest botó és d'una versió anterior del bot; fes servir `/sudoku show` per veure un tauler nou.
discord-cant-post-daily = No puc publicar el sudoku diari a { $channel }: hi necessito el permís { $missing }. Dona'l al bot (configuració del canal, Permisos) i torna a executar això.
# $what: `race` o `coop`.
discord-cant-open-board = No puc { $what ->
    [race] organitzar una cursa
   *[coop] començar un tauler cooperatiu
} en aquest canal: hi necessito el permís { $missing }. Dona'l al bot (configuració del canal, Permisos) i torna-ho a provar.
discord-no-activities = Per obrir el tauler interactiu cal el permís Utilitzar Activitats en aquest canal, i aquí no el tens. El tauler del xat funciona com sempre (`/sudoku show`), i `/sudoku web` et dona un enllaç privat al tauler en un navegador.
# Un permís tal com l'anomena la configuració de Discord.
permission = { $name ->
    [view-channel] Veure el canal
   *[send-messages] Enviar missatges
}
discord-submit-title = Lliura la teva solució
discord-submit-label = La teva graella resolta
discord-submit-placeholder = Enganxa el teu tauler o escriu 81 xifres

discord-message-unreadable = no he pogut llegir aquest missatge
discord-unknown-command = aquest bot ja no té l'ordre /{ $command } (potser Discord encara mostra una llista antiga: torna-ho a provar d'aquí a un minut)
discord-old-form = aquest formulari és d'una versió anterior del bot
discord-answered-privately = T'he respost en privat.
discord-launch-too-late = El tauler ha trigat massa a obrir-se; prem «Toca per jugar» (o fes servir `/sudoku play`) una altra vegada.
