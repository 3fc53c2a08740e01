# Reptes diaris del servidor: el repte diari, la seva publicació, les ratxes, les
# classificacions, compartir resultats i la configuració dels administradors. Les marques
# de temps de Discord (<t:…>) es mostren en l'hora i l'idioma de cada lector.

daily-servers-only = Els reptes diaris són cosa de cada servidor: fes servir aquesta ordre en un canal d'un servidor.
daily-headline = Sudoku diari del { $date }.
daily-clock-starts = El teu rellotge comença a córrer ara i no s'atura fins que el resolguis, ni tan sols a les pauses; cada error o pista hi suma 30 s.
# $how: `solved` o `given-up`; $ranked com a `daily-ranked-clean` o "7:12 (6:12 + 2 errors)".
daily-done-today = { $how ->
    [solved] Ja has resolt el repte diari d'avui; temps de classificació: { $ranked }.
   *[given-up] Avui ja has abandonat el repte diari.
} Un intent al dia: el pròxim sudoku s'obre { $next }.
daily-forgotten = Avui ja has jugat aquí el repte diari (abans d'esborrar les teves dades). Un intent al dia: el pròxim sudoku s'obre { $next }.
daily-ranked-clean = { $ranked } (sense errors ni pistes)
daily-ranking = Temps de classificació: des que obres el repte diari fins que el resolguis, més 30 s per cada error i cada pista; un dia amb 3 errors o més queda al final.
daily-solved = Repte diari completat! Temps de classificació: { $ranked }, és a dir, el temps des que l'has obert més 30 s per cada error i cada pista. Ratxa: { $days ->
    [one] 1 dia
   *[other] { $days } dies
} (rècord: { $best }). Mira `/sudoku leaderboard`.
daily-solved-late = El dia d'aquell repte diari ja s'havia acabat: no compta com a repte diari resolt ni per a la teva ratxa.
streak-at-stake = Resol el repte diari d'avui per mantenir la teva ratxa { $days ->
    [one] d'1 dia
    [11] d'11 dies
   *[other] de { $days } dies
}!
streak-line = Ratxa de reptes diaris: { $days ->
    [one] 1 dia
   *[other] { $days } dies
} (rècord: { $best }).
stats-dailies = Reptes diaris aquí: { $solved ->
    [one] 1 resolt
   *[other] { $solved } resolts
} · ratxa { $streak } (rècord: { $best })
daily-post-failed = Per als administradors: l'última publicació diària ha fallat: { $error }.
daily-paused = Per als administradors: les publicacions diàries estan en pausa: { $why }. Quan el bot hi pugui publicar (o en un altre canal), fes servir `/sudoku-daily setup` per reprendre-les.
# Per què no va sortir una publicació diària, per als administradors (després de
# `daily-paused` o `daily-post-failed`); $channel és l'id del canal i $detail, l'error de
# Discord tal com el va donar.
daily-trouble-unprepared = no s'ha pogut preparar el sudoku d'avui ({ $detail }); es torna a provar cada pocs minuts
daily-trouble-failed = no s'ha pogut publicar a <#{ $channel }> ({ $detail }); comprova que el canal existeix i que el bot hi pot enviar missatges
daily-trouble-refused = <#{ $channel }> rebutja el bot ({ $detail }): l'han eliminat, o potser el bot ja no el pot veure o no hi pot enviar missatges
daily-trouble-deleted = <#{ $channel }> s'ha eliminat

## La publicació diària, en l'idioma del servidor.

daily-post = **Sudoku diari del { $date }** · #{ $number } · { $tier }
    Prem «Jugar» (o fes servir `/sudoku daily`) per tenir el teu propi tauler. El rellotge comença quan prems «Jugar» i no s'atura fins que el resolguis, ni tan sols a les pauses; cada error o pista hi suma 30 s.
daily-post-yesterday = Ahir: { $solvers ->
    [one] 1 jugador el va resoldre
   *[other] { $solvers } jugadors el van resoldre
}; millor temps: { $best }, { $ranked }. Ratxa del servidor: { $days ->
    [one] 1 dia
   *[other] { $days } dies
}.
daily-post-yesterday-none = Ahir: ningú no el va resoldre.
button-play = Jugar

## Classificacions. $period: `today`, `week` o `all-time`; $today: `yes` a la classificació d'avui.

