# The game's words in Hungarian. Every file in locales/ has the same messages (a test checks).
# The keys named here are where the game reads them: by position on the keyboard, so on a
# Hungarian QWERTZ keyboard the key the game calls Y (redo, agree) is labelled Z.

## A játékosok alapértelmezett nevei (a beírt név úgy jelenik meg, ahogy beírták)
name-you = Te
name-computer = Számítógép
name-computer-a = Számítógép A
name-computer-b = Számítógép B
name-player-1 = 1. játékos
name-player-2 = 2. játékos

## Szabályváltozatok (új játszma menü)
supply-shared = Közös
supply-each = Fejenként { $n }
supply-each-out-ends = Fejenként { $n }, elfogy = vége
size-standard = { $size } (alap)

## A két fél
side-black = Fekete
side-white = Fehér

## Az új játszma menü (kezdőképernyő)
game-title = Reversi
new-game-goal = Fogd közre az ellenfél korongjait, és fordítsd át őket a saját színedre. A végén az nyer, akinek több korongja van.
new-game-saved = Mentett játszma: { $black } – { $white }, { $discs } lerakott korong.
new-game-resume = Mentett játszma folytatása
new-game-play = Játékmód
new-game-vs-computer = A számítógép ellen
new-game-two-players = Két játékos
new-game-demo = Gép a gép ellen
new-game-your-colour = Színed
new-game-black-first = Fekete (kezd)
new-game-level = Gép szintje
new-game-level-line = { $number }. szint – { $name }: { $about }
new-game-player = { $n }. játékos
new-game-gamepads = Kontrollerek: bármelyik gombbal csatlakozhatsz, a Select gombbal kiléphetsz. Ha egy kontroller csatlakozik, a billentyűzet a másik játékosé.
new-game-match = Mérkőzés
new-game-games = { $n } játszma
new-game-start = Játék indítása  (Enter)
plays-with-gamepad = { $n }. kontrollerrel játszik
plays-with-a-gamepad = kontrollerrel játszik
plays-with-keyboard = billentyűzettel játszik
plays-with-shared = a közös billentyűzettel és egérrel játszik

## Szabályok (új játszma menü)
rules-header = Szabályok
rules-board = Tábla
rules-start = Kezdőállás
rules-start-diagonal = Átlós (Othello)
rules-start-parallel = Párhuzamos
rules-start-free = Szabad kezdés
rules-first-move = Kezdő
rules-discs = Korongok
rules-flips = Fordítás
rules-flips-all = Minden közrefogott sor
rules-flips-one = Egy választott sor
rules-winner = Győztes
rules-winner-most = Legtöbb korong
rules-winner-fewest = Legkevesebb korong (fordított)

## Több képernyőn használt menügombok
menu-settings = Beállítások
menu-saved-games = Mentett játszmák
menu-quit = Kilépés

## A számítógép szintjei: nevük és játékuk
level-1 = Véletlen
level-2 = Mohó
level-3 = Újonc
level-4 = Kezdő
level-5 = Hobbi
level-6 = Klub
level-7 = Erős
level-8 = Szakértő
level-9 = Mester
level-10 = Nagymester
level-about-1 = Véletlenszerűen választ a szabályos lépések közül.
level-about-2 = Mindig a legtöbb korongot fordító lépést választja, előre nem számol.
level-about-3 = Két lépésre előre számol, de gyakran beéri egy rosszabb lépéssel.
level-about-4 = Három lépésre előre számol, és néha egy kicsit rosszabb lépést választ.
level-about-5 = Négy lépésre előre számol, de néha apró hibát vét.
level-about-6 = Hat lépésre előre számol, az utolsó 14 lépést pedig hibátlanul játssza.
level-about-7 = Nyolc lépésre előre számol, az utolsó 16 lépést pedig hibátlanul játssza.
level-about-8 = Ismeri a megnyitásokat, tizenkét lépésre előre számol, az utolsó 18 lépést pedig hibátlanul játssza.
level-about-9 = Ismeri a megnyitásokat, lépésenként egy másodpercig gondolkodik, az utolsó 22 lépést pedig hibátlanul játssza.
level-about-10 = Ismeri a megnyitásokat, lépésenként öt másodpercig gondolkodik minden processzormagon, az utolsó 24 lépést pedig hibátlanul játssza.
level-about-10-browser = Ismeri a megnyitásokat, lépésenként öt másodpercig gondolkodik, az utolsó 22 lépést pedig hibátlanul játssza.
level-about-looks-ahead = { $depth } lépésre előre számol (lépésenként legfeljebb egy másodpercig), az utolsó { $perfect } lépést pedig hibátlanul játssza.
level-about-thinks = Lépésenként { $seconds } másodpercig gondolkodik, az utolsó { $perfect } lépést pedig hibátlanul játssza.
menu-back = Vissza  (Esc)

