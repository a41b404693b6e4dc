# The game's words in English. Every file in locales/ has the same messages (a test checks).

## Names the game gives players (a typed name is shown as typed)
name-you = You
name-computer = Computer
name-computer-a = Computer A
name-computer-b = Computer B
name-player-1 = Player 1
name-player-2 = Player 2

## Rule options (new-game menu)
supply-shared = Shared
supply-each = { $n } each
supply-each-out-ends = { $n } each, out = end
size-standard = { $size } (standard)

## The two sides
side-black = Black
side-white = White

## The new-game menu (the title screen)
game-title = Reversi
new-game-goal = Flank your opponent's discs to turn them your colour. Most discs at the end wins.
new-game-saved = Saved game: { $black } vs { $white }, { $discs ->
        [one] { $discs } disc placed.
       *[other] { $discs } discs placed.
    }
new-game-resume = Resume saved game
new-game-play = Play
new-game-vs-computer = Against the computer
new-game-two-players = Two players
new-game-demo = Computer vs computer
new-game-your-colour = Your colour
new-game-black-first = Black (moves first)
new-game-level = Computer level
new-game-level-line = Level { $number } – { $name }: { $about }
new-game-player = Player { $n }
new-game-gamepads = Gamepads: any button joins, Select leaves. With one pad in, the keyboard is the other player's.
new-game-match = Match
new-game-games = { $n ->
        [one] 1 game
       *[other] { $n } games
    }
new-game-start = Start game  (Enter)
plays-with-gamepad = plays with gamepad { $n }
plays-with-a-gamepad = plays with a gamepad
plays-with-keyboard = plays with the keyboard
plays-with-shared = plays with the shared keyboard & mouse

## Rules (new-game menu)
rules-header = Rules
rules-board = Board
rules-start = Start
rules-start-diagonal = Diagonal (Othello)
rules-start-parallel = Parallel
rules-start-free = Free opening
rules-first-move = First move
rules-discs = Discs
rules-flips = Flips
rules-flips-all = Every flanked line
rules-flips-one = One chosen line
rules-winner = Winner
rules-winner-most = Most discs
rules-winner-fewest = Fewest discs (reverse)

## Menu buttons used on several screens
menu-settings = Settings
menu-saved-games = Saved games
menu-quit = Quit

## The computer's levels: names and what each does
level-1 = Random
level-2 = Greedy
level-3 = Novice
level-4 = Beginner
level-5 = Casual
level-6 = Club
level-7 = Strong
level-8 = Expert
level-9 = Master
level-10 = Grandmaster
level-about-1 = Plays any legal move at random.
level-about-2 = Grabs the move that flips the most discs, without looking ahead.
level-about-3 = Looks two moves ahead but often settles for a worse move.
level-about-4 = Looks three moves ahead and sometimes picks a slightly worse move.
level-about-5 = Looks four moves ahead, with the occasional small slip.
level-about-6 = Looks six moves ahead and plays the last 14 moves perfectly.
level-about-7 = Looks eight moves ahead and plays the last 16 moves perfectly.
level-about-8 = Knows the openings, looks twelve moves ahead and plays the last 18 moves perfectly.
level-about-9 = Knows the openings, thinks a second a move and plays the last 22 moves perfectly.
level-about-10 = Knows the openings, thinks five seconds a move on every core and plays the last 24 moves perfectly.
level-about-10-browser = Knows the openings, thinks five seconds a move and plays the last 22 moves perfectly.
level-about-looks-ahead = Looks { $depth } moves ahead (at most a second a move) and plays the last { $perfect } moves perfectly.
level-about-thinks = Thinks { $seconds } seconds a move and plays the last { $perfect } moves perfectly.
menu-back = Back  (Esc)

