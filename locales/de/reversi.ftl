# The game's words in German. Every file in locales/ has the same messages (a test checks).
# The keys named here are where the game reads them: by position on the keyboard, so on a
# German QWERTZ keyboard the key the game calls Y (redo, agree) is labelled Z.

## Namen, die das Spiel Spielern gibt (ein eingegebener Name wird so gezeigt, wie er eingegeben wurde)
name-you = Du
name-computer = Computer
name-computer-a = Computer A
name-computer-b = Computer B
name-player-1 = Spieler 1
name-player-2 = Spieler 2

## Regeloptionen (Menü „Neues Spiel“)
supply-shared = Gemeinsam
supply-each = je { $n }
supply-each-out-ends = je { $n }, leer = Ende
size-standard = { $size } (Standard)

## Die beiden Seiten
side-black = Schwarz
side-white = Weiß

## Das Menü „Neues Spiel“ (der Titelbildschirm)
game-title = Reversi
new-game-goal = Schließe die Steine deines Gegners ein, um sie in deine Farbe umzudrehen. Wer am Ende die meisten Steine hat, gewinnt.
new-game-saved = Gespeichertes Spiel: { $black } gegen { $white }, { $discs ->
        [one] { $discs } Stein gesetzt.
       *[other] { $discs } Steine gesetzt.
    }
new-game-resume = Gespeichertes Spiel fortsetzen
new-game-play = Spielmodus
new-game-vs-computer = Gegen den Computer
new-game-two-players = Zu zweit
new-game-demo = Computer gegen Computer
new-game-your-colour = Deine Farbe
new-game-black-first = Schwarz (zieht zuerst)
new-game-level = Computerstärke
new-game-level-line = Stufe { $number } – { $name }: { $about }
new-game-player = Spieler { $n }
new-game-gamepads = Gamepads: Eine beliebige Taste steigt ein, Select steigt aus. Ist ein Gamepad dabei, gehört die Tastatur dem anderen Spieler.
new-game-match = Match
new-game-games = { $n ->
        [one] 1 Spiel
       *[other] { $n } Spiele
    }
new-game-start = Spiel starten  (Enter)
plays-with-gamepad = spielt mit Gamepad { $n }
plays-with-a-gamepad = spielt mit einem Gamepad
plays-with-keyboard = spielt mit der Tastatur
plays-with-shared = spielt mit gemeinsamer Tastatur & Maus

## Regeln (Menü „Neues Spiel“)
rules-header = Regeln
rules-board = Brett
rules-start = Startstellung
rules-start-diagonal = Diagonal (Othello)
rules-start-parallel = Parallel
rules-start-free = Freie Eröffnung
rules-first-move = Erster Zug
rules-discs = Steine
rules-flips = Umdrehen
rules-flips-all = Jede eingeschlossene Reihe
rules-flips-one = Eine gewählte Reihe
rules-winner = Sieger
rules-winner-most = Meiste Steine
rules-winner-fewest = Wenigste Steine (umgekehrt)

## Menüknöpfe auf mehreren Bildschirmen
menu-settings = Einstellungen
menu-saved-games = Gespeicherte Spiele
menu-quit = Beenden

## Die Stufen des Computers: Namen und was jede tut
level-1 = Zufall
level-2 = Gierig
level-3 = Neuling
level-4 = Anfänger
level-5 = Hobby
level-6 = Verein
level-7 = Stark
level-8 = Experte
level-9 = Meister
level-10 = Großmeister
level-about-1 = Spielt zufällig irgendeinen erlaubten Zug.
level-about-2 = Nimmt den Zug, der die meisten Steine umdreht, ohne vorauszuschauen.
level-about-3 = Schaut zwei Züge voraus, begnügt sich aber oft mit einem schlechteren Zug.
level-about-4 = Schaut drei Züge voraus und wählt manchmal einen etwas schlechteren Zug.
level-about-5 = Schaut vier Züge voraus, mit gelegentlichen kleinen Patzern.
level-about-6 = Schaut sechs Züge voraus und spielt die letzten 14 Züge perfekt.
level-about-7 = Schaut acht Züge voraus und spielt die letzten 16 Züge perfekt.
level-about-8 = Kennt die Eröffnungen, schaut zwölf Züge voraus und spielt die letzten 18 Züge perfekt.
level-about-9 = Kennt die Eröffnungen, denkt eine Sekunde pro Zug nach und spielt die letzten 22 Züge perfekt.
level-about-10 = Kennt die Eröffnungen, denkt fünf Sekunden pro Zug auf allen Kernen nach und spielt die letzten 24 Züge perfekt.
level-about-10-browser = Kennt die Eröffnungen, denkt fünf Sekunden pro Zug nach und spielt die letzten 22 Züge perfekt.
level-about-looks-ahead = Schaut { $depth } Züge voraus (höchstens eine Sekunde pro Zug) und spielt die letzten { $perfect } Züge perfekt.
level-about-thinks = Denkt { $seconds } Sekunden pro Zug nach und spielt die letzten { $perfect } Züge perfekt.
menu-back = Zurück  (Esc)

