# The game's words in Spanish. Every file in locales/ has the same messages (a test checks).

## Nombres que el juego da a los jugadores (un nombre escrito se muestra tal cual)
name-you = Tú
name-computer = Máquina
name-computer-a = Máquina A
name-computer-b = Máquina B
name-player-1 = Jugador 1
name-player-2 = Jugador 2

## Opciones de reglas (menú de nueva partida)
supply-shared = Compartidas
supply-each = { $n } por jugador
supply-each-out-ends = { $n } por jugador, sin fichas = fin
size-standard = { $size } (estándar)

## Los dos bandos
side-black = Negro
side-white = Blanco

## El menú de nueva partida (la pantalla de título)
game-title = Reversi
new-game-goal = Encierra las fichas de tu rival para voltearlas a tu color. Al final, gana quien tenga más fichas.
new-game-saved = Partida guardada: { $black } contra { $white }, { $discs ->
        [one] { $discs } ficha colocada.
       *[other] { $discs } fichas colocadas.
    }
new-game-resume = Continuar partida guardada
new-game-play = Modo de juego
new-game-vs-computer = Contra la máquina
new-game-two-players = Dos jugadores
new-game-demo = Máquina contra máquina
new-game-your-colour = Tu color
new-game-black-first = Negro (sale primero)
new-game-level = Nivel de la máquina
new-game-level-line = Nivel { $number } – { $name }: { $about }
new-game-player = Jugador { $n }
new-game-gamepads = Mandos: cualquier botón para unirse, Select para salir. Con un solo mando, el teclado es del otro jugador.
new-game-match = Serie
new-game-games = { $n ->
        [one] 1 partida
       *[other] { $n } partidas
    }
new-game-start = Empezar partida  (Enter)
plays-with-gamepad = juega con el mando { $n }
plays-with-a-gamepad = juega con un mando
plays-with-keyboard = juega con el teclado
plays-with-shared = juega con el teclado y el ratón compartidos

## Reglas (menú de nueva partida)
rules-header = Reglas
rules-board = Tablero
rules-start = Posición inicial
rules-start-diagonal = Diagonal (Othello)
rules-start-parallel = Paralela
rules-start-free = Apertura libre
rules-first-move = Primera jugada
rules-discs = Fichas
rules-flips = Volteo
rules-flips-all = Todas las líneas encerradas
rules-flips-one = Una línea a elegir
rules-winner = Gana
rules-winner-most = Más fichas
rules-winner-fewest = Menos fichas (inverso)

## Botones de menú usados en varias pantallas
menu-settings = Ajustes
menu-saved-games = Partidas guardadas
menu-quit = Salir

## Los niveles de la máquina: nombres y cómo juega cada uno
level-1 = Aleatorio
level-2 = Codicioso
level-3 = Novato
level-4 = Principiante
level-5 = Aficionado
level-6 = De club
level-7 = Fuerte
level-8 = Experto
level-9 = Maestro
level-10 = Gran maestro
level-about-1 = Hace cualquier jugada legal al azar.
level-about-2 = Elige la jugada que más fichas voltea, sin pensar en lo que viene después.
level-about-3 = Calcula dos jugadas por delante, pero a menudo se conforma con una peor.
level-about-4 = Calcula tres jugadas por delante y a veces elige una jugada algo peor.
level-about-5 = Calcula cuatro jugadas por delante, con algún pequeño despiste.
level-about-6 = Calcula seis jugadas por delante y juega a la perfección las últimas 14 jugadas.
level-about-7 = Calcula ocho jugadas por delante y juega a la perfección las últimas 16 jugadas.
level-about-8 = Conoce las aperturas, calcula doce jugadas por delante y juega a la perfección las últimas 18 jugadas.
level-about-9 = Conoce las aperturas, piensa un segundo por jugada y juega a la perfección las últimas 22 jugadas.
level-about-10 = Conoce las aperturas, piensa cinco segundos por jugada con todos los núcleos y juega a la perfección las últimas 24 jugadas.
level-about-10-browser = Conoce las aperturas, piensa cinco segundos por jugada y juega a la perfección las últimas 22 jugadas.
level-about-looks-ahead = Calcula { $depth } jugadas por delante (como mucho un segundo por jugada) y juega a la perfección las últimas { $perfect } jugadas.
level-about-thinks = Piensa { $seconds } segundos por jugada y juega a la perfección las últimas { $perfect } jugadas.
menu-back = Volver  (Esc)

