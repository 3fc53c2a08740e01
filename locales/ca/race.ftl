# Curses i reptes. $race és el nom d'una cursa (`race-name`, femení: "la Cursa #3");
# $player, $host i $opponent són noms de jugadors; $time i $limit són durades com
# 3:05 o 10:00. La sala, el marcador i el resultat són publicacions del canal, en l'idioma
# del servidor on es va obrir la cursa; la resta respon a un jugador.

race-name = Cursa #{ $number }
# Un lloc en una cursa, segons les regles dels ordinals: 1r, 2n, 3r, 4t, 5è…
race-ordinal = { $place ->
    [one] { $place }r
    [two] { $place }n
    [few] { $place }t
   *[other] { $place }è
}
race-rules = Regles: guanya qui el resolgui correctament primer; al tercer error quedes fora; no hi ha pistes; la solució no es mostra fins que acabi la cursa.
# Algú que va demanar que l'oblidessin: els seus resultats es queden; el seu nom, no.
race-former-player = un antic jugador
race-unrated = sense puntuació

## El sudoku: "Mitjà, 45 buides" ($tier és la dificultat; $empty, `race-empty`).

race-empty = { $count ->
    [one] { $count } buida
   *[other] { $count } buides
}
race-puzzle = { $tier }, { $empty }

## Obrir una cursa o un repte: el que se li diu al jugador quan no es pot.

race-challenge-self = No et pots reptar a tu mateix. Esmenta un altre jugador, p. ex. `/sudoku challenge @player`, o obre una cursa on pugui entrar tothom amb `/sudoku race`.
race-challenge-bot = { $player } és un bot, i els bots no competeixen. Repta una persona.
race-in-dm = Les curses es juguen en un canal d'un servidor, on s'hi pot apuntar més gent. Obre'n una allà amb `/sudoku race`.
race-players-range = En una cursa hi caben de 2 a { $max } jugadors (Discord mostra una línia del marcador per a cadascun); n'has demanat { $asked }.
# $state: `lobby` (encara no ha començat) o `running`.
race-already-racing = Ja ets a la { $race } ({ $state ->
    [lobby] esperant que comenci
   *[running] en curs
}). Acaba-la o surt-ne abans.
race-gone = Aquesta cursa ja no existeix.
race-elsewhere = Aquesta cursa és d'un altre servidor.

## El que rebutgen les regles de la cursa (apuntar-se, sortir, començar, cancel·lar,
## acceptar, rebutjar).

race-error-already-in = Ja ets en aquesta cursa.
race-error-started = Aquesta cursa ja ha començat; obre'n una de nova amb `/sudoku race`.
# $how: `finished`, `expired`, `declined` o `cancelled`.
race-error-over = { $how ->
    [finished] Aquesta cursa ja s'ha acabat
    [expired] Aquesta cursa ha caducat
    [declined] Aquest repte s'ha rebutjat
   *[cancelled] Aquesta cursa s'ha cancel·lat
}; obre una altra cursa amb `/sudoku race`.
race-error-full = Aquesta cursa ja és plena ({ $count ->
    [one] { $count } jugador
   *[other] { $count } jugadors
}).
race-error-not-host = Només qui organitza aquesta cursa la pot començar o cancel·lar.
race-error-not-invited = Aquest repte és per a una altra persona; repta tu algú amb `/sudoku challenge`.
race-error-rematch-only = Aquesta revenja és per als jugadors de l'última cursa; obre la teva pròpia cursa amb `/sudoku race`.
race-error-too-few = Una cursa necessita almenys 2 jugadors; espera que algú premi «M'apunto».
race-error-not-in = No ets en aquesta cursa; apunta't a la pròxima amb el seu botó «M'apunto».
race-error-host-leaves = Organitzes aquesta cursa, així que no en pots sortir; «Cancel·lar» l'acaba per a tothom.

## La sala d'espera (publicació del canal). Els noms de botó del text són les etiquetes
## dels botons.