leaderboard-title = **{ $period ->
    [today] Classificació del repte diari d'avui ({ $date })
    [week] Classificació del repte diari dels últims 7 dies
   *[all-time] Classificació històrica del repte diari
}**
leaderboard-empty = Encara ningú no ha resolt cap repte diari en aquest període. Estrena la classificació: `/sudoku daily`.
leaderboard-footer = Ratxa del servidor: { $days ->
    [one] 1 dia
   *[other] { $days } dies
}. El pròxim sudoku s'obre { $next }.
leaderboard-solved = { $count ->
    [one] 1 resolt
   *[other] { $count } resolts
} · { $result }
leaderboard-unchecked = { $today ->
    [yes] sense comprovació sobre la marxa
   *[no] { $count } sense comprovació sobre la marxa
}
leaderboard-auto-notes = { $today ->
    [yes] notes automàtiques
   *[no] { $count } amb notes automàtiques
}
leaderboard-unverified = { $today ->
    [yes] sense verificar: més ràpid del que una persona el pot resoldre
   *[no] { $count } sense verificar (més ràpid del que és humanament possible)
}
leaderboard-unranked = sense classificar ({ $mistakes ->
    [one] 1 error
   *[other] { $mistakes } errors
})
leaderboard-you = tu

## Compartir un resultat (sense espòilers).

share-said = **{ $player }** ha compartit el seu repte diari: { $line }
share-gave-up = abandonat amb { $time } de joc
share-not-in-time = no resolt a temps
share-unchecked = sense comprovació sobre la marxa
share-nothing = Encara no tens cap resultat del repte diari per compartir aquí: juga el d'avui amb `/sudoku daily`.
share-not-daily = Només es poden compartir els resultats del repte diari.
share-finish-first = Acaba primer el repte diari d'avui; després comparteix el teu resultat (sense espòilers).

## /sudoku-daily setup i off (administradors).

setup-admins-only = Només els membres que poden gestionar aquest servidor poden configurar el repte diari.
daily-off-admins-only = Només els membres que poden gestionar aquest servidor poden desactivar el repte diari.
setup-bad-channel = `{ $found }` no és un canal: tria'n un, p. ex. `channel:#daily-sudoku`.
setup-no-channel = Indica el canal on s'ha de publicar, p. ex. `channel:#daily-sudoku`.
setup-bad-difficulty = `{ $found }` no és una dificultat: fes servir una d'aquestes: { $tiers }.
setup-empty-value = Un valor buit
setup-bad-time = { $found } no és una hora: fes servir el format de 24 hores HH:MM (`09:00`, `18:30`) o el de 12 hores (`9am`, `9:30pm`)
setup-bad-offset = { $found } no és un desfasament respecte a UTC: escriu-lo com a `UTC+2`, `GMT-5`, `+05:30` o `UTC+5:45` (d'UTC-12 a UTC+14).
# $near: les zones que potser volia dir ("`A`, `B` o `C`"), $guesses quantes (0: cap).
setup-bad-zone = { $found } no és cap zona horària que conegui.{ $guesses ->
    [0] {""}
   *[other] {" "}Volies dir { $near }?
} Fes servir una ciutat (`Madrid`, `New York`) o un nom IANA com ara `Europe/Madrid`, `America/New_York`, `Asia/Tokyo` o `UTC`.
setup-offset-not-kept = No puc desar { $offset } com a zona horària.
setup-offset-with-dst = { $offset } només es fa servir juntament amb l'horari d'estiu, així que no és un desfasament fix: indica més aviat la teva ciutat (`St Johns`, `Adelaide`, `Lord Howe`, `Chatham`) o el seu nom IANA.
# Una zona sense horari d'estiu; $named és `no` per a un desfasament sense nom (i llavors $name és buit).
setup-zone-fixed = { $named ->
    [yes] { $name }, { $offset }, sense horari d'estiu
   *[no] { $offset }, sense horari d'estiu
}
setup-done = El sudoku diari està activat: cada dia a les { $time } ({ $zone }) a { $channel }, nivell { $tier_key ->
    [easy] fàcil
    [medium] mitjà
    [hard] difícil
    [expert] expert
    [extreme] extrem
   *[other] { $tier }
}. Pròxima publicació: { $next }. Les publicacions són en { $language } (pots canviar-ho amb `language:`).
setup-zone-from = A partir del { $from }, quan acabi el dia en curs, els dies es compten en { $zone }: un dia que ja ha començat manté les seves hores.
setup-zone-settling = La zona horària ha canviat fa poc: la podràs tornar a canviar a partir del { $at }.
daily-off-done = El sudoku diari està desactivat: no hi haurà més publicacions. Els jugadors encara poden jugar amb `/sudoku daily`.