## Ajustes
settings-language = Idioma
settings-language-system = Sistema
settings-volume = Volumen
settings-volume-percent = { $percent } %
settings-sound = Sonido
settings-on = Sí
settings-off = No
settings-muted = Silenciado
settings-animation = Animación
animation-slow = lenta
animation-normal = normal
animation-fast = rápida
animation-instant = instantánea
settings-legal-moves = Jugadas válidas
settings-shown = Mostrar
settings-hidden = Ocultar
settings-disc-counts = Recuento de fichas
settings-colours = Colores
colours-black-white = negro/blanco
colours-red-green = rojo/verde
colours-red-blue = rojo/azul
colours-accessible = apto para daltónicos
settings-camera = Cámara
settings-camera-fixed = Fija
settings-camera-faces = Mira hacia quien juega (dos jugadores)
settings-eval-bar = Barra de evaluación
settings-move-scores = Valor de las jugadas
settings-scores-on-request = A petición (Pista)
settings-scores-always = Siempre (estudio)
settings-rumble = Vibración del mando
settings-graphics = Gráficos
graphics-automatic = Automático
graphics-automatic-is = Automático ({ $preset })
graphics-high = Alto
graphics-medium = Medio
graphics-low = Bajo
settings-pace = Ritmo de la máquina
settings-pace-seconds = al menos { $seconds } s por jugada
settings-cores = Núcleos de la máquina
settings-cores-all = Todos ({ $count })

## El menú de pausa
pause-title = Pausa
pause-resume = Continuar  (Esc)
pause-new-game = Nueva partida
pause-save-game = Guardar partida
pause-keys-view = Arrastrar con botón derecho: girar el tablero | rueda: zoom | R: restablecer vista | V: otro lado
pause-keys-game = U: deshacer | Y: rehacer | Inicio: repasar | M: silenciar | N: marcas de jugadas válidas
pause-keys-menus = Menús: Tab o flechas para moverte, Enter para elegir | Mando: cruceta, A elige, B vuelve, Start pausa
pause-about = Reversi { $version } · software libre bajo MIT o Apache-2.0 · hecho con Bevy

## Deshacer una jugada en una partida de dos jugadores
undo-title = ¿Deshacer una jugada?
undo-agree = Acepto  (Y)
undo-keep-playing = Seguir jugando  (N)
undo-asked = { $asker } lo pide: { $other } tiene que aceptar.
undo-asks = { $asker } pide deshacer la última jugada. { $other }, ¿aceptas?
undo-both = ¿Deshacer la última jugada? Deben aceptar tanto { $black } como { $white }.

## Abrir una partida desde texto (menú de nueva partida)
open-game = Abrir una partida
open-game-open = Abrir
open-game-hint = jugadas, tablero o GGF: escribe o Ctrl+V

## Por qué una jugada es ilegal
illegal-game-over = la partida ha terminado
illegal-occupied = la casilla está ocupada
illegal-off-board = la casilla no está en este tablero
illegal-flanks-nothing = no encierra ninguna ficha rival
illegal-not-centre = las cuatro primeras fichas van en las casillas centrales
illegal-bad-line = esa línea no encierra nada
illegal-line-needed = hay varias líneas encerradas: elige una
illegal-cannot-pass = solo se puede pasar si no es posible colocar ninguna ficha
illegal-must-pass = no es posible colocar ninguna ficha: el jugador debe pasar