## Settings
settings-language = Language
settings-language-system = System
settings-volume = Volume
settings-volume-percent = { $percent }%
settings-sound = Sound
settings-on = On
settings-off = Off
settings-muted = Muted
settings-animation = Animation
animation-slow = slow
animation-normal = normal
animation-fast = fast
animation-instant = instant
settings-legal-moves = Legal moves
settings-shown = Shown
settings-hidden = Hidden
settings-disc-counts = Disc counts
settings-colours = Colours
colours-black-white = black/white
colours-red-green = red/green
colours-red-blue = red/blue
colours-accessible = colour-blind safe
settings-camera = Camera
settings-camera-fixed = Fixed
settings-camera-faces = Faces the player to move (two players)
settings-eval-bar = Evaluation bar
settings-move-scores = Move scores
settings-scores-on-request = On request (Hint)
settings-scores-always = Always (study)
settings-rumble = Gamepad rumble
settings-graphics = Graphics
graphics-automatic = Automatic
graphics-automatic-is = Automatic ({ $preset })
graphics-high = High
graphics-medium = Medium
graphics-low = Low
settings-pace = Computer's pace
settings-pace-seconds = at least { $seconds } s a move
settings-cores = Computer's cores
settings-cores-all = All ({ $count })

## The pause menu
pause-title = Paused
pause-resume = Resume  (Esc)
pause-new-game = New game
pause-save-game = Save game
pause-keys-view = Right-drag: turn the board | wheel: zoom | R: reset view | V: other side
pause-keys-game = U: undo | Y: redo | Home: review | M: mute | N: legal-move markers
pause-keys-menus = Menus: Tab or arrows move, Enter uses | Gamepad: d-pad, A uses, B back, Start pauses
pause-about = Reversi { $version } · free software under MIT or Apache-2.0 · made with Bevy

## Taking back a move in a two-player game
undo-title = Take back a move?
undo-agree = Agree  (Y)
undo-keep-playing = Keep playing  (N)
undo-asked = { $asker } asked: { $other } has to agree.
undo-asks = { $asker } asks to take back the last move. { $other }, do you agree?
undo-both = Undo the last move? Both { $black } and { $white } should agree.

## Opening a game from text (new-game menu)
open-game = Open a game
open-game-open = Open
open-game-hint = moves, a board or GGF: type or Ctrl+V

## Why a move is illegal
illegal-game-over = the game is over
illegal-occupied = the square is taken
illegal-off-board = the square is not on this board
illegal-flanks-nothing = it flanks no opponent disc
illegal-not-centre = the first four discs go on the centre squares
illegal-bad-line = that line flanks nothing
illegal-line-needed = several lines are flanked: choose one
illegal-cannot-pass = a pass is only allowed when no placement is
illegal-must-pass = no placement is possible: the player must pass