## Beállítások
settings-language = Nyelv
settings-language-system = Rendszer
settings-volume = Hangerő
settings-volume-percent = { $percent }%
settings-sound = Hang
settings-on = Be
settings-off = Ki
settings-muted = Némítva
settings-animation = Animáció
animation-slow = lassú
animation-normal = normál
animation-fast = gyors
animation-instant = azonnali
settings-legal-moves = Lehetséges lépések
settings-shown = Látható
settings-hidden = Rejtett
settings-disc-counts = Korongszám
settings-colours = Színek
colours-black-white = fekete/fehér
colours-red-green = piros/zöld
colours-red-blue = piros/kék
colours-accessible = színtévesztőbarát
settings-camera = Kamera
settings-camera-fixed = Rögzített
settings-camera-faces = A soron lévő játékos felé fordul (két játékos)
settings-eval-bar = Értékelősáv
settings-move-scores = Lépésértékek
settings-scores-on-request = Kérésre (Tipp)
settings-scores-always = Mindig (tanuláshoz)
settings-rumble = Kontroller rezgése
settings-graphics = Grafika
graphics-automatic = Automatikus
graphics-automatic-is = Automatikus ({ $preset })
graphics-high = Magas
graphics-medium = Közepes
graphics-low = Alacsony
settings-pace = Gép tempója
settings-pace-seconds = lépésenként legalább { $seconds } mp
settings-cores = Processzormagok
settings-cores-all = Mind ({ $count })

## A szünetmenü
pause-title = Szünet
pause-resume = Folytatás  (Esc)
pause-new-game = Új játszma
pause-save-game = Játszma mentése
pause-keys-view = Jobb gombos húzás: tábla forgatása | görgő: nagyítás | R: nézet visszaállítása | V: másik oldal
pause-keys-game = U: visszavonás | Z: újra | Home: visszajátszás | M: némítás | N: lépésjelzők
pause-keys-menus = Menük: Tab vagy nyilak: mozgás, Enter: kiválasztás | Kontroller: iránygombok, A: kiválasztás, B: vissza, Start: szünet
pause-about = Reversi { $version } · szabad szoftver MIT vagy Apache-2.0 licenccel · a Bevy motorral készült

## Lépés visszavonása kétszemélyes játékban
undo-title = Visszavonjátok a lépést?
undo-agree = Elfogadom  (Z)
undo-keep-playing = Játék folytatása  (N)
undo-asked = { $asker } kérte – { $other } beleegyezése szükséges.
undo-asks = { $asker } vissza szeretné vonni az utolsó lépést. { $other }, beleegyezel?
undo-both = Visszavonjátok az utolsó lépést? Mindkettőtöknek bele kell egyeznie: { $black } és { $white }.

## Játszma megnyitása szövegből (új játszma menü)
open-game = Játszma megnyitása
open-game-open = Megnyitás
open-game-hint = lépések, tábla vagy GGF: írd be, vagy Ctrl+V