## Einstellungen
settings-language = Sprache
settings-language-system = System
settings-volume = Lautstärke
settings-volume-percent = { $percent } %
settings-sound = Ton
settings-on = An
settings-off = Aus
settings-muted = Stumm
settings-animation = Animation
animation-slow = langsam
animation-normal = normal
animation-fast = schnell
animation-instant = sofort
settings-legal-moves = Mögliche Züge
settings-shown = Sichtbar
settings-hidden = Ausgeblendet
settings-disc-counts = Steinzähler
settings-colours = Farben
colours-black-white = schwarz/weiß
colours-red-green = rot/grün
colours-red-blue = rot/blau
colours-accessible = für Farbenblinde
settings-camera = Kamera
settings-camera-fixed = Fest
settings-camera-faces = Blickt zum Spieler am Zug (zu zweit)
settings-eval-bar = Bewertungsbalken
settings-move-scores = Zugbewertungen
settings-scores-on-request = Auf Wunsch (Tipp)
settings-scores-always = Immer (Lernmodus)
settings-rumble = Gamepad-Vibration
settings-graphics = Grafik
graphics-automatic = Automatisch
graphics-automatic-is = Automatisch ({ $preset })
graphics-high = Hoch
graphics-medium = Mittel
graphics-low = Niedrig
settings-pace = Computer-Tempo
settings-pace-seconds = mindestens { $seconds } s pro Zug
settings-cores = Prozessorkerne
settings-cores-all = Alle ({ $count })

## Das Pausenmenü
pause-title = Pause
pause-resume = Weiter  (Esc)
pause-new-game = Neues Spiel
pause-save-game = Spiel speichern
pause-keys-view = Rechts ziehen: Brett drehen | Mausrad: Zoom | R: Ansicht zurücksetzen | V: andere Seite
pause-keys-game = U: rückgängig | Z: wiederholen | Pos1: nachspielen | M: Ton aus | N: Zugmarkierungen
pause-keys-menus = Menüs: Tab oder Pfeiltasten wechseln, Enter wählt | Gamepad: Steuerkreuz, A wählt, B zurück, Start pausiert
pause-about = Reversi { $version } · freie Software unter MIT oder Apache-2.0 · erstellt mit Bevy

## Einen Zug zurücknehmen im Spiel zu zweit
undo-title = Einen Zug zurücknehmen?
undo-agree = Einverstanden  (Z)
undo-keep-playing = Weiterspielen  (N)
undo-asked = { $asker } hat gefragt: { $other } muss zustimmen.
undo-asks = { $asker } möchte den letzten Zug zurücknehmen. { $other }, bist du einverstanden?
undo-both = Den letzten Zug zurücknehmen? { $black } und { $white } sollten beide zustimmen.

## Ein Spiel aus Text öffnen (Menü „Neues Spiel“)
open-game = Spiel öffnen
open-game-open = Öffnen
open-game-hint = Züge, Brett oder GGF: tippen oder Strg+V