## What is wrong with a game's text (a transcript, a board, a GGF record)
error-illegal-move = { $move } is illegal: { $why }
error-transcript-empty = the transcript has no moves
error-transcript-syntax = “{ $found }” at character { $at } is not a move (expected a square such as c4 or j10, or pa)
error-transcript-illegal = move { $number } ({ $move }, at character { $at }) is illegal: { $why }
error-board-symbol = “{ $found }” at character { $at } is not a square (use X, O or -)
error-board-length = a board needs 16, 36, 64 or 100 squares (4×4, 6×6, 8×8 or 10×10), found { $squares }
error-board-no-side = the side to move (X or O) is missing after the squares
error-board-bad-side = “{ $found }” after the squares is not a side to move (X or O)
error-ggf-empty = the record is empty (a GGF game starts with “(;”)
error-ggf-not-a-game = “{ $found }” does not start a GGF game (expected “(;”)
error-ggf-syntax = “{ $found }” at character { $at } is not a property such as PB[name]
error-ggf-truncated = the record ends before its closing “;)”
error-ggf-trailing = unexpected text after the end of the game at character { $at }
error-ggf-bad-value = { $property }[{ $value }]: { $why }
error-ggf-bad-move = move { $number }: “{ $move }” is not a move
error-ggf-wrong-side = move { $number } ({ $move }) is given to { $side } but it is not their turn
error-ggf-illegal = move { $number } ({ $move }) is illegal: { $why }
error-unknown-rule = unknown rule variant “{ $rule }” (known: parallel, free, white-first, 32, 32-ends, one-line, reverse)
error-rule-twice = the rule variant “{ $rule }” is given twice
error-rule-clash = the rule variants “{ $first }” and “{ $second }” cannot be played together
error-value-not-othello = only Othello games can be read
error-value-game-type = the game type “{ $letter }” is not one this game plays
error-value-after-size = “{ $text }” after the board size is not a game type
error-value-no-size = no board size
error-value-not-a-size = “{ $text }” is not a board size
error-value-only-eight = only 8×8 boards are supported
error-value-size-not-played = a { $side }×{ $side } board is not one this game plays (4×4, 6×6, 8×8 or 10×10)
error-value-size-too-wide = a board { $digits } squares wide is not one this game plays (4×4, 6×6, 8×8 or 10×10)
error-value-size-missing = the board's size is missing
error-value-size-mismatch = the board's size is not the one TY gives
error-value-square-count = a { $side }×{ $side } board needs { $squares } squares
error-value-komi = the komi must be a number of discs: { $why }
error-value-komi-missing = a komi game needs its komi in KM
error-value-twice = the record gives { $property } twice
error-komi-not-a-number = “{ $text }” is not a number of discs
error-komi-too-precise = “{ $text }” has more than three decimals
error-komi-too-large = “{ $text }” is more discs than any board has

## Saving and reading the player's files
storage-game-failed = The game cannot be saved: { $why }. Play goes on, but moves from here on are lost if you quit.
storage-settings-failed = Settings cannot be saved: { $why }. They hold until you quit.
storage-not-text = it is not text
storage-too-big = it is { $kb } KB, far more than any game
storage-gone = it is no longer there
storage-full = the disk is full
storage-denied = the system does not allow it (permission denied)
storage-read-only = the disk can only be read
storage-bad-name = “{ $name }” is not a file name the game uses
storage-no-browser = browser storage exists only in the web build
place-browser = this browser's storage
place-browser-entry = the browser's storage entry “{ $key }”
save-unreadable = The saved game could not be read: { $why }.
save-no-players = it does not say who plays which side
save-kept-as = it was kept as { $place }
save-stays-at = it stays at { $place } ({ $why })
save-not-resumed = The saved game could not be resumed: { $why }; { $kept }.
save-other-window = Another Reversi window is open and keeps the game in progress:
    games in this window are not saved as you play (Esc, then Save game, keeps one).
save-other-tab = Reversi is open in another tab, which keeps the game in progress:
    games in this tab are not saved as you play (Esc, then Save game, keeps one).

## Games from links, pasted text and the clipboard
not-a-game-empty = there is no text
not-a-game-long-link = it is { $n } characters long, more than any game
not-a-game-long-text = { $n } characters is far longer than any game
not-a-game-size = there is no { $size } board (the game has 4x4, 6x6, 8x8 and 10x10)
not-a-game-ggf = not a GGF game: { $why }
not-a-game-board = not a board: { $why }
link-not-opened = The link's game could not be opened:
    { $why }.
clipboard-copied-empty = Copied: no moves yet
clipboard-copied = Copied the game to the clipboard: { $moves }
clipboard-copied-record = Copied the game's GGF record to the clipboard (a list of moves cannot keep its start position or komi)
clipboard-not-copied = Could not copy the game: { $why }
clipboard-not-read = Could not read the clipboard: { $why }
clipboard-why-empty = the clipboard holds no text
clipboard-why-unsupported = this system offers the game no clipboard
clipboard-why-busy = another program is using the clipboard; try again
clipboard-why-format = what it holds is not text
opened-game-of = { $moves ->
        [one] Opened a game of { $moves } move
       *[other] Opened a game of { $moves } moves
    }
open-game-failed = Could not open that game: { $why }

## Saved games
players-vs = { $black } vs { $white }
summary-placed = { $discs ->
        [one] { $discs } disc placed
       *[other] { $discs } discs placed
    }
summary-won = { $side } won { $score }
summary-drawn = drawn { $score }
summary-with-komi = { $result } with { $komi }
summary-unfinished = unfinished at { $score }
komi-for = komi { $komi } for { $side }
komi-zero = komi 0
shelf-none = there is no folder to keep games in (no home folder)
shelf-no-name = give the game a name
shelf-set-up-board = this game starts from a set-up board, which only a GGF record keeps
shelf-komi = this game has a komi, which only a GGF record keeps
shelf-saved = Saved “{ $file }” in { $place }
shelf-not-saved = Could not save the game: { $why }
shelf-deleted = Deleted “{ $file }”
shelf-not-deleted = Could not delete “{ $file }”: { $why }
shelf-opened = Opened “{ $file }”
shelf-not-opened = Could not open “{ $file }”: { $why }
shelf-not-listed = The saved games could not be listed: { $why }
shelf-nothing-kept = Nothing can be kept: there is no folder to keep games in (no home folder).
shelf-kept-in = Kept in { $place }.
shelf-newer = <  Newer
shelf-older = Older  >
shelf-page = page { $page } of { $pages }
shelf-empty = No saved games yet. During a game, Esc then Save game keeps it here.
shelf-cannot-open = cannot be opened: { $why }
shelf-entry = { $file }
    { $about }
shelf-delete = Delete
shelf-delete-sure = Sure? Delete

## Saving the game on the board
save-title = Save the game
save-about = { $black } vs { $white }, { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
save-name = Name
save-format = Format
save-format-ggf = GGF record (players, date, result)
save-format-moves = Moves only (f5d6c3...)
save-save = Save  (Enter)
save-cancel = Cancel  (Esc)
save-type-a-name = Type a name for the game.
save-replaces = “{ $file }” is already saved: saving replaces it.
save-saved-as = Saved as “{ $file }” in { $place }.
side-red = Red
side-green = Green
side-blue = Blue
side-orange = Orange

## The analysis of a finished game
review-title = Game analysis
review-unavailable = Not available for this variant: the engine can score its moves only near the end.
review-failed = The analysis failed: the engine could not score every move.
review-analysing = Analysing every move... { $done } of { $total }
review-judged-from = Judged from move { $number } on
review-no-mistakes = No mistakes of a disc or more. Well played!
review-biggest-mistakes = Biggest mistakes (click, or 1-3, to see the better move):
review-mistake-line = { $key }   { $number }. { $side } { $played } { $played_score }  ({ $best } { $best_score })
review-mistake-shown = Move { $number }: { $side } played { $played } ({ $played_score }); { $best } was better ({ $best_score }), shown as a ghost disc.
review-graph-legend = Up: { $black } ahead, down: { $white } ahead. Ticks under the graph: mistakes.
review-graph-legend-komi = Up: { $black } ahead, down: { $white } ahead, with { $komi }. Ticks under the graph: mistakes.

## A two-player match
match-score-line = Game { $game } of { $games } - { $first } { $first_points } : { $second_points } { $second }
match-won = { $name } wins the match { $score }
match-drawn = The match is drawn { $score }

## The game-over panel
over-draw = A draw!
over-you-win = You win!
over-computer-wins = The computer wins
over-wins = { $name } wins!
over-discs = { $black } { $black_discs } - { $white_discs } { $white }
over-next-game = Next game  ({ $name } plays { $side })
over-new-match = New match
over-undo = Undo last move
over-review = Review the game
over-change-setup = Change setup
over-komi-win = With { $komi }: { $side } wins by { $margin }
over-komi-draw = With { $komi }: a draw

## During a game
window-title = Reversi - { $mode } - { $black } { $black_discs } : { $white_discs } { $white }
window-title-plain = Reversi - { $mode }
player-with-level = { $name } ({ $level })
pass-banner = { $side } has no move - pass
estimate-even = Even
    { $how }
estimate-lead = { $side } +{ $discs }
    { $how }
estimate-solved = solved
estimate-guess = estimate
estimate-book = book
estimate-with-komi = { $how }
    { $komi }
estimate-failed = No estimate
    search failed
estimate-near-end = Only near the end
estimate-free-opening = After the opening
hud-hint = Hint  ({ $key })
hud-undo = Undo  (U)
hud-redo = Redo  (Y)
hud-review = Review  (Home)
hud-menu = Menu  (Esc)
hud-name-supply = { $name }  | { $left } left
status-review = Review - move { $shown } of { $total }  (Left/Right step, Enter done)
status-review-play-on = Review - move { $shown } of { $total }  (Left/Right step, Enter done, click to play on)
status-over-komi-win = Game over - { $side } wins by { $margin } with { $komi } ({ $score })
status-over-komi-draw = Game over - a draw with { $komi } ({ $score })
status-over-win = Game over - { $side } wins { $score }
status-over-draw = Game over - a draw, { $score }
status-computer-thinking = { $name }: the computer is thinking...
status-computer-to-move = { $name }: the computer's move
status-to-move = { $name } to move
status-to-move-free-opening = { $name } to move - place a disc on a free centre square
status-to-move-choose-line = { $name } to move - right-click or L chooses the line to flip
status-to-move-no-hints = { $name } to move - hints for this variant in its last { $empties } moves
status-to-move-looking = { $name } to move - looking for the best move...
status-to-move-hint-failed = { $name } to move - the search for a hint failed
status-to-move-best = { $name } to move - best: { $best } ({ $score })
status-to-move-best-solved = { $name } to move - best: { $best } ({ $score }, solved)
status-to-move-best-line = { $name } to move - best: { $best } ({ $score }, solved); right-click or L: line
status-to-move-best-book = { $name } to move - best: { $best } ({ $score }, book)
status-person-side = { $name } ({ $side })

## Reviewing a game move by move
review-first = |<  Home
review-back = <  Back
review-forward = Forward  >
review-last = End  >|
review-done = Done  (Enter)
review-original = Back to the original game  (Backspace)

## The web page around the game (shown before the game runs; build-web.sh copies these
## messages for web/page.js)
web-loading = Loading Reversi…
web-loading-progress = Loading Reversi… { $received } of { $total } MB
web-starting = Starting…
web-no-webgl = This browser cannot show the game: WebGL2 is not available. A current Chrome, Edge, Firefox or Safari can.
web-no-simd = This browser cannot run the game: it lacks WebAssembly SIMD. A current Chrome, Edge, Firefox or Safari can.
web-start-failed = The game could not start: { $why }
web-crashed = The game stopped with an error: { $why }. Reload the page to play on.
web-board-label = Reversi board

## How to play (from the title menu and the pause menu): pages beside the board, each with
## an example played on the board
menu-how-to-play = How to play
help-page = Page { $page } of { $pages }
help-play = Play the move
help-again = Show it again
help-back = <  Back
help-next = Next  >
help-close = Close  (Esc)
help-goal-title = The goal
help-goal-text = Two players, Black and White, take turns placing discs on the board. Each disc is black on one side and white on the other. The game starts with four discs in the centre, and Black moves first. At the end, whoever has more discs of their colour on the board wins.
help-flank-title = Flanking and flipping
help-flank-text = Place your disc so that it and another disc of yours enclose a straight line of your opponent's discs – across, up and down or diagonally, with no gap. Every enclosed disc flips to your colour. The dots on the board show where you may place. Here Black places on d3: the white disc on d4 lies between d3 and d5 and turns black.
help-lines-title = Several lines at once
help-lines-text = One disc can enclose lines in several directions at once, and all of them flip. Here Black's disc on e3 encloses white discs in three lines. A flipped disc can be flipped back later, so the lead often changes until the very end.
help-pass-title = Passing and the end
help-pass-text = If you cannot place a disc anywhere, you must pass and your opponent moves again; if you can place, you may not pass. Here Black plays e8 and White has no move left: White passes. The game ends when neither player can move, usually when the board is full. Then the discs are counted.
help-variants-title = Variants
help-variants-text = The new-game menu offers the variants of the rule books: the parallel start shown here, or a free opening in which the first four discs are placed in the centre; White moving first; 32 discs for each player instead of a shared supply (half the squares on other boards), a player out of discs either getting one from the other or ending the game; flipping only one chosen line; fewest discs wins; and boards of 4×4, 6×6 and 10×10 squares.
help-controls-title = Controls
help-controls-text = Mouse: click a square to place, drag with the right button to turn the board, the wheel zooms. Keyboard: type a square (d3), or move with the arrows and press Enter; U undoes, Y redoes, I asks for a hint (T on 10×10, where I types a column), Home reviews the game, Esc opens the menu. Gamepad: the stick or d-pad moves, A places, B goes back, Y asks to undo, X gives a hint, the left shoulder button reviews the game and the right one redoes, Start pauses; in the one-chosen-line variant the right trigger picks the line.
