# /sudoku settings. $on, $picture, $same, $chosen valen `yes` o `no`; $explain es el
# settings-*-explain correspondiente, entero; los valores entre comillas invertidas
# quedan en inglés (son los que Discord envía).

settings-title = **Tus ajustes**
settings-checks-explain = { $on ->
    [yes] una cifra incorrecta se marca `!5!` y cuenta como error al colocarla
   *[no] las cifras incorrectas no se marcan ni se cuentan hasta que uses `/sudoku check` o `/sudoku submit`; entonces cada una cuenta una vez
}
settings-board-explain = { $picture ->
    [yes] una imagen con tus notas en sus casillas (el estado sigue en texto)
   *[no] una cuadrícula de texto que puedes copiar y volver a pegar
}
settings-checks = Comprobación sobre la marcha: **{ $on ->
    [yes] sí
   *[no] no
}**: { $explain }.
settings-board = Tableros: **{ $picture ->
    [yes] imagen
   *[no] texto
}**: { $explain }.
settings-language = Idioma: **{ $language }** ({ $chosen ->
    [yes] elegido por ti
   *[no] el de tu Discord
}).
settings-change = Cámbialos con `/sudoku settings check-as-you-go:{ $checks ->
        [on] sí
       *[off] no
    }`, `board:{ $board ->
        [text] texto
       *[image] imagen
    }` o `language:{ $language }` (`language:auto` sigue a tu Discord).
settings-language-set = A partir de ahora te hablo en **{ $language }**, sea cual sea el idioma de tu Discord.
settings-language-discord = A partir de ahora te hablo en el idioma de tu Discord: **{ $language }** por ahora (en inglés si no hablo el tuyo).
settings-checks-set = La comprobación sobre la marcha { $same ->
    [yes] sigue
   *[no] queda
} **{ $on ->
    [yes] activada
   *[no] desactivada
}**: { $explain }. Se aplica a las partidas que empieces a partir de ahora (las carreras siempre comprueban sobre la marcha, para que sus marcadores sean comparables); las clasificaciones marcan los tiempos hechos sin ella.
settings-board-set = { $same ->
    [yes] Tus tableros siguen en **{ $picture ->
        [yes] imagen
       *[no] texto
    }**: { $explain }.
   *[no] Tus tableros pasan a **{ $picture ->
        [yes] imagen
       *[no] texto
    }**: { $explain }, desde tu próxima respuesta y en todas tus partidas.
}