# La sala d'un repte 1 contra 1 amb puntuació; $host_rating i $opponent_rating són
# puntuacions ("1523", "1500?" mentre és provisional, o `race-unrated`); $puzzle és
# `race-puzzle`.
race-challenge-lobby = **{ $race }**: **{ $host }** ({ $host_rating }) repta **{ $opponent }** ({ $opponent_rating }) a una cursa 1 contra 1 { $rated ->
    [yes] puntuable
   *[no] no puntuable
} ({ $puzzle }).
race-challenge-answer = { $opponent }: prem «Acceptar» per començar de seguida, o «Rebutjar». El repte caduca d'aquí a { $minutes ->
    [one] 1 minut
   *[other] { $minutes } minuts
}; fins llavors, { $host } el pot retirar amb «Retirar».
race-lobby = **{ $race }**: { $puzzle } · organitza { $host }
# $names: els jugadors apuntats fins ara, "ann, bob".
race-lobby-players = Jugadors ({ $count } { $capacity ->
    [11] d'11
   *[other] de { $capacity }
}): { $names }
race-lobby-join = Prem «M'apunto» per participar-hi.
race-lobby-join-rematch = És una revenja: els jugadors de l'última cursa premen «M'apunto».
race-lobby-autostart = Comença sola quan s'hi hagin apuntat { $capacity }, o quan { $host } premi «Començar».
race-lobby-host-starts = { $host } la comença amb «Començar».
race-lobby-how = Tothom rep el mateix sudoku en el mateix moment, cadascú al seu tauler privat. Si ningú no la comença, la sala es tanca d'aquí a { $minutes ->
    [one] 1 minut
   *[other] { $minutes } minuts
}.

race-button-join = M'apunto
race-button-start = Començar
race-button-leave = Sortir
race-button-cancel = Cancel·lar
race-button-accept = Acceptar
race-button-decline = Rebutjar
race-button-withdraw = Retirar

## Una sala que es va acabar abans de començar.

race-challenge-lapsed = **{ $race }**: el repte { $elide ->
    [yes] d'{ $host }
   *[no] de { $host }
} ha caducat: han passat { $limit } sense resposta.
race-lobby-expired = **{ $race }**: la sala s'ha tancat: han passat { $limit } sense que ningú comencés la cursa. Obre'n una altra amb `/sudoku race`.
race-challenge-declined = **{ $race }**: { $opponent } ha rebutjat el repte { $elide ->
    [yes] d'{ $host }
   *[no] de { $host }
}.
race-challenge-withdrawn = **{ $race }**: { $host } ha retirat el repte.
race-cancelled = **{ $race }**: { $host } ha cancel·lat la cursa abans que comencés.

## El marcador (publicació del canal): un titular i una línia per participant.

race-clock-running = en curs: { $time } sobre { $limit }
race-clock-finished = acabada en { $time }
race-scoreboard-rules = fora amb { $limit ->
    [one] { $limit } error
   *[other] { $limit } errors
}, sense pistes
# $place és `race-ordinal`.
race-row-placed = { $place } en { $time }
race-row-out = fora ({ $count ->
    [one] { $count } error
   *[other] { $count } errors
})
# $filled de les $empty caselles estan bé.
race-row-unfinished = sense acabar ({ $filled }/{ $empty })
race-row-filled = { $filled }/{ $empty } caselles
race-row-gave-up = ha abandonat
race-row-no-board = sense tauler
race-row-mistakes = { $count }/{ $limit ->
    [one] { $limit } error
   *[other] { $limit } errors
}
race-racers-hint = Participants: prem «El meu tauler» per veure el teu tauler privat i juga amb el seu teclat o amb `/sudoku move B7 4`.

## El tauler propi d'un participant.

race-board-not-in = No ets a la { $race }, així que no hi tens cap tauler. Apunta't a la pròxima cursa amb el seu botó «M'apunto», o obre'n una amb `/sudoku race`.
race-board-not-started = La { $race } encara no ha començat: el teu tauler apareixerà quan comenci.
race-board-headline = El teu tauler a la { $race }: juga amb el teclat de sota o escriu `/sudoku move B7 4`.

## El resultat (publicació del canal) i la resolució d'un participant.

