# /sudoku settings. $on, $picture, $same, $chosen valen `yes` o `no`; $explain és el
# settings-*-explain corresponent, sencer; els valors entre accents greus queden en
# anglès (són els que Discord envia).

settings-title = **Les teves preferències**
settings-checks-explain = { $on ->
    [yes] una xifra incorrecta es marca `!5!` i compta com a error quan la poses
   *[no] les xifres incorrectes no es marquen ni es compten fins que facis servir `/sudoku check` o `/sudoku submit`; llavors cadascuna compta una vegada
}
settings-board-explain = { $picture ->
    [yes] una imatge amb les teves notes a les caselles (l'estat continua en text)
   *[no] una graella de text que pots copiar i tornar a enganxar
}
settings-checks = Comprovació sobre la marxa: **{ $on ->
    [yes] sí
   *[no] no
}**: { $explain }.
settings-board = Taulers: **{ $picture ->
    [yes] imatge
   *[no] text
}**: { $explain }.
settings-language = Idioma: **{ $language }** ({ $chosen ->
    [yes] triat per tu
   *[no] el del teu Discord
}).
settings-change = Canvia'ls amb `/sudoku settings check-as-you-go:{ $checks ->
        [on] sí
       *[off] no
    }`, `board:{ $board ->
        [text] text
       *[image] imatge
    }` o `language:{ $language }` (`language:auto` segueix el teu Discord).
settings-language-set = D'ara endavant et parlo en **{ $language }**, sigui quin sigui l'idioma del teu Discord.
settings-language-discord = D'ara endavant et parlo en l'idioma del teu Discord: **{ $language }** ara mateix (en anglès si no parlo el teu).
settings-checks-set = La comprovació sobre la marxa { $same ->
    [yes] continua
   *[no] queda
} **{ $on ->
    [yes] activada
   *[no] desactivada
}**: { $explain }. S'aplica a les partides que comencis a partir d'ara (les curses sempre comproven sobre la marxa, perquè els marcadors es puguin comparar); les classificacions marquen els temps fets sense comprovar-ho.
settings-board-set = { $same ->
    [yes] Els teus taulers continuen en **{ $picture ->
        [yes] imatge
       *[no] text
    }**: { $explain }.
   *[no] Els teus taulers passen a **{ $picture ->
        [yes] imatge
       *[no] text
    }**: { $explain }, a partir de la teva propera resposta i a totes les partides.
}