## Qué falla en el texto de una partida (una transcripción, un tablero, un registro GGF)
error-illegal-move = { $move } es ilegal: { $why }
error-transcript-empty = la transcripción no tiene jugadas
error-transcript-syntax = «{ $found }» en el carácter { $at } no es una jugada (se esperaba una casilla como c4 o j10, o pa)
error-transcript-illegal = la jugada { $number } ({ $move }, en el carácter { $at }) es ilegal: { $why }
error-board-symbol = «{ $found }» en el carácter { $at } no es una casilla (usa X, O o -)
error-board-length = un tablero necesita 16, 36, 64 o 100 casillas (4×4, 6×6, 8×8 o 10×10), y hay { $squares }
error-board-no-side = falta el bando que mueve (X u O) después de las casillas
error-board-bad-side = «{ $found }» después de las casillas no es un bando que mueve (X u O)
error-ggf-empty = el registro está vacío (una partida GGF empieza por «(;»)
error-ggf-not-a-game = «{ $found }» no es el comienzo de una partida GGF (se esperaba «(;»)
error-ggf-syntax = «{ $found }» en el carácter { $at } no es una propiedad como PB[name]
error-ggf-truncated = el registro termina antes de su cierre «;)»
error-ggf-trailing = texto inesperado tras el final de la partida en el carácter { $at }
error-ggf-bad-value = { $property }[{ $value }]: { $why }
error-ggf-bad-move = jugada { $number }: «{ $move }» no es una jugada
error-ggf-wrong-side = la jugada { $number } ({ $move }) se asigna a { $side }, pero no es su turno
error-ggf-illegal = la jugada { $number } ({ $move }) es ilegal: { $why }
error-unknown-rule = variante de reglas desconocida «{ $rule }» (conocidas: parallel, free, white-first, 32, 32-ends, one-line, reverse)
error-rule-twice = la variante de reglas «{ $rule }» aparece dos veces
error-rule-clash = las variantes de reglas «{ $first }» y «{ $second }» no pueden jugarse juntas
error-value-not-othello = solo se pueden leer partidas de Othello
error-value-game-type = el tipo de juego «{ $letter }» no es uno que este juego tenga
error-value-after-size = «{ $text }» tras el tamaño del tablero no es un tipo de juego
error-value-no-size = sin tamaño de tablero
error-value-not-a-size = «{ $text }» no es un tamaño de tablero
error-value-only-eight = solo se admiten tableros de 8×8
error-value-size-not-played = este juego no tiene tablero de { $side }×{ $side } (4×4, 6×6, 8×8 o 10×10)
error-value-size-too-wide = este juego no tiene un tablero de { $digits } casillas de ancho (4×4, 6×6, 8×8 o 10×10)
error-value-size-missing = falta el tamaño del tablero
error-value-size-mismatch = el tamaño del tablero no es el que indica TY
error-value-square-count = un tablero de { $side }×{ $side } necesita { $squares } casillas
error-value-komi = el komi debe ser un número de fichas: { $why }
error-value-komi-missing = una partida con komi necesita su komi en KM
error-value-twice = la partida da { $property } dos veces
error-komi-not-a-number = «{ $text }» no es un número de fichas
error-komi-too-precise = «{ $text }» tiene más de tres decimales
error-komi-too-large = «{ $text }» son más fichas de las que tiene cualquier tablero

## Guardar y leer los archivos del jugador
storage-game-failed = No se puede guardar la partida: { $why }. Puedes seguir jugando, pero las jugadas a partir de ahora se perderán si sales.
storage-settings-failed = No se pueden guardar los ajustes: { $why }. Se mantienen hasta que salgas.
storage-not-text = no es texto
storage-too-big = ocupa { $kb } KB, mucho más que cualquier partida
storage-gone = ya no está
storage-full = el disco está lleno
storage-denied = el sistema no lo permite (permiso denegado)
storage-read-only = el disco es de solo lectura
storage-bad-name = «{ $name }» no es un nombre de archivo que use el juego
storage-no-browser = el almacenamiento del navegador solo existe en la versión web
place-browser = este navegador
place-browser-entry = la entrada «{ $key }» del navegador
save-unreadable = No se pudo leer la partida guardada: { $why }.
save-no-players = no indica quién juega con cada color
save-kept-as = se conserva como { $place }
save-stays-at = sigue en { $place } ({ $why })
save-not-resumed = No se pudo reanudar la partida guardada: { $why }; { $kept }.
save-other-window = Hay otra ventana de Reversi abierta que guarda la partida en curso:
    las partidas de esta ventana no se guardan jugada a jugada (Esc y luego «Guardar partida» guarda una).
save-other-tab = Reversi está abierto en otra pestaña, que guarda la partida en curso:
    las partidas de esta pestaña no se guardan jugada a jugada (Esc y luego «Guardar partida» guarda una).

## Partidas desde enlaces, texto pegado y el portapapeles
not-a-game-empty = no hay texto
not-a-game-long-link = tiene { $n } caracteres, más que cualquier partida
not-a-game-long-text = { $n } caracteres son muchos más de los que ocupa cualquier partida
not-a-game-size = no existe el tablero { $size } (el juego tiene 4x4, 6x6, 8x8 y 10x10)
not-a-game-ggf = no es una partida GGF: { $why }
not-a-game-board = no es un tablero: { $why }
link-not-opened = No se pudo abrir la partida del enlace:
    { $why }.
clipboard-copied-empty = Copiado: aún no hay jugadas
clipboard-copied = Partida copiada al portapapeles: { $moves }
clipboard-copied-record = Registro GGF de la partida copiado al portapapeles (una lista de jugadas no puede conservar su posición inicial ni su komi)
clipboard-not-copied = No se pudo copiar la partida: { $why }
clipboard-not-read = No se pudo leer el portapapeles: { $why }
clipboard-why-empty = el portapapeles no contiene texto
clipboard-why-unsupported = este sistema no ofrece portapapeles al juego
clipboard-why-busy = otro programa está usando el portapapeles; inténtalo de nuevo
clipboard-why-format = su contenido no es texto
opened-game-of = { $moves ->
        [one] Partida abierta: { $moves } jugada
       *[other] Partida abierta: { $moves } jugadas
    }
open-game-failed = No se pudo abrir esa partida: { $why }

## Partidas guardadas
players-vs = { $black } contra { $white }
summary-placed = { $discs ->
        [one] { $discs } ficha colocada
       *[other] { $discs } fichas colocadas
    }
summary-won = { $side } ganó { $score }
summary-drawn = empate { $score }
summary-with-komi = { $result } con { $komi }
summary-unfinished = sin terminar, { $score }
komi-for = komi { $komi } para { $side }
komi-zero = komi 0
shelf-none = no hay ninguna carpeta donde guardar partidas (no hay carpeta personal)
shelf-no-name = ponle un nombre a la partida
shelf-set-up-board = esta partida empieza desde un tablero preparado, y eso solo lo conserva un registro GGF
shelf-komi = esta partida tiene komi, y eso solo lo conserva un registro GGF
shelf-saved = Se guardó «{ $file }» en { $place }
shelf-not-saved = No se pudo guardar la partida: { $why }
shelf-deleted = Se eliminó «{ $file }»
shelf-not-deleted = No se pudo eliminar «{ $file }»: { $why }
shelf-opened = Se abrió «{ $file }»
shelf-not-opened = No se pudo abrir «{ $file }»: { $why }
shelf-not-listed = No se pudo obtener la lista de partidas guardadas: { $why }
shelf-nothing-kept = No se puede guardar nada: no hay ninguna carpeta donde guardar partidas (no hay carpeta personal).
shelf-kept-in = Se guardan en { $place }.
shelf-newer = <  Más recientes
shelf-older = Más antiguas  >
shelf-page = página { $page } de { $pages }
shelf-empty = Aún no hay partidas guardadas. Durante una partida, pulsa Esc y luego Guardar partida para guardarla aquí.
shelf-cannot-open = no se puede abrir: { $why }
shelf-entry = { $file }
    { $about }
shelf-delete = Eliminar
shelf-delete-sure = ¿Seguro? Eliminar

## Guardar la partida del tablero
save-title = Guardar la partida
save-about = { $black } contra { $white }, { $moves ->
        [one] { $moves } jugada
       *[other] { $moves } jugadas
    }
save-name = Nombre
save-format = Formato
save-format-ggf = Registro GGF (jugadores, fecha, resultado)
save-format-moves = Solo jugadas (f5d6c3...)
save-save = Guardar  (Enter)
save-cancel = Cancelar  (Esc)
save-type-a-name = Escribe un nombre para la partida.
save-replaces = «{ $file }» ya existe: al guardar, se reemplazará.
save-saved-as = Guardada como «{ $file }» en { $place }.
side-red = Rojo
side-green = Verde
side-blue = Azul
side-orange = Naranja

## El análisis de una partida terminada
review-title = Análisis de la partida
review-unavailable = No disponible en esta variante: el motor solo puede valorar sus jugadas cerca del final.
review-failed = El análisis ha fallado: el motor no pudo puntuar todas las jugadas.
review-analysing = Analizando cada jugada… { $done } de { $total }
review-judged-from = Se valoran las jugadas desde la { $number }
review-no-mistakes = Ningún error de una ficha o más. ¡Bien jugado!
review-biggest-mistakes = Mayores errores (haz clic, o pulsa 1-3, para ver la jugada mejor):
review-mistake-line = { $key }   { $number }. { $side } { $played } { $played_score }  ({ $best } { $best_score })
review-mistake-shown = Jugada { $number }: { $side } jugó { $played } ({ $played_score }); { $best } era mejor ({ $best_score }), se muestra como ficha fantasma.
review-graph-legend = Arriba: ventaja de { $black }; abajo: ventaja de { $white }. Marcas bajo la gráfica: errores.
review-graph-legend-komi = Arriba: ventaja de { $black }; abajo: ventaja de { $white }; con { $komi }. Marcas bajo la gráfica: errores.

## Una serie entre dos jugadores
match-score-line = Partida { $game } de { $games } - { $first } { $first_points } : { $second_points } { $second }
match-won = { $name } gana la serie { $score }
match-drawn = La serie termina en empate { $score }

## El panel de fin de partida
over-draw = ¡Empate!
over-you-win = ¡Ganas tú!
over-computer-wins = Gana la máquina
over-wins = ¡Gana { $name }!
over-discs = { $black } { $black_discs } - { $white_discs } { $white }
over-next-game = Siguiente partida  ({ $name } juega con { $side })
over-new-match = Nueva serie
over-undo = Deshacer última jugada
over-review = Repasar la partida
over-change-setup = Cambiar configuración
over-komi-win = Con { $komi }: gana { $side } por { $margin }
over-komi-draw = Con { $komi }: empate

## Durante la partida
window-title = Reversi - { $mode } - { $black } { $black_discs } : { $white_discs } { $white }
window-title-plain = Reversi - { $mode }
player-with-level = { $name } ({ $level })
pass-banner = { $side } no tiene jugada: pasa
estimate-even = Igualdad
    { $how }
estimate-lead = { $side } +{ $discs }
    { $how }
estimate-solved = resuelto
estimate-guess = estimación
estimate-book = libro de aperturas
estimate-with-komi = { $how }
    { $komi }
estimate-failed = Sin estimación
    búsqueda fallida
estimate-near-end = Solo cerca del final
estimate-free-opening = Tras la apertura
hud-hint = Pista  ({ $key })
hud-undo = Deshacer  (U)
hud-redo = Rehacer  (Y)
hud-review = Repasar  (Inicio)
hud-menu = Menú  (Esc)
hud-name-supply = { $name }  | { $left ->
        [one] queda { $left }
       *[other] quedan { $left }
    }
status-review = Repaso - jugada { $shown } de { $total }  (Izq./Der.: moverte, Enter: listo)
status-review-play-on = Repaso - jugada { $shown } de { $total }  (Izq./Der.: moverte, Enter: listo, clic: jugar desde aquí)
status-over-komi-win = Fin de la partida - gana { $side } por { $margin } ({ $komi }, { $score })
status-over-komi-draw = Fin de la partida - empate con { $komi } ({ $score })
status-over-win = Fin de la partida - gana { $side }, { $score }
status-over-draw = Fin de la partida - empate, { $score }
status-computer-thinking = { $name }: la máquina está pensando…
status-computer-to-move = { $name }: juega la máquina
status-to-move = Turno de { $name }
status-to-move-free-opening = Turno de { $name } - coloca una ficha en una casilla central libre
status-to-move-choose-line = Turno de { $name } - clic derecho o L para elegir la línea que se voltea
status-to-move-no-hints = Turno de { $name } - en esta variante, pistas solo en las últimas { $empties } jugadas
status-to-move-looking = Turno de { $name } - buscando la mejor jugada…
status-to-move-hint-failed = Turno de { $name } - la búsqueda de la pista ha fallado
status-to-move-best = Turno de { $name } - mejor: { $best } ({ $score })
status-to-move-best-solved = Turno de { $name } - mejor: { $best } ({ $score }, resuelto)
status-to-move-best-line = Turno de { $name } - mejor: { $best } ({ $score }, resuelto); línea: clic derecho o L
status-to-move-best-book = Turno de { $name } - mejor: { $best } ({ $score }, libro de aperturas)
status-person-side = { $name } ({ $side })

## Repasar una partida jugada a jugada
review-first = |<  Inicio
review-back = <  Atrás
review-forward = Adelante  >
review-last = Fin  >|
review-done = Listo  (Enter)
review-original = Volver a la partida original  (Retroceso)

## La página web que rodea el juego (se muestra antes de que el juego arranque; build-web.sh
## copia estos mensajes para web/page.js)
web-loading = Cargando Reversi…
web-loading-progress = Cargando Reversi… { $received } de { $total } MB
web-starting = Iniciando…
web-no-webgl = Este navegador no puede mostrar el juego: WebGL2 no está disponible. Funciona con una versión actual de Chrome, Edge, Firefox o Safari.
web-no-simd = Este navegador no puede ejecutar el juego: no admite WebAssembly SIMD. Funciona con una versión actual de Chrome, Edge, Firefox o Safari.
web-start-failed = No se pudo iniciar el juego: { $why }
web-crashed = El juego se detuvo por un error: { $why }. Recarga la página para seguir jugando.
web-board-label = Tablero de Reversi

## Cómo jugar (desde el menú de título y el menú de pausa): páginas junto al tablero, cada una
## con un ejemplo que se juega en el tablero
menu-how-to-play = Cómo jugar
help-page = Página { $page } de { $pages }
help-play = Hacer la jugada
help-again = Ver de nuevo
help-back = <  Atrás
help-next = Siguiente  >
help-close = Cerrar  (Esc)
help-goal-title = El objetivo
help-goal-text = Dos jugadores, Negro y Blanco, colocan fichas por turnos en el tablero. Cada ficha es negra por un lado y blanca por el otro. La partida empieza con cuatro fichas en el centro, y Negro sale primero. Al final, gana quien tenga más fichas de su color en el tablero.
help-flank-title = Encerrar y voltear
help-flank-text = Coloca tu ficha de modo que, junto con otra ficha tuya, encierre una línea recta de fichas rivales sin huecos: en horizontal, en vertical o en diagonal. Todas las fichas encerradas se voltean a tu color. Los puntos del tablero indican dónde puedes poner ficha. Aquí Negro coloca en d3: la ficha blanca de d4 queda entre d3 y d5 y se vuelve negra.
help-lines-title = Varias líneas a la vez
help-lines-text = Una sola ficha puede encerrar líneas en varias direcciones a la vez, y todas se voltean. Aquí la ficha negra en e3 encierra fichas blancas en tres líneas. Una ficha volteada puede volver a voltearse más tarde, así que la ventaja suele cambiar de manos hasta el final.
help-pass-title = Pasar y fin de la partida
help-pass-text = Si no puedes colocar ninguna ficha, tienes que pasar y tu rival vuelve a jugar; si puedes colocar alguna, no se permite pasar. Aquí Negro juega e8 y Blanco se queda sin jugadas: Blanco pasa. La partida termina cuando ninguno de los dos puede jugar, normalmente cuando el tablero está lleno. Entonces se cuentan las fichas.
help-variants-title = Variantes
help-variants-text = El menú de nueva partida ofrece las variantes de los reglamentos: la posición inicial paralela que ves aquí, o una apertura libre en la que las cuatro primeras fichas se colocan en el centro; que Blanco salga primero; 32 fichas por jugador en lugar de una reserva compartida (la mitad de las casillas en otros tableros), y a quien se queda sin fichas el rival le da una o la partida termina; voltear solo una línea elegida; ganar con menos fichas; y tableros de 4×4, 6×6 y 10×10 casillas.
help-controls-title = Controles
help-controls-text = Ratón: haz clic en una casilla para colocar, arrastra con el botón derecho para girar el tablero y usa la rueda para el zoom. Teclado: escribe una casilla (d3) o muévete con las flechas y pulsa Enter; U deshace, Y rehace, I pide una pista (T en 10×10, donde I escribe una columna), Inicio repasa la partida y Esc abre el menú. Mando: el stick o la cruceta mueven, A coloca, B vuelve atrás, Y pide deshacer, X da una pista, el botón superior izquierdo repasa la partida y el derecho rehace, y Start pausa; en la variante de una línea a elegir, el gatillo derecho elige la línea.