race-wins = **{ $player }** guanya la { $race } en { $time }!
race-result-aborted = La { $race } s'ha anul·lat: ningú no ha fet cap jugada durant { $limit }. No puntua.
# $timed: `yes` quan la cursa ha esgotat tot el seu temps ($limit).
race-result-no-winner = { $timed ->
    [yes] La { $race } s'ha acabat sense guanyador: ningú no ha resolt el sudoku dins del temps límit ({ $limit }).
   *[no] La { $race } s'ha acabat sense guanyador: ningú no ha resolt el sudoku.
}
# Els altres després del guanyador, cadascun amb una d'aquestes: "2n cat (3:10) · ann ha
# abandonat".
race-result-placed = { $place } { $player } ({ $time })
race-result-out = { $player } ha quedat fora ({ $count ->
    [one] { $count } error
   *[other] { $count } errors
})
race-result-gave-up = { $player } ha abandonat
race-result-unfinished = { $player } no ha acabat
# $ratings: "ann 1516? (+16) · bob 1484? (-16)".
race-result-ratings = Puntuacions: { $ratings }
race-unrated-why = No puntua: { $why ->
    [small] un repte necessita { $min } caselles buides o més per puntuar.
    [pair] aquests dos ja han jugat { $limit } reptes puntuables les últimes 24 hores.
    [unverified] un temps més ràpid del que és humanament possible no puntua.
   *[forgotten] un jugador ha demanat que se l'oblidi.
}
race-button-rematch = Revenja
race-button-share = Compartir el resultat
race-solve-late = La { $race } ja s'havia acabat, així que aquesta resolució no compta per a la classificació.
race-solve-placed = **{ $player }** ha acabat la { $race } en { $time }: { $place } lloc.
race-solve-unverified = **{ $player }** ha acabat la { $race } en { $time }, més ràpid del que una persona pot resoldre el sudoku: sense verificar, queda per darrere de tots els que acabin verificats.

## Una revenja o un resultat compartit, demanats des de sota el resultat.

race-rematch-not-in = Només els jugadors d'aquella cursa poden demanar la revenja. Obre la teva pròpia cursa amb `/sudoku race`.
race-rematch-not-over = La { $race } encara no s'ha acabat: la revenja ve després.
race-rematch-no-opponent = El teu rival d'aquell repte ja no és aquí per jugar.
race-rematch-alone = D'aquella cursa només queda aquí un jugador: obre'n una de nova amb `/sudoku race`.
race-rematch-open = La revenja ja és oberta (és la { $race }): prem-hi «M'apunto».
race-share-not-in = No eres en aquella cursa, així que no tens cap resultat per compartir.
race-share-not-over = La { $race } encara no s'ha acabat: comparteix el teu resultat quan acabi.

race-unverified = sense verificar (més ràpid del que és humanament possible)
# El resultat compartit, amb les parts unides per " · ": "Cursa #3 · Mitjà · 45 buides · 🥇
# 1r de 4 · 6:41 · 1 error · puntuació +12".
race-card-place = { $place } { $count ->
    [11] d'11
   *[other] de { $count }
} · { $time }
# $how: `out` (massa errors), `unfinished` (el límit de temps), `given-up` o `not-started`
# (sense tauler).
race-card-outcome = { $how ->
    [out] fora
    [unfinished] sense acabar
    [given-up] abandonament
   *[not-started] sense començar
}
# $change: "+12", "-3".
race-card-rating = puntuació { $change }

## `/sudoku leaderboard races` i la línia de curses de `/sudoku stats`.

race-leaderboard-empty = Aquí encara no s'ha acabat cap cursa. Obre'n una amb `/sudoku race` o repta algú amb `/sudoku challenge @player`.
race-leaderboard-title = **Curses** en aquest servidor (victòries · podis · curses · millor temps · puntuació en reptes; `?`: provisional). Les victòries, els podis i els millors temps compten les curses de { $min } caselles buides o més.
# La línia d'un jugador després del seu nom; $best és un temps o "-"; $rating,
# `race-leaderboard-rating` o `race-unrated`.
race-leaderboard-row = { $won ->
    [one] { $won } victòria
   *[other] { $won } victòries
} · { $podiums ->
    [one] { $podiums } podi
   *[other] { $podiums } podis
} · { $played ->
    [one] { $played } cursa
   *[other] { $played } curses
} · millor { $best } · { $rating }
race-leaderboard-rating = puntuació { $rating }
race-leaderboard-ratings = Puntuacions de reptes (primer les consolidades, després les provisionals `?`): { $ratings }
race-stats = Curses: { $played ->
    [one] { $played } jugada
   *[other] { $played } jugades
} · { $won ->
    [one] { $won } guanyada
   *[other] { $won } guanyades
} · { $podiums } al podi · millor { $best }
race-stats-rating = puntuació en reptes aquí: { $rating }