## Warum ein Zug nicht erlaubt ist
illegal-game-over = das Spiel ist vorbei
illegal-occupied = das Feld ist besetzt
illegal-off-board = das Feld liegt nicht auf diesem Brett
illegal-flanks-nothing = kein gegnerischer Stein wird eingeschlossen
illegal-not-centre = die ersten vier Steine kommen auf die Mittelfelder
illegal-bad-line = diese Reihe schließt nichts ein
illegal-line-needed = mehrere Reihen sind eingeschlossen: wähle eine
illegal-cannot-pass = Passen ist nur erlaubt, wenn kein Stein gesetzt werden kann
illegal-must-pass = kein Stein kann gesetzt werden: der Spieler muss passen

## Was am Text eines Spiels falsch ist (Zugliste, Brett, GGF-Aufzeichnung)
error-illegal-move = { $move } ist nicht erlaubt: { $why }
error-transcript-empty = die Zugliste enthält keine Züge
error-transcript-syntax = „{ $found }“ an Stelle { $at } ist kein Zug (erwartet wird ein Feld wie c4 oder j10, oder pa)
error-transcript-illegal = Zug { $number } ({ $move }, an Stelle { $at }) ist nicht erlaubt: { $why }
error-board-symbol = „{ $found }“ an Stelle { $at } ist kein Feld (verwende X, O oder -)
error-board-length = ein Brett braucht 16, 36, 64 oder 100 Felder (4×4, 6×6, 8×8 oder 10×10), gefunden: { $squares }
error-board-no-side = nach den Feldern fehlt die Seite am Zug (X oder O)
error-board-bad-side = „{ $found }“ nach den Feldern ist keine Seite am Zug (X oder O)
error-ggf-empty = die Aufzeichnung ist leer (ein GGF-Spiel beginnt mit „(;“)
error-ggf-not-a-game = „{ $found }“ ist nicht der Anfang eines GGF-Spiels (erwartet: „(;“)
error-ggf-syntax = „{ $found }“ an Stelle { $at } ist keine Eigenschaft wie PB[name]
error-ggf-truncated = die Aufzeichnung endet vor dem abschließenden „;)“
error-ggf-trailing = unerwarteter Text nach dem Spielende an Stelle { $at }
error-ggf-bad-value = { $property }[{ $value }]: { $why }
error-ggf-bad-move = Zug { $number }: „{ $move }“ ist kein Zug
error-ggf-wrong-side = Zug { $number } ({ $move }) ist { $side } zugeordnet, doch { $side } ist nicht am Zug
error-ggf-illegal = Zug { $number } ({ $move }) ist nicht erlaubt: { $why }
error-unknown-rule = unbekannte Regelvariante „{ $rule }“ (bekannt: parallel, free, white-first, 32, 32-ends, one-line, reverse)
error-rule-twice = die Regelvariante „{ $rule }“ ist doppelt angegeben
error-rule-clash = die Regelvarianten „{ $first }“ und „{ $second }“ lassen sich nicht zusammen spielen
error-value-not-othello = nur Othello-Partien können gelesen werden
error-value-game-type = den Spieltyp „{ $letter }“ kennt dieses Spiel nicht
error-value-after-size = „{ $text }“ nach der Brettgröße ist kein Spieltyp
error-value-no-size = keine Brettgröße
error-value-not-a-size = „{ $text }“ ist keine Brettgröße
error-value-only-eight = nur 8×8-Bretter werden unterstützt
error-value-size-not-played = ein { $side }×{ $side }-Brett gibt es in diesem Spiel nicht (4×4, 6×6, 8×8 oder 10×10)
error-value-size-too-wide = ein Brett von { $digits } Feldern Breite gibt es in diesem Spiel nicht (4×4, 6×6, 8×8 oder 10×10)
error-value-size-missing = die Brettgröße fehlt
error-value-size-mismatch = die Brettgröße ist nicht die, die TY angibt
error-value-square-count = ein { $side }×{ $side }-Brett braucht { $squares } Felder
error-value-komi = das Komi muss eine Zahl von Steinen sein: { $why }
error-value-komi-missing = eine Komi-Partie braucht ihr Komi in KM
error-value-twice = die Partie gibt { $property } zweimal an
error-komi-not-a-number = „{ $text }“ ist keine Zahl von Steinen
error-komi-too-precise = „{ $text }“ hat mehr als drei Nachkommastellen
error-komi-too-large = „{ $text }“ sind mehr Steine, als ein Brett hat

## Speichern und Lesen der Dateien des Spielers
storage-game-failed = Das Spiel kann nicht gespeichert werden: { $why }. Du kannst weiterspielen, aber Züge ab jetzt gehen verloren, wenn du das Spiel beendest.
storage-settings-failed = Die Einstellungen können nicht gespeichert werden: { $why }. Sie gelten, bis du das Spiel beendest.
storage-not-text = es ist kein Text
storage-too-big = es ist { $kb } KB groß, weit mehr als jedes Spiel
storage-gone = es ist nicht mehr vorhanden
storage-full = der Datenträger ist voll
storage-denied = das System erlaubt es nicht (Zugriff verweigert)
storage-read-only = der Datenträger ist schreibgeschützt
storage-bad-name = „{ $name }“ ist kein Dateiname, den das Spiel verwendet
storage-no-browser = Browserspeicher gibt es nur in der Web-Version
place-browser = diesem Browser
place-browser-entry = Browser-Eintrag „{ $key }“
save-unreadable = Das gespeicherte Spiel konnte nicht gelesen werden: { $why }.
save-no-players = es ist nicht angegeben, wer welche Seite spielt
save-kept-as = es wurde als { $place } aufbewahrt
save-stays-at = es bleibt unter { $place } ({ $why })
save-not-resumed = Das gespeicherte Spiel konnte nicht fortgesetzt werden: { $why }; { $kept }.
save-other-window = Ein anderes Reversi-Fenster ist offen und bewahrt das laufende Spiel auf:
    Spiele in diesem Fenster werden nicht Zug um Zug gespeichert (Esc, dann „Spiel speichern“, bewahrt eines auf).
save-other-tab = Reversi ist in einem anderen Tab offen, der das laufende Spiel aufbewahrt:
    Spiele in diesem Tab werden nicht Zug um Zug gespeichert (Esc, dann „Spiel speichern“, bewahrt eines auf).

## Spiele aus Links, eingefügtem Text und der Zwischenablage
not-a-game-empty = es ist kein Text vorhanden
not-a-game-long-link = der Link ist { $n } Zeichen lang, länger als jedes Spiel
not-a-game-long-text = { $n } Zeichen sind weit länger als jedes Spiel
not-a-game-size = es gibt kein { $size }-Brett (das Spiel hat 4x4, 6x6, 8x8 und 10x10)
not-a-game-ggf = kein GGF-Spiel: { $why }
not-a-game-board = kein Brett: { $why }
link-not-opened = Das Spiel aus dem Link konnte nicht geöffnet werden:
    { $why }.
clipboard-copied-empty = Kopiert: noch keine Züge
clipboard-copied = Spiel in die Zwischenablage kopiert: { $moves }
clipboard-copied-record = Die GGF-Aufzeichnung des Spiels wurde in die Zwischenablage kopiert (eine Zugliste kann seine Anfangsstellung oder sein Komi nicht festhalten)
clipboard-not-copied = Das Spiel konnte nicht kopiert werden: { $why }
clipboard-not-read = Die Zwischenablage konnte nicht gelesen werden: { $why }
clipboard-why-empty = die Zwischenablage enthält keinen Text
clipboard-why-unsupported = dieses System stellt dem Spiel keine Zwischenablage bereit
clipboard-why-busy = ein anderes Programm verwendet die Zwischenablage; bitte noch einmal versuchen
clipboard-why-format = ihr Inhalt ist kein Text
opened-game-of = { $moves ->
        [one] Spiel mit { $moves } Zug geöffnet
       *[other] Spiel mit { $moves } Zügen geöffnet
    }
open-game-failed = Dieses Spiel konnte nicht geöffnet werden: { $why }

## Gespeicherte Spiele
players-vs = { $black } gegen { $white }
summary-placed = { $discs ->
        [one] { $discs } Stein gesetzt
       *[other] { $discs } Steine gesetzt
    }
summary-won = { $side } gewann { $score }
summary-drawn = unentschieden { $score }
summary-with-komi = { $result } mit { $komi }
summary-unfinished = nicht beendet, Stand { $score }
komi-for = Komi { $komi } für { $side }
komi-zero = Komi 0
shelf-none = es gibt keinen Ordner zum Aufbewahren von Spielen (kein Home-Ordner)
shelf-no-name = gib dem Spiel einen Namen
shelf-set-up-board = dieses Spiel beginnt mit einer aufgebauten Stellung, die nur eine GGF-Aufzeichnung festhält
shelf-komi = dieses Spiel hat ein Komi, das nur eine GGF-Aufzeichnung festhält
shelf-saved = „{ $file }“ in { $place } gespeichert
shelf-not-saved = Das Spiel konnte nicht gespeichert werden: { $why }
shelf-deleted = „{ $file }“ gelöscht
shelf-not-deleted = „{ $file }“ konnte nicht gelöscht werden: { $why }
shelf-opened = „{ $file }“ geöffnet
shelf-not-opened = „{ $file }“ konnte nicht geöffnet werden: { $why }
shelf-not-listed = Die gespeicherten Spiele konnten nicht aufgelistet werden: { $why }
shelf-nothing-kept = Nichts kann aufbewahrt werden: Es gibt keinen Ordner zum Aufbewahren von Spielen (kein Home-Ordner).
shelf-kept-in = Aufbewahrt in { $place }.
shelf-newer = <  Neuere
shelf-older = Ältere  >
shelf-page = Seite { $page } von { $pages }
shelf-empty = Noch keine gespeicherten Spiele. Während eines Spiels legst du es mit Esc und dann „Spiel speichern“ hier ab.
shelf-cannot-open = kann nicht geöffnet werden: { $why }
shelf-entry = { $file }
    { $about }
shelf-delete = Löschen
shelf-delete-sure = Sicher? Löschen

## Das Spiel auf dem Brett speichern
save-title = Spiel speichern
save-about = { $black } gegen { $white }, { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }
save-name = Name
save-format = Format
save-format-ggf = GGF-Aufzeichnung (Spieler, Datum, Ergebnis)
save-format-moves = Nur Züge (f5d6c3...)
save-save = Speichern  (Enter)
save-cancel = Abbrechen  (Esc)
save-type-a-name = Gib einen Namen für das Spiel ein.
save-replaces = „{ $file }“ ist bereits gespeichert: Speichern ersetzt es.
save-saved-as = Gespeichert als „{ $file }“ in { $place }.
side-red = Rot
side-green = Grün
side-blue = Blau
side-orange = Orange

## Die Analyse eines beendeten Spiels
review-title = Spielanalyse
review-unavailable = Für diese Variante nicht verfügbar: Die Engine kann ihre Züge nur kurz vor Schluss bewerten.
review-failed = Die Analyse ist fehlgeschlagen: Die Engine konnte nicht jeden Zug bewerten.
review-analysing = Jeder Zug wird analysiert … { $done } von { $total }
review-judged-from = Bewertet ab Zug { $number }
review-no-mistakes = Keine Fehler von einem Stein oder mehr. Gut gespielt!
review-biggest-mistakes = Größte Fehler (klicke oder drücke 1-3, um den besseren Zug zu sehen):
review-mistake-line = { $key }   { $number }. { $side } { $played } { $played_score }  ({ $best } { $best_score })
review-mistake-shown = Zug { $number }: { $side } spielte { $played } ({ $played_score }); { $best } war besser ({ $best_score }), als Geisterstein gezeigt.
review-graph-legend = Oben: { $black } vorn, unten: { $white } vorn. Striche unter der Grafik: Fehler.
review-graph-legend-komi = Oben: { $black } vorn, unten: { $white } vorn, mit { $komi }. Striche unter der Grafik: Fehler.

## Ein Match zu zweit
match-score-line = Spiel { $game } von { $games } – { $first } { $first_points } : { $second_points } { $second }
match-won = { $name } gewinnt das Match { $score }
match-drawn = Das Match endet unentschieden { $score }

## Das Fenster am Spielende
over-draw = Unentschieden!
over-you-win = Du gewinnst!
over-computer-wins = Der Computer gewinnt
over-wins = { $name } gewinnt!
over-discs = { $black } { $black_discs } - { $white_discs } { $white }
over-next-game = Nächstes Spiel  ({ $name } spielt { $side })
over-new-match = Neues Match
over-undo = Letzten Zug zurücknehmen
over-review = Spiel nachspielen
over-change-setup = Spiel neu einrichten
over-komi-win = Mit { $komi }: { $side } gewinnt mit { $margin } Vorsprung
over-komi-draw = Mit { $komi }: unentschieden

## Während des Spiels
window-title = Reversi – { $mode } – { $black } { $black_discs } : { $white_discs } { $white }
window-title-plain = Reversi – { $mode }
player-with-level = { $name } ({ $level })
pass-banner = { $side } hat keinen Zug – passen
estimate-even = Ausgeglichen
    { $how }
estimate-lead = { $side } +{ $discs }
    { $how }
estimate-solved = gelöst
estimate-guess = geschätzt
estimate-book = Eröffnungsbuch
estimate-with-komi = { $how }
    { $komi }
estimate-failed = Keine Schätzung
    Suche fehlgeschlagen
estimate-near-end = Erst kurz vor Schluss
estimate-free-opening = Erst nach der Eröffnung
hud-hint = Tipp  ({ $key })
hud-undo = Rückgängig  (U)
hud-redo = Wiederholen  (Z)
hud-review = Nachspielen  (Pos1)
hud-menu = Menü  (Esc)
hud-name-supply = { $name }  | noch { $left }
status-review = Nachspielen – Zug { $shown }/{ $total }  (Links/Rechts: blättern, Enter: fertig)
status-review-play-on = Nachspielen – Zug { $shown }/{ $total }  (Links/Rechts: blättern, Enter: fertig, Klick: weiterspielen)
status-over-komi-win = Spielende – { $side } gewinnt mit { $margin } bei { $komi } ({ $score })
status-over-komi-draw = Spielende – unentschieden bei { $komi } ({ $score })
status-over-win = Spielende – { $side } gewinnt { $score }
status-over-draw = Spielende – unentschieden, { $score }
status-computer-thinking = { $name }: Der Computer denkt nach …
status-computer-to-move = { $name }: Der Computer ist am Zug
status-to-move = { $name } ist am Zug
status-to-move-free-opening = { $name } ist am Zug – setze einen Stein auf ein freies Mittelfeld
status-to-move-choose-line = { $name } ist am Zug – Rechtsklick oder L wählt die Reihe zum Umdrehen
status-to-move-no-hints = { $name } ist am Zug – Tipps in dieser Variante erst für die letzten { $empties } Züge
status-to-move-looking = { $name } ist am Zug – der beste Zug wird gesucht …
status-to-move-hint-failed = { $name } ist am Zug – die Suche nach einem Tipp ist fehlgeschlagen
status-to-move-best = { $name } ist am Zug – bester Zug: { $best } ({ $score })
status-to-move-best-solved = { $name } ist am Zug – bester Zug: { $best } ({ $score }, gelöst)
status-to-move-best-line = { $name } ist am Zug – Tipp: { $best } ({ $score }, gelöst); Reihe: Rechtsklick/L
status-to-move-best-book = { $name } ist am Zug – bester Zug: { $best } ({ $score }, Eröffnungsbuch)
status-person-side = { $name } ({ $side })

## Ein Spiel Zug für Zug nachspielen
review-first = |<  Pos1
review-back = <  Zurück
review-forward = Vor  >
review-last = Ende  >|
review-done = Fertig  (Enter)
review-original = Zurück zum ursprünglichen Spiel  (Rücktaste)

## Die Webseite um das Spiel (erscheint, bevor das Spiel läuft; build-web.sh kopiert diese
## Texte für web/page.js)
web-loading = Reversi wird geladen …
web-loading-progress = Reversi wird geladen … { $received } von { $total } MB
web-starting = Wird gestartet …
web-no-webgl = Dieser Browser kann das Spiel nicht anzeigen: WebGL2 ist nicht verfügbar. Mit einem aktuellen Chrome, Edge, Firefox oder Safari klappt es.
web-no-simd = Dieser Browser kann das Spiel nicht ausführen: Ihm fehlt WebAssembly-SIMD. Mit einem aktuellen Chrome, Edge, Firefox oder Safari klappt es.
web-start-failed = Das Spiel konnte nicht starten: { $why }
web-crashed = Das Spiel wurde mit einem Fehler beendet: { $why }. Lade die Seite neu, um weiterzuspielen.
web-board-label = Reversi-Brett

## Spielanleitung (aus dem Titelmenü und dem Pausenmenü): Seiten neben dem Brett, jede mit
## einem Beispiel, das auf dem Brett gespielt wird
menu-how-to-play = Spielanleitung
help-page = Seite { $page } von { $pages }
help-play = Zug ausführen
help-again = Noch einmal zeigen
help-back = <  Zurück
help-next = Weiter  >
help-close = Schließen  (Esc)
help-goal-title = Das Ziel
help-goal-text = Zwei Spieler, Schwarz und Weiß, setzen abwechselnd Steine auf das Brett. Jeder Stein ist auf einer Seite schwarz und auf der anderen weiß. Zu Beginn liegen vier Steine in der Mitte, und Schwarz zieht zuerst. Wer am Ende mehr Steine seiner Farbe auf dem Brett hat, gewinnt.
help-flank-title = Einschließen und Umdrehen
help-flank-text = Setze deinen Stein so, dass er zusammen mit einem anderen deiner Steine eine gerade Reihe gegnerischer Steine lückenlos einschließt – waagerecht, senkrecht oder diagonal. Alle eingeschlossenen Steine werden in deine Farbe umgedreht. Die Punkte auf dem Brett zeigen, wo du setzen darfst. Hier setzt Schwarz auf d3: Der weiße Stein auf d4 liegt zwischen d3 und d5 und wird schwarz.
help-lines-title = Mehrere Reihen auf einmal
help-lines-text = Ein Stein kann Reihen in mehreren Richtungen zugleich einschließen – dann werden alle umgedreht. Hier schließt der schwarze Stein auf e3 weiße Steine in drei Reihen ein. Umgedrehte Steine können später zurückgedreht werden, daher wechselt die Führung oft bis zum Schluss.
help-pass-title = Passen und Spielende
help-pass-text = Kannst du nirgends einen Stein setzen, musst du passen, und dein Gegner ist noch einmal am Zug; kannst du setzen, darfst du nicht passen. Hier spielt Schwarz e8, und Weiß hat keinen Zug mehr: Weiß muss passen. Das Spiel endet, wenn keiner mehr ziehen kann, meist wenn das Brett voll ist. Dann werden die Steine gezählt.
help-variants-title = Varianten
help-variants-text = Im Menü „Neues Spiel“ findest du die Varianten aus den Regelwerken: die hier gezeigte parallele Startstellung oder eine freie Eröffnung, bei der die ersten vier Steine auf die Mittelfelder gesetzt werden; Weiß mit dem ersten Zug; je 32 Steine pro Spieler statt eines gemeinsamen Vorrats (auf anderen Brettern halb so viele wie Felder), wobei ein Spieler ohne Steine entweder einen vom Gegner bekommt oder die Partie endet; Umdrehen nur einer gewählten Reihe; Sieg mit den wenigsten Steinen; und Bretter mit 4×4, 6×6 und 10×10 Feldern.
help-controls-title = Steuerung
help-controls-text = Maus: Ein Klick auf ein Feld setzt einen Stein, Ziehen mit der rechten Taste dreht das Brett, das Mausrad zoomt. Tastatur: Tippe ein Feld ein (d3) oder wähle es mit den Pfeiltasten und drücke Enter; U nimmt zurück, Z stellt wieder her, I gibt einen Tipp (auf 10×10 T, dort tippt I eine Spalte), Pos1 startet das Nachspielen, Esc öffnet das Menü. Gamepad: Stick oder Steuerkreuz bewegen, A setzt, B geht zurück, Y bittet um Rücknahme, X gibt einen Tipp, die linke Schultertaste startet das Nachspielen und die rechte stellt wieder her, Start pausiert; in der Variante mit einer gewählten Reihe wählt der rechte Trigger die Reihe.