## Miért szabálytalan egy lépés
illegal-game-over = a játszma véget ért
illegal-occupied = a mező foglalt
illegal-off-board = a mező nincs ezen a táblán
illegal-flanks-nothing = egyetlen ellenfél korongot sem fog közre
illegal-not-centre = az első négy korong a középső mezőkre kerül
illegal-bad-line = ez a sor semmit sem fog közre
illegal-line-needed = több sort is közrefog: válassz egyet
illegal-cannot-pass = passzolni csak akkor lehet, ha nem lehet korongot lerakni
illegal-must-pass = nem lehet korongot lerakni: a játékosnak passzolnia kell

## Mi a hiba egy játszma szövegében (lépéssor, tábla, GGF-lejegyzés)
error-illegal-move = { $move } szabálytalan lépés: { $why }
error-transcript-empty = a lépéssor nem tartalmaz lépést
error-transcript-syntax = „{ $found }” ({ $at }. karakter) nem lépés (mező kellene, pl. c4 vagy j10, vagy pa)
error-transcript-illegal = { $number }. lépés ({ $move }, { $at }. karakter) szabálytalan: { $why }
error-board-symbol = „{ $found }” ({ $at }. karakter) nem mező (X, O vagy - használható)
error-board-length = a tábla 16, 36, 64 vagy 100 mezőből áll (4×4, 6×6, 8×8 vagy 10×10), itt viszont { $squares } mező van
error-board-no-side = a mezők után hiányzik, ki következik (X vagy O)
error-board-bad-side = a mezők utáni „{ $found }” nem jelöli, ki következik (X vagy O)
error-ggf-empty = a lejegyzés üres (a GGF-játszma „(;” jellel kezdődik)
error-ggf-not-a-game = „{ $found }” nem GGF-játszma kezdete („(;” kellene)
error-ggf-syntax = „{ $found }” ({ $at }. karakter) nem érvényes tulajdonság (pl. PB[name])
error-ggf-truncated = a lejegyzés a záró „;)” előtt véget ér
error-ggf-trailing = váratlan szöveg a játszma vége után ({ $at }. karakter)
error-ggf-bad-value = { $property }[{ $value }]: { $why }
error-ggf-bad-move = { $number }. lépés: „{ $move }” nem lépés
error-ggf-wrong-side = { $number }. lépés ({ $move }): a lejegyzés szerint { $side } lép, de nem ő következik
error-ggf-illegal = { $number }. lépés ({ $move }) szabálytalan: { $why }
error-unknown-rule = ismeretlen szabályváltozat: „{ $rule }” (ismertek: parallel, free, white-first, 32, 32-ends, one-line, reverse)
error-rule-twice = a(z) „{ $rule }” szabályváltozat kétszer szerepel
error-rule-clash = a(z) „{ $first }” és a(z) „{ $second }” szabályváltozat nem játszható együtt
error-value-not-othello = csak Othello-játszmák olvashatók be
error-value-game-type = a(z) „{ $letter }” játéktípust ez a játék nem ismeri
error-value-after-size = a táblaméret utáni „{ $text }” nem játéktípus
error-value-no-size = nincs táblaméret
error-value-not-a-size = a(z) „{ $text }” nem táblaméret
error-value-only-eight = csak 8×8-as tábla támogatott
error-value-size-not-played = { $side }×{ $side } méretű tábla nincs ebben a játékban (4×4, 6×6, 8×8 vagy 10×10)
error-value-size-too-wide = { $digits } mező széles tábla nincs ebben a játékban (4×4, 6×6, 8×8 vagy 10×10)
error-value-size-missing = hiányzik a tábla mérete
error-value-size-mismatch = a tábla mérete nem az, amit a TY megad
error-value-square-count = egy { $side }×{ $side } méretű táblához { $squares } mező kell
error-value-komi = a komi csak korongszám lehet: { $why }
error-value-komi-missing = komis játszmában a komit a KM adja meg, de hiányzik
error-value-twice = a játszma kétszer adja meg ezt: { $property }
error-komi-not-a-number = a(z) „{ $text }” nem korongszám
error-komi-too-precise = a(z) „{ $text }” háromnál több tizedesjegyet tartalmaz
error-komi-too-large = a(z) „{ $text }” több korong, mint amennyi bármely táblán elfér

## A játékos fájljainak mentése és beolvasása
storage-game-failed = A játszma nem menthető: { $why }. A játék folytatódik, de ha kilépsz, az innentől tett lépések elvesznek.
storage-settings-failed = A beállítások nem menthetők: { $why }. Kilépésig érvényben maradnak.
storage-not-text = nem szöveg
storage-too-big = mérete { $kb } KB, jóval nagyobb bármely játszmánál
storage-gone = már nincs meg
storage-full = a lemez megtelt
storage-denied = a rendszer nem engedi (hozzáférés megtagadva)
storage-read-only = a lemez csak olvasható
storage-bad-name = „{ $name }” nem olyan fájlnév, amelyet a játék használ
storage-no-browser = böngészőtárhely csak a webes változatban van
place-browser = a böngésző tárhelye
place-browser-entry = „{ $key }” (böngészőtárhely)
save-unreadable = A mentett játszma nem olvasható be: { $why }.
save-no-players = nem derül ki belőle, ki melyik színnel játszik
save-kept-as = a fájl megmaradt itt: { $place }
save-stays-at = továbbra is itt van: { $place } ({ $why })
save-not-resumed = A mentett játszmát nem lehetett folytatni: { $why }; { $kept }.
save-other-window = Egy másik Reversi-ablak is nyitva van, és az őrzi a folyamatban lévő játszmát:
    ebben az ablakban a játszmák nem mentődnek lépésről lépésre (Esc, majd „Játszma mentése” megőriz egyet).
save-other-tab = A Reversi egy másik lapon is nyitva van, és az a lap őrzi a folyamatban lévő játszmát:
    ezen a lapon a játszmák nem mentődnek lépésről lépésre (Esc, majd „Játszma mentése” megőriz egyet).

## Játszmák hivatkozásból, beillesztett szövegből és a vágólapról
not-a-game-empty = nincs szöveg
not-a-game-long-link = hossza { $n } karakter, több bármely játszmánál
not-a-game-long-text = { $n } karakter jóval hosszabb bármely játszmánál
not-a-game-size = nincs { $size } méretű tábla (a játékban 4x4, 6x6, 8x8 és 10x10 van)
not-a-game-ggf = nem GGF-játszma: { $why }
not-a-game-board = nem táblaállás: { $why }
link-not-opened = A hivatkozásban lévő játszma nem nyitható meg:
    { $why }.
clipboard-copied-empty = Másolva: még nincs lépés
clipboard-copied = A játszma a vágólapra másolva: { $moves }
clipboard-copied-record = A játszma GGF-lejegyzése a vágólapra másolva (egy lépéslista nem őrzi meg a kezdőállását vagy a komit)
clipboard-not-copied = Nem sikerült másolni a játszmát: { $why }
clipboard-not-read = Nem sikerült beolvasni a vágólapot: { $why }
clipboard-why-empty = a vágólapon nincs szöveg
clipboard-why-unsupported = ez a rendszer nem ad vágólapot a játéknak
clipboard-why-busy = egy másik program használja a vágólapot; próbáld újra
clipboard-why-format = a tartalma nem szöveg
opened-game-of = { $moves } lépéses játszma megnyitva
open-game-failed = Nem sikerült megnyitni a játszmát: { $why }

## Mentett játszmák
players-vs = { $black } – { $white }
summary-placed = { $discs } lerakott korong
summary-won = { $side } nyert: { $score }
summary-drawn = döntetlen: { $score }
summary-with-komi = { $result } ({ $komi })
summary-unfinished = befejezetlen, állás: { $score }
komi-for = { $side } javára { $komi } komi
komi-zero = 0 komi
shelf-none = nincs mappa a játszmák tárolására (nincs felhasználói mappa)
shelf-no-name = adj nevet a játszmának
shelf-set-up-board = ez a játszma egy beállított állásból indul, amit csak a GGF-lejegyzés őriz meg
shelf-komi = ennek a játszmának komija van, amit csak a GGF-lejegyzés őriz meg
shelf-saved = „{ $file }” mentve ide: { $place }
shelf-not-saved = Nem sikerült menteni a játszmát: { $why }
shelf-deleted = „{ $file }” törölve
shelf-not-deleted = „{ $file }” nem törölhető: { $why }
shelf-opened = „{ $file }” megnyitva
shelf-not-opened = „{ $file }” nem nyitható meg: { $why }
shelf-not-listed = A mentett játszmák nem listázhatók: { $why }
shelf-nothing-kept = Semmi sem menthető: nincs mappa a játszmák tárolására (nincs felhasználói mappa).
shelf-kept-in = Tárolási hely: { $place }.
shelf-newer = <  Újabbak
shelf-older = Régebbiek  >
shelf-page = oldal: { $page } / { $pages }
shelf-empty = Még nincs mentett játszma. Játék közben az Esc, majd a Játszma mentése ide menti.
shelf-cannot-open = nem nyitható meg: { $why }
shelf-entry = { $file }
    { $about }
shelf-delete = Törlés
shelf-delete-sure = Biztos? Törlés

## A táblán lévő játszma mentése
save-title = Játszma mentése
save-about = { $black } – { $white }, { $moves } lépés
save-name = Név
save-format = Formátum
save-format-ggf = GGF-lejegyzés (játékosok, dátum, eredmény)
save-format-moves = Csak a lépések (f5d6c3...)
save-save = Mentés  (Enter)
save-cancel = Mégse  (Esc)
save-type-a-name = Írd be a játszma nevét.
save-replaces = „{ $file }” már létezik: a mentés felülírja.
save-saved-as = Mentve „{ $file }” néven ide: { $place }.
side-red = Piros
side-green = Zöld
side-blue = Kék
side-orange = Narancs

## Egy befejezett játszma elemzése
review-title = Játszmaelemzés
review-unavailable = Ebben a változatban nem érhető el: a motor csak a játszma vége felé tudja értékelni a lépéseket.
review-failed = Az elemzés nem sikerült: a motor nem tudott minden lépést értékelni.
review-analysing = Minden lépés elemzése... { $done } / { $total }
review-judged-from = { $number }. lépéstől értékelve
review-no-mistakes = Egyetlen, legalább egy korongot érő hiba sem volt. Szép játék!
review-biggest-mistakes = Legnagyobb hibák (kattintás vagy 1–3: a jobb lépés megjelenítése):
review-mistake-line = { $key }   { $number }. { $side } { $played } { $played_score }  ({ $best } { $best_score })
review-mistake-shown = { $number }. lépés: { $side } ezt lépte: { $played } ({ $played_score }); jobb lett volna: { $best } ({ $best_score }), halvány korong jelzi.
review-graph-legend = Fent: { $black } vezet, lent: { $white } vezet. Jelek a grafikon alatt: hibák.
review-graph-legend-komi = Fent: { $black } vezet, lent: { $white } vezet, { $komi } beszámításával. Jelek a grafikon alatt: hibák.

## Kétszemélyes mérkőzés
match-score-line = Játszma: { $game } / { $games } – { $first } { $first_points } : { $second_points } { $second }
match-won = { $name } nyerte a mérkőzést: { $score }
match-drawn = A mérkőzés döntetlen: { $score }

## A játszma végi panel
over-draw = Döntetlen!
over-you-win = Nyertél!
over-computer-wins = A számítógép nyert
over-wins = { $name } nyert!
over-discs = { $black } { $black_discs } - { $white_discs } { $white }
over-next-game = Következő játszma  ({ $name }: { $side })
over-new-match = Új mérkőzés
over-undo = Utolsó lépés visszavonása
over-review = Visszajátszás
over-change-setup = Beállítás módosítása
over-komi-win = Komival ({ $komi }): { $side } nyer { $margin } különbséggel
over-komi-draw = Komival ({ $komi }): döntetlen

## Játék közben
window-title = Reversi - { $mode } - { $black } { $black_discs } : { $white_discs } { $white }
window-title-plain = Reversi - { $mode }
player-with-level = { $name } ({ $level })
pass-banner = { $side }: nincs lépés – passz
estimate-even = Kiegyenlített
    { $how }
estimate-lead = { $side } +{ $discs }
    { $how }
estimate-solved = megoldva
estimate-guess = becslés
estimate-book = megnyitási könyv
estimate-with-komi = { $how }
    { $komi }
estimate-failed = Nincs becslés
    sikertelen keresés
estimate-near-end = Csak a játszma vége felé
estimate-free-opening = A nyitás után
hud-hint = Tipp  ({ $key })
hud-undo = Visszavonás  (U)
hud-redo = Újra  (Z)
hud-review = Visszajátszás  (Home)
hud-menu = Menü  (Esc)
hud-name-supply = { $name }  | maradt: { $left }
status-review = Visszajátszás – lépés: { $shown }/{ $total }  (Bal/Jobb: léptetés, Enter: kész)
status-review-play-on = Visszajátszás – lépés: { $shown }/{ $total }  (Bal/Jobb: léptetés, Enter: kész, kattintás: folytatás)
status-over-komi-win = Vége – { $side } nyert { $margin } koronggal ({ $komi }, { $score })
status-over-komi-draw = Játszma vége – döntetlen ({ $komi }, { $score })
status-over-win = Játszma vége – { $side } nyert: { $score }
status-over-draw = Játszma vége – döntetlen: { $score }
status-computer-thinking = { $name }: a gép gondolkodik...
status-computer-to-move = { $name }: a gép lép
status-to-move = { $name } következik
status-to-move-free-opening = { $name } következik – tegyél egy korongot egy szabad középső mezőre
status-to-move-choose-line = { $name } következik – jobb kattintás vagy L: a fordítandó sor kiválasztása
status-to-move-no-hints = { $name } következik – ebben a változatban tipp csak az utolsó { $empties } lépésre
status-to-move-looking = { $name } következik – a legjobb lépés keresése...
status-to-move-hint-failed = { $name } következik – a tipp keresése nem sikerült
status-to-move-best = { $name } következik – legjobb: { $best } ({ $score })
status-to-move-best-solved = { $name } következik – legjobb: { $best } ({ $score }, megoldva)
status-to-move-best-line = { $name } következik – legjobb: { $best } ({ $score }, megoldva); sor: jobb klikk/L
status-to-move-best-book = { $name } következik – legjobb: { $best } ({ $score }, megnyitási könyv)
status-person-side = { $name } ({ $side })

## Játszma visszajátszása lépésenként
review-first = |<  Home
review-back = <  Vissza
review-forward = Előre  >
review-last = Vége  >|
review-done = Kész  (Enter)
review-original = Vissza az eredeti játszmához  (Backspace)

## The web page around the game (shown before the game runs; build-web.sh copies these
## messages for web/page.js)
web-loading = A Reversi betöltése…
web-loading-progress = A Reversi betöltése… { $received } / { $total } MB
web-starting = Indítás…
web-no-webgl = Ez a böngésző nem tudja megjeleníteni a játékot: a WebGL2 nem érhető el. Egy friss Chrome, Edge, Firefox vagy Safari képes rá.
web-no-simd = Ez a böngésző nem tudja futtatni a játékot: nem támogatja a WebAssembly SIMD-et. Egy friss Chrome, Edge, Firefox vagy Safari képes rá.
web-start-failed = A játék nem tudott elindulni: { $why }
web-crashed = A játék hibával leállt: { $why }. A folytatáshoz töltsd újra az oldalt.
web-board-label = Reversi-tábla

## Hogyan játssz? (a kezdőmenüből és a szünetmenüből): oldalak a tábla mellett, mindegyiken
## egy példa, amelyet a táblán játszunk le
menu-how-to-play = Hogyan játssz?
help-page = Oldal: { $page } / { $pages }
help-play = Játszd le a lépést
help-again = Mutasd újra
help-back = <  Vissza
help-next = Tovább  >
help-close = Bezárás  (Esc)
help-goal-title = A játék célja
help-goal-text = Két játékos, Fekete és Fehér, felváltva rak korongokat a táblára. Minden korong egyik oldala fekete, a másik fehér. A játszma elején négy korong áll a tábla közepén, és Fekete kezd. A végén az nyer, akinek több saját színű korongja van a táblán.
help-flank-title = Közrefogás és fordítás
help-flank-text = Úgy rakd le a korongodat, hogy egy másik saját korongoddal együtt hézag nélkül közrefogjon egy egyenes sort az ellenfél korongjaiból – vízszintesen, függőlegesen vagy átlósan. Minden közrefogott korong a te színedre fordul. A táblán lévő pöttyök mutatják, hová rakhatsz. Itt Fekete a d3 mezőre rak: a d4 mezőn álló fehér korong a d3 és a d5 mező közé szorul, így feketére fordul.
help-lines-title = Egyszerre több sor
help-lines-text = Egy korong egyszerre több irányban is közrefoghat sorokat, és ilyenkor mindegyik átfordul. Itt az e3 mezőre rakott fekete korong három sorban fog közre fehér korongokat. Az átfordított korong később visszafordulhat, így gyakran az utolsó pillanatig változik, ki vezet.
help-pass-title = Passz és a játszma vége
help-pass-text = Ha sehová sem tudsz korongot rakni, passzolnod kell, és újra az ellenfeled lép; ha viszont tudsz rakni, nem passzolhatsz. Itt Fekete az e8 mezőre lép, és Fehérnek nem marad lépése: Fehér passzol. A játszma akkor ér véget, ha egyik játékos sem tud lépni – többnyire akkor, amikor megtelik a tábla. Ekkor megszámoljuk a korongokat.
help-variants-title = Szabályváltozatok
help-variants-text = Az új játszma menü a szabálykönyvekben szereplő változatokat kínálja: az itt látható párhuzamos kezdőállást, vagy szabad kezdést, amelyben az első négy korong a középső mezőkre kerül; Fehér kezdését; fejenként 32 korongot közös készlet helyett (más táblán a mezők felét), és akinek elfogy, annak az ellenfél ad egyet, vagy véget ér a játszma; csak egy választott sor fordítását; győzelmet a legkevesebb koronggal; valamint 4×4-es, 6×6-os és 10×10-es táblát.
help-controls-title = Irányítás
help-controls-text = Egér: kattints egy mezőre a lerakáshoz, a jobb gombbal húzva forgathatod a táblát, a görgővel nagyíthatsz. Billentyűzet: írd be a mezőt (d3), vagy lépkedj a nyilakkal, és nyomd meg az Entert; U: visszavonás, Z: újra, I: tipp (10×10-es táblán T, mert ott az I oszlopot jelöl), Home: visszajátszás, Esc: menü. Kontroller: a karral vagy az iránygombokkal mozoghatsz, A: lerakás, B: vissza, Y: visszavonás kérése, X: tipp, bal vállgomb: visszajátszás, jobb vállgomb: újra, Start: szünet; az egy választott soros változatban a jobb ravasz választja ki a sort.
